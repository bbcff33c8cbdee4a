// The house-rules editor. Every option, its group, range, choices and help sentence come from the engine's own
// option table (generated into gen/options.json by `golf rules --options --json`); the Ruleset message has a
// field of the same name for each. Values are edited as the golf tool's text ("true", "12", "off", "4,8",
// "QS:40,X:-5"), and only the options that differ from the preset are sent as overrides.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { h } from "./dom";
import { Suit, type Card } from "./gen/golf/v1/cards_pb";
import type { PresetInfo } from "./gen/golf/v1/messages_pb";
import { RulesetSchema, type Ruleset } from "./gen/golf/v1/ruleset_pb";
import optionsJson from "./gen/options.json";
import { cardCode } from "./cards";

export interface OptionInfo {
  name: string;
  group: string;
  kind: "boolean" | "integer" | "optional_integer" | "choice" | "integer_list" | "card_values";
  min?: number;
  max?: number;
  choices?: string[];
  help: string;
}

export const OPTIONS: OptionInfo[] = (optionsJson as { options: OptionInfo[] }).options;

type RulesetRecord = Record<string, unknown>;

function localName(option: OptionInfo): string {
  const field = RulesetSchema.fields.find((f) => f.name === option.name);
  if (!field) throw new Error(`the protocol has no Ruleset field ${option.name}`);
  return field.localName;
}

// An option's value in a ruleset, as text.
export function optionText(rules: Ruleset, option: OptionInfo): string {
  const value = (rules as unknown as RulesetRecord)[localName(option)];
  switch (option.kind) {
    case "boolean": return value ? "true" : "false";
    case "integer": return String(value ?? 0);
    case "optional_integer": {
      const points = (value as { points?: number } | undefined)?.points;
      return points === undefined ? "off" : String(points);
    }
    case "choice": return option.choices?.[(value as number) - 1] ?? "";
    case "integer_list": return ((value as { values: number[] } | undefined)?.values ?? []).join(",");
    case "card_values":
      return ((value as { values: Array<{ card?: Card; points: number }> } | undefined)?.values ?? [])
        .map((v) => `${v.card ? cardCode(v.card) : "?"}:${v.points}`).join(",");
  }
}

// What a choice means, in the option's own help ("double_plus_points (twice the score + ...)"), or "".
export function choiceMeaning(name: string, value: string): string {
  const help = OPTIONS.find((o) => o.name === name)?.help ?? "";
  const at = help.indexOf(`${value} (`);
  if (at < 0) return "";
  let depth = 0;
  const start = at + value.length + 2;
  for (let i = start; i < help.length; ++i) {
    if (help[i] === "(") ++depth;
    else if (help[i] === ")" && depth-- === 0) return help.slice(start, i);
  }
  return "";
}

// Help text with the option names it mentions replaced by their values at this table ("+ caller_penalty_points"
// becomes "+ 10"), so a sentence reads as the rule in force.
export function withValues(text: string, rules: Ruleset): string {
  return text.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => {
    const option = OPTIONS.find((o) => o.name === name);
    return option && option.kind !== "boolean" && option.kind !== "choice" ? optionText(rules, option) : name;
  });
}

function parseInteger(option: OptionInfo, text: string): number {
  if (!/^-?\d+$/.test(text.trim())) throw new Error(`${option.name}: "${text}" is not a whole number`);
  const n = Number(text.trim());
  if (option.min !== undefined && option.max !== undefined && (n < option.min || n > option.max))
    throw new Error(`${option.name} must be between ${option.min} and ${option.max}`);
  return n;
}

const RANKS: Record<string, number> = { A: 1, T: 10, "10": 10, J: 11, Q: 12, K: 13 };
const SUITS: Record<string, Suit> = { C: Suit.CLUBS, D: Suit.DIAMONDS, H: Suit.HEARTS, S: Suit.SPADES };

function parseCard(option: OptionInfo, text: string): { rank: number; suit: Suit } {
  const t = text.trim().toUpperCase();
  if (t === "X") return { rank: 0, suit: Suit.NONE };
  const match = /^(10|[2-9ATJQK])([CDHS])$/.exec(t);
  if (!match) throw new Error(`${option.name}: "${text}" is not a card (QS, TD, 2H, X for a joker)`);
  return { rank: RANKS[match[1]] ?? Number(match[1]), suit: SUITS[match[2]] };
}

// The override value for a Ruleset field, from text (throws a sentence naming the option).
function parseValue(option: OptionInfo, text: string): unknown {
  const t = text.trim();
  switch (option.kind) {
    case "boolean":
      if (t !== "true" && t !== "false") throw new Error(`${option.name} must be true or false`);
      return t === "true";
    case "integer": return parseInteger(option, t);
    case "optional_integer": return t === "off" ? {} : { points: parseInteger(option, t) };
    case "choice": {
      const index = option.choices?.indexOf(t) ?? -1;
      if (index < 0) throw new Error(`${option.name} must be one of ${option.choices?.join(", ")}`);
      return index + 1;
    }
    case "integer_list":
      return { values: t === "" ? [] : t.split(",").map((part) => parseInteger(option, part)) };
    case "card_values":
      return {
        values: t === "" ? [] : t.split(",").map((pair) => {
          const [card, points, ...rest] = pair.split(":");
          if (points === undefined || rest.length > 0) throw new Error(`${option.name}: write each entry as CARD:POINTS`);
          return { card: parseCard(option, card), points: parseInteger(option, points) };
        }),
      };
  }
}

const GROUP_TITLES: Record<string, string> = {
  table: "Table", cards: "Cards", layout: "Layout", start: "Start of a hand", turns: "Turns",
  end: "End of a hand", scoring: "Scoring", match: "Match",
};

