// Several golf-server nodes for the browser tests: a database of the test's own on the PostgreSQL server CTest's
// fixture started (GOLF_TEST_PG_DIR, scripts/local_postgres.sh: its `url` file names the server's Unix socket), a
// node per name on it, and a real HAProxy in front (scripts/haproxy_config.sh), so pages reach every node through
// one address. Every wait is bounded; stop() ends every process and drops the database.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sleep, startServer, WAIT_MS } from "./support.mjs";

export const PG_DIR = process.env.GOLF_TEST_PG_DIR;
const HAPROXY = "/usr/sbin/haproxy";
const CONFIG_SCRIPT = process.env.GOLF_HAPROXY_CONFIG ?? new URL("../../scripts/haproxy_config.sh", import.meta.url).pathname;

// SQL on the tests' PostgreSQL server, over its socket as the cluster's owner (no password); returns psql's output
// (unaligned, tuples only).
export function psql(url, sql) {
  return execFileSync("/usr/bin/psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
                      { encoding: "utf8", timeout: WAIT_MS }).trim();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function healthy(url) {
  try {
    const reply = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return reply.status === 200;
  } catch {
    return false;
  }
}

// Starts nodes `names` (with golf-server flags `extra`) on a new database and HAProxy in front; resolves to { url
// (the proxy's http://), db (the database's URL), nodes (by name), stop() }.
export async function startNodes(names, extra = []) {
  if (!PG_DIR) throw new Error("set GOLF_TEST_PG_DIR (CTest's PostgreSQL fixture, scripts/local_postgres.sh)");
  const admin = readFileSync(join(PG_DIR, "url"), "utf8").trim();
  const database = `golf_web_${process.pid}`;
  psql(admin, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  psql(admin, `CREATE DATABASE ${database}`);
  const db = admin.replace("/postgres?", `/${database}?`);
  const dir = mkdtempSync(join(tmpdir(), "golf-web-nodes-"));
  const nodes = {};
  let proxy;
  const stop = async () => {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy.once("exit", resolve));
      proxy.kill("SIGKILL");
      await exited;
    }
    for (const node of Object.values(nodes)) await node.stop();
    psql(admin, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const name of names) nodes[name] = await startServer(["--node", name, ...extra], { db });
    const port = await freePort();
    const config = execFileSync("/bin/bash", [CONFIG_SCRIPT, `127.0.0.1:${port}`,
                                              ...names.map((name) => `${name}=${nodes[name].url.replace("http://", "")}`)],
                                { encoding: "utf8", timeout: WAIT_MS });
    writeFileSync(join(dir, "haproxy.cfg"), config);
    let log = "";
    proxy = spawn(HAPROXY, ["-db", "-f", join(dir, "haproxy.cfg")], { stdio: ["ignore", "pipe", "pipe"] });
    proxy.stdout.on("data", (chunk) => { log += chunk; });
    proxy.stderr.on("data", (chunk) => { log += chunk; });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + WAIT_MS;
    while (!(await healthy(url))) {
      if (proxy.exitCode !== null || Date.now() > deadline) throw new Error(`HAProxy did not answer:\n${log}`);
      await sleep(100);
    }
    // For a failed test: each node's warnings and errors and its last lines, and the proxy's log.
    const logs = () => Object.entries(nodes).map(([name, node]) => {
      const lines = node.log().split("\n");
      const marked = lines.filter((line) => /\[(warning|error|critical)\]/.test(line));
      return `--- ${name}: warnings and errors\n${marked.join("\n")}\n--- ${name}: last lines\n${lines.slice(-25).join("\n")}`;
    }).join("\n") + `\n--- HAProxy\n${log}`;
    return { url, db, nodes, stop, logs };
  } catch (error) {
    await stop();
    throw error;
  }
}
