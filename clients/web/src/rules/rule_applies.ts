// Which rules say something about the game at a table: a caller's penalty means nothing where nobody calls, a wrong
// throw nothing where nobody throws, a power rule nothing where no card has a power. The rules panel says only
// these. Each entry names the options it reads by the engine's names, as the option table spells them.
import type { Ruleset } from "../gen/golf/v1/ruleset_pb";
import { valueOf } from "./options";
import { RANK_NAME } from "../words/card_names";

type Test = (r: Ruleset, v: (name: string) => string) => boolean;

const hasPowers: Test = (r, v) =>
  RANK_NAME.some((rank, i) => v(`power_${rank}`) !== "none" && (i > 0 || (r.jokersPerPack ?? 0) > 0));
const hasCaller: Test = (_, v) => v("caller_penalty") !== "none" || v("caller_bonus") !== "none";
const throws: Test = (_, v) => v("claims") !== "none" || v("matching") !== "none";
const starts: Test = (r, v) => v("start") !== "none" && (r.startCount ?? 0) > 0;
const cancels: Test = (r) =>
  Boolean(r.cancelColumn || r.cancelRow || r.cancelDiagonal || r.cancelPairsAnywhere || r.cancelAdjacentPairs);
const lastRound: Test = (r, v) => Boolean(r.knocking || r.callAfterTurn) || v("all_face_up") === "final_round";

const TESTS: Record<string, Test> = {
  start_count: starts,
  start_where: starts,
  start_when: starts,
  rearrange_after_start: starts,
  caller_penalty_points: (_, v) => ["add_points", "double_plus_points"].includes(v("caller_penalty")),
  caller_bonus_points: (_, v) => ["minus_points", "set_to_points"].includes(v("caller_bonus")),
  caller_tie: hasCaller,
  caller_tie_points: (r, v) => hasCaller(r, v) && v("caller_tie") === "add_tie_points",
  at_or_below_caller_scores_zero: lastRound,
  turned_up_cancels_call: (r, v) => hasPowers(r, v) && lastRound(r, v),
  power_cards_unplaceable: hasPowers,
  discard_power_reuse: hasPowers,
  red_kings_powerless: (_, v) => v("power_king") !== "none",
  match_by_value: throws,
  wrong_claim_cards: throws,
  wrong_claim_points: (_, v) => v("claims") === "any_matching_top",
  final_turn_stock_only: lastRound,
  cancelled_negatives_keep_value: cancels,
  winner_tie: (r) => Boolean(r.winnerPlaysFirst),
};

// Said by the panel in its own way: the table's size, the packs, the card values and the powers of each rank.
export const SAID_ELSEWHERE = new Set([
  "min_players",
  "max_players",
  "base_packs",
  "extra_pack_above",
  "jokers_per_pack",
  "rows",
  "cols",
  "extra_rows",
  "card_value_overrides",
  ...RANK_NAME.flatMap((rank) => [`power_${rank}`, `value_${rank}`]),
]);

// Whether a caller's score moves at this table, so the panel says who the caller is.
export function callerRules(rules: Ruleset): boolean {
  return hasCaller(rules, (option) => valueOf(rules, option));
}

export function applies(rules: Ruleset, name: string): boolean {
  const test = TESTS[name];
  return !test || test(rules, (option) => valueOf(rules, option));
}
