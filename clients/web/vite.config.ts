// Vite builds the app into GOLF_WEB_OUT_DIR (CMake sets it to the build tree's `web` folder, which golf-server
// serves), or dist/ when run by hand. Asset URLs are absolute so that links such as /t/CODE load them too. Two
// pages: the app (index.html) and the one the service worker shows when the server cannot be reached (offline.html).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { parsedCatalogues } from "./scripts/catalogues";
import { serviceWorker } from "./scripts/precache";

// The page says which build it is (the start page's footer, the Hello's client_name): package.json's version.
const version: string = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")).version;

export default defineConfig({
  base: "/",
  plugins: [
    {
      // The entry script blocks rendering (Chromium honours this), so main.ts sets the stored theme before the first
      // paint: no flash of the other theme. Vite drops the attribute from index.html's tag, so it is put back here.
      name: "render-blocking-entry",
      apply: "build",
      transformIndexHtml: {
        order: "post",
        handler: (html) => {
          const entry = '<script type="module" crossorigin';
          if (!html.includes(entry)) throw new Error("render-blocking-entry: no entry script in index.html");
          return html.replace(entry, '<script type="module" blocking="render" crossorigin');
        },
      },
    },
    parsedCatalogues(),
    serviceWorker(),
  ],
  define: { __GOLF_WEB_VERSION__: JSON.stringify(version) },
  // The catalogues as JSON.parse("..."), which a browser reads faster than the same object as script.
  json: { stringify: true, namedExports: false },
  // Every message with placeholders is parsed at build time (scripts/catalogues.ts): the page needs no parser.
  resolve: { alias: { "@formatjs/icu-messageformat-parser": "@formatjs/icu-messageformat-parser/no-parser.js" } },
  build: {
    outDir: process.env.GOLF_WEB_OUT_DIR ?? "dist",
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // Every browser the target allows preloads modules itself; a polyfill would be a chunk of its own with two pages.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL("./index.html", import.meta.url)),
        offline: fileURLToPath(new URL("./offline.html", import.meta.url)),
      },
      // One file per language (English is part of the page): a player's language arrives in one request.
      output: {
        manualChunks: (id) => {
          const lang = id.match(/\/locales\/(\w+)\/[^/]+\.json$/)?.[1];
          return lang && lang !== "en" ? `locale-${lang}` : undefined;
        },
      },
    },
  },
});
