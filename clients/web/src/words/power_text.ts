// What each power does, worded for its reader: to the player using it ("look at one of your own cards"), about
// someone else ("Bob looks at one of their own cards"), or in the rules panel ("the player looks at ...").
// One table of sentence builders, so the three never disagree.
import { Suit, type Card } from "../gen/golf/v1/cards_pb";
import { PowerKind, type Ruleset } from "../gen/golf/v1/ruleset_pb";

export const POWER_FIELD: (keyof Ruleset)[] = [
  "powerJoker",
  "powerAce",
  "powerTwo",
  "powerThree",
  "powerFour",
  "powerFive",
  "powerSix",
  "powerSeven",
  "powerEight",
  "powerNine",
  "powerTen",
  "powerJack",
  "powerQueen",
  "powerKing",
];

// The power a card of this rank has under the table's rules (a red king none under red_kings_powerless).
export function powerOf(rules: Ruleset | undefined, card: Card | undefined): PowerKind {
  if (!rules || !card) return PowerKind.UNSPECIFIED;
  if (card.rank === 13 && rules.redKingsPowerless && (card.suit === Suit.DIAMONDS || card.suit === Suit.HEARTS))
    return PowerKind.NONE;
  const field = POWER_FIELD[card.rank];
  return field ? (rules[field] as PowerKind) : PowerKind.UNSPECIFIED;
}

// The grammatical person a power sentence is written for.
export interface Person {
  subject: string; // "you", "they", "the player"; "" for an instruction ("look at ...")
  your: string; // "your", "their"
  yours: string; // "yours", "theirs"
  own: string; // "your", "their own": one of [own] cards
  them: string; // "you", "them"
  third: boolean; // verbs take an -s
}

// Said to the player using it (the terminal's power_text words).
export const YOU_DO: Person = { subject: "", your: "your", yours: "yours", own: "your", them: "you", third: false };
// Said of someone else ("they look at one of their own cards"; the terminal's power_text_of_others).
export const THEY: Person = {
  subject: "they",
  your: "their",
  yours: "theirs",
  own: "their own",
  them: "them",
  third: false,
};
// The rules panel: "the player looks at one of their own cards".
export const PLAYER: Person = { ...THEY, subject: "the player", third: true };

type Builder = (v: (verb: string) => string, p: Person) => string;

const POWERS: Partial<Record<PowerKind, Builder>> = {
  [PowerKind.PEEK_OWN]: (v, p) => `${v("look")} at one of ${p.own} cards`,
  [PowerKind.PEEK_OPPONENT]: (v) => `${v("look")} at another player's card`,
  [PowerKind.PEEK_ANY]: (v) => `${v("look")} at any card`,
  [PowerKind.SWAP_OWN_OPPONENT]: (v, p) => `${v("swap")} one of ${p.your} cards with another player's, unseen`,
  [PowerKind.SWAP_ANY]: (v) => `${v("swap")} any two cards, unseen`,
  [PowerKind.PEEK_THEN_SWAP]: (v, p) =>
    `${v("look")} at another player's card, then ${v("swap")} it with one of ${p.yours}`,
  [PowerKind.PEEK_BOTH_SWAP]: (v, p) =>
    `${v("look")} at one of ${p.yours} and another player's, then ${v("swap")} them or not`,
  [PowerKind.SHUFFLE_OPPONENT]: (v) => `${v("shuffle")} another player's face-down cards`,
  [PowerKind.CANCEL_CALL]: (v) => `${v("cancel")} the knock in force`,
  [PowerKind.SWAP_IN]: (v) => `${v("put")} this card in place of another player's card, which is discarded`,
  [PowerKind.DRAW_TWO_KEEP_ONE]: (v, p) =>
    `${v("look")} at the next two cards and ${v("keep")} one of the three in place of one of ${p.yours}`,
  [PowerKind.SWAP_LINES]: (v) => `${v("swap")} two rows or two columns of another player's cards`,
  [PowerKind.SHIELD]: (v, p) => `${v("keep")} it as a shield against the next power aimed at ${p.them}`,
  [PowerKind.TURN_CARD]: (v, p) => `${v("turn")} another player's card face up, or one of ${p.yours} face down`,
  [PowerKind.ADD_OR_REMOVE]: (v, p) =>
    `${v("add")} an unseen card to another player, or ${v("discard")} one of ${p.yours}`,
  [PowerKind.TWO_POWERS]: (v) => `${v("use")} two different powers of the 3 to the king`,
};

// "look at one of your cards" (an instruction), "they look at one of their own cards", "the player looks ...".
export function powerSentence(kind: PowerKind, person: Person = YOU_DO): string {
  const build = POWERS[kind];
  const v = (verb: string) => (person.third ? `${verb}s` : verb);
  const text = build ? build(v, person) : `${v("use")} its power`;
  return person.subject ? `${person.subject} ${text}` : text;
}
