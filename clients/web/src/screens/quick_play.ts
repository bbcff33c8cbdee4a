// Playing at once: the start page's first panel (your name, the rules and seats, "Play against bots": a private
// table of bots, dealt at once, and how to play the rules chosen), "Play with people" (quick play's queue, bots
// filling the seats nobody takes after a while), and the waiting panel shown while quick play looks for players
// (how many wait, how long, how far apart in rating they may be, when bots come), with "Stop waiting".
import { h } from "../ui/dom";
import type { App } from "../core/app";
import { errorText } from "../core/net";
import { howToPlay } from "../rules/how_to_play";
import { presetTitle } from "./profile";

const DEFAULT_PRESET = "six-card";
const DEFAULT_SEATS = 4;
// The choices of when bots fill the empty seats of a table of people (0: never).
const BOT_CHOICES: Array<[string, string]> = [
  ["10", "after 10 seconds"],
  ["30", "after 30 seconds"],
  ["60", "after 1 minute"],
  ["0", "never (wait for people)"],
];

export interface QuickForm {
  element: HTMLElement; // the name, the rules and seats, "Play against bots" and how to play
  people: HTMLElement; // "Play with people": quick play's queue
  refresh: () => void;
}

// `nameField`: the start page's name field (and account line); `playerName`: the name a guest plays under
// (signed in, the account's is used).
export function quickForm(app: App, nameField: HTMLElement, playerName: () => string): QuickForm {
  const presetSelect = h(
    "select",
    {
      id: "quick-preset",
      onchange: () => {
        fillSeats();
        describe();
      },
    },
    h("option", { value: "" }, presetTitle(DEFAULT_PRESET))
  );
  const seatsSelect = h("select", { id: "quick-seats" }, h("option", { value: "" }, `${DEFAULT_SEATS} players`));
  const botsSelect = h(
    "select",
    { id: "quick-bots" },
    ...BOT_CHOICES.map(([value, label]) => h("option", { value, selected: value === "10" }, label))
  );
  const error = h("p", { class: "form-error", role: "alert", id: "quick-error" });
  const peopleError = h("p", { class: "form-error", role: "alert", id: "people-error" });
  const botsButton = h("button", { type: "submit", id: "play-bots", class: "big" }, "Play against bots");
  const guideInput = h("input", { type: "checkbox", id: "guide-me" });
  const button = h("button", { type: "button", id: "play-now", onclick: () => void play(false) }, "Play now");
  const summary = h("p", { class: "preset-line", id: "preset-line" }, "\u00a0");
  const howTitle = h("span", {}, "How to play");
  const howList = h("ul", { class: "how-list" });

  const fillSeats = () => fillSeatChoice(app, presetSelect, seatsSelect);
  const describe = () => {
    const preset = app.presets.find((p) => p.name === presetSelect.value);
    if (!preset) return;
    summary.textContent = preset.summary;
    howTitle.textContent = `How to play ${presetTitle(preset.name)}`;
    howList.replaceChildren(...(preset.rules ? howToPlay(preset.rules) : []).map((line) => h("li", {}, line)));
  };

  const play = async (bots: boolean) => {
    const shown = bots ? error : peopleError;
    error.textContent = peopleError.textContent = "";
    const preset = presetSelect.value;
    const seats = Number(seatsSelect.value);
    if (!preset || !seats) {
      shown.textContent = "The server has not listed its rules yet: a moment, please.";
      return;
    }
    const name = playerName() || "Player";
    botsButton.disabled = button.disabled = true;
    try {
      if (bots) await app.playWithBots(name, preset, seats, guideInput.checked);
      else await app.quickPlay({ preset, seats, botsAfterSeconds: Number(botsSelect.value), name });
    } catch (err) {
      shown.textContent = errorText(err);
    } finally {
      botsButton.disabled = button.disabled = app.quick !== undefined;
    }
  };

  const element = formElement(
    nameField,
    { presetSelect, seatsSelect, summary, botsButton, guideInput, error },
    howTitle,
    howList,
    () => void play(true)
  );
  const people = peoplePanel(botsSelect, button, peopleError);

  return {
    element,
    people,
    refresh: () => {
      botsButton.disabled = button.disabled = app.quick !== undefined;
      if (app.presets.length === 0 || presetSelect.options.length > 1 || presetSelect.value !== "") return;
      presetSelect.replaceChildren(...app.presets.map((p) => h("option", { value: p.name }, presetTitle(p.name))));
      presetSelect.value = app.presets.find((p) => p.name === DEFAULT_PRESET)?.name ?? app.presets[0].name;
      fillSeats();
      describe();
    },
  };
}

