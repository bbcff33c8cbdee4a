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
import { locale, t, plainNumber } from "../words/i18n";
import { listText } from "./options";

// A card of each rank with its article ("an ace"), by rank (0 the joker).
const A_RANK = [
  "howto.aJoker",
  "howto.anAce",
  "howto.aTwo",
  "howto.aThree",
  "howto.aFour",
  "howto.aFive",
  "howto.aSix",
  "howto.aSeven",
  "howto.anEight",
  "howto.aNine",
  "howto.aTen",
  "howto.aJack",
  "howto.aQueen",
  "howto.aKing",
];
// Every card of each rank ("jacks"), by rank.
const RANKS = [
  "howto.jokers",
  "howto.aces",
  "howto.twos",
  "howto.threes",
  "howto.fours",
  "howto.fives",
  "howto.sixes",
  "howto.sevens",
  "howto.eights",
  "howto.nines",
  "howto.tens",
  "howto.jacks",
  "howto.queens",
  "howto.kings",
];

// A small number in words where the language writes it so ("six"), else in figures.
const count = (n: number) => t("howto.numberWord", { n: String(n), digits: plainNumber(n) });
const points = (n: number) =>
  t("howto.points", { count: Math.abs(n), points: `${n < 0 ? "\u2212" : ""}${plainNumber(Math.abs(n))}` });

// Clauses joined into one sentence ("The hole ends ...; the hole ends when ..."), its first letter a capital.
function sentence(parts: string[]): string {
  const text = parts.reduce((first, next) => t("howto.clauses", { first, next }));
  return t("howto.sentence", { text: `${text.charAt(0).toLocaleUpperCase(locale())}${text.slice(1)}` });
}

function deal(r: Ruleset): string {
  const rows = r.rows ?? 2,
    cols = r.cols ?? 3;
  const words = { count: rows * cols, cards: count(rows * cols), rowCount: rows, rows: count(rows), cols: count(cols) };
  return rows === 1 ? t("howto.dealRow", words) : t("howto.dealRows", words);
}

function start(r: Ruleset): string | undefined {
  const n = r.startCount ?? 0;
  if (n === 0 || r.start === StartAction.NONE) return t("howto.startUnknown");
  if (r.start === StartAction.PEEK) return n === 1 ? t("howto.peekOne") : t("howto.peekSome", { number: count(n) });
  return n === 1 ? t("howto.flipOne") : t("howto.flipSome", { number: count(n) });
}

function turn(r: Ruleset): string {
  const flip =
    r.discardFlip === DiscardFlipRule.COMPULSORY || r.discardFlip === DiscardFlipRule.COMPULSORY_UNLESS_ONE_LEFT
      ? "must"
      : r.discardFlip === DiscardFlipRule.OPTIONAL
        ? "may"
        : "no";
  return t("howto.turn", {
    mustUse: r.takenDiscardMustBeUsed ? "yes" : "no",
    face: r.newCardFaceUp === false ? "down" : "up",
    flip,
  });
}

function powers(r: Ruleset): string | undefined {
  const byKind = new Map<PowerKind, string[]>();
  POWER_FIELD.forEach((field, rank) => {
    const kind = r[field] as PowerKind | undefined;
    if (kind === undefined || kind === PowerKind.UNSPECIFIED || kind === PowerKind.NONE) return;
    byKind.set(kind, [...(byKind.get(kind) ?? []), t(A_RANK[rank])]);
  });
  if (byKind.size === 0) return undefined;
  const lines = [...byKind].map(([kind, cards]) =>
    t("howto.powerLine", { cards: listText(cards, "disjunction"), power: powerSentence(kind, YOU_DO) })
  );
  return t("howto.powers", { powers: lines.reduce((first, next) => t("howto.clauses", { first, next })) });
}

function ending(r: Ruleset): string {
  const parts: string[] = [];
  switch (r.allFaceUp) {
    case AllFaceUpRule.ENDS_IMMEDIATELY:
      parts.push(t("howto.endAllFaceUp"));
      break;
    case AllFaceUpRule.FINAL_ROUND:
      parts.push(t("howto.endFinalRound"));
      break;
    case AllFaceUpRule.WHEN_EVERYONE:
      parts.push(t("howto.endWhenEveryone"));
      break;
    default:
      break;
  }
  if (r.knocking) parts.push(t("howto.endKnock"));
  else if (r.callAfterTurn) parts.push(t("howto.endCall"));
  if (r.emptyStock === EmptyStockRule.END_HAND) parts.push(t("howto.endEmptyStock"));
  if (r.emptyLayoutEnds) parts.push(t("howto.endEmptyLayout"));
  if (parts.length === 0) return t("howto.endStockOnly");
  return sentence(parts);
}

// The values worth saying: every rank whose points are not its number (ace 1, two to ten as marked).
function values(r: Ruleset): string {
  const odd: string[] = [];
  for (let rank = 1; rank <= 13; ++rank) {
    const v = cardValue(r, { rank, suit: Suit.SPADES } as never);
    const plain = rank <= 10 ? rank : undefined;
    if (v !== plain) odd.push(t("howto.rankPoints", { rank: t(RANKS[rank]), points: points(v) }));
  }
  if ((r.jokersPerPack ?? 0) > 0)
    odd.push(
      t("howto.rankPoints", {
        rank: t(RANKS[0]),
        points: points(cardValue(r, { rank: 0, suit: Suit.NONE } as never)),
      })
    );
  const special = (r.cardValueOverrides?.values ?? []).length > 0 ? "yes" : "no";
  return odd.length
    ? t("howto.valuesExcept", { except: listText(odd, "unit"), special })
    : t("howto.values", { special });
}

function cancels(r: Ruleset): string | undefined {
  const parts: string[] = [];
  // The lines that cancel, named as the message's select names them: "column", "columnRow", "rowDiagonal", ...
  const which = `${r.cancelColumn ? "Column" : ""}${r.cancelRow ? "Row" : ""}${r.cancelDiagonal ? "Diagonal" : ""}`;
  if (which) parts.push(t("howto.cancelLines", { lines: which.charAt(0).toLowerCase() + which.slice(1) }));
  if (r.cancelPairsAnywhere) parts.push(t("howto.cancelPairs"));
  if (r.cancelAdjacentPairs) parts.push(t("howto.cancelSideBySide"));
  if (parts.length === 0) return undefined;
  return sentence(parts);
}

function outOfTurn(r: Ruleset): string | undefined {
  if (r.claims !== undefined && r.claims !== ClaimRule.UNSPECIFIED && r.claims !== ClaimRule.NONE)
    return t("howto.throwOutOfTurn");
  if (r.matching !== undefined && r.matching !== MatchRule.UNSPECIFIED && r.matching !== MatchRule.NONE)
    return t("howto.replaceEqual");
  return undefined;
}

function match(r: Ruleset): string {
  const holes = r.holes ?? 0,
    target = r.targetScore ?? 0;
  const words = { count: holes, holes: count(holes), target: plainNumber(target), points: target };
  if (holes > 0 && target > 0) return t("howto.matchHolesOrTarget", words);
  if (target > 0) return t("howto.matchTarget", words);
  if (holes > 0) return t("howto.matchHoles", words);
  return t("howto.matchOpen");
}

export function howToPlay(r: Ruleset): string[] {
  return [deal(r), start(r), turn(r), powers(r), outOfTurn(r), ending(r), values(r), cancels(r), match(r)].filter(
    (s): s is string => s !== undefined
  );
}
