// Generates src/gen/ before a build: TypeScript messages from proto/golf/v1 (protoc with protoc-gen-es) and
// options.json, every house-rule option with its help, from `golf rules --options --json`, the engine's own table,
// so no option is described in two places. Files are rewritten only when their content changes.
//
// Environment: GOLF_PROTO_DIR (default ../../proto), GOLF_TOOL (the golf binary; default ../../build/cli/golf),
// PROTOC (default protoc).
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, "..");
const protoDir = resolve(process.env.GOLF_PROTO_DIR ?? join(web, "../../proto"));
const tool = resolve(process.env.GOLF_TOOL ?? join(web, "../../build/cli/golf"));
const protoc = process.env.PROTOC ?? "protoc";
const out = join(web, "src/gen");

function fail(message) {
  console.error(`gen: ${message}`);
  process.exit(1);
}

function writeIfChanged(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  if (existsSync(file) && readFileSync(file, "utf8") === content) return;
  writeFileSync(file, content);
}

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const protoFolder = join(protoDir, "golf/v1");
if (!existsSync(protoFolder)) fail(`no .proto files at ${protoFolder} (set GOLF_PROTO_DIR)`);
const protos = readdirSync(protoFolder)
  .filter((f) => f.endsWith(".proto"))
  .map((f) => `golf/v1/${f}`);

// protoc writes into a scratch folder first, so a concurrent build never sees half-written files.
const scratch = mkdtempSync(join(tmpdir(), "golf-web-gen-"));
try {
  const plugin = join(web, "node_modules/.bin/protoc-gen-es");
  if (!existsSync(plugin)) fail("node_modules is missing: run `npm ci` in clients/web first");
  execFileSync(
    protoc,
    [`--plugin=protoc-gen-es=${plugin}`, `--es_out=${scratch}`, "--es_opt=target=ts", `-I${protoDir}`, ...protos],
    { stdio: "inherit" }
  );
  for (const file of listFiles(scratch)) writeIfChanged(join(out, relative(scratch, file)), readFileSync(file, "utf8"));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (!existsSync(tool)) fail(`the golf tool is not at ${tool} (set GOLF_TOOL, or build the target golf first)`);
const options = JSON.parse(execFileSync(tool, ["rules", "--options", "--json"], { encoding: "utf8" }));
if (!Array.isArray(options.options) || options.options.length === 0)
  fail("`golf rules --options --json` listed no options");
writeIfChanged(join(out, "options.json"), JSON.stringify(options, null, 1) + "\n");
console.log(
  `gen: ${protos.length} .proto files and ${options.options.length} options into ${relative(process.cwd(), out) || "."}`
);
