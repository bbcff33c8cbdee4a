// The house rules as data. Every option, its group, range or choices and its words for players (a label, one plain
// sentence of help, the unit a number counts, each choice in words) come from the engine's own option table
// (generated into gen/options.json by `golf rules --options --json`); the Ruleset message has a field of the same
// name for each. Values travel as the golf tool's text ("true", "12", "off", "4,8", "QS:40,X:-5"); this file reads
// them from a Ruleset, parses them back and says them in plain words. The editor is house_rules.ts.
import { Suit, type Card } from "../gen/golf/v1/cards_pb";
import { RulesetSchema, type Ruleset } from "../gen/golf/v1/ruleset_pb";
import optionsJson from "../gen/options.json";
import { cardCode, cardShort } from "../words/card_names";
import { language, listFormat, locale, numberFormat, t } from "../words/i18n";

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

// The engine's option words (gen/options.json) are English, made by the C++ tool. The page says them in the
// player's language from these keys, one per option's stable name (the English catalogue repeats the engine's
// words exactly); an option no map knows, from a server newer than the page, keeps the engine's English.
interface OptionKeys {
  label: string;
  help: string;
  choices?: Record<string, string>;
}

const POWER_CHOICES: Record<string, string> = {
  none: "options.powerNone",
  peek_own: "options.powerPeekOwn",
  peek_opponent: "options.powerPeekOpponent",
  peek_any: "options.powerPeekAny",
  swap_own_opponent: "options.powerSwapOwnOpponent",
  swap_any: "options.powerSwapAny",
  peek_then_swap: "options.powerPeekThenSwap",
  peek_both_swap: "options.powerPeekBothSwap",
  shuffle_opponent: "options.powerShuffleOpponent",
  cancel_call: "options.powerCancelCall",
  swap_in: "options.powerSwapIn",
  draw_two_keep_one: "options.powerDrawTwoKeepOne",
  swap_lines: "options.powerSwapLines",
  shield: "options.powerShield",
  turn_card: "options.powerTurnCard",
  add_or_remove: "options.powerAddOrRemove",
  two_powers: "options.powerTwoPowers",
};

