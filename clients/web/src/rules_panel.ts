// "Rules at this table": the table's exact ruleset (TableJoined.rules) in words, generated from the ruleset and
// the engine's option help (gen/options.json), never written per preset: layout and cards, card values, the
// start, each power, how a hole ends, scoring, the match, and the house rules that differ from the preset.
import { h, type Child } from "./dom";
import type { App } from "./app";
import { cardShort } from "./cards";
import { VALUE_FIELD } from "./card_values";
import { PowerKind, type Ruleset } from "./gen/golf/v1/ruleset_pb";
import { OPTIONS, choiceMeaning, optionText, withValues, type OptionInfo } from "./rules";
import { PLAYER, POWER_FIELD, powerSentence } from "./power_text";

const RANK_LABEL = ["Joker", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

const words = (name: string) => name.replace(/_/g, " ");

// One option as a sentence: a boolean in force is its help; a choice is its meaning; a number its value and help.
function describe(rules: Ruleset, o: OptionInfo): string | undefined {
  const value = optionText(rules, o);
  switch (o.kind) {
    case "boolean": return value === "true" ? o.help : undefined;
    case "choice": {
      if (value === "none") return undefined;
      const meaning = withValues(choiceMeaning(o.name, value), rules);
      return `${words(o.name).replace(/^./, (c) => c.toUpperCase())}: ${words(value)}${meaning ? ` (${meaning})` : ""}.`;
    }
    case "integer": case "optional_integer":
      return value === "0" || value === "off" ? undefined : `${words(o.name).replace(/^./, (c) => c.toUpperCase())}: ${value}. ${o.help}`;
    default: return value ? `${words(o.name).replace(/^./, (c) => c.toUpperCase())}: ${value}. ${o.help}` : undefined;
  }
}

function group(rules: Ruleset, name: string, skip: Set<string>): string[] {
  return OPTIONS.filter((o) => o.group === name && !skip.has(o.name) && !o.name.startsWith("value_") && !o.name.startsWith("power_"))
    .map((o) => describe(rules, o)).filter((t): t is string => Boolean(t));
}

function values(rules: Ruleset): HTMLElement {
  const ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, ...(rules.jokersPerPack ? [0] : [])];
  return h("table", { class: "values", "aria-label": "Points per card" },
    h("tr", {}, h("th", { scope: "row" }, "Card"), ...ranks.map((r) => h("td", {}, RANK_LABEL[r]))),
    h("tr", {}, h("th", { scope: "row" }, "Points"), ...ranks.map((r) => h("td", {}, String(rules[VALUE_FIELD[r]] ?? 0)))));
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

// The panel is rebuilt with the table on every update: whether the player opened it is kept here.
let open = false;

const list = (items: string[]): Child => (items.length ? h("ul", {}, ...items.map((t) => h("li", {}, t))) : null);

export function rulesPanel(app: App): HTMLElement | null {
  const rules = app.joined?.rules;
  if (!rules) return null;
  const preset = app.presets.find((p) => p.name === app.joined?.preset);
  const house = preset?.rules
    ? OPTIONS.filter((o) => optionText(rules, o) !== optionText(preset.rules!, o))
        .map((o) => `${words(o.name)}: ${words(optionText(rules, o)) || "none"} (the preset has ${words(optionText(preset.rules!, o)) || "none"}). ${o.help}`)
    : [];
  const special = rules.cardValueOverrides?.values.map((v) => `${v.card ? cardShort(v.card) : "?"} counts ${v.points}`) ?? [];
  const layout = `Each player has ${rules.rows} row${rules.rows === 1 ? "" : "s"} of ${rules.cols} cards` +
    `${rules.extraRows ? ` (and up to ${rules.extraRows} more rows for cards a layout gains)` : ""}; ` +
    `${rules.basePacks} pack${rules.basePacks === 1 ? "" : "s"} of 52${rules.jokersPerPack ? ` with ${rules.jokersPerPack} joker${rules.jokersPerPack === 1 ? "" : "s"} each` : ""}.`;
  const skip = new Set(["min_players", "max_players", "base_packs", "jokers_per_pack", "rows", "cols", "extra_rows", "card_value_overrides"]);
  const power = powers(rules);
  return h("details", { class: "panel rules-panel", id: "rules-panel", open,
                        ontoggle: (e: Event) => { open = (e.target as HTMLDetailsElement).open; } },
    h("summary", { "data-key": "rules-summary" }, h("h2", { class: "inline" }, `Rules at this table: ${app.joined?.preset ?? ""}`)),
    h("p", {}, layout, ` ${rules.minPlayers} to ${rules.maxPlayers} players.`),
    h("h3", {}, "Card values"), values(rules), special.length ? h("p", {}, `Special cards: ${special.join(", ")}.`) : null,
    h("h3", {}, "Lowest score wins"), list(group(rules, "scoring", skip)),
    h("h3", {}, "The start of a hole"), list(group(rules, "start", skip)),
    h("h3", {}, "A turn"), list(group(rules, "turns", skip)),
    power.length ? [h("h3", {}, "Powers (a card drawn from the stock may be used instead of played)"), list(power),
                    list(group(rules, "powers", skip))] : null,
    h("h3", {}, "How a hole ends"), list(group(rules, "end", skip)),
    h("h3", {}, "The match"), list(group(rules, "match", skip)),
    h("h3", {}, "House rules"), house.length ? list(house) : h("p", { id: "no-house-rules" }, "None: the preset as it is."));
}
