// The stock, the discard pile and the held card, in the middle of the table: the stock and the discards are buttons
// when drawing, taking or discarding is a legal move.
import { h } from "../ui/dom";
import type { App } from "../core/app";
import { drawBack, drawEmpty, drawFace } from "../ui/cards";
import { cardName } from "../words/card_names";
import { ActionKind, Phase, type Action, type HandView } from "../gen/golf/v1/game_pb";
import type { TableUpdate } from "../gen/golf/v1/messages_pb";
import { seatName } from "../words/names";
import { actionCode, find } from "./targets";

function pileButton(
  app: App,
  action: Action | undefined,
  id: string,
  label: string,
  caption: string,
  draw: (el: HTMLElement) => void
): HTMLElement {
  const el =
    action && !app.held
      ? h("button", {
          type: "button",
          id,
          class: "pile-card legal",
          "data-key": id,
          "data-action": actionCode(action),
          "aria-label": label,
          onclick: () => void app.act(action),
        })
      : h("div", { id, class: "pile-card", role: "img", "aria-label": label });
  draw(el);
  return h("div", { class: "pile" }, el, h("span", { class: "pile-caption" }, caption));
}

export function piles(app: App, update: TableUpdate, hand: HandView): HTMLElement {
  const draw = find(hand, ActionKind.DRAW_STOCK);
  const take = find(hand, ActionKind.TAKE_DISCARD);
  const discard = find(hand, ActionKind.DISCARD);
  const top = hand.topDiscard;
  const holder = hand.currentSeat === hand.viewer ? "You hold" : `${seatName(update, hand.currentSeat)} holds`;
  const held =
    hand.holding && (hand.phase === Phase.HOLDING || hand.phase === Phase.MATCHING || hand.phase === Phase.POWER)
      ? h(
          "div",
          { class: "pile held", id: "held" },
          h(
            "div",
            {
              class: "pile-card",
              role: "img",
              "aria-label": `${holder} ${hand.held ? cardName(hand.held) : "a card from the stock"}`,
            },
            ...(() => {
              const el = h("div");
              hand.held ? drawFace(el, hand.held) : drawBack(el);
              return [el];
            })()
          ),
          h("span", { class: "pile-caption" }, `${holder}${hand.heldFromDiscard ? " (from the discards)" : ""}`)
        )
      : null;
  return h(
    "div",
    { class: "piles" },
    pileButton(
      app,
      draw,
      "stock",
      draw ? `Draw from the stock (${hand.stockCount} cards)` : `Stock: ${hand.stockCount} cards`,
      draw ? `Draw · ${hand.stockCount}` : `Stock · ${hand.stockCount}`,
      (el) => (hand.stockCount > 0 ? drawBack(el) : drawEmpty(el))
    ),
    pileButton(
      app,
      take ?? discard,
      "discard",
      discard
        ? "Discard the card you hold"
        : take && top
          ? `Take the ${cardName(top)}`
          : top
            ? `Discard pile: ${cardName(top)} on top`
            : "Discard pile: empty",
      discard ? "Discard here" : take ? "Take" : `Discards · ${hand.discardCount}`,
      (el) => (top ? drawFace(el, top) : drawEmpty(el))
    ),
    held
  );
}
