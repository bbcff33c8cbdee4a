// Playing at once: the start page's first panel (your name, the rules and seats, "Play against bots": a private
// table of bots, dealt at once, and how to play the rules chosen), "Play with people" (quick play's queue, bots
// filling the seats nobody takes after a while), and the waiting panel shown while quick play looks for players
// (how many wait, how long, how far apart in rating they may be, when bots come), with "Stop waiting".
import { h } from "../ui/dom";
import type { App } from "../core/app";
import type { PresetInfo } from "../gen/golf/v1/messages_pb";
import { errorText } from "../core/net";
import { howToPlay } from "../rules/how_to_play";
import { presetTitle } from "./profile";
import { t, numberFormat } from "../words/i18n";

const DEFAULT_PRESET = "six-card";
const DEFAULT_SEATS = 4;
// The choices of when bots fill the empty seats of a table of people (0: never), in the current language.
function botChoices(): Array<[string, string]> {
  return [
    ["10", t("quickplay.botsAfterSeconds", { count: 10 })],
    ["30", t("quickplay.botsAfterSeconds", { count: 30 })],
    ["60", t("quickplay.botsAfterMinutes", { count: 1 })],
    ["0", t("quickplay.botsNever")],
  ];
}

// Each preset's one-line summary (the server's words, in English) in the player's language.
const PRESET_SUMMARY: Record<string, string> = {
  "four-card": "quickplay.presetFourCard",
  "four-card-jokers": "quickplay.presetFourCardJokers",
  "six-card": "quickplay.presetSixCard",
  "six-card-oakes": "quickplay.presetSixCardOakes",
  "eight-card": "quickplay.presetEightCard",
  "nine-card": "quickplay.presetNineCard",
  "ten-card": "quickplay.presetTenCard",
  cambio: "quickplay.presetCambio",
  pablo: "quickplay.presetPablo",
  cumbia: "quickplay.presetCumbia",
  cabo: "quickplay.presetCabo",
  cactus: "quickplay.presetCactus",
  dacz: "quickplay.presetDacz",
  powers: "quickplay.presetPowers",
};

// A preset the catalogues do not know yet (a newer server's) keeps the server's own summary.
export function presetSummary(preset: PresetInfo): string {
  const key = PRESET_SUMMARY[preset.name];
  return key ? t(key) : preset.summary;
}

export interface QuickForm {
  element: HTMLElement; // the name, the rules and seats, "Play against bots" and how to play
  people: HTMLElement; // "Play with people": quick play's queue
  refresh: () => void;
}

// `nameField`: the start page's name field (and account line); `playerName`: the name a guest plays under
// (signed in, the account's is used).
// The three choices: the rules (`changed` when another is picked), the seats and when bots fill a quick play's seats.
function quickSelects(changed: () => void) {
  const presetSelect = h(
    "select",
    { id: "quick-preset", onchange: changed },
    h("option", { value: "" }, presetTitle(DEFAULT_PRESET))
  );
  const seatsSelect = h(
    "select",
    { id: "quick-seats" },
    h("option", { value: "" }, t("quickplay.players", { count: DEFAULT_SEATS }))
  );
  const botsSelect = h(
    "select",
    { id: "quick-bots" },
    ...botChoices().map(([value, label]) => h("option", { value, selected: value === "10" }, label))
  );
  return { presetSelect, seatsSelect, botsSelect };
}

