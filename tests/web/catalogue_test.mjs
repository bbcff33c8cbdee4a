// The catalogues are complete (catalogue_check.mjs finds nothing), and the check does fail on each way a catalogue
// goes wrong: a key removed, a placeholder dropped, a plural category missing, a key nobody uses, a key the sources
// use that no catalogue has.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkCatalogues, LOCALES_DIR } from "./catalogue_check.mjs";

function copy() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "golf-locales-"));
  cpSync(LOCALES_DIR, dir, { recursive: true });
  return dir;
}

function edit(dir, lang, area, change) {
  const file = path.join(dir, lang, `${area}.json`);
  const messages = JSON.parse(readFileSync(file, "utf8"));
  change(messages);
  writeFileSync(file, JSON.stringify(messages, null, 2));
}

// The first English message of any area whose text has a placeholder (or a plural) of the kind asked for.
function findMessage(dir, wanted) {
  for (const file of readdirSync(path.join(dir, "en"))) {
    const messages = JSON.parse(readFileSync(path.join(dir, "en", file), "utf8"));
    for (const [key, message] of Object.entries(messages))
      if (wanted.test(message)) return { area: file.slice(0, -5), key, message };
  }
  throw new Error(`no English message matches ${wanted}`);
}

test("every language has every key, placeholder and plural form, and every key is used", () => {
  assert.deepEqual(checkCatalogues(), []);
  for (const lang of ["en", "fr", "de", "es", "pl", "ms", "ar"])
    assert.ok(readdirSync(LOCALES_DIR).includes(lang), `locales/${lang} exists`);
});

test("a key removed from a translation is found", () => {
  const dir = copy();
  try {
    edit(dir, "fr", "common", (m) => delete m.language);
    assert.ok(checkCatalogues({ root: dir }).includes("fr common.language: missing"));
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test("a placeholder a translation drops, and a plural form it lacks, are found", () => {
  const dir = copy();
  try {
    const simple = findMessage(dir, /^[^{}]*\{(\w+)\}[^{}]*$/);
    const name = simple.message.match(/\{(\w+)\}/)[1];
    edit(dir, "de", simple.area, (m) => (m[simple.key] = "Ohne Platzhalter"));
    const plural = findMessage(dir, /\{(\w+), plural,/);
    edit(dir, "pl", plural.area, (m) => (m[plural.key] = m[plural.key].replace(/\bfew\s*\{/, "=99 {")));
    const problems = checkCatalogues({ root: dir });
    assert.ok(problems.includes(`de ${simple.area}.${simple.key}: drops the placeholder {${name}}`), problems.join("\n"));
    assert.ok(
      problems.some((p) => p.startsWith(`pl ${plural.area}.${plural.key}: the plural`) && p.endsWith('lacks "few", which pl needs')),
      problems.join("\n")
    );
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test("a key no source uses, and a key the sources use that no catalogue has, are found", () => {
  const dir = copy();
  try {
    for (const lang of readdirSync(dir)) edit(dir, lang, "common", (m) => (m.neverShown = "Never shown"));
    edit(dir, "en", "common", (m) => delete m.darkTheme);
    for (const lang of readdirSync(dir)) if (lang !== "en") edit(dir, lang, "common", (m) => delete m.darkTheme);
    const problems = checkCatalogues({ root: dir });
    assert.ok(problems.includes("en common.neverShown: unused by the sources"), problems.join("\n"));
    assert.ok(problems.includes("clients/web/src/core/theme.ts: uses common.darkTheme, which no catalogue has"), problems.join("\n"));
  } finally {
    rmSync(dir, { recursive: true });
  }
});
