// golf-server as a child process for the Node tests: started with `args` on a free loopback port (--port 0), it
// resolves once the server logs where it listens. Every wait is bounded.
import { spawn } from "node:child_process";

export const START_MS = 10_000;

// Resolves to { child, port, log() }; rejects when the server exits or says nothing of listening in START_MS.
export async function spawnServer(binary, args) {
  const child = spawn(binary, ["--host", "127.0.0.1", "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`golf-server did not start in ${START_MS} ms:\n${log}`)), START_MS);
    const read = (chunk) => {
      log += chunk;
      const m = /listening on 127\.0\.0\.1:(\d+)/.exec(log);
      if (m) { clearTimeout(timer); resolve(Number(m[1])); }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`golf-server exited with ${code}:\n${log}`)); });
  });
  return { child, port, log: () => log };
}

// SIGTERM, then SIGKILL after five seconds; resolves once the process has exited (at once if it has).
export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}