export function quickForm(app: App, nameField: HTMLElement, playerName: () => string): QuickForm {
  const { presetSelect, seatsSelect, botsSelect } = quickSelects(() => {
    fillSeats();
    describe();
  });
  const error = h("p", { class: "form-error", role: "alert", id: "quick-error" });
  const peopleError = h("p", { class: "form-error", role: "alert", id: "people-error" });
  const botsButton = h("button", { type: "submit", id: "play-bots", class: "big" }, t("quickplay.playBots"));
  const guideInput = h("input", { type: "checkbox", id: "guide-me" });
  const button = h(
    "button",
    { type: "button", id: "play-now", onclick: () => void play(false) },
    t("quickplay.playNow")
  );
  const summary = h("p", { class: "preset-line", id: "preset-line" }, "\u00a0");
  const howTitle = h("span", {}, t("quickplay.howToPlay"));
  const howList = h("ul", { class: "how-list" });

  const fillSeats = () => fillSeatChoice(app, presetSelect, seatsSelect);
  const describe = () => {
    const preset = app.presets.find((p) => p.name === presetSelect.value);
    if (!preset) return;
    summary.textContent = presetSummary(preset);
    howTitle.textContent = t("quickplay.howToPlayRules", { rules: presetTitle(preset.name) });
    howList.replaceChildren(...(preset.rules ? howToPlay(preset.rules) : []).map((line) => h("li", {}, line)));
  };

  const play = async (bots: boolean) => {
    const shown = bots ? error : peopleError;
    error.textContent = peopleError.textContent = "";
    const preset = presetSelect.value;
    const seats = Number(seatsSelect.value);
    if (!preset || !seats) {
      shown.textContent = t("quickplay.noRulesYet");
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
    ...Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) =>
      h("option", { value: n }, t("quickplay.players", { count: n }))
    )
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
    h("h2", { id: "quick-title", class: "visually-hidden" }, t("quickplay.playHeading")),
    nameField,
    h(
      "div",
      { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "quick-preset" }, t("quickplay.rulesLabel")), c.presetSelect),
      h("div", { class: "field" }, h("label", { for: "quick-seats" }, t("quickplay.playersLabel")), c.seatsSelect)
    ),
    c.summary,
    h("div", { class: "buttons" }, c.botsButton),
    h("div", { class: "field check" }, c.guideInput, h("label", { for: "guide-me" }, t("quickplay.guideMe"))),
    c.error,
    h("details", { class: "how-to-play", id: "how-to-play" }, h("summary", {}, howTitle), howList)
  );
}

// "Play with people": when bots fill the seats nobody takes, and the button that joins quick play's queue.
function peoplePanel(botsSelect: HTMLElement, button: HTMLElement, error: HTMLElement): HTMLElement {
  return h(
    "div",
    { class: "people-play" },
    h("p", {}, t("quickplay.peopleIntro")),
    h("div", { class: "field" }, h("label", { for: "quick-bots" }, t("quickplay.botsFillLabel")), botsSelect),
    h("div", { class: "buttons" }, button),
    error
  );
}

// The rating window as the locale writes a number, to one decimal (no grouping, as before: "1234.5").
function oneDecimal(value: number): string {
  return numberFormat({
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  }).format(value);
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
    t("quickplay.stopWaiting")
  );
  const element = h(
    "section",
    { class: "panel queue-panel", id: "waiting-panel", "aria-labelledby": "waiting-panel-title", hidden: true },
    h(
      "h2",
      { id: "waiting-panel-title" },
      h("span", { class: "spinner", "aria-hidden": "true" }),
      t("quickplay.lookingForPlayers")
    ),
    what,
    notice,
    h(
      "dl",
      { class: "queue-figures" },
      h("div", {}, h("dt", {}, t("quickplay.peopleWaiting")), waiting),
      h("div", {}, h("dt", {}, t("quickplay.waited")), waited),
      h("div", {}, h("dt", {}, t("quickplay.ratingWindow")), window_),
      h("div", {}, h("dt", {}, t("quickplay.bots")), bots)
    ),
    h("p", { class: "hint" }, t("quickplay.windowHint")),
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
    what.textContent = t("quickplay.waitingFor", { rules: presetTitle(wish.preset), count: wish.seats });
    const q = app.queue;
    const elapsed = q ? performance.now() - app.queueAt : 0;
    const people = q ? t("quickplay.waitingCount", { count: q.waiting }) : t("quickplay.joiningQueue");
    if (waiting.textContent !== people) waiting.textContent = people;
    waited.textContent = q ? clockText(q.waitedMs + elapsed) : "0:00";
    window_.textContent = q ? `± ${oneDecimal(q.window)}` : "";
    notice.hidden = !q?.notice;
    if (notice.textContent !== (q?.notice ?? "")) notice.textContent = q?.notice ?? "";
    bots.textContent =
      wish.botsAfterSeconds === 0
        ? t("quickplay.botsNotAsked")
        : q && q.botsInMs > 0
          ? t("quickplay.botsFillIn", { seconds: Math.max(0, Math.ceil((q.botsInMs - elapsed) / 1000)) })
          : t("quickplay.botsAfter", { seconds: wish.botsAfterSeconds });
    // Keyboard players land on the way out of the wait when it starts.
    if (!wasShown) {
      wasShown = true;
      stop.focus();
    }
  };
  // A panel replaced (another language draws a new one) is out of the page: only the one in the page ticks.
  window.setInterval(() => {
    if (!element.hidden && element.isConnected) refresh();
  }, 250);
  return { element, refresh };
}
