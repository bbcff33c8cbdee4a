// The turn line's words: what the reader may do now ("Your turn: draw from the stock or take the top discard."), or
// whose turn it is and what they are doing.
import { ActionKind, Phase, type HandView } from "../gen/golf/v1/game_pb";
import type { TableUpdate } from "../gen/golf/v1/messages_pb";
import { turnText } from "./bots";
import { endText } from "./hole_review";
import { keepable, type Targets } from "./targets";
import { t } from "../words/i18n";

export function instruction(update: TableUpdate, hand: HandView, targets: Targets): string {
  const me = hand.viewer;
  if (hand.phase === Phase.OVER) return t("table.holeOver", { hole: hand.hole, end: endText(hand.ended) });
  if (me < 0) {
    return hand.phase === Phase.START ? t("table.playersStarting") : turnText(update, hand.currentSeat);
  }
  const has = (k: ActionKind) => hand.legal.some((a) => a.kind === k);
  if (hand.legal.length === 0) {
    if (hand.phase === Phase.START) return t("table.waitingOthersStart");
    return turnText(update, hand.currentSeat);
  }
  const left = hand.seats[me]?.startLeft ?? 0;
  if (hand.phase === Phase.START || (has(ActionKind.PEEK) && left > 0) || (has(ActionKind.FLIP) && left > 0)) {
    if (has(ActionKind.SWAP_OWN) || has(ActionKind.READY)) return t("table.rearrange");
    return has(ActionKind.PEEK) ? t("table.startPeek", { count: left }) : t("table.startFlip", { count: left });
  }
  if (targets.chosen && (targets.mode === ActionKind.CLAIM || targets.mode === ActionKind.MATCH))
    return t("table.chooseCardToGive");
  if (targets.chosen) return t("table.chooseSecondCard");
  if (hand.legal.every((a) => a.kind === ActionKind.CLAIM))
    return t("table.turnThenMayClaim", { turn: turnText(update, hand.currentSeat) });
  if (has(ActionKind.DRAW_STOCK) || has(ActionKind.TAKE_DISCARD)) return t("table.drawOrTake");
  if (has(ActionKind.USE_POWER) && hand.phase === Phase.HOLDING && has(ActionKind.PLACE))
    return has(ActionKind.DISCARD) ? t("table.placeDiscardOrUsePower") : t("table.placeOrUsePower");
  if (has(ActionKind.PLACE)) return has(ActionKind.DISCARD) ? t("table.placeOrDiscard") : t("table.placeOnly");
  if (hand.phase === Phase.POWER) {
    if (targets.mode === ActionKind.POWER_SWAP)
      return has(ActionKind.PASS) ? t("table.chooseSwapOrNot") : t("table.chooseSwap");
    if (targets.mode === ActionKind.POWER_PEEK) return t("table.chooseCardToLook");
    if (has(ActionKind.SHUFFLE)) return t("table.chooseShuffle");
    if (has(ActionKind.CHOOSE_POWER))
      return has(ActionKind.PASS) ? t("table.chooseSecondPower") : t("table.chooseFirstPower");
    if (targets.mode === ActionKind.POWER_PLACE)
      return keepable(hand).length > 0 ? t("table.chooseKeepThenReplace") : t("table.chooseReplaced");
    if (has(ActionKind.POWER_LINES)) return t("table.chooseLines");
    if (targets.mode === ActionKind.POWER_FLIP) return t("table.chooseTurnOver");
    if (has(ActionKind.POWER_ADD) || has(ActionKind.POWER_REMOVE)) return t("table.addOrRemove");
  }
  if (hand.phase === Phase.MATCHING) return t("table.matchMore");
  if (hand.phase === Phase.CALLING) return t("table.callOrNot");
  if (targets.mode === ActionKind.FLIP) return has(ActionKind.PASS) ? t("table.mayFlip") : t("table.flipOne");
  if (has(ActionKind.CLAIM)) return t("table.mayClaim");
  return t("table.yourMove");
}
