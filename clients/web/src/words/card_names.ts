// Cards in words, and in the golf tool's notation: "QS", "TD", "X" for a joker (cardCode, which every rendered face
// carries in data-card); "queen of spades" (cardName); "Q♠", "10♣", "joker" (cardShort, the move log's and the
// accessible names'); and each rank's name, after which the engine's options are named too. The words come from the
// "cards" catalogue, chosen by the rank's and the suit's names (select messages); codes and names stay English.
import { Suit, type Card } from "../gen/golf/v1/cards_pb";
import { t } from "./i18n";

export const RANK_LABEL = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const RANK_CODE = ["X", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
// Each rank's name, 0 the joker; the engine's options are named after them too (power_ace, value_king), and the
// catalogue's rank selects.
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
// The suit's name in the catalogue's suit selects.
const SUIT_NAME: Record<Suit, string> = {
  [Suit.NONE]: "none",
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
  if (isJoker(card)) return t("cards.joker");
  return t("cards.name", { rank: RANK_NAME[card.rank] ?? "unknown", suit: SUIT_NAME[card.suit] ?? "unknown" });
}

const SUIT_SYMBOL: Record<Suit, string> = {
  [Suit.NONE]: "",
  [Suit.CLUBS]: "\u2663",
  [Suit.DIAMONDS]: "\u2666",
  [Suit.HEARTS]: "\u2665",
  [Suit.SPADES]: "\u2660",
};

// "Q♦", "10♣", "joker": the short name the move log and the accessible names use (the court cards' letters are the
// language's: "D♦" in French).
export function cardShort(card: Card): string {
  if (isJoker(card)) return t("cards.joker");
  const rank = RANK_NAME[card.rank] ?? "unknown";
  return t("cards.short", { rank, label: RANK_LABEL[card.rank] ?? "?", suit: SUIT_SYMBOL[card.suit] ?? "?" });
}

// The rank as a card's face shows it: "Q", "10", "JKR" (in the language's letters, as cardShort).
export function faceRank(card: Card): string {
  return t("cards.faceRank", { rank: RANK_NAME[card.rank] ?? "unknown", label: RANK_LABEL[card.rank] ?? "?" });
}
