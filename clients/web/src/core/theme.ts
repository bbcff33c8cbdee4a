// Light or dark: the stylesheet's colours follow the browser's prefers-color-scheme by themselves (light-dark());
// the toggle overrides that with data-theme on <html>, kept in storage and applied before the first paint.
import { storage } from "./storage";
import { h } from "../ui/dom";
import { t } from "../words/i18n";

export type Theme = "light" | "dark";

const systemDark = window.matchMedia("(prefers-color-scheme: dark)");
const listeners = new Set<() => void>();
systemDark.addEventListener("change", () => changed());

export function currentTheme(): Theme {
  return storage.theme() ?? (systemDark.matches ? "dark" : "light");
}

// Sets data-theme from storage; main.ts calls it before anything is drawn.
export function applyTheme(): void {
  const chosen = storage.theme();
  if (chosen) document.documentElement.dataset.theme = chosen;
  else delete document.documentElement.dataset.theme;
  paintThemeColor(chosen);
}

// The browser's own bar (index.html's theme-color, one per prefers-color-scheme) takes the chosen theme's colour.
function paintThemeColor(chosen: Theme | undefined): void {
  const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
  for (const meta of metas) meta.dataset.own ??= meta.content;
  const wanted = metas.find((meta) => meta.media.includes(chosen ?? "none"))?.dataset.own;
  for (const meta of metas) meta.content = wanted ?? meta.dataset.own!;
}

export function setTheme(theme: Theme): void {
  storage.setTheme(theme);
  applyTheme();
  changed();
}

function changed(): void {
  const dark = String(currentTheme() === "dark");
  for (const toggle of document.querySelectorAll(".theme-toggle")) toggle.setAttribute("aria-pressed", dark);
  for (const listener of listeners) listener();
}

// `listener` runs whenever the theme shown changes (the toggle, or the system's setting while it is followed);
// returns the function that stops it.
export function onThemeChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The toggle: one name ("Dark theme"), pressed while dark shows, so a screen reader hears a switch and its state.
// Each call makes a fresh button: a screen that redraws its header gets one in the current state.
export function themeToggle(): HTMLButtonElement {
  return h(
    "button",
    {
      type: "button",
      class: "secondary small theme-toggle",
      "data-key": "theme-toggle",
      "aria-pressed": String(currentTheme() === "dark"),
      onclick: () => setTheme(currentTheme() === "dark" ? "light" : "dark"),
    },
    t("common.darkTheme")
  );
}
