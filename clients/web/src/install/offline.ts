// The offline page's script: asks the server whether it is back (/healthz, which the service worker never answers)
// every few seconds and at once when the device comes online or "Try again now" is pressed; when the server
// answers, reloads, so the page the player asked for opens at the same address. It imports nothing of the app's
// code, so the app's own files stay as they are: the theme chosen with the toggle is read here from its key.
import "./offline.css";

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
  if (byHand) status.textContent = "Trying now...";
  if (await serverAnswers()) {
    status.textContent = "The server answered: opening Golf...";
    location.reload();
    return;
  }
  trying = false;
  status.textContent = `Still no answer. Trying again every ${RETRY_MS / 1000} seconds.`;
  timer = window.setTimeout(() => void tryNow(false), RETRY_MS);
}

retry.addEventListener("click", () => void tryNow(true));
window.addEventListener("online", () => void tryNow(false));
timer = window.setTimeout(() => void tryNow(false), RETRY_MS);