function title(name: string): string {
  const words = name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The editor for one preset at a time; edits survive a change of preset only where they still differ.
export class HouseRulesEditor {
  readonly element: HTMLDetailsElement;
  private preset?: PresetInfo;
  private edits = new Map<string, string>();
  private body: HTMLElement;
  private summary: HTMLElement;

  constructor() {
    this.summary = h("summary", {}, "House rules");
    this.body = h("div", { class: "rules-body" });
    this.element = h("details", { class: "house-rules", id: "house-rules" }, this.summary, this.body);
  }

  setPreset(preset: PresetInfo): void {
    this.preset = preset;
    this.render();
  }

  // Sets one option as if typed (the tests and the "quick" controls use it).
  set(name: string, text: string): void {
    this.edits.set(name, text);
    this.render();
  }

  // The Ruleset of overrides: only options whose text differs from the preset's.
  overrides(): Ruleset {
    const init: RulesetRecord = {};
    for (const option of OPTIONS) {
      const text = this.edits.get(option.name);
      if (text === undefined || !this.preset?.rules || text.trim() === optionText(this.preset.rules, option)) continue;
      init[localName(option)] = parseValue(option, text);
    }
    return create(RulesetSchema, init as MessageInitShape<typeof RulesetSchema>);
  }

  // The value in force (edited or the preset's), as text.
  value(name: string): string {
    const option = OPTIONS.find((o) => o.name === name);
    if (!option || !this.preset?.rules) return "";
    return this.edits.get(name) ?? optionText(this.preset.rules, option);
  }

  // Marks the option a server error names (its sentence starts with the option's name) and opens the editor.
  showError(message: string): void {
    const option = [...OPTIONS].sort((a, b) => b.name.length - a.name.length)
      .find((o) => message.startsWith(o.name));
    for (const el of this.body.querySelectorAll(".option.invalid")) el.classList.remove("invalid");
    if (!option) return;
    this.element.open = true;
    const row = this.body.querySelector<HTMLElement>(`[data-option="${option.name}"]`);
    row?.classList.add("invalid");
    row?.querySelector<HTMLElement>("input, select")?.focus();
  }

  private changedCount(): number {
    if (!this.preset?.rules) return 0;
    const rules = this.preset.rules;
    return OPTIONS.filter((o) => {
      const text = this.edits.get(o.name);
      return text !== undefined && text.trim() !== optionText(rules, o);
    }).length;
  }

  private render(): void {
    const rules = this.preset?.rules;
    if (!rules) return;
    const changed = this.changedCount();
    this.summary.textContent = `House rules${changed ? ` (${changed} changed)` : ": the preset as it is"}`;
    const groups = new Map<string, OptionInfo[]>();
    for (const option of OPTIONS) groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
    const reset = h("button", { type: "button", class: "link", onclick: () => { this.edits.clear(); this.render(); } },
                    "Back to the preset's rules");
    this.body.replaceChildren(
      h("p", { class: "hint" }, "Each option starts at the preset's value; change any of them. ", reset),
      ...[...groups].map(([group, options]) =>
        h("fieldset", { class: "rule-group" }, h("legend", {}, GROUP_TITLES[group] ?? title(group)),
          ...options.map((option) => this.row(option, rules)))));
  }

  private row(option: OptionInfo, rules: Ruleset): HTMLElement {
    const presetText = optionText(rules, option);
    const current = this.edits.get(option.name) ?? presetText;
    const id = `opt-${option.name}`;
    const helpId = `${id}-help`;
    const update = (text: string) => {
      this.edits.set(option.name, text);
      const row = this.body.querySelector<HTMLElement>(`[data-option="${option.name}"]`);
      let error = "";
      try { parseValue(option, text); } catch (e) { error = (e as Error).message; }
      row?.classList.toggle("changed", text.trim() !== presetText);
      row?.classList.toggle("invalid", error !== "");
      const note = row?.querySelector(".option-error");
      if (note) note.textContent = error;
      const n = this.changedCount();
      this.summary.textContent = `House rules${n ? ` (${n} changed)` : ": the preset as it is"}`;
    };
    let input: HTMLElement;
    const common = { id, name: option.name, "aria-describedby": helpId, "data-key": id };
    switch (option.kind) {
      case "boolean":
        input = h("input", { ...common, type: "checkbox", checked: current === "true",
                             onchange: (e: Event) => update((e.target as HTMLInputElement).checked ? "true" : "false") });
        break;
      case "choice":
        input = h("select", { ...common, onchange: (e: Event) => update((e.target as HTMLSelectElement).value) },
                  ...(option.choices ?? []).map((c) => h("option", { value: c, selected: c === current }, c.replace(/_/g, " "))));
        break;
      case "integer":
        input = h("input", { ...common, type: "number", min: option.min, max: option.max, value: current,
                             inputmode: "numeric", oninput: (e: Event) => update((e.target as HTMLInputElement).value) });
        break;
      default:
        input = h("input", { ...common, type: "text", value: current, spellcheck: "false",
                             placeholder: option.kind === "optional_integer" ? "off or a number" : "",
                             oninput: (e: Event) => update((e.target as HTMLInputElement).value) });
    }
    const range = option.kind === "integer" || option.kind === "optional_integer" || option.kind === "integer_list"
      ? ` (${option.kind === "optional_integer" ? "off, or " : ""}${option.min}..${option.max})` : "";
    return h("div", { class: `option${current.trim() !== presetText ? " changed" : ""}`, "data-option": option.name },
      h("label", { for: id }, title(option.name)),
      input,
      h("p", { class: "help", id: helpId }, option.help, range, h("span", { class: "preset-value" }, ` Preset: ${presetText || "none"}.`)),
      h("p", { class: "option-error", role: "alert" }));
  }
}
