// The house's function-size rule for the web client, read with TypeScript's own parser: every function, method,
// arrow function and accessor in src/ (generated code aside) is at most GOLF_MAX_FUNCTION_LINES (80) lines.
// scripts/sizes.py checks file sizes and the C++; ctags misreads TypeScript after a regex literal, so not this.
// Prints offenders and exits 1 if any.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const limit = Number(process.env.GOLF_MAX_FUNCTION_LINES ?? 80);

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "gen" ? [] : sources(path);
    return /\.(ts|mjs|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

function nameOf(node, file) {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(file);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(file);
  return "(anonymous)";
}

const offenders = [];
let functions = 0;
const files = sources(join(root, "src"));
for (const path of files) {
  const text = readFileSync(path, "utf8");
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      ++functions;
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = last - first + 1;
      if (lines > limit)
        offenders.push(
          `${relative(join(root, "../.."), path)}:${first}: ${nameOf(node, file)} is ${lines} lines (over ${limit})`
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}
if (offenders.length > 0) {
  console.log(offenders.sort().join("\n"));
  process.exit(1);
}
console.log(`sizes: ${functions} web client functions in ${files.length} files within ${limit} lines`);
