// "Rules at this table": the table's exact ruleset (TableJoined.rules) in a player's words, made from the ruleset
// and the engine's option words (gen/options.json), never written per preset. It opens with the short "how to play",
// then the card values, then only the rules that apply to this game (no caller rules where nobody calls, no
// throwing rules where nobody throws), and last the house rules that differ from the preset, each with the
// preset's value.
import "./rules_panel.css";
import { presetTitle } from "../screens/profile";
import { h, type Child } from "../ui/dom";
import type { App } from "../core/app";
import { cardShort } from "../words/card_names";
import { t } from "../words/i18n";
import { VALUE_FIELD } from "./card_values";
import { howToPlay } from "./how_to_play";
import { PowerKind, type Ruleset } from "../gen/golf/v1/ruleset_pb";
import {
  OPTIONS,
  amount,
  groupTitle,
  listText,
  optionHelp,
  optionLabel,
  optionNamed,
  optionText,
  valueWords,
  type OptionInfo,
} from "./options";
import { PLAYER, POWER_FIELD, powerSentence } from "../words/power_text";
import { applies, callerRules, SAID_ELSEWHERE } from "./rule_applies";

// Each rank's short name, by rank (0 the joker); the number cards are their numbers.
const RANK_LABEL: Record<number, string> = {
  0: "rules.rankJoker",
  1: "rules.rankAce",
  11: "rules.rankJack",
  12: "rules.rankQueen",
  13: "rules.rankKing",
};
const rankLabel = (rank: number) => (RANK_LABEL[rank] ? t(RANK_LABEL[rank]) : String(rank));

// One option in force as a sentence: a boolean that is on is its help; anything else its label and value in words.
// Nothing for a rule that is off, a choice of none or a number of 0.
function describe(rules: Ruleset, o: OptionInfo): string | undefined {
  const value = optionText(rules, o);
  if (o.kind === "boolean") return value === "true" ? optionHelp(o) : undefined;
  if (value === "none" || value === "0" || value === "off" || value === "") return undefined;
  return t("rules.optionValue", { label: optionLabel(o), value: valueWords(o, value) });
}

function group(rules: Ruleset, name: string): string[] {
  return OPTIONS.filter((o) => o.group === name && !SAID_ELSEWHERE.has(o.name) && applies(rules, o.name))
    .map((o) => describe(rules, o))
    .filter((line): line is string => Boolean(line));
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
        h("dt", {}, rankLabel(r)),
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
    const words = { rank: rankLabel(rank), power: powerSentence(kind, PLAYER) };
    out.push(t(rank === 13 && rules.redKingsPowerless ? "rules.powerBlackKings" : "rules.power", words));
  });
  return out;
}

// Each rule the table changed: "Holes in a match: 1 hole (the preset: 9 holes)".
function houseRules(rules: Ruleset, preset: Ruleset | undefined): string[] {
  if (!preset) return [];
  return OPTIONS.filter((o) => optionText(rules, o) !== optionText(preset, o)).map((o) =>
    t("rules.houseRuleValue", {
      label: optionLabel(o),
      value: valueWords(o, optionText(rules, o)),
      preset: valueWords(o, optionText(preset, o)),
    })
  );
}

// "2 to 8 players; 1 pack of 52 cards, one more above 4 and 8 players." and the spare rows, if any.
function table(rules: Ruleset): string {
  const packs = rules.jokersPerPack
    ? t("rules.packsWithJokers", { packs: rules.basePacks ?? 1, jokers: rules.jokersPerPack })
    : t("rules.packs", { packs: rules.basePacks ?? 1 });
  const above = rules.extraPackAbove?.values ?? [];
  const size = { min: rules.minPlayers ?? 0, max: rules.maxPlayers ?? 0, packs };
  const sentence = above.length
    ? t("rules.tableMorePacks", { ...size, above: valueWords(optionNamed("extra_pack_above"), above.join(",")) })
    : t("rules.tableSize", size);
  return rules.extraRows ? `${sentence} ${t("rules.spareRows", { count: rules.extraRows })}` : sentence;
}

// The panel is rebuilt with the table on every update: whether the player opened it is kept here.
let open = true; // open at first: in the drawer, the Rules tab is the click that asked for it

const list = (items: string[]): Child => (items.length ? h("ul", {}, ...items.map((item) => h("li", {}, item))) : null);
const section = (title: string, items: string[]): Child => (items.length ? [h("h3", {}, title), list(items)] : null);

export function rulesPanel(app: App): HTMLElement | null {
  const rules = app.joined?.rules;
  if (!rules) return null;
  const preset = app.presets.find((p) => p.name === app.joined?.preset)?.rules;
  const house = houseRules(rules, preset);
  const special =
    rules.cardValueOverrides?.values.map((v) =>
      t("rules.cardCounts", { card: v.card ? cardShort(v.card) : "?", points: amount(v.points) })
    ) ?? [];
  const power = powers(rules);
  const caller = callerRules(rules) ? [t("rules.callerIs")] : [];
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
      // The preset's name is a game's name, as the presets list shows it.
      h("h2", { class: "inline" }, t("rules.title", { preset: presetTitle(app.joined?.preset ?? "") }))
    ),
    h("h3", {}, t("rules.howToPlay")),
    list(howToPlay(rules)),
    h("h3", {}, t("rules.cardValues")),
    values(rules),
    special.length ? h("p", {}, t("rules.ownPoints", { cards: listText(special, "unit") })) : null,
    h("h3", {}, t("rules.theTable")),
    h("p", {}, table(rules)),
    section(groupTitle("start"), group(rules, "start")),
    section(groupTitle("turns"), group(rules, "turns")),
    power.length ? section(t("rules.powers"), power) : null,
    section(power.length ? t("rules.throwsAndPowerRules") : t("rules.throws"), group(rules, "powers")),
    section(groupTitle("end"), group(rules, "end")),
    section(groupTitle("scoring"), [...caller, ...group(rules, "scoring")]),
    section(groupTitle("match"), group(rules, "match")),
    h("h3", {}, t("rules.houseRules")),
    house.length
      ? h(
          "ul",
          { class: "house-rule-list" },
          ...house.map((rule) => h("li", {}, h("strong", {}, t("rules.houseRulePrefix")), rule))
        )
      : h("p", { id: "no-house-rules" }, t("rules.noHouseRules"))
  );
}
