// The service worker's build step (a Vite plugin): writes sw.js at the root of the build from
// src/install/service_worker.js, with the list of files it keeps (every file of the build but the pages the server
// must always answer and the source maps, plus public/) and a version hashed over their names and contents, so a
// build that changes any of them installs a new worker, which replaces the old cache.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Plugin } from "vite";

const WORKER = new URL("../src/install/service_worker.js", import.meta.url);
const NOT_KEPT = new Set(["index.html", "sw.js"]); // the app's page comes from the server every time

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

export function serviceWorker(): Plugin {
  let publicDir = "";
  return {
    name: "service-worker",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    // After Vite's own plugins have added the pages to the bundle.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const files = new Map<string, string | Uint8Array>();
        if (publicDir)
          for (const path of listFiles(publicDir))
            files.set(relative(publicDir, path).split(sep).join("/"), readFileSync(path));
        for (const [name, output] of Object.entries(bundle))
          files.set(name, output.type === "chunk" ? output.code : output.source);
        const kept = [...files.keys()].filter((name) => !NOT_KEPT.has(name) && !name.endsWith(".map")).sort();
        if (!kept.includes("offline.html")) throw new Error("service-worker: the build has no offline.html");
        const source = readFileSync(WORKER, "utf8");
        const hash = createHash("sha256").update(source);
        for (const name of kept) hash.update(name).update("\0").update(files.get(name)!).update("\0");
        const worker = source
          .replace("self.__GOLF_PRECACHE__", JSON.stringify(kept.map((name) => `/${name}`)))
          .replace("self.__GOLF_VERSION__", JSON.stringify(hash.digest("hex").slice(0, 16)));
        this.emitFile({ type: "asset", fileName: "sw.js", source: worker });
      },
    },
  };
}
