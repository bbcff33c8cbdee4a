// Links between the app's own pages: a real href (a new tab, a copied link, a screen reader's link list all work),
// followed in place on a plain click without reloading the page.
import { h } from "./dom";
import type { App } from "../core/app";
import { themeToggle } from "../core/theme";
import { languagePicker } from "../words/i18n";

export function pageLink(app: App, path: string, text: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
  return h(
    "a",
    {
      ...attrs,
      href: path,
      onclick: (e: Event) => {
        const event = e as MouseEvent;
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return; // the browser's own new tab
        e.preventDefault();
        app.navigate(path);
      },
    },
    text
  );
}

// The line of links under a page's title: "Back to the start · Leaderboard", the theme's toggle and the language.
export function navLine(app: App, ...links: Array<[path: string, text: string]>): HTMLElement {
  return h(
    "p",
    { class: "nav-line" },
    links.map(([path, text], i) => [i > 0 ? " · " : null, pageLink(app, path, text)]),
    themeToggle(),
    languagePicker()
  );
}
