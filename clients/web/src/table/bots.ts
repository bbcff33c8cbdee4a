// The server's bots as the table shows them: the host's "Bot level" picker above the waiting room's seats (the
// choice kept between visits; "Custom…" asks for playouts, checked here before anything is sent), a bot seat's
// badge ("bot · hard", "bot · 5000 playouts"), and a bot's turn worded as thinking (a hard bot takes a moment).
import { h } from "../ui/dom";
import { t } from "../words/i18n";
import type { App } from "../core/app";
import { BotLevel, type SeatInfo, type TableUpdate } from "../gen/golf/v1/messages_pb";
import { seatName } from "../words/names";
import { storage } from "../core/storage";

const MAX_PLAYOUTS = 20000; // AddBot.search_budget's ceiling

interface Choice {
  value: string; // what the picker's option and the kept choice say: "easy", ..., "custom"
  level: BotLevel;
  text: string; // the option's key
  word: string; // the key of the level's word in a badge or a label: "hard"
  hint: string; // the key of what the level plays like, under the picker
}

// The picker's options, in order; "custom" is BOT_LEVEL_SEARCH with the host's playouts.
const CHOICES: Choice[] = [
  { value: "easy", level: BotLevel.EASY, text: "people.levelEasy", word: "people.wordEasy", hint: "people.hintEasy" },
  {
    value: "medium",
    level: BotLevel.MEDIUM,
    text: "people.levelMedium",
    word: "people.wordMedium",
    hint: "people.hintMedium",
  },
  { value: "hard", level: BotLevel.HARD, text: "people.levelHard", word: "people.wordHard", hint: "people.hintHard" },
  {
    value: "heuristic",
    level: BotLevel.HEURISTIC,
    text: "people.levelHeuristic",
    word: "people.wordHeuristic",
    hint: "people.hintHeuristic",
  },
  {
    value: "random",
    level: BotLevel.RANDOM,
    text: "people.levelRandom",
    word: "people.wordRandom",
    hint: "people.hintRandom",
  },
  {
    value: "custom",
    level: BotLevel.SEARCH,
    text: "people.levelCustom",
    word: "people.wordCustom",
    hint: "people.hintCustom",
  },
];
const DEFAULT = "medium";

// The choice as it stands (loaded from storage on first use): the option, the playouts typed, and what is wrong
// with them once checked.
interface Picked {
  value: string;
  playouts: string;
  error: string;
}
let picked: Picked | undefined;

function current(): Picked {
  if (!picked) {
    const kept = storage.botLevel();
    picked = {
      value: CHOICES.some((c) => c.value === kept.level) ? kept.level : DEFAULT,
      playouts: kept.playouts || "1000",
      error: "",
    };
  }
  return picked;
}

function choiceOf(value: string): Choice {
  return CHOICES.find((c) => c.value === value) ?? CHOICES.find((c) => c.value === DEFAULT)!;
}

// Why the playouts typed name no budget ("" when they do).
function playoutsProblem(text: string): string {
  const typed = text.trim();
  const n = Number(typed);
  if (/^\d+$/.test(typed) && n >= 1 && n <= MAX_PLAYOUTS) return "";
  return t("people.playoutsProblem", { max: MAX_PLAYOUTS });
}

// How a bot of this level reads in a badge's data-bot: "hard", "heuristic", "5000 playouts" ("" for a level newer
// than this page). English whatever the language: it is the page's data, not its words.
function botWord(level: BotLevel, searchBudget: number): string {
  if (level === BotLevel.SEARCH) return `${searchBudget} playout${searchBudget === 1 ? "" : "s"}`;
  return CHOICES.find((c) => c.level === level)?.value ?? "";
}

// The same in the reader's language, for a badge or a label ("" for a level newer than this page).
export function botLabel(level: BotLevel, searchBudget: number): string {
  if (level === BotLevel.SEARCH) return t("people.playouts", { count: searchBudget });
  const choice = CHOICES.find((c) => c.level === level);
  return choice ? t(choice.word) : "";
}

// A bot seat's badge; null for a person.
export function botBadge(info: SeatInfo | undefined): HTMLElement | null {
  if (!info || info.bot === BotLevel.UNSPECIFIED) return null;
  const word = botWord(info.bot, info.searchBudget);
  const label = botLabel(info.bot, info.searchBudget);
  return h(
    "span",
    { class: "badge bot", "data-bot": word },
    label ? t("people.botBadgeLevel", { level: label }) : t("people.botBadge")
  );
}

// Whose turn it is, said to everyone else: a server bot's turn reads as thinking (a hard one takes a moment). A bot
// standing in for someone away is not them thinking: that stays their turn.
export function turnText(update: TableUpdate, seat: number): string {
  const info = update.seats[seat];
  const bot = info !== undefined && info.bot !== BotLevel.UNSPECIFIED;
  const name = seatName(update, seat);
  return bot ? t("people.botThinking", { name }) : t("people.turnOf", { name });
}