// The seat counts the chosen preset allows, the count chosen before kept where it still fits.
function fillSeatChoice(app: App, presetSelect: HTMLSelectElement, seatsSelect: HTMLSelectElement): void {
  const preset = app.presets.find((p) => p.name === presetSelect.value);
  const min = Math.max(2, preset?.rules?.minPlayers ?? 2);
  const max = Math.max(min, preset?.rules?.maxPlayers ?? 8);
  const before = Number(seatsSelect.value) || DEFAULT_SEATS;
  seatsSelect.replaceChildren(
    ...Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => h("option", { value: n }, `${n} players`))
  );
  seatsSelect.value = String(Math.min(max, Math.max(min, before)));
}

interface FormControls {
  presetSelect: HTMLElement;
  seatsSelect: HTMLElement;
  summary: HTMLElement;
  botsButton: HTMLElement;
  guideInput: HTMLElement;
  error: HTMLElement;
}

// The first panel: the name, the rules and seats, "Play against bots" (the form's submit) and how to play.
function formElement(
  nameField: HTMLElement,
  c: FormControls,
  howTitle: HTMLElement,
  howList: HTMLElement,
  submit: () => void
): HTMLElement {
  return h(
    "form",
    {
      class: "panel quick",
      id: "quick",
      "aria-labelledby": "quick-title",
      novalidate: true,
      onsubmit: (e: Event) => {
        e.preventDefault();
        submit();
      },
    },
    h("h2", { id: "quick-title", class: "visually-hidden" }, "Play"),
    nameField,
    h(
      "div",
      { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "quick-preset" }, "Rules"), c.presetSelect),
      h("div", { class: "field" }, h("label", { for: "quick-seats" }, "Players"), c.seatsSelect)
    ),
    c.summary,
    h("div", { class: "buttons" }, c.botsButton),
    h("div", { class: "field check" }, c.guideInput, h("label", { for: "guide-me" }, "Guide me through my first hand")),
    c.error,
    h("details", { class: "how-to-play", id: "how-to-play" }, h("summary", {}, howTitle), howList)
  );
}

// "Play with people": when bots fill the seats nobody takes, and the button that joins quick play's queue.
function peoplePanel(botsSelect: HTMLElement, button: HTMLElement, error: HTMLElement): HTMLElement {
  return h(
    "div",
    { class: "people-play" },
    h(
      "p",
      {},
      "Sit down with others looking for a game with the same rules and seats, players of a similar rating first."
    ),
    h("div", { class: "field" }, h("label", { for: "quick-bots" }, "Bots fill the empty seats"), botsSelect),
    h("div", { class: "buttons" }, button),
    error
  );
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
  // The server's word to this person, e.g. the warning after a match left early.
  const notice = h("p", { id: "queue-notice", class: "queue-notice", role: "status", hidden: true });
  const stop = h(
    "button",
    { type: "button", class: "secondary", id: "stop-waiting", onclick: () => void app.leaveQueue() },
    "Stop waiting"
  );
  const element = h(
    "section",
    { class: "panel queue-panel", id: "waiting-panel", "aria-labelledby": "waiting-panel-title", hidden: true },
    h(
      "h2",
      { id: "waiting-panel-title" },
      h("span", { class: "spinner", "aria-hidden": "true" }),
      "Looking for players"
    ),
    what,
    notice,
    h(
      "dl",
      { class: "queue-figures" },
      h("div", {}, h("dt", {}, "People waiting"), waiting),
      h("div", {}, h("dt", {}, "Waited"), waited),
      h("div", {}, h("dt", {}, "Rating window"), window_),
      h("div", {}, h("dt", {}, "Bots"), bots)
    ),
    h(
      "p",
      { class: "hint" },
      "Players whose ratings are at most the window apart sit down together; the window widens as you wait."
    ),
    h("div", { class: "buttons" }, stop)
  );
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
    notice.hidden = !q?.notice;
    if (notice.textContent !== (q?.notice ?? "")) notice.textContent = q?.notice ?? "";
    bots.textContent =
      wish.botsAfterSeconds === 0
        ? "not asked for: waiting for people"
        : q && q.botsInMs > 0
          ? `fill the table in ${Math.max(0, Math.ceil((q.botsInMs - elapsed) / 1000))} s`
          : `after ${wish.botsAfterSeconds} s`;
    // Keyboard players land on the way out of the wait when it starts.
    if (!wasShown) {
      wasShown = true;
      stop.focus();
    }
  };
  window.setInterval(() => {
    if (!element.hidden) refresh();
  }, 250);
  return { element, refresh };
}
