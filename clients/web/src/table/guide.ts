// The guided first hand: chosen with "Play against bots", a tip over the others' seats explains each new situation
// of the first hole as it comes (your cards, your first turn, a card in hand, the others' turns; the hole's review
// explains itself), each once, until the player closes a tip or stops the guide. The words follow the table's rules.
import { h } from "../ui/dom";
import type { App } from "../core/app";
import { cardShort } from "../words/card_names";
import { ActionKind, Phase, type HandView } from "../gen/golf/v1/game_pb";
import { StartAction } from "../gen/golf/v1/ruleset_pb";

const dismissed = new Set<string>();

function tip(app: App, hand: HandView): { id: string; text: string } | undefined {
  const me = hand.viewer;
  if (me < 0) return undefined;
  const has = (k: ActionKind) => hand.legal.some((a) => a.kind === k);
  const rules = app.joined?.rules;
  const left = hand.seats[me]?.startLeft ?? 0;
  if (hand.phase === Phase.START && left > 0) {
    const peek = rules?.start === StartAction.PEEK;
    return {
      id: "start",
      text:
        `These ${hand.seats[me].positions.length} cards at the bottom are yours, face down. ` +
        (peek
          ? `Click ${left} of them to look at them: only you see them, so remember them.`
          : `Click ${left} of them to turn them face up.`) +
        " The lower your cards add up to, the better.",
    };
  }
  if (has(ActionKind.DRAW_STOCK) || has(ActionKind.TAKE_DISCARD)) {
    const top = hand.topDiscard ? `the ${cardShort(hand.topDiscard)}` : "the top discard";
    return {
      id: "draw",
      text:
        `Your turn. Take ${top} from the discards if it is low, or draw an unknown card from ` +
        "the stock: click the pile.",
    };
  }
  if (has(ActionKind.PLACE))
    return {
      id: "place",
      text:
        "Click one of your cards to put the new card in its place (that card goes on the " +
        "discards)" +
        (has(ActionKind.DISCARD) ? ", or discard the new card." : ".") +
        " Replace your highest cards first.",
    };
  if (hand.currentSeat !== me && hand.phase !== Phase.START && hand.phase !== Phase.OVER)
    return {
      id: "others",
      text:
        "Now the others play. The line above the table says what they did; beside each " +
        "name, \u201cshows\u201d is what that player's face-up cards are worth and \u201ctotal\u201d their score so far.",
    };
  return undefined;
}

// The box on screen, kept across redraws: the table is drawn anew at every move, and a click pressed on one box
// and released on its replacement would be lost (bots move while a newcomer reads).
let shown: { key: string; box: HTMLElement } | undefined;

// The tip for the table as it is now, or null when the guide is off or has said this already.
export function guideBox(app: App, hand: HandView): HTMLElement | null {
  if (!app.ui.guide) return null;
  const t = tip(app, hand);
  if (!t || dismissed.has(t.id)) return null;
  const key = `${t.id}\n${t.text}`;
  if (shown?.key !== key) shown = { key, box: tipBox(app, t) };
  return shown.box;
}

function tipBox(app: App, t: { id: string; text: string }): HTMLElement {
  return h(
    "div",
    { class: "guide", id: "guide", role: "note", "data-tip": t.id },
    h("p", {}, t.text),
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
            dismissed.add(t.id);
            app.onChange();
          },
        },
        "Got it"
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
        "Stop the guide"
      )
    )
  );
}
