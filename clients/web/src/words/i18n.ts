// Every word the page shows comes from here: t("area.key", {values}) formats the message of that key in the player's
// language. The catalogues are ICU MessageFormat (plurals, selects, numbers by the locale) in locales/<lang>/<area>.json
// at the top of the repository, shared with the terminal client; intl-messageformat formats them. English is part
// of the page; another language's files are fetched once, before the first screen is drawn. The language is the
// browser's at first, changed with the picker in each page's nav line, and kept in storage.
import { IntlMessageFormat, type Formatters } from "intl-messageformat";
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { storage } from "../core/storage";
import { h } from "../ui/dom";

export type Values = Record<string, string | number | bigint | boolean | null | undefined>;

// Each language in its own words; `dir` is its writing direction.
export const LANGUAGES = [
  { code: "en", name: "English", dir: "ltr" },
  { code: "fr", name: "Français", dir: "ltr" },
  { code: "de", name: "Deutsch", dir: "ltr" },
  { code: "es", name: "Español", dir: "ltr" },
  { code: "pl", name: "Polski", dir: "ltr" },
  { code: "ms", name: "Bahasa Melayu", dir: "ltr" },
  { code: "ar", name: "العربية", dir: "rtl" },
] as const;
export type Language = (typeof LANGUAGES)[number]["code"];

// One area's file: key -> message, plain text or (with placeholders) parsed at build time (scripts/catalogues.ts).
type Message = string | MessageFormatElement[];
type Fragment = Record<string, Message>;
type Catalogue = Record<string, Fragment>; // a language's areas, by name

// The terminal's own areas (terminal*.json) are golf play's, not the page's.
const english = import.meta.glob<Fragment>(["../../../../locales/en/*.json", "!**/terminal*.json"], {
  eager: true,
  import: "default",
});
const others = import.meta.glob<Fragment>(
  ["../../../../locales/*/*.json", "!../../../../locales/en/*.json", "!**/terminal*.json"],
  { import: "default" }
);

// "../../../../locales/fr/table.json" -> the language "fr" and the area "table"
function place(path: string): { lang: string; area: string } {
  const parts = path.split("/");
  return { lang: parts[parts.length - 2], area: parts[parts.length - 1].replace(/\.json$/, "") };
}

// The areas as they are loaded, never copied key by key: a phone starts the page sooner.
function catalogueOf(files: Array<[path: string, fragment: Fragment]>): Catalogue {
  return Object.fromEntries(files.map(([path, fragment]) => [place(path).area, fragment]));
}

// "table.drawFromStock" in a catalogue: the area "table", its key "drawFromStock".
function lookUp(catalogue: Catalogue, key: string): Message | undefined {
  const dot = key.indexOf(".");
  return catalogue[key.slice(0, dot)]?.[key.slice(dot + 1)];
}

const fallback: Catalogue = catalogueOf(Object.entries(english));

let current: Language = "en";
let messages: Catalogue = fallback;
// One Intl formatter of each kind and options for every message, not one per message: making them is what costs.
function kept<A extends unknown[], T>(make: (...args: A) => T): (...args: A) => T {
  const made = new Map<string, T>();
  return (...args: A) => {
    const key = JSON.stringify(args);
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(...args)));
    return value;
  };
}
const formatters: Formatters = {
  getNumberFormat: kept(
    (locales?: string | string[], options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, options)
  ),
  getDateTimeFormat: kept(
    (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)
  ),
  getPluralRules: kept((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
};

const listFormats = kept((locales: string, options: Intl.ListFormatOptions) => new Intl.ListFormat(locales, options));

// Numbers and lists in the page's language, each formatter made once.
export function numberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return formatters.getNumberFormat(locale(), options);
}
// English lists as en-GB writes them ("4, 5 and 8": no comma before "and"), as the page always has.
export function listFormat(options: Intl.ListFormatOptions): Intl.ListFormat {
  return listFormats(current === "en" ? "en-GB" : locale(), options);
}

// A whole number as the code writes it bare (a score, a count, an id): the locale's digits, no grouping, "-3".
export function plainNumber(n: number | bigint): string {
  return numberFormat({ useGrouping: false }).format(n);
}

// Each message as it is formatted: its text, or the formatter made the first time it is asked for.
const formats = new Map<string, IntlMessageFormat | string>();
const listeners = new Set<() => void>();

export function language(): Language {
  return current;
}

// The locale Intl formats numbers, dates and lists with. Arabic keeps the digits of the cards' faces (0-9) rather
// than Arabic-Indic ones, so a line never mixes the two.
export function locale(): string {
  return current === "ar" ? "ar-u-nu-latn" : current;
}

// The message of `key` in the current language, formatted with `values`. A key no catalogue has is a bug the
// catalogue test catches; the page shows the key rather than nothing.
export function t(key: string, values?: Values): string {
  let format = formats.get(key);
  if (format === undefined) {
    const own = lookUp(messages, key);
    const message = own ?? lookUp(fallback, key);
    if (message === undefined) return key;
    format =
      typeof message === "string"
        ? message
        : new IntlMessageFormat(message, own === undefined ? "en" : locale(), undefined, { formatters });
    formats.set(key, format);
  }
  if (typeof format === "string") return format;
  const out = format.format(values as Record<string, string>);
  return Array.isArray(out) ? out.join("") : String(out);
}

function supported(code: string | undefined): Language | undefined {
  const primary = code?.toLowerCase().split("-")[0];
  return LANGUAGES.find((l) => l.code === primary)?.code;
}

// The language chosen before, else the first of the browser's languages we have, else English.
export function preferredLanguage(): Language {
  const chosen = supported(storage.language());
  if (chosen) return chosen;
  for (const code of navigator.languages ?? [navigator.language]) {
    const found = supported(code);
    if (found) return found;
  }
  return "en";
}

// Loads `code`'s catalogue and makes it the page's language (<html lang dir>); the listeners redraw.
export async function useLanguage(code: Language): Promise<void> {
  let catalogue = fallback;
  if (code !== "en") {
    const wanted = Object.entries(others).filter(([path]) => place(path).lang === code);
    catalogue = catalogueOf(await Promise.all(wanted.map(async ([path, load]) => [path, await load()] as const)));
  }
  current = code;
  messages = catalogue;
  formats.clear();
  document.documentElement.lang = code;
  document.documentElement.dir = LANGUAGES.find((l) => l.code === code)?.dir ?? "ltr";
  // The two words the stylesheet writes itself (generated content on cards).
  document.documentElement.style.setProperty("--words-face-down", JSON.stringify(t("common.faceDownMark")));
  document.documentElement.style.setProperty("--words-remember", JSON.stringify(t("common.rememberMark")));
  for (const listener of listeners) listener();
}

// `listener` runs after the language changes; returns the function that stops it.
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The picker: each language named in its own words, the current one selected; a choice is kept and drawn at once.
export function languagePicker(): HTMLElement {
  const select = h(
    "select",
    {
      class: "language-picker",
      "data-key": "language",
      "aria-label": t("common.language"),
      onchange: () => {
        const code = supported(select.value);
        if (!code) return;
        storage.setLanguage(code);
        useLanguage(code).catch(() => (select.value = current)); // not fetched (offline): the page stays as it is
      },
    },
    LANGUAGES.map((l) => {
      const option = h("option", { value: l.code, lang: l.code }, l.name);
      option.selected = l.code === current;
      return option;
    })
  );
  return select;
}
