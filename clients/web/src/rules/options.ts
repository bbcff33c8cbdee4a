// The house rules as data. Every option, its group, range or choices and its words for players (a label, one plain
// sentence of help, the unit a number counts, each choice in words) come from the engine's own option table
// (generated into gen/options.json by `golf rules --options --json`); the Ruleset message has a field of the same
// name for each. Values travel as the golf tool's text ("true", "12", "off", "4,8", "QS:40,X:-5"); this file reads
// them from a Ruleset, parses them back and says them in plain words. The editor is house_rules.ts.
import { Suit, type Card } from "../gen/golf/v1/cards_pb";
import { RulesetSchema, type Ruleset } from "../gen/golf/v1/ruleset_pb";
import optionsJson from "../gen/options.json";
import { cardCode, cardShort } from "../words/card_names";

export interface OptionInfo {
  name: string;
  group: string;
  kind: "boolean" | "integer" | "optional_integer" | "choice" | "integer_list" | "card_values";
  min?: number;
  max?: number;
  choices?: string[];
  choice_words?: string[];
  label: string;
  unit?: string;
  help: string;
}

export const OPTIONS: OptionInfo[] = (optionsJson as { options: OptionInfo[] }).options;
const BY_NAME = new Map(OPTIONS.map((o) => [o.name, o]));

export function optionNamed(name: string): OptionInfo {
  const option = BY_NAME.get(name);
  if (!option) throw new Error(`the engine has no option ${name}`);
  return option;
}

export const GROUP_TITLES: Record<string, string> = {
  table: "Table",
  cards: "Cards",
  layout: "Layout",
  start: "Start of a hole",
  turns: "Turns",
  powers: "Powers and throws",
  end: "End of a hole",
  scoring: "Scoring",
  match: "Match",
};

type RulesetRecord = Record<string, unknown>;

export function localName(option: OptionInfo): string {
  const field = RulesetSchema.fields.find((f) => f.name === option.name);
  if (!field) throw new Error(`the protocol has no Ruleset field ${option.name}`);
  return field.localName;
}

// An option's value in a ruleset, as text.
export function optionText(rules: Ruleset, option: OptionInfo): string {
  const value = (rules as unknown as RulesetRecord)[localName(option)];
  switch (option.kind) {
    case "boolean":
      return value ? "true" : "false";
    case "integer":
      return String(value ?? 0);
    case "optional_integer": {
      const points = (value as { points?: number } | undefined)?.points;
      return points === undefined ? "off" : String(points);
    }
    case "choice":
      return option.choices?.[(value as number) - 1] ?? "";
    case "integer_list":
      return ((value as { values: number[] } | undefined)?.values ?? []).join(",");
    case "card_values":
      return ((value as { values: Array<{ card?: Card; points: number }> } | undefined)?.values ?? [])
        .map((v) => `${v.card ? cardCode(v.card) : "?"}:${v.points}`)
        .join(",");
  }
}

// The value of the option named, as text ("none" for a choice of none).
export function valueOf(rules: Ruleset, name: string): string {
  return optionText(rules, optionNamed(name));
}

// Two texts of one option say the same value ("4, 8" and "4,8"; "Off" and "off").
export function sameValue(a: string, b: string): boolean {
  const plain = (text: string) => text.replace(/\s+/g, "").toLowerCase();
  return plain(a) === plain(b);
}

// "−5 points", "1 hole": a number with its unit, singular for one.
export function amount(n: number, unit = ""): string {
  const number = `${n < 0 ? "\u2212" : ""}${Math.abs(n).toLocaleString("en-GB")}`;
  if (!unit) return number;
  return `${number} ${Math.abs(n) === 1 ? unit.replace(/s$/, "") : unit}`;
}

