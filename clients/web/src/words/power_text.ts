// What each power does, worded for its reader: to the player using it ("look at one of your own cards"), about
// someone else ("Bob looks at one of their own cards"), or in the rules panel ("the player looks at ...").
// One message per power in the "cards" catalogue, with the three wordings side by side, so they never disagree.
import { Suit, type Card } from "../gen/golf/v1/cards_pb";
import { PowerKind, type Ruleset } from "../gen/golf/v1/ruleset_pb";
import { t } from "./i18n";

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

// The grammatical person a power sentence is written for: to the player using it ("look at one of your cards"),
// about someone else ("they look at one of their own cards"), the same without its subject (after a name in the
// move log: "look at one of their own cards"), or the rules panel's ("the player looks at ..."). Each power's
// message selects on it (the option "other" is the rules panel's).
export type PowerForm = "you" | "they" | "bare" | "player";
export interface Person {
  form: PowerForm;
}

// Said to the player using it (the terminal's power_text words).
export const YOU_DO: Person = { form: "you" };
// Said of someone else ("they look at one of their own cards"; the terminal's power_text_of_others).
export const THEY: Person = { form: "they" };
// Said of someone else already named: "look at one of their own cards".
export const THEY_BARE: Person = { form: "bare" };
// The rules panel: "the player looks at one of their own cards".
export const PLAYER: Person = { form: "player" };

const POWERS: Partial<Record<PowerKind, string>> = {
  [PowerKind.PEEK_OWN]: "cards.powerPeekOwn",
  [PowerKind.PEEK_OPPONENT]: "cards.powerPeekOpponent",
  [PowerKind.PEEK_ANY]: "cards.powerPeekAny",
  [PowerKind.SWAP_OWN_OPPONENT]: "cards.powerSwapOwnOpponent",
  [PowerKind.SWAP_ANY]: "cards.powerSwapAny",
  [PowerKind.PEEK_THEN_SWAP]: "cards.powerPeekThenSwap",
  [PowerKind.PEEK_BOTH_SWAP]: "cards.powerPeekBothSwap",
  [PowerKind.SHUFFLE_OPPONENT]: "cards.powerShuffleOpponent",
  [PowerKind.CANCEL_CALL]: "cards.powerCancelCall",
  [PowerKind.SWAP_IN]: "cards.powerSwapIn",
  [PowerKind.DRAW_TWO_KEEP_ONE]: "cards.powerDrawTwoKeepOne",
  [PowerKind.SWAP_LINES]: "cards.powerSwapLines",
  [PowerKind.SHIELD]: "cards.powerShield",
  [PowerKind.TURN_CARD]: "cards.powerTurnCard",
  [PowerKind.ADD_OR_REMOVE]: "cards.powerAddOrRemove",
  [PowerKind.TWO_POWERS]: "cards.powerTwoPowers",
};

// "look at one of your cards" (an instruction), "they look at one of their own cards", "the player looks ...".
export function powerSentence(kind: PowerKind, person: Person = YOU_DO): string {
  return t(POWERS[kind] ?? "cards.powerOther", { form: person.form });
}