const OPTION_KEYS: Record<string, OptionKeys> = {
  min_players: { label: "options.minPlayersLabel", help: "options.minPlayersHelp" },
  max_players: { label: "options.maxPlayersLabel", help: "options.maxPlayersHelp" },
  base_packs: { label: "options.basePacksLabel", help: "options.basePacksHelp" },
  extra_pack_above: { label: "options.extraPackAboveLabel", help: "options.extraPackAboveHelp" },
  jokers_per_pack: { label: "options.jokersPerPackLabel", help: "options.jokersPerPackHelp" },
  rows: { label: "options.rowsLabel", help: "options.rowsHelp" },
  cols: { label: "options.colsLabel", help: "options.colsHelp" },
  extra_rows: { label: "options.extraRowsLabel", help: "options.extraRowsHelp" },
  start: {
    label: "options.startLabel",
    help: "options.startHelp",
    choices: { none: "options.startNone", flip: "options.startFlip", peek: "options.startPeek" },
  },
  start_count: { label: "options.startCountLabel", help: "options.startCountHelp" },
  start_where: {
    label: "options.startWhereLabel",
    help: "options.startWhereHelp",
    choices: {
      any: "options.startWhereAny",
      same_column: "options.startWhereSameColumn",
      different_columns: "options.startWhereDifferentColumns",
      middle_and_outer: "options.startWhereMiddleAndOuter",
      nearest_row: "options.startWhereNearestRow",
    },
  },
  start_when: {
    label: "options.startWhenLabel",
    help: "options.startWhenHelp",
    choices: { before_play: "options.startWhenBeforePlay", first_turn: "options.startWhenFirstTurn" },
  },
  rearrange_after_start: { label: "options.rearrangeAfterStartLabel", help: "options.rearrangeAfterStartHelp" },
  peeks_shown_once: { label: "options.peeksShownOnceLabel", help: "options.peeksShownOnceHelp" },
  initial_discard: { label: "options.initialDiscardLabel", help: "options.initialDiscardHelp" },
  new_card_face_up: { label: "options.newCardFaceUpLabel", help: "options.newCardFaceUpHelp" },
  discard_flip: {
    label: "options.discardFlipLabel",
    help: "options.discardFlipHelp",
    choices: {
      none: "options.discardFlipNone",
      optional: "options.discardFlipOptional",
      compulsory: "options.discardFlipCompulsory",
      compulsory_unless_one_left: "options.discardFlipCompulsoryUnlessOneLeft",
    },
  },
  taken_discard_must_be_used: {
    label: "options.takenDiscardMustBeUsedLabel",
    help: "options.takenDiscardMustBeUsedHelp",
  },
  flip_only_turn: { label: "options.flipOnlyTurnLabel", help: "options.flipOnlyTurnHelp" },
  knocking: { label: "options.knockingLabel", help: "options.knockingHelp" },
  reveal_all_turn: { label: "options.revealAllTurnLabel", help: "options.revealAllTurnHelp" },
  face_up_locked: { label: "options.faceUpLockedLabel", help: "options.faceUpLockedHelp" },
  frozen_columns: { label: "options.frozenColumnsLabel", help: "options.frozenColumnsHelp" },
  unseen_replace_once: { label: "options.unseenReplaceOnceLabel", help: "options.unseenReplaceOnceHelp" },
  look_cost: { label: "options.lookCostLabel", help: "options.lookCostHelp" },
  jack_skips_next: { label: "options.jackSkipsNextLabel", help: "options.jackSkipsNextHelp" },
  turn_limit: { label: "options.turnLimitLabel", help: "options.turnLimitHelp" },
  power_joker: { label: "options.powerJokerLabel", help: "options.powerJokerHelp", choices: POWER_CHOICES },
  power_ace: { label: "options.powerAceLabel", help: "options.powerAceHelp", choices: POWER_CHOICES },
  power_two: { label: "options.powerTwoLabel", help: "options.powerTwoHelp", choices: POWER_CHOICES },
  power_three: { label: "options.powerThreeLabel", help: "options.powerThreeHelp", choices: POWER_CHOICES },
  power_four: { label: "options.powerFourLabel", help: "options.powerFourHelp", choices: POWER_CHOICES },
  power_five: { label: "options.powerFiveLabel", help: "options.powerFiveHelp", choices: POWER_CHOICES },
  power_six: { label: "options.powerSixLabel", help: "options.powerSixHelp", choices: POWER_CHOICES },
  power_seven: { label: "options.powerSevenLabel", help: "options.powerSevenHelp", choices: POWER_CHOICES },
  power_eight: { label: "options.powerEightLabel", help: "options.powerEightHelp", choices: POWER_CHOICES },
  power_nine: { label: "options.powerNineLabel", help: "options.powerNineHelp", choices: POWER_CHOICES },
  power_ten: { label: "options.powerTenLabel", help: "options.powerTenHelp", choices: POWER_CHOICES },
  power_jack: { label: "options.powerJackLabel", help: "options.powerJackHelp", choices: POWER_CHOICES },
  power_queen: { label: "options.powerQueenLabel", help: "options.powerQueenHelp", choices: POWER_CHOICES },
  power_king: { label: "options.powerKingLabel", help: "options.powerKingHelp", choices: POWER_CHOICES },
  power_cards_unplaceable: { label: "options.powerCardsUnplaceableLabel", help: "options.powerCardsUnplaceableHelp" },
  discard_power_reuse: { label: "options.discardPowerReuseLabel", help: "options.discardPowerReuseHelp" },
  matching: {
    label: "options.matchingLabel",
    help: "options.matchingHelp",
    choices: {
      none: "options.matchingNone",
      own_equal_set: "options.matchingOwnEqualSet",
      any_layout: "options.matchingAnyLayout",
    },
  },
  claims: {
    label: "options.claimsLabel",
    help: "options.claimsHelp",
    choices: {
      none: "options.claimsNone",
      own_matching_top: "options.claimsOwnMatchingTop",
      any_matching_top: "options.claimsAnyMatchingTop",
    },
  },
  match_by_value: { label: "options.matchByValueLabel", help: "options.matchByValueHelp" },
  wrong_claim_cards: { label: "options.wrongClaimCardsLabel", help: "options.wrongClaimCardsHelp" },
  wrong_claim_points: { label: "options.wrongClaimPointsLabel", help: "options.wrongClaimPointsHelp" },
  call_after_turn: { label: "options.callAfterTurnLabel", help: "options.callAfterTurnHelp" },
  red_kings_powerless: { label: "options.redKingsPowerlessLabel", help: "options.redKingsPowerlessHelp" },
  turned_up_cancels_call: { label: "options.turnedUpCancelsCallLabel", help: "options.turnedUpCancelsCallHelp" },
  all_face_up: {
    label: "options.allFaceUpLabel",
    help: "options.allFaceUpHelp",
    choices: {
      ends_immediately: "options.allFaceUpEndsImmediately",
      final_round: "options.allFaceUpFinalRound",
      when_everyone: "options.allFaceUpWhenEveryone",
      nothing: "options.allFaceUpNothing",
    },
  },
  final_turn_stock_only: { label: "options.finalTurnStockOnlyLabel", help: "options.finalTurnStockOnlyHelp" },
  expose_on_end: { label: "options.exposeOnEndLabel", help: "options.exposeOnEndHelp" },
  empty_stock: {
    label: "options.emptyStockLabel",
    help: "options.emptyStockHelp",
    choices: { reshuffle: "options.emptyStockReshuffle", end_hand: "options.emptyStockEndHand" },
  },
  empty_layout_ends: { label: "options.emptyLayoutEndsLabel", help: "options.emptyLayoutEndsHelp" },
  value_joker: { label: "options.valueJokerLabel", help: "options.valueJokerHelp" },
  value_ace: { label: "options.valueAceLabel", help: "options.valueAceHelp" },
  value_two: { label: "options.valueTwoLabel", help: "options.valueTwoHelp" },
  value_three: { label: "options.valueThreeLabel", help: "options.valueThreeHelp" },
  value_four: { label: "options.valueFourLabel", help: "options.valueFourHelp" },
  value_five: { label: "options.valueFiveLabel", help: "options.valueFiveHelp" },
  value_six: { label: "options.valueSixLabel", help: "options.valueSixHelp" },
  value_seven: { label: "options.valueSevenLabel", help: "options.valueSevenHelp" },
  value_eight: { label: "options.valueEightLabel", help: "options.valueEightHelp" },
  value_nine: { label: "options.valueNineLabel", help: "options.valueNineHelp" },
  value_ten: { label: "options.valueTenLabel", help: "options.valueTenHelp" },
  value_jack: { label: "options.valueJackLabel", help: "options.valueJackHelp" },
  value_queen: { label: "options.valueQueenLabel", help: "options.valueQueenHelp" },
  value_king: { label: "options.valueKingLabel", help: "options.valueKingHelp" },
  card_value_overrides: { label: "options.cardValueOverridesLabel", help: "options.cardValueOverridesHelp" },
  cancel_column: { label: "options.cancelColumnLabel", help: "options.cancelColumnHelp" },
  cancel_row: { label: "options.cancelRowLabel", help: "options.cancelRowHelp" },
  cancel_diagonal: { label: "options.cancelDiagonalLabel", help: "options.cancelDiagonalHelp" },
  cancel_pairs_anywhere: { label: "options.cancelPairsAnywhereLabel", help: "options.cancelPairsAnywhereHelp" },
  cancel_adjacent_pairs: { label: "options.cancelAdjacentPairsLabel", help: "options.cancelAdjacentPairsHelp" },
  cancelled_negatives_keep_value: {
    label: "options.cancelledNegativesKeepValueLabel",
    help: "options.cancelledNegativesKeepValueHelp",
  },
  one_eyed_jacks_wild: { label: "options.oneEyedJacksWildLabel", help: "options.oneEyedJacksWildHelp" },
  bonus_equal_column_pairs: { label: "options.bonusEqualColumnPairsLabel", help: "options.bonusEqualColumnPairsHelp" },
  bonus_square_block: { label: "options.bonusSquareBlockLabel", help: "options.bonusSquareBlockHelp" },
  bonus_all_equal: { label: "options.bonusAllEqualLabel", help: "options.bonusAllEqualHelp" },
  bonus_row_of_kings: { label: "options.bonusRowOfKingsLabel", help: "options.bonusRowOfKingsHelp" },
  others_penalty_side_by_side_pairs: {
    label: "options.othersPenaltySideBySidePairsLabel",
    help: "options.othersPenaltySideBySidePairsHelp",
  },
  straight_score: { label: "options.straightScoreLabel", help: "options.straightScoreHelp" },
  shoot_the_moon: { label: "options.shootTheMoonLabel", help: "options.shootTheMoonHelp" },
  four_of_a_kind_wins_match: { label: "options.fourOfAKindWinsMatchLabel", help: "options.fourOfAKindWinsMatchHelp" },
  caller_penalty: {
    label: "options.callerPenaltyLabel",
    help: "options.callerPenaltyHelp",
    choices: {
      none: "options.callerPenaltyNone",
      add_points: "options.callerPenaltyAddPoints",
      double_plus_points: "options.callerPenaltyDoublePlusPoints",
      set_to_highest: "options.callerPenaltySetToHighest",
      add_highest: "options.callerPenaltyAddHighest",
      add_twice_players: "options.callerPenaltyAddTwicePlayers",
      add_lowest: "options.callerPenaltyAddLowest",
    },
  },
  caller_penalty_points: { label: "options.callerPenaltyPointsLabel", help: "options.callerPenaltyPointsHelp" },
  caller_bonus: {
    label: "options.callerBonusLabel",
    help: "options.callerBonusHelp",
    choices: {
      none: "options.callerBonusNone",
      zero: "options.callerBonusZero",
      minus_players: "options.callerBonusMinusPlayers",
      minus_points: "options.callerBonusMinusPoints",
      set_to_points: "options.callerBonusSetToPoints",
    },
  },
  caller_bonus_points: { label: "options.callerBonusPointsLabel", help: "options.callerBonusPointsHelp" },
  caller_tie: {
    label: "options.callerTieLabel",
    help: "options.callerTieHelp",
    choices: {
      as_lowest: "options.callerTieAsLowest",
      as_not_lowest: "options.callerTieAsNotLowest",
      no_adjustment: "options.callerTieNoAdjustment",
      add_tie_points: "options.callerTieAddTiePoints",
    },
  },
  caller_tie_points: { label: "options.callerTiePointsLabel", help: "options.callerTiePointsHelp" },
  at_or_below_caller_scores_zero: {
    label: "options.atOrBelowCallerScoresZeroLabel",
    help: "options.atOrBelowCallerScoresZeroHelp",
  },
  lowest_scores_zero: { label: "options.lowestScoresZeroLabel", help: "options.lowestScoresZeroHelp" },
  remove_completed_lines: { label: "options.removeCompletedLinesLabel", help: "options.removeCompletedLinesHelp" },
  holes: { label: "options.holesLabel", help: "options.holesHelp" },
  target_score: { label: "options.targetScoreLabel", help: "options.targetScoreHelp" },
  match_tie: {
    label: "options.matchTieLabel",
    help: "options.matchTieHelp",
    choices: { shared: "options.matchTieShared", play_off: "options.matchTiePlayOff" },
  },
  winner_plays_first: { label: "options.winnerPlaysFirstLabel", help: "options.winnerPlaysFirstHelp" },
  winner_tie: {
    label: "options.winnerTieLabel",
    help: "options.winnerTieHelp",
    choices: { draw_cards: "options.winnerTieDrawCards", caller_loses: "options.winnerTieCallerLoses" },
  },
};

