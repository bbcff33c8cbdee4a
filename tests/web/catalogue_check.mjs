// The message catalogues (locales/<lang>/<area>.json) checked against English and against the web client's sources:
// every language has English's keys and no others, every message parses as ICU MessageFormat, keeps English's
// placeholders and select choices, and gives each plural every category its language's CLDR rules have; every
// key is used by the sources as a literal "area.key", and every such literal the sources use exists.
// Run alone: node tests/web/catalogue_check.mjs [--areas start,table] (exit 1 and a line per problem);
// catalogue_test.mjs runs it on the real catalogues and on broken copies.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse, TYPE } from "../../clients/web/node_modules/@formatjs/icu-messageformat-parser/index.js";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const LOCALES_DIR = path.join(REPO, "locales");
// The sources that ask for messages: the web client's and the terminal's (golf play).
export const SOURCE_DIRS = [path.join(REPO, "clients/web/src"), path.join(REPO, "cli")];

function readJson(file, problems) {
  try {
    const value = JSON.parse(readFileSync(file, "utf8"));
    if (value && typeof value === "object" && !Array.isArray(value)) return value;
    problems.push(`${file}: not a JSON object`);
  } catch (e) {
    problems.push(`${file}: ${e.message}`);
  }
  return {};
}

// Every argument of a message: name -> kind, and each select's and plural's choices.
function shape(elements, out = { args: new Map(), selects: [], plurals: [] }) {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      shape(el.children, out);
      continue;
    }
    const kind = el.type === TYPE.plural ? (el.pluralType === "ordinal" ? "selectordinal" : "plural") : el.type;
    out.args.set(el.value, kind);
    if (el.type === TYPE.select) out.selects.push({ name: el.value, options: Object.keys(el.options) });
    if (el.type === TYPE.plural) out.plurals.push({ name: el.value, type: el.pluralType, options: Object.keys(el.options) });
    if (el.options) for (const option of Object.values(el.options)) shape(option.value, out);
  }
  return out;
}

function parsed(message, where, problems) {
  if (typeof message !== "string") {
    problems.push(`${where}: not a string`);
    return undefined;
  }
  try {
    return shape(parse(message, { ignoreTag: true }));
  } catch (e) {
    problems.push(`${where}: does not parse as ICU MessageFormat (${e.message})`);
    return undefined;
  }
}

function compare(lang, key, english, other, problems) {
  const where = `${lang} ${key}`;
  for (const [name, kind] of english.args) {
    if (!other.args.has(name)) problems.push(`${where}: drops the placeholder {${name}}`);
    else if (other.args.get(name) !== kind) problems.push(`${where}: {${name}} is not the same kind as in English`);
  }
  for (const name of other.args.keys())
    if (!english.args.has(name)) problems.push(`${where}: has a placeholder {${name}} English does not`);
  for (const select of english.selects) {
    const theirs = other.selects.filter((s) => s.name === select.name).flatMap((s) => s.options);
    for (const option of select.options)
      if (!theirs.includes(option)) problems.push(`${where}: the select {${select.name}} lacks "${option}"`);
  }
  for (const plural of other.plurals) {
    const categories = new Intl.PluralRules(lang, { type: plural.type }).resolvedOptions().pluralCategories;
    for (const category of categories)
      if (!plural.options.includes(category))
        problems.push(`${where}: the plural {${plural.name}} lacks "${category}", which ${lang} needs`);
  }
}

function areasOf(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5))
    .sort();
}

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== "gen") out.push(...sourceFiles(full));
    } else if (/\.(ts|js|mjs|cpp|hpp)$/.test(name)) out.push(full);
  }
  return out;
}

// Keys as the sources write them: "area.key" literals (quoted) whose area is a catalogue's.
function keysInSources(srcDirs, areas) {
  const used = new Map();
  const pattern = /["'`]([a-z][A-Za-z0-9]*)\.([A-Za-z][A-Za-z0-9_]*)["'`]/g;
  for (const file of srcDirs.flatMap(sourceFiles)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(pattern)) {
      if (!areas.includes(m[1])) continue;
      const key = `${m[1]}.${m[2]}`;
      if (!used.has(key)) used.set(key, path.relative(REPO, file));
    }
  }
  return used;
}

export function checkCatalogues({ root = LOCALES_DIR, src = SOURCE_DIRS, areas } = {}) {
  const problems = [];
  const allAreas = areasOf(path.join(root, "en"));
  const checked = areas ?? allAreas;
  const languages = readdirSync(root).filter((d) => statSync(path.join(root, d)).isDirectory() && d !== "en");
  const english = {};
  for (const area of checked) {
    const messages = readJson(path.join(root, "en", `${area}.json`), problems);
    for (const [key, message] of Object.entries(messages)) english[`${area}.${key}`] = parsed(message, `en ${area}.${key}`, problems);
  }
  for (const lang of languages.sort()) {
    const theirAreas = areasOf(path.join(root, lang));
    for (const area of theirAreas)
      if (!allAreas.includes(area)) problems.push(`${lang}: ${area}.json has no English catalogue`);
    for (const area of checked) {
      if (!theirAreas.includes(area)) {
        problems.push(`${lang}: ${area}.json is missing`);
        continue;
      }
      const messages = readJson(path.join(root, lang, `${area}.json`), problems);
      for (const key of Object.keys(english).filter((k) => k.startsWith(`${area}.`)))
        if (!(key.slice(area.length + 1) in messages)) problems.push(`${lang} ${key}: missing`);
      for (const [key, message] of Object.entries(messages)) {
        const full = `${area}.${key}`;
        if (!(full in english)) {
          problems.push(`${lang} ${full}: not in the English catalogue`);
          continue;
        }
        const theirs = parsed(message, `${lang} ${full}`, problems);
        if (theirs && english[full]) compare(lang, full, english[full], theirs, problems);
      }
    }
  }
  const used = keysInSources(src, allAreas);
  for (const key of Object.keys(english)) if (!used.has(key)) problems.push(`en ${key}: unused by the sources`);
  for (const [key, file] of used)
    if (checked.includes(key.split(".")[0]) && !(key in english)) problems.push(`${file}: uses ${key}, which no catalogue has`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--areas");
  const areas = at > 0 ? process.argv[at + 1].split(",") : undefined;
  const problems = checkCatalogues({ areas });
  for (const problem of problems) console.log(problem);
  console.log(problems.length ? `${problems.length} problems` : "the catalogues are complete");
  process.exit(problems.length ? 1 : 0);
}
