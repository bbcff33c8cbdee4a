// The Colyseus peer plays: its server and load client, run for two seconds with two tables, make moves without
// errors, every seat sees its own looked-at cards and none of another seat's face-down ones, and the server's CPU
// is read. Speed is measured by scripts/perf.sh, never here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));

test("the peer plays four-seat tables and keeps each seat's face-down cards to itself", async (t) => {
  const server = spawn(process.execPath, [join(here, "server.mjs"), "0"], { stdio: ["ignore", "pipe", "pipe"] });
  t.after(() => server.kill("SIGKILL"));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the peer did not listen within 30 s")), 30000);
    let out = "";
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const listening = out.match(/listening on 127\.0\.0\.1:(\d+)/);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    });
    server.once("exit", (code) => reject(new Error(`the peer exited (${code})`)));
  });
  const { stdout } = await new Promise((resolve, reject) => {
    execFile(process.execPath, [join(here, "load.mjs"), `ws://127.0.0.1:${port}`, "2", "2", String(server.pid)],
      { timeout: 60000 }, (error, stdout, stderr) => (error ? reject(new Error(`${error}\n${stderr}`)) : resolve({ stdout })));
  });
  const result = JSON.parse(stdout.trim().split("\n").pop());
  assert.equal(result.errors, 0, result.first_error);
  assert.ok(result.moves > 0);
  assert.equal(result.others_face_down_seen, 0);
  assert.ok(result.own_looked_at_seen > 0);  // the check can see a card's rank when the view holds it
  assert.ok(result.server_cpu_us_per_move > 0);
  assert.ok(result.p50_ms > 0 && result.p50_ms <= result.p99_ms);
});
