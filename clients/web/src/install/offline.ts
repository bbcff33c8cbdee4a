// The offline page's script: asks the server whether it is back (/healthz, which the service worker never answers)
// every few seconds and at once when the device comes online or "Try again now" is pressed; when the server
// answers, reloads, so the page the player asked for opens at the same address. The theme chosen with the toggle is
// read here from its key; the words are the player's language's (the catalogues are in the worker's cache too).
import "./offline.css";
import { preferredLanguage, t, useLanguage } from "../words/i18n";

const RETRY_MS = 5_000;
const THEME_KEY = "golf.theme"; // core/storage.ts keeps the toggle's choice here

try {
  const theme = localStorage.getItem(THEME_KEY);
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
} catch {
  /* no storage: the system's theme */
}
const status = document.getElementById("offline-status")!;
const retry = document.getElementById("retry") as HTMLButtonElement;
let timer = 0;
let trying = false;
let statusChanged = false; // the first try has said how it went: the page's first words are gone

async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch("/healthz", { cache: "no-store" })).ok;
  } catch {
    return false;
  }
}

async function tryNow(byHand: boolean): Promise<void> {
  if (trying) return;
  trying = true;
  window.clearTimeout(timer);
  if (byHand) setStatus(t("offline.tryingNow"));
  if (await serverAnswers()) {
    setStatus(t("offline.answered"));
    location.reload();
    return;
  }
  trying = false;
  setStatus(t("offline.stillNoAnswer", { count: RETRY_MS / 1000 }));
  timer = window.setTimeout(() => void tryNow(false), RETRY_MS);
}

function setStatus(text: string): void {
  statusChanged = true;
  status.textContent = text;
}

// The page's English words (there before this script runs) in the player's language. The tries go on meanwhile:
// a catalogue slow to come must not hold them up.
async function showWords(): Promise<void> {
  try {
    await useLanguage(preferredLanguage());
  } catch {
    return; // the catalogue could not be had: the page stays in English
  }
  document.title = t("offline.pageTitle");
  document.querySelector("#offline h1")!.textContent = t("offline.heading");
  document.querySelector("#offline p:not(.offline-status)")!.textContent = t("offline.explanation");
  if (!statusChanged) status.textContent = t("offline.tryingEvery");
  retry.textContent = t("offline.tryAgainNow");
}

retry.addEventListener("click", () => void tryNow(true));
window.addEventListener("online", () => void tryNow(false));
timer = window.setTimeout(() => void tryNow(false), RETRY_MS);
void showWords();