const GROUP_TITLE: Record<string, string> = {
  table: "options.groupTable",
  cards: "options.groupCards",
  layout: "options.groupLayout",
  start: "options.groupStart",
  turns: "options.groupTurns",
  powers: "options.groupPowers",
  end: "options.groupEnd",
  scoring: "options.groupScoring",
  match: "options.groupMatch",
};

// "{amount} players": each unit an option counts, with its plural.
const UNIT: Record<string, string> = {
  players: "options.unitPlayers",
  packs: "options.unitPacks",
  jokers: "options.unitJokers",
  rows: "options.unitRows",
  cards: "options.unitCards",
  points: "options.unitPoints",
  turns: "options.unitTurns",
  holes: "options.unitHoles",
};

export function groupTitle(group: string): string {
  const key = GROUP_TITLE[group];
  return key ? t(key) : group;
}

export function optionLabel(option: OptionInfo): string {
  const key = OPTION_KEYS[option.name]?.label;
  return key ? t(key) : option.label;
}

export function optionHelp(option: OptionInfo): string {
  const key = OPTION_KEYS[option.name]?.help;
  return key ? t(key) : option.help;
}

// One choice of a choice option in words ("You may").
export function choiceWords(option: OptionInfo, choice: string): string {
  const key = OPTION_KEYS[option.name]?.choices?.[choice];
  if (key) return t(key);
  return option.choice_words?.[option.choices?.indexOf(choice) ?? -1] ?? choice;
}