const listWords = (items: string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

// A value in a player's words: "yes", "9 holes", "off", "look at one of your cards", "4 and 8 players", "Q♠ 40".
export function valueWords(option: OptionInfo, text: string): string {
  const t = text.trim();
  switch (option.kind) {
    case "boolean":
      return t === "true" ? "yes" : "no";
    case "integer":
      return /^-?\d+$/.test(t) ? amount(Number(t), option.unit) : t;
    case "optional_integer":
      return t === "off" || t === "" ? "off" : /^-?\d+$/.test(t) ? amount(Number(t), option.unit) : t;
    case "choice": {
      const words = option.choice_words?.[option.choices?.indexOf(t) ?? -1] ?? t;
      return words.charAt(0).toLowerCase() + words.slice(1);
    }
    case "integer_list":
      return t === "" ? "none" : `${listWords(t.split(",").map((n) => n.trim()))} ${option.unit ?? ""}`.trim();
    case "card_values":
      return t === ""
        ? "none"
        : t
            .split(",")
            .map((pair) => {
              const [code, points] = pair.split(":");
              try {
                return `${cardShort(parseCard(option, code) as Card)} ${amount(Number(points))}`;
              } catch {
                return pair;
              }
            })
            .join(", ");
  }
}

// What values an option takes, in words: "From 0 to 1,000 holes.", "Off, or from −1,000 to 1,000 points."
export function rangeWords(option: OptionInfo): string {
  const from = `from ${amount(option.min ?? 0)} to ${amount(option.max ?? 0, option.unit)}`;
  switch (option.kind) {
    case "integer":
      return `${from.charAt(0).toUpperCase()}${from.slice(1)}.`;
    case "optional_integer":
      return `Empty for off, or ${from}.`;
    case "integer_list":
      return `Numbers ${from}, separated by commas, or empty for none.`;
    case "card_values":
      return "Empty for none.";
    default:
      return "";
  }
}

// A value the editor refused, in a sentence that starts with the option's label.
export class OptionError extends Error {
  constructor(
    readonly option: OptionInfo,
    message: string
  ) {
    super(`${option.label}${message.startsWith(":") ? "" : " "}${message}`);
  }
}

function parseInteger(option: OptionInfo, text: string): number {
  if (!/^-?\d+$/.test(text.trim())) throw new OptionError(option, `needs a whole number (not "${text.trim()}")`);
  const n = Number(text.trim());
  if (option.min !== undefined && option.max !== undefined && (n < option.min || n > option.max))
    throw new OptionError(
      option,
      `must be ${rangeWords({ ...option, kind: "integer" })
        .toLowerCase()
        .replace(/\.$/, "")}`
    );
  return n;
}

const RANKS: Record<string, number> = { A: 1, T: 10, "10": 10, J: 11, Q: 12, K: 13 };
const SUITS: Record<string, Suit> = { C: Suit.CLUBS, D: Suit.DIAMONDS, H: Suit.HEARTS, S: Suit.SPADES };

function parseCard(option: OptionInfo, text: string): { rank: number; suit: Suit } {
  const t = text.trim().toUpperCase();
  if (t === "X") return { rank: 0, suit: Suit.NONE };
  const match = /^(10|[2-9ATJQK])([CDHS])$/.exec(t);
  if (!match)
    throw new OptionError(
      option,
      `: "${text.trim()}" is not a card (QS is the queen of spades, TD the ten of diamonds, X a joker)`
    );
  return { rank: RANKS[match[1]] ?? Number(match[1]), suit: SUITS[match[2]] };
}

// The override value for a Ruleset field, from text (throws an OptionError).
export function parseValue(option: OptionInfo, text: string): unknown {
  const t = text.trim();
  switch (option.kind) {
    case "boolean":
      if (t !== "true" && t !== "false") throw new OptionError(option, "is either yes or no");
      return t === "true";
    case "integer":
      return parseInteger(option, t);
    case "optional_integer":
      return t === "off" || t === "" ? {} : { points: parseInteger(option, t) };
    case "choice": {
      const index = option.choices?.indexOf(t) ?? -1;
      if (index < 0) throw new OptionError(option, `must be one of: ${option.choice_words?.join("; ")}`);
      return index + 1;
    }
    case "integer_list":
      return { values: t === "" ? [] : t.split(",").map((part) => parseInteger(option, part)) };
    case "card_values":
      return {
        values:
          t === ""
            ? []
            : t.split(",").map((pair) => {
                const [card, points, ...rest] = pair.split(":");
                if (points === undefined || rest.length > 0)
                  throw new OptionError(option, ": write each card and its points with a colon between, as QS:40");
                return { card: parseCard(option, card), points: parseInteger(option, points) };
              }),
      };
  }
}

// A server's refusal names options as the engine spells them ("rows must be between 1 and 6"): say their labels.
export function plainMessage(message: string): { text: string; option?: OptionInfo } {
  const option = [...OPTIONS].sort((a, b) => b.name.length - a.name.length).find((o) => message.startsWith(o.name));
  const text = message.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => BY_NAME.get(name)?.label.toLowerCase() ?? name);
  return { text: option ? `${option.label}${text.slice(option.name.length)}` : text, option };
}
