// "Rules at this table": the table's exact ruleset (TableJoined.rules) in a player's words, made from the ruleset
// and the engine's option words (gen/options.json), never written per preset. It opens with the short "how to play",
// then the card values, then only the rules that apply to this game (no caller rules where nobody calls, no
// throwing rules where nobody throws), and last the house rules that differ from the preset, each with the
// preset's value.
import "./rules_panel.css";
import { h, type Child } from "../ui/dom";
import type { App } from "../core/app";
import { cardShort } from "../words/card_names";
import { VALUE_FIELD } from "./card_values";
import { howToPlay } from "./how_to_play";
import { PowerKind, type Ruleset } from "../gen/golf/v1/ruleset_pb";
import { GROUP_TITLES, OPTIONS, amount, optionNamed, optionText, valueWords, type OptionInfo } from "./options";
import { PLAYER, POWER_FIELD, powerSentence } from "../words/power_text";
import { applies, callerRules, SAID_ELSEWHERE } from "./rule_applies";

const CALLER = "The caller is the player who ended play: who knocked, called or first had every card face up.";
const RANK_LABEL = ["Joker", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

// One option in force as a sentence: a boolean that is on is its help; anything else its label and value in words.
// Nothing for a rule that is off, a choice of none or a number of 0.
function describe(rules: Ruleset, o: OptionInfo): string | undefined {
  const value = optionText(rules, o);
  if (o.kind === "boolean") return value === "true" ? o.help : undefined;
  if (value === "none" || value === "0" || value === "off" || value === "") return undefined;
  return `${o.label}: ${valueWords(o, value)}.`;
}

function group(rules: Ruleset, name: string): string[] {
  return OPTIONS.filter((o) => o.group === name && !SAID_ELSEWHERE.has(o.name) && applies(rules, o.name))
    .map((o) => describe(rules, o))
    .filter((t): t is string => Boolean(t));
}

// Rank and points in pairs that wrap to the panel's width, jokers last when the packs have them.
function values(rules: Ruleset): HTMLElement {
  const ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, ...(rules.jokersPerPack ? [0] : [])];
  return h(
    "dl",
    { class: "card-values", id: "card-values" },
    ...ranks.map((r) =>
      h(
        "div",
        { class: "card-value", "data-rank": r },
        h("dt", {}, RANK_LABEL[r]),
        h("dd", {}, amount((rules[VALUE_FIELD[r]] as number | undefined) ?? 0))
      )
    )
  );
}

function powers(rules: Ruleset): string[] {
  const out: string[] = [];
  POWER_FIELD.forEach((field, rank) => {
    const kind = rules[field] as PowerKind;
    if (kind === PowerKind.NONE || kind === PowerKind.UNSPECIFIED) return;
    if (rank === 0 && !rules.jokersPerPack) return;
    const red = rank === 13 && rules.redKingsPowerless ? " (black kings only)" : "";
    out.push(`${RANK_LABEL[rank]}${red}: ${powerSentence(kind, PLAYER)}.`);
  });
  return out;
}

// Each rule the table changed: "Holes in a match: 1 hole (the preset: 9 holes)".
function houseRules(rules: Ruleset, preset: Ruleset | undefined): string[] {
  if (!preset) return [];
  return OPTIONS.filter((o) => optionText(rules, o) !== optionText(preset, o)).map(
    (o) => `${o.label}: ${valueWords(o, optionText(rules, o))} (the preset: ${valueWords(o, optionText(preset, o))}).`
  );
}

function table(rules: Ruleset): string {
  const jokers = rules.jokersPerPack ? ` and ${amount(rules.jokersPerPack, "jokers")} each` : "";
  const packs = `${amount(rules.basePacks ?? 1, "packs")} of 52 cards${jokers}`;
  const above = rules.extraPackAbove?.values ?? [];
  const more = above.length ? `, one more above ${valueWords(optionNamed("extra_pack_above"), above.join(","))}` : "";
  const spare = rules.extraRows
    ? ` Up to ${amount(rules.extraRows, "spare rows")} below a player's cards take the cards they are given.`
    : "";
  return `${rules.minPlayers} to ${rules.maxPlayers} players; ${packs}${more}.${spare}`;
}

// The panel is rebuilt with the table on every update: whether the player opened it is kept here.
let open = true; // open at first: in the drawer, the Rules tab is the click that asked for it

const list = (items: string[]): Child => (items.length ? h("ul", {}, ...items.map((t) => h("li", {}, t))) : null);
const section = (title: string, items: string[]): Child => (items.length ? [h("h3", {}, title), list(items)] : null);

export function rulesPanel(app: App): HTMLElement | null {
  const rules = app.joined?.rules;
  if (!rules) return null;
  const preset = app.presets.find((p) => p.name === app.joined?.preset)?.rules;
  const house = houseRules(rules, preset);
  const special =
    rules.cardValueOverrides?.values.map((v) => `${v.card ? cardShort(v.card) : "?"} counts ${amount(v.points)}`) ?? [];
  const power = powers(rules);
  return h(
    "details",
    {
      class: "panel rules-panel",
      id: "rules-panel",
      open,
      ontoggle: (e: Event) => {
        open = (e.target as HTMLDetailsElement).open;
      },
    },
    h(
      "summary",
      { "data-key": "rules-summary" },
      h("h2", { class: "inline" }, `Rules at this table: ${(app.joined?.preset ?? "").replace(/-/g, " ")}`)
    ),
    h("h3", {}, "How to play"),
    list(howToPlay(rules)),
    h("h3", {}, "Card values"),
    values(rules),
    special.length ? h("p", {}, `Cards with their own points: ${special.join(", ")}.`) : null,
    h("h3", {}, "The table"),
    h("p", {}, table(rules)),
    section(GROUP_TITLES.start, group(rules, "start")),
    section(GROUP_TITLES.turns, group(rules, "turns")),
    power.length ? section("Powers (a card drawn from the stock may be discarded to use its power)", power) : null,
    section(power.length ? "Throws and other power rules" : "Throws", group(rules, "powers")),
    section(GROUP_TITLES.end, group(rules, "end")),
    section(GROUP_TITLES.scoring, [...(callerRules(rules) ? [CALLER] : []), ...group(rules, "scoring")]),
    section(GROUP_TITLES.match, group(rules, "match")),
    h("h3", {}, "House rules"),
    house.length
      ? h("ul", { class: "house-rule-list" }, ...house.map((t) => h("li", {}, h("strong", {}, "House rule: "), t)))
      : h("p", { id: "no-house-rules" }, "None: the preset as it is.")
  );
}