// The word an "Add a bot" button's accessible name gives the level picked: "hard", "50 playouts", "custom".
function pickedWord(): string {
  const c = current();
  if (c.value !== "custom") return t(choiceOf(c.value).word);
  return playoutsProblem(c.playouts) ? t(choiceOf(c.value).word) : botLabel(BotLevel.SEARCH, Number(c.playouts));
}

const addLabel = (seat: number) => t("people.addBotLabel", { level: pickedWord(), seat: seat + 1 });

// Checks the playouts typed (kept when right) and shows what is wrong, or nothing, in place (not by re-rendering
// the table, which would take the focus from the field being typed in). Returns the problem.
function check(text: string): string {
  const c = current();
  c.playouts = text;
  c.error = c.value === "custom" ? playoutsProblem(text) : "";
  if (!c.error) storage.setBotLevel(c.value, c.playouts.trim());
  const input = document.querySelector<HTMLInputElement>("#bot-playouts");
  const error = document.querySelector<HTMLElement>("#bot-playouts-error");
  if (error) error.textContent = c.error;
  if (c.error) input?.setAttribute("aria-invalid", "true");
  else input?.removeAttribute("aria-invalid");
  for (const b of document.querySelectorAll<HTMLElement>("button[data-add-bot]"))
    b.setAttribute("aria-label", addLabel(Number(b.dataset.addBot)));
  return c.error;
}

// The host's "Add a bot" button for an empty seat: it adds a bot of the level picked, or, when the custom playouts
// are wrong, says so by the field (and takes the keyboard there) and sends nothing.
export function addBotButton(app: App, seat: number): HTMLElement {
  const add = () => {
    const c = current();
    if (check(c.playouts)) {
      document.querySelector<HTMLElement>("#bot-playouts")?.focus();
      return;
    }
    const level = choiceOf(c.value).level;
    const searchBudget = level === BotLevel.SEARCH ? Number(c.playouts.trim()) : 0;
    void app.attempt({ case: "addBot", value: { seat, level, searchBudget } });
  };
  return h(
    "button",
    {
      type: "button",
      class: "small",
      "data-key": `add-bot-${seat}`,
      "data-add-bot": seat,
      "aria-label": addLabel(seat),
      onclick: add,
    },
    t("people.addBot")
  );
}

// The "Bot level" picker, once above the seats while the host has seats to fill. The playouts are checked when a
// bot is added (or Enter pressed), not when the field is left: a message appearing then would move the buttons
// under the click that left it. A message, once shown, goes as soon as the number is right.
export function botLevelPicker(app: App): HTMLElement {
  const c = current();
  const custom = c.value === "custom";
  const select = h(
    "select",
    {
      id: "bot-level",
      "data-key": "bot-level",
      "aria-describedby": "bot-level-hint",
      onchange: (e: Event) => {
        c.value = (e.target as HTMLSelectElement).value;
        c.error = "";
        storage.setBotLevel(c.value, c.playouts.trim());
        app.onChange();
      },
    },
    ...CHOICES.map((choice) => h("option", { value: choice.value, selected: choice.value === c.value }, t(choice.text)))
  );
  const playouts = custom
    ? h(
        "div",
        { class: "field" },
        h("label", { for: "bot-playouts" }, t("people.playoutsPerMove")),
        h("input", {
          id: "bot-playouts",
          "data-key": "bot-playouts",
          type: "number",
          min: 1,
          max: MAX_PLAYOUTS,
          step: 1,
          inputmode: "numeric",
          required: true,
          value: c.playouts,
          "aria-invalid": c.error ? "true" : undefined,
          "aria-describedby": "bot-playouts-error bot-level-hint",
          oninput: (e: Event) => {
            c.playouts = (e.target as HTMLInputElement).value;
            if (c.error) check(c.playouts);
            else if (!playoutsProblem(c.playouts)) storage.setBotLevel(c.value, c.playouts.trim());
          },
        })
      )
    : null;
  return h(
    "form",
    {
      class: "bot-level",
      id: "bot-level-form",
      novalidate: true,
      onsubmit: (e: Event) => {
        e.preventDefault();
        check(c.playouts);
      },
    },
    h("div", { class: "field" }, h("label", { for: "bot-level" }, t("people.botLevel")), select),
    playouts,
    h("p", { class: "form-error", id: "bot-playouts-error", "aria-live": "polite" }, custom ? c.error : ""),
    h("p", { class: "hint", id: "bot-level-hint" }, t(choiceOf(c.value).hint, { max: MAX_PLAYOUTS }))
  );
}
