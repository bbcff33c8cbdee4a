// The catalogues' build step (a Vite plugin): each message with placeholders is parsed here, once, into the form
// intl-messageformat formats from (ICU's message AST), so the page never parses a message while a player waits;
// a message that is plain text stays a string. The page still reads the files as JSON.
import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

const CATALOGUE = /\/locales\/\w+\/\w+\.json$/;

export function parsedCatalogues(): Plugin {
  return {
    name: "parsed-catalogues",
    enforce: "pre",
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const messages: Record<string, string> = JSON.parse(code);
      const out: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages))
        out[key] = /[{}]/.test(message) || message.includes("''") ? parse(message, { ignoreTag: true }) : message;
      return { code: JSON.stringify(out), map: null };
    },
  };
}
