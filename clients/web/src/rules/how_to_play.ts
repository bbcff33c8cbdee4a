// "How to play": a short account of a ruleset in plain words, made from the ruleset itself (never written per
// preset), for the start page and the top of the rules panel: the deal, the start, a turn, the powers, how a hole
// ends, what cards are worth and how the match is won. The full detail stays in the rules panel.
import { cardValue } from "./card_values";
import { Suit } from "../gen/golf/v1/cards_pb";
import {
  AllFaceUpRule,
  ClaimRule,
  DiscardFlipRule,
  EmptyStockRule,
  MatchRule,
  PowerKind,
  StartAction,
  type Ruleset,
} from "../gen/golf/v1/ruleset_pb";
import { POWER_FIELD, powerSentence, YOU_DO } from "../words/power_text";
import { RANK_NAME } from "../words/card_names";

const RANKS = [
  "jokers",
  "aces",
  "twos",
  "threes",
  "fours",
  "fives",
  "sixes",
  "sevens",
  "eights",
  "nines",
  "tens",
  "jacks",
  "queens",
  "kings",
];
const NUMBER = [
  "no",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

const count = (n: number) => NUMBER[n] ?? String(n);
const points = (n: number) => `${n < 0 ? "\u2212" : ""}${Math.abs(n)} point${Math.abs(n) === 1 ? "" : "s"}`;

function deal(r: Ruleset): string {
  const rows = r.rows ?? 2,
    cols = r.cols ?? 3;
  const shape = rows === 1 ? `in a row of ${count(cols)}` : `in ${count(rows)} rows of ${count(cols)}`;
  return `Everyone is dealt ${count(rows * cols)} cards face down ${shape}. Lowest score wins.`;
}

function start(r: Ruleset): string | undefined {
  const n = r.startCount ?? 0;
  if (n === 0 || r.start === StartAction.NONE) return "You do not know any of your cards at first.";
  const them = n === 1 ? "one of them" : `${count(n)} of them`;
  if (r.start === StartAction.PEEK) {
    return n === 1
      ? "First look at one of them (only you see it; it stays face down), and remember it."
      : `First look at ${them} (only you see them; they stay face down), and remember them.`;
  }
  return `First turn ${them} face up.`;
}

function turn(r: Ruleset): string {
  const take = r.takenDiscardMustBeUsed ? " (a discard you take must go into your cards)" : "";
  const face = r.newCardFaceUp === false ? "face down" : "face up";
  const flip =
    r.discardFlip === DiscardFlipRule.COMPULSORY || r.discardFlip === DiscardFlipRule.COMPULSORY_UNLESS_ONE_LEFT
      ? "; then turn one of your face-down cards up"
      : r.discardFlip === DiscardFlipRule.OPTIONAL
        ? "; then you may turn one of your face-down cards up"
        : "";
  return (
    `On your turn, draw the top card of the stock or take the top discard${take}. Put it ${face} in place of ` +
    `one of your cards (that card goes on the discards), or discard it${flip}.`
  );
}

function powers(r: Ruleset): string | undefined {
  const byKind = new Map<PowerKind, string[]>();
  POWER_FIELD.forEach((field, rank) => {
    const kind = r[field] as PowerKind | undefined;
    if (kind === undefined || kind === PowerKind.UNSPECIFIED || kind === PowerKind.NONE) return;
    byKind.set(kind, [...(byKind.get(kind) ?? []), `${/^[ae]/.test(RANK_NAME[rank]) ? "an" : "a"} ${RANK_NAME[rank]}`]);
  });
  if (byKind.size === 0) return undefined;
  const either = (cards: string[]) =>
    cards.length === 1 ? cards[0] : `${cards.slice(0, -1).join(", ")} or ${cards[cards.length - 1]}`;
  const lines = [...byKind].map(([kind, cards]) => `${either(cards)}: ${powerSentence(kind, YOU_DO)}`);
  return `Discard a card with a power that you drew, and use its power instead: ${lines.join("; ")}.`;
}

function ending(r: Ruleset): string {
  const parts: string[] = [];
  const knock = r.knocking ? "knocks (instead of a turn)" : r.callAfterTurn ? "calls at the end of a turn" : "";
  switch (r.allFaceUp) {
    case AllFaceUpRule.ENDS_IMMEDIATELY:
      parts.push("The hole ends as soon as someone's cards are all face up");
      break;
    case AllFaceUpRule.FINAL_ROUND:
      parts.push("When someone's cards are all face up, everyone else has one more turn");
      break;
    case AllFaceUpRule.WHEN_EVERYONE:
      parts.push("The hole ends when everyone's cards are face up");
      break;
    default:
      break;
  }
  if (knock) parts.push(`when someone ${knock}, everyone else has one more turn`);
  if (r.emptyStock === EmptyStockRule.END_HAND) parts.push("the hole ends when the stock runs out");
  if (r.emptyLayoutEnds) parts.push("it ends when someone has no cards left");
  if (parts.length === 0) return "The hole ends when the stock runs out.";
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

// The values worth saying: every rank whose points are not its number (ace 1, two to ten as marked).
function values(r: Ruleset): string {
  const odd: string[] = [];
  for (let rank = 1; rank <= 13; ++rank) {
    const v = cardValue(r, { rank, suit: Suit.SPADES } as never);
    const plain = rank <= 10 ? rank : undefined;
    if (v !== plain) odd.push(`${RANKS[rank]} ${points(v)}`);
  }
  if ((r.jokersPerPack ?? 0) > 0) odd.push(`jokers ${points(cardValue(r, { rank: 0, suit: Suit.NONE } as never))}`);
  const special =
    (r.cardValueOverrides?.values ?? []).length > 0 ? " (some cards are worth their own points: see the rules)" : "";
  return `Cards score their number (ace 1)${odd.length ? `, except ${odd.join(", ")}` : ""}${special}.`;
}

function cancels(r: Ruleset): string | undefined {
  const lines = [r.cancelColumn && "a column", r.cancelRow && "a row", r.cancelDiagonal && "a diagonal"].filter(
    Boolean
  );
  const parts: string[] = [];
  if (lines.length) parts.push(`equal cards filling ${lines.join(" or ")} score 0`);
  if (r.cancelPairsAnywhere) parts.push("two equal cards anywhere score 0");
  if (r.cancelAdjacentPairs) parts.push("two equal cards side by side score 0");
  if (parts.length === 0) return undefined;
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function outOfTurn(r: Ruleset): string | undefined {
  if (r.claims !== undefined && r.claims !== ClaimRule.UNSPECIFIED && r.claims !== ClaimRule.NONE)
    return "Anyone may throw a card equal to the top discard onto it, even out of turn; a wrong throw costs.";
  if (r.matching !== undefined && r.matching !== MatchRule.UNSPECIFIED && r.matching !== MatchRule.NONE)
    return "A drawn card may replace equal cards in your layout all at once.";
  return undefined;
}

function match(r: Ruleset): string {
  const holes = r.holes ?? 0,
    target = r.targetScore ?? 0;
  if (holes > 0 && target > 0)
    return `A match is ${count(holes)} holes, or ends when someone reaches ${target}: the lowest total wins.`;
  if (target > 0) return `The match ends when someone reaches ${target} points: the lowest total wins.`;
  if (holes > 0) return `A match is ${holes === 1 ? "one hole" : `${count(holes)} holes`}: the lowest total wins.`;
  return "Play as many holes as you like: the lowest total wins.";
}

export function howToPlay(r: Ruleset): string[] {
  return [deal(r), start(r), turn(r), powers(r), outOfTurn(r), ending(r), values(r), cancels(r), match(r)].filter(
    (s): s is string => s !== undefined
  );
}
