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
import { t } from "../words/i18n";

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

// The held card's accessible name and its caption: who holds it, what it is if the reader may know, where from.
function heldWords(update: TableUpdate, hand: HandView): { label: string; caption: string } {
  const card = hand.held ? cardName(hand.held) : undefined;
  const fromDiscards = hand.heldFromDiscard;
  if (hand.currentSeat === hand.viewer)
    return {
      label: card ? t("table.youHoldCard", { card }) : t("table.youHoldStockCard"),
      caption: fromDiscards ? t("table.youHoldFromDiscards") : t("table.youHold"),
    };
  const name = seatName(update, hand.currentSeat);
  return {
    label: card ? t("table.seatHoldsCard", { name, card }) : t("table.seatHoldsStockCard", { name }),
    caption: fromDiscards ? t("table.seatHoldsFromDiscards", { name }) : t("table.seatHolds", { name }),
  };
}

export function piles(app: App, update: TableUpdate, hand: HandView): HTMLElement {
  const draw = find(hand, ActionKind.DRAW_STOCK);
  const take = find(hand, ActionKind.TAKE_DISCARD);
  const discard = find(hand, ActionKind.DISCARD);
  const top = hand.topDiscard;
  const words = heldWords(update, hand);
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
              "aria-label": words.label,
            },
            ...(() => {
              const el = h("div");
              hand.held ? drawFace(el, hand.held) : drawBack(el);
              return [el];
            })()
          ),
          h("span", { class: "pile-caption" }, words.caption)
        )
      : null;
  return h(
    "div",
    { class: "piles" },
    pileButton(
      app,
      draw,
      "stock",
      draw ? t("table.drawFromStock", { count: hand.stockCount }) : t("table.stockLabel", { count: hand.stockCount }),
      draw ? t("table.drawCaption", { count: hand.stockCount }) : t("table.stockCaption", { count: hand.stockCount }),
      (el) => (hand.stockCount > 0 ? drawBack(el) : drawEmpty(el))
    ),
    pileButton(
      app,
      take ?? discard,
      "discard",
      discard
        ? t("table.discardHeld")
        : take && top
          ? t("table.takeCard", { card: cardName(top) })
          : top
            ? t("table.discardPileTop", { card: cardName(top) })
            : t("table.discardPileEmpty"),
      discard
        ? t("table.discardCaption")
        : take
          ? t("table.takeCaption")
          : t("table.discardsCaption", { count: hand.discardCount }),
      (el) => (top ? drawFace(el, top) : drawEmpty(el))
    ),
    held
  );
}
