// Cards in words, and in the golf tool's notation: "QS", "TD", "X" for a joker (cardCode, which every rendered face
// carries in data-card); "queen of spades" (cardName); "Q♠", "10♣", "joker" (cardShort, the move log's and the
// accessible names'); and each rank's name, after which the engine's options are named too.
import { Suit, type Card } from "../gen/golf/v1/cards_pb";

export const RANK_LABEL = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const RANK_CODE = ["X", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
// Each rank's name, 0 the joker; the engine's options are named after them too (power_ace, value_king).
export const RANK_NAME = [
  "joker",
  "ace",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "jack",
  "queen",
  "king",
];
const SUIT_CODE: Record<Suit, string> = {
  [Suit.NONE]: "",
  [Suit.CLUBS]: "C",
  [Suit.DIAMONDS]: "D",
  [Suit.HEARTS]: "H",
  [Suit.SPADES]: "S",
};
const SUIT_NAME: Record<Suit, string> = {
  [Suit.NONE]: "",
  [Suit.CLUBS]: "clubs",
  [Suit.DIAMONDS]: "diamonds",
  [Suit.HEARTS]: "hearts",
  [Suit.SPADES]: "spades",
};

export function isJoker(card: Card): boolean {
  return card.rank === 0;
}

export function cardCode(card: Card): string {
  return isJoker(card) ? "X" : `${RANK_CODE[card.rank] ?? "?"}${SUIT_CODE[card.suit] ?? "?"}`;
}

export function cardName(card: Card): string {
  return isJoker(card) ? "joker" : `${RANK_NAME[card.rank] ?? "?"} of ${SUIT_NAME[card.suit] ?? "?"}`;
}

const SUIT_SYMBOL: Record<Suit, string> = {
  [Suit.NONE]: "",
  [Suit.CLUBS]: "\u2663",
  [Suit.DIAMONDS]: "\u2666",
  [Suit.HEARTS]: "\u2665",
  [Suit.SPADES]: "\u2660",
};

// "Q♦", "10♣", "joker": the short name the move log and the accessible names use.
export function cardShort(card: Card): string {
  return isJoker(card) ? "joker" : `${RANK_LABEL[card.rank] ?? "?"}${SUIT_SYMBOL[card.suit] ?? "?"}`;
}
