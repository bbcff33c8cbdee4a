// The turn line's words: what the reader may do now ("Your turn: draw from the stock or take the top discard."), or
// whose turn it is and what they are doing.
import { ActionKind, Phase, type HandView } from "../gen/golf/v1/game_pb";
import type { TableUpdate } from "../gen/golf/v1/messages_pb";
import { turnText } from "./bots";
import { endText } from "./hole_review";
import { keepable, type Targets } from "./targets";

export function instruction(update: TableUpdate, hand: HandView, t: Targets): string {
  const me = hand.viewer;
  if (hand.phase === Phase.OVER) return `Hole ${hand.hole} is over: ${endText(hand.ended)}.`;
  if (me < 0) {
    return hand.phase === Phase.START ? "The players are starting the hole." : turnText(update, hand.currentSeat);
  }
  const has = (k: ActionKind) => hand.legal.some((a) => a.kind === k);
  if (hand.legal.length === 0) {
    if (hand.phase === Phase.START) return "Waiting for the others to finish their start.";
    return turnText(update, hand.currentSeat);
  }
  const left = hand.seats[me]?.startLeft ?? 0;
  if (hand.phase === Phase.START || (has(ActionKind.PEEK) && left > 0) || (has(ActionKind.FLIP) && left > 0)) {
    if (has(ActionKind.SWAP_OWN) || has(ActionKind.READY))
      return "Rearrange your cards unseen if you like, then say you are ready.";
    return `${has(ActionKind.PEEK) ? "Peek at" : "Flip"} ${left} of your cards: choose ${left === 1 ? "one" : "them"} below.`;
  }
  if (t.chosen && (t.mode === ActionKind.CLAIM || t.mode === ActionKind.MATCH))
    return "Now choose one of your cards to give for it (or cancel).";
  if (t.chosen) return "Now choose the second card (or cancel).";
  if (hand.legal.every((a) => a.kind === ActionKind.CLAIM))
    return `${turnText(update, hand.currentSeat)} You may claim a card that matches the top discard.`;
  if (has(ActionKind.DRAW_STOCK) || has(ActionKind.TAKE_DISCARD))
    return "Your turn: draw from the stock or take the top discard.";
  if (has(ActionKind.USE_POWER) && hand.phase === Phase.HOLDING && has(ActionKind.PLACE))
    return has(ActionKind.DISCARD)
      ? "Place the card in your layout, discard it, or use its power."
      : "Place the card in your layout, or use its power.";
  if (has(ActionKind.PLACE))
    return has(ActionKind.DISCARD)
      ? "Place the card in your layout (the card there goes to the discard pile), or discard it."
      : "Place the card in your layout: the card there goes to the discard pile.";
  if (hand.phase === Phase.POWER) {
    if (t.mode === ActionKind.POWER_SWAP)
      return has(ActionKind.PASS) ? "Choose two cards to swap, or don't swap." : "Choose two cards to swap.";
    if (t.mode === ActionKind.POWER_PEEK) return "Choose the card to look at.";
    if (has(ActionKind.SHUFFLE)) return "Choose whose cards to shuffle.";
    if (has(ActionKind.CHOOSE_POWER))
      return has(ActionKind.PASS) ? "Choose a second power, or stop here." : "Choose the first of two powers.";
    if (t.mode === ActionKind.POWER_PLACE)
      return keepable(hand).length > 0
        ? "Choose which card to keep, then the card of yours it replaces."
        : "Choose the card your card replaces.";
    if (has(ActionKind.POWER_LINES)) return "Choose the rows or columns to swap.";
    if (t.mode === ActionKind.POWER_FLIP) return "Choose a card to turn over.";
    if (has(ActionKind.POWER_ADD) || has(ActionKind.POWER_REMOVE))
      return "Add a card to another player, or discard one of yours.";
  }
  if (hand.phase === Phase.MATCHING) return "Match more equal cards, or say you are done.";
  if (hand.phase === Phase.CALLING) return "Your turn is done: call (everyone else gets one more turn), or not.";
  if (t.mode === ActionKind.FLIP)
    return has(ActionKind.PASS) ? "You may flip one of your face-down cards." : "Flip one of your face-down cards.";
  if (has(ActionKind.CLAIM)) return "You may claim a card that matches the top discard.";
  return "Your move.";
}