// The word for an option's unit alone ("points"), for the search.
export function unitWord(option: OptionInfo): string {
  const key = option.unit ? UNIT[option.unit] : undefined;
  return key ? t(key, { count: 2, amount: "" }).trim() : (option.unit ?? "");
}

// German capitalises its nouns: a label or a choice inside a sentence keeps its capital there, else it is lowered.
const keepsCapitals = () => language() === "de";
const lowerFirst = (words: string) =>
  keepsCapitals() ? words : words.charAt(0).toLocaleLowerCase(locale()) + words.slice(1);
const lowerAll = (words: string) => (keepsCapitals() ? words : words.toLocaleLowerCase(locale()));

// A list in the player's language ("4, 5 and 8").
export function listText(items: string[], type: "conjunction" | "disjunction" | "unit" = "conjunction"): string {
  return listFormat({ type, style: type === "unit" ? "short" : "long" }).format(items);
}

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
  const number = `${n < 0 ? "\u2212" : ""}${numberFormat().format(Math.abs(n))}`;
  if (!unit) return number;
  const key = UNIT[unit];
  // A unit the page has no words for (a newer engine's) is said as the engine spells it.
  if (!key) return `${number} ${Math.abs(n) === 1 ? unit.replace(/s$/, "") : unit}`;
  return t(key, { count: Math.abs(n), amount: number });
}

