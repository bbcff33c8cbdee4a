// Points a card is worth under a table's rules: the rank's value_* field, unless card_value_overrides names the
// card. The hole review and the rules panel both read it.
import type { Card } from "../gen/golf/v1/cards_pb";
import type { Ruleset } from "../gen/golf/v1/ruleset_pb";

export const VALUE_FIELD: (keyof Ruleset)[] = [
  "valueJoker",
  "valueAce",
  "valueTwo",
  "valueThree",
  "valueFour",
  "valueFive",
  "valueSix",
  "valueSeven",
  "valueEight",
  "valueNine",
  "valueTen",
  "valueJack",
  "valueQueen",
  "valueKing",
];

export function cardValue(rules: Ruleset, card: Card): number {
  const special = rules.cardValueOverrides?.values.find(
    (v) => v.card?.rank === card.rank && (card.rank === 0 || v.card?.suit === card.suit)
  );
  if (special) return special.points;
  return (rules[VALUE_FIELD[card.rank]] as number | undefined) ?? 0;
}
