// "Play now": the start page's form (rules, seats, when bots fill the empty seats) and the waiting panel shown
// while quick play looks for players (how many wait, how long, how far apart in rating they may be, when bots come),
// with "Stop waiting". Bots "at once" skip the queue: a private table of bots, dealt at once.
import { h } from "./dom";
import type { App } from "./app";
import { errorText } from "./net";
import { presetTitle } from "./profile";

const DEFAULT_PRESET = "six-card";
const DEFAULT_SEATS = 4;
// The choices of when bots fill the empty seats: "now" is a private table against bots; 0 waits for people only.
const BOT_CHOICES: Array<[string, string]> = [
  ["now", "at once (play against bots)"], ["10", "after 10 seconds"], ["30", "after 30 seconds"], ["60", "after 1 minute"],
  ["0", "never (wait for people)"],
];

export interface QuickForm {
  element: HTMLElement;
  refresh: () => void;
}

// `playerName`: the name a guest plays under (signed in, the account's is used).
export function quickForm(app: App, playerName: () => string): QuickForm {
  const presetSelect = h("select", { id: "quick-preset", onchange: () => fillSeats() });
  const seatsSelect = h("select", { id: "quick-seats" });
  const botsSelect = h("select", { id: "quick-bots" },
    ...BOT_CHOICES.map(([value, label]) => h("option", { value, selected: value === "10" }, label)));
  const error = h("p", { class: "form-error", role: "alert", id: "quick-error" });
  const button = h("button", { type: "submit", id: "play-now" }, "Play now");

  const fillSeats = () => {
    const preset = app.presets.find((p) => p.name === presetSelect.value);
    const min = Math.max(2, preset?.rules?.minPlayers ?? 2);
    const max = Math.max(min, preset?.rules?.maxPlayers ?? 8);
    const before = Number(seatsSelect.value) || DEFAULT_SEATS;
    seatsSelect.replaceChildren(...Array.from({ length: max - min + 1 }, (_, i) => min + i)
      .map((n) => h("option", { value: n }, `${n} players`)));
    seatsSelect.value = String(Math.min(max, Math.max(min, before)));
  };

  const play = async (e: Event) => {
    e.preventDefault();
    error.textContent = "";
    const preset = presetSelect.value;
    const seats = Number(seatsSelect.value);
    if (!preset || !seats) {
      error.textContent = "The server has not listed its rules yet: a moment, please.";
      return;
    }
    const name = playerName() || "Player";
    button.disabled = true;
    try {
      if (botsSelect.value === "now") await app.playWithBots(name, preset, seats);
      else await app.quickPlay({ preset, seats, botsAfterSeconds: Number(botsSelect.value), name });
    } catch (err) {
      error.textContent = errorText(err);
    } finally {
      button.disabled = app.quick !== undefined;
    }
  };

  const element = h("form", { class: "panel quick", id: "quick", "aria-labelledby": "quick-title", novalidate: true, onsubmit: play },
    h("h2", { id: "quick-title" }, "Play now"),
    h("p", {}, "Sit down with others looking for a game with the same rules, players of a similar rating first; bots fill the seats nobody takes."),
    h("div", { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "quick-preset" }, "Rules"), presetSelect),
      h("div", { class: "field" }, h("label", { for: "quick-seats" }, "Seats"), seatsSelect),
      h("div", { class: "field" }, h("label", { for: "quick-bots" }, "Bots fill empty seats"), botsSelect)),
    h("div", { class: "buttons" }, button),
    error);

  return {
    element,
    refresh: () => {
      button.disabled = app.quick !== undefined;
      if (app.presets.length === 0 || presetSelect.options.length > 0) return;
      presetSelect.replaceChildren(...app.presets.map((p) => h("option", { value: p.name }, presetTitle(p.name))));
      presetSelect.value = app.presets.find((p) => p.name === DEFAULT_PRESET)?.name ?? app.presets[0].name;
      fillSeats();
    },
  };
}

function clockText(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// The waiting panel, one for the page (main.ts shows it above any screen but the table while quick play waits).
export function queuePanel(app: App): { element: HTMLElement; refresh: () => void } {
  const what = h("p", { id: "queue-what" });
  const waiting = h("dd", { id: "queue-waiting", "aria-live": "polite" });
  const waited = h("dd", { id: "queue-waited" });
  const window_ = h("dd", { id: "queue-window" });
  const bots = h("dd", { id: "queue-bots" });
  const stop = h("button", { type: "button", class: "secondary", id: "stop-waiting", onclick: () => void app.leaveQueue() }, "Stop waiting");
  const element = h("section", { class: "panel queue-panel", id: "waiting-panel", "aria-labelledby": "waiting-panel-title", hidden: true },
    h("h2", { id: "waiting-panel-title" }, h("span", { class: "spinner", "aria-hidden": "true" }), "Looking for players"),
    what,
    h("dl", { class: "queue-figures" },
      h("div", {}, h("dt", {}, "People waiting"), waiting),
      h("div", {}, h("dt", {}, "Waited"), waited),
      h("div", {}, h("dt", {}, "Rating window"), window_),
      h("div", {}, h("dt", {}, "Bots"), bots)),
    h("p", { class: "hint" }, "Players whose ratings are at most the window apart sit down together; the window widens as you wait."),
    h("div", { class: "buttons" }, stop));
  let wasShown = false;

  const refresh = () => {
    const wish = app.quick;
    const show = wish !== undefined && !app.atTable;
    element.hidden = !show;
    if (!show || !wish) {
      wasShown = false;
      return;
    }
    what.textContent = `${presetTitle(wish.preset)}, ${wish.seats} players.`;
    const q = app.queue;
    const elapsed = q ? performance.now() - app.queueAt : 0;
    const people = q ? `${q.waiting} (you included)` : "joining the queue...";
    if (waiting.textContent !== people) waiting.textContent = people;
    waited.textContent = q ? clockText(q.waitedMs + elapsed) : "0:00";
    window_.textContent = q ? `± ${q.window.toFixed(1)}` : "";
    bots.textContent = wish.botsAfterSeconds === 0 ? "not asked for: waiting for people"
      : q && q.botsInMs > 0 ? `fill the table in ${Math.max(0, Math.ceil((q.botsInMs - elapsed) / 1000))} s`
      : `after ${wish.botsAfterSeconds} s`;
    // Keyboard players land on the way out of the wait when it starts.
    if (!wasShown) {
      wasShown = true;
      stop.focus();
    }
  };
  window.setInterval(() => { if (!element.hidden) refresh(); }, 250);
  return { element, refresh };
}