// A value in a player's words: "yes", "9 holes", "off", "look at one of your cards", "4 and 8 players", "Q♠ 40".
export function valueWords(option: OptionInfo, text: string): string {
  const value = text.trim();
  switch (option.kind) {
    case "boolean":
      return value === "true" ? t("options.yes") : t("options.no");
    case "integer":
      return /^-?\d+$/.test(value) ? amount(Number(value), option.unit) : value;
    case "optional_integer":
      if (value === "off" || value === "") return t("options.off");
      return /^-?\d+$/.test(value) ? amount(Number(value), option.unit) : value;
    case "choice":
      return lowerFirst(choiceWords(option, value));
    case "integer_list":
      return value === "" ? t("options.none") : numbersWords(option, value);
    case "card_values":
      return value === "" ? t("options.none") : cardValuesWords(option, value);
  }
}

// "4 and 8 players": the numbers listed, the unit agreeing with the last.
function numbersWords(option: OptionInfo, value: string): string {
  const numbers = value.split(",").map((n) => n.trim());
  const list = listText(numbers);
  const key = option.unit ? UNIT[option.unit] : undefined;
  if (!key) return `${list} ${option.unit ?? ""}`.trim();
  return t(key, { count: Math.abs(Number(numbers[numbers.length - 1])) || 0, amount: list });
}

// "Q♠ 40, X −5".
function cardValuesWords(option: OptionInfo, value: string): string {
  return listText(
    value.split(",").map((pair) => {
      const [code, points] = pair.split(":");
      try {
        return `${cardShort(parseCard(option, code) as Card)} ${amount(Number(points))}`;
      } catch {
        return pair;
      }
    }),
    "unit"
  );
}

