// Entry point: mounts the screen the route asks for and keeps it in step with the app's state.
import "./style.css";
import { App, type Screen } from "./core/app";
import { h } from "./ui/dom";
import { accountScreen } from "./screens/account";
import { leaderboardScreen } from "./screens/leaderboard";
import { lobbyScreen } from "./screens/lobby";
import { profileScreen } from "./screens/profile";
import { queuePanel } from "./screens/quick_play";
import { signInDialog } from "./screens/sign_in";
import { adminScreen } from "./screens/admin";
import { replayScreen } from "./screens/replay";
import { startScreen } from "./screens/start";
import { tournamentScreen } from "./screens/tournament";
import { tournamentsScreen } from "./screens/tournaments";
import { storage } from "./core/storage";
import { applyTheme } from "./core/theme";
import { registerServiceWorker } from "./install/register";
import { tableScreen } from "./table/table";
import { turnAlert } from "./table/turn_alert";
import { onLanguageChange, preferredLanguage, t, useLanguage } from "./words/i18n";

// The chosen theme before anything is drawn (index.html's script is render-blocking): no flash of the other one.
applyTheme();
const app = new App();
const root = document.getElementById("app")!;
const status = h("div", { class: "conn", id: "connection", role: "status" });
const flash = h("div", { class: "flash", id: "flash", role: "alert", hidden: true });
const announce = h("div", { class: "visually-hidden", id: "announce", role: "status" });
const main = h("main", { id: "main" });
let queue = queuePanel(app);
const queueSlot = h("div", { class: "queue-slot" }, queue.element);
root.replaceChildren(status, flash, announce, queueSlot, main, signInDialog(app));
let screen: Screen | undefined;
let flashTimer = 0;

function wanted(): string {
  const route = app.route;
  if (route.name === "lobby") return "lobby";
  if (route.name === "account") return "account";
  if (route.name === "admin") return "admin";
  if (route.name === "leaderboard") return "leaderboard";
  if (route.name === "profile") return `profile:${route.player}`;
  if (route.name === "replay") return `replay:${route.match}`;
  if (route.name === "tournaments") return "tournaments";
  if (route.name === "tournament") return `tournament:${route.id}`;
  if (route.name === "table") return app.atTable ? "table" : `start:${route.code}`;
  return "start:";
}

function render(): void {
  // Following a table to the node that plays it, or taking the seat back after a reconnection, is a moment's
  // news, not a fault; the table stays in view with its moves held until the seat is back.
  const reseating = app.status === "open" && !app.moving && app.reclaiming && app.atTable;
  status.dataset.state = app.moving || reseating ? "moving" : app.status;
  status.textContent = app.moving
    ? t("common.moving")
    : reseating
      ? t("common.reseating")
      : app.status === "open"
        ? ""
        : app.status === "connecting"
          ? t("common.connecting")
          : app.status === "outdated"
            ? app.statusDetail
            : t("common.disconnected", { detail: app.statusDetail });
  status.hidden = app.status === "open" && !app.moving && !reseating;
  queue.refresh();
  const kind = wanted();
  // Opening /t/CODE with a saved seat: say so from the first paint instead of flashing the join form.
  const resuming = app.route.name === "table" && storage.token(app.route.code) !== undefined;
  if ((app.reclaiming || resuming) && !app.atTable) {
    // In the table's frame from the first paint, so the table replacing it moves nothing (layout shift).
    if (screen?.kind !== "reclaiming")
      mount({
        kind: "reclaiming",
        element: h("div", { class: "screen table-screen" }, h("p", { class: "panel" }, t("common.reseating"))),
        refresh() {},
      });
    return;
  }
  if (screen?.kind !== kind) {
    const route = app.route;
    mount(
      kind === "lobby"
        ? lobbyScreen(app)
        : kind === "table"
          ? tableScreen(app)
          : kind === "account"
            ? accountScreen(app)
            : kind === "leaderboard"
              ? leaderboardScreen(app)
              : kind === "admin"
                ? adminScreen(app)
                : route.name === "profile"
                  ? profileScreen(app, route.player)
                  : route.name === "replay"
                    ? replayScreen(app, route.match)
                    : route.name === "tournaments"
                      ? tournamentsScreen(app)
                      : route.name === "tournament"
                        ? tournamentScreen(app, route.id)
                        : startScreen(app, route.name === "table" ? route.code : undefined)
    );
  }
  screen?.refresh();
  turnAlert(app);
}

function mount(next: Screen): void {
  screen?.dispose?.();
  screen = next;
  main.replaceChildren(next.element);
}

app.onChange = render;
app.onFlash = (text, kind) => {
  flash.textContent = text;
  flash.dataset.kind = kind;
  flash.hidden = false;
  window.clearTimeout(flashTimer);
  flashTimer = window.setTimeout(
    () => {
      flash.hidden = true;
    },
    kind === "announcement" ? 30_000 : 6000
  );
};
// Another language: every screen is drawn again in it, the table from the app's state as after a reconnection.
function redrawAll(): void {
  queue = queuePanel(app);
  queueSlot.replaceChildren(queue.element);
  screen?.dispose?.();
  screen = undefined;
  render();
}

// Tests and curious players can reach the app from the console.
(window as unknown as { golf: App }).golf = app;

function begin(): void {
  onLanguageChange(redrawAll);
  render();
  app.start();
  registerServiceWorker();
}

// English is part of the page; another language's catalogue is fetched before the first screen is drawn.
const first = preferredLanguage();
void useLanguage(first).then(begin, begin);
