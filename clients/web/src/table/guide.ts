// The guided first hand: chosen with "Play against bots", a tip over the others' seats explains each new situation
// of the first hole as it comes (your cards, your first turn, a card in hand, the others' turns; the hole's review
// explains itself), each once, until the player closes a tip or stops the guide. The words follow the table's rules.
import { h } from "../ui/dom";
import type { App } from "../core/app";
import { cardShort } from "../words/card_names";
import { ActionKind, Phase, type HandView } from "../gen/golf/v1/game_pb";
import { StartAction } from "../gen/golf/v1/ruleset_pb";
import { t } from "../words/i18n";

const dismissed = new Set<string>();

function tip(app: App, hand: HandView): { id: string; text: string } | undefined {
  const me = hand.viewer;
  if (me < 0) return undefined;
  const has = (k: ActionKind) => hand.legal.some((a) => a.kind === k);
  const rules = app.joined?.rules;
  const left = hand.seats[me]?.startLeft ?? 0;
  if (hand.phase === Phase.START && left > 0) {
    const peek = rules?.start === StartAction.PEEK;
    const counts = { count: hand.seats[me].positions.length, left };
    return { id: "start", text: peek ? t("table.guideStartPeek", counts) : t("table.guideStartFlip", counts) };
  }
  if (has(ActionKind.DRAW_STOCK) || has(ActionKind.TAKE_DISCARD)) {
    const top = hand.topDiscard;
    return {
      id: "draw",
      text: top ? t("table.guideDrawCard", { card: cardShort(top) }) : t("table.guideDrawTopDiscard"),
    };
  }
  if (has(ActionKind.PLACE))
    return {
      id: "place",
      text: has(ActionKind.DISCARD) ? t("table.guidePlaceOrDiscard") : t("table.guidePlace"),
    };
  if (hand.currentSeat !== me && hand.phase !== Phase.START && hand.phase !== Phase.OVER)
    return {
      id: "others",
      text: t("table.guideOthers", { shows: t("table.figureShows"), total: t("table.figureTotal") }),
    };
  return undefined;
}

// The box on screen, kept across redraws: the table is drawn anew at every move, and a click pressed on one box
// and released on its replacement would be lost (bots move while a newcomer reads).
let shown: { key: string; box: HTMLElement } | undefined;

// The tip for the table as it is now, or null when the guide is off or has said this already.
export function guideBox(app: App, hand: HandView): HTMLElement | null {
  if (!app.ui.guide) return null;
  const now = tip(app, hand);
  if (!now || dismissed.has(now.id)) return null;
  const key = `${now.id}\n${now.text}`;
  if (shown?.key !== key) shown = { key, box: tipBox(app, now) };
  return shown.box;
}

function tipBox(app: App, shownTip: { id: string; text: string }): HTMLElement {
  return h(
    "div",
    { class: "guide", id: "guide", role: "note", "data-tip": shownTip.id },
    h("p", {}, shownTip.text),
    h(
      "span",
      { class: "guide-buttons" },
      h(
        "button",
        {
          type: "button",
          class: "small",
          id: "guide-ok",
          onclick: () => {
            dismissed.add(shownTip.id);
            app.onChange();
          },
        },
        t("table.guideGotIt")
      ),
      h(
        "button",
        {
          type: "button",
          class: "small secondary",
          id: "guide-stop",
          onclick: () => {
            app.ui.guide = false;
            app.onChange();
          },
        },
        t("table.guideStop")
      )
    )
  );
}