// What values an option takes, in words: "From 0 to 1,000 holes.", "Empty for off, or from −1,000 to 1,000 points."
export function rangeWords(option: OptionInfo): string {
  const bounds = { min: amount(option.min ?? 0), max: amount(option.max ?? 0, option.unit) };
  switch (option.kind) {
    case "integer":
      return t("options.rangeFromTo", bounds);
    case "optional_integer":
      return t("options.rangeOffOrFromTo", bounds);
    case "integer_list":
      return t("options.rangeNumbers", bounds);
    case "card_values":
      return t("options.rangeCards");
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
    super(message);
  }
}

function parseInteger(option: OptionInfo, text: string): number {
  const label = optionLabel(option);
  if (!/^-?\d+$/.test(text.trim()))
    throw new OptionError(option, t("options.errorWholeNumber", { label, text: text.trim() }));
  const n = Number(text.trim());
  if (option.min !== undefined && option.max !== undefined && (n < option.min || n > option.max))
    throw new OptionError(
      option,
      t("options.errorRange", { label, min: amount(option.min), max: amount(option.max, option.unit) })
    );
  return n;
}

const RANKS: Record<string, number> = { A: 1, T: 10, "10": 10, J: 11, Q: 12, K: 13 };
const SUITS: Record<string, Suit> = { C: Suit.CLUBS, D: Suit.DIAMONDS, H: Suit.HEARTS, S: Suit.SPADES };

// A card as the golf tool writes it (QS, TD, 10H, X): the same letters in every language, like the tool's own.
function parseCard(option: OptionInfo, text: string): { rank: number; suit: Suit } {
  const code = text.trim().toUpperCase();
  if (code === "X") return { rank: 0, suit: Suit.NONE };
  const match = /^(10|[2-9ATJQK])([CDHS])$/.exec(code);
  if (!match)
    throw new OptionError(option, t("options.errorNotCard", { label: optionLabel(option), text: text.trim() }));
  return { rank: RANKS[match[1]] ?? Number(match[1]), suit: SUITS[match[2]] };
}

function parseChoice(option: OptionInfo, value: string): number {
  const index = option.choices?.indexOf(value) ?? -1;
  if (index < 0) {
    const choices = (option.choices ?? []).map((c) => choiceWords(option, c)).join("; ");
    throw new OptionError(option, t("options.errorChoice", { label: optionLabel(option), choices }));
  }
  return index + 1;
}

function parseCardValues(option: OptionInfo, value: string): unknown {
  if (value === "") return { values: [] };
  return {
    values: value.split(",").map((pair) => {
      const [card, points, ...rest] = pair.split(":");
      if (points === undefined || rest.length > 0)
        throw new OptionError(option, t("options.errorCardPoints", { label: optionLabel(option) }));
      return { card: parseCard(option, card), points: parseInteger(option, points) };
    }),
  };
}

// The override value for a Ruleset field, from text (throws an OptionError).
export function parseValue(option: OptionInfo, text: string): unknown {
  const value = text.trim();
  switch (option.kind) {
    case "boolean":
      if (value !== "true" && value !== "false")
        throw new OptionError(option, t("options.errorYesNo", { label: optionLabel(option) }));
      return value === "true";
    case "integer":
      return parseInteger(option, value);
    case "optional_integer":
      return value === "off" || value === "" ? {} : { points: parseInteger(option, value) };
    case "choice":
      return parseChoice(option, value);
    case "integer_list":
      return { values: value === "" ? [] : value.split(",").map((part) => parseInteger(option, part)) };
    case "card_values":
      return parseCardValues(option, value);
  }
}

// A server's refusal names options as the engine spells them ("rows must be between 1 and 6"): say their labels.
// The rest of the sentence is the server's own English.
export function plainMessage(message: string): { text: string; option?: OptionInfo } {
  const option = [...OPTIONS].sort((a, b) => b.name.length - a.name.length).find((o) => message.startsWith(o.name));
  const named = (text: string) =>
    text.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => {
      const other = BY_NAME.get(name);
      return other ? lowerAll(optionLabel(other)) : name;
    });
  return {
    text: option ? `${optionLabel(option)}${named(message.slice(option.name.length))}` : named(message),
    option,
  };
}
