// The moves made with a button rather than on a card, under the table: a power's choices, knocking or calling,
// passing, "I'm ready", cancelling a two-click move; the eight's choice of the card to keep; and which kind of move
// a click on your cards makes when several are legal.
import { h } from "../ui/dom";
import type { App } from "../core/app";
import { cardName } from "../words/card_names";
import { ActionKind, Phase, type Action, type HandView } from "../gen/golf/v1/game_pb";
import type { TableUpdate } from "../gen/golf/v1/messages_pb";
import { PowerKind } from "../gen/golf/v1/ruleset_pb";
import { seatName } from "../words/names";
import { powerOf, powerSentence, YOU_DO } from "../words/power_text";
import { actionCode, find, keepCard, keepable, keptCard, type Targets } from "./targets";

const MODE_LABEL: Partial<Record<ActionKind, string>> = {
  [ActionKind.PLACE]: "Place the card",
  [ActionKind.FLIP]: "Flip a card",
  [ActionKind.PEEK]: "Peek at a card",
  [ActionKind.SWAP_OWN]: "Swap two cards",
  [ActionKind.LOOK]: "Look at a card (costs points)",
  [ActionKind.POWER_PEEK]: "Look at a card",
  [ActionKind.POWER_SWAP]: "Swap two cards",
  [ActionKind.MATCH]: "Match the held card",
  [ActionKind.POWER_PLACE]: "Put the card in",
  [ActionKind.POWER_FLIP]: "Turn a card over",
  [ActionKind.POWER_REMOVE]: "Discard one of your cards",
};

// What a power does, as an instruction to the player about to use it ("look at one of your own cards").
function powerText(kind: PowerKind): string {
  return powerSentence(kind, YOU_DO);
}

// Every move a button makes, the eight's choice and the click mode; none when there is nothing to choose.
export function actionBar(app: App, update: TableUpdate, hand: HandView, t: Targets): HTMLElement | null {
  const buttons = powerButtons(app, update, hand);
  const add = (kind: ActionKind, text: string, id: string) => {
    const a = find(hand, kind);
    if (a) buttons.push(moveButton(app, a, text, id));
  };
  const keep = keepGroup(app, hand);
  // Knocking ends play for everyone: offered, but not in the colour of the moves a turn is made of.
  const knock = find(hand, ActionKind.KNOCK);
  if (knock) {
    const b = moveButton(
      app,
      knock,
      hand.phase === Phase.CALLING
        ? "Call (everyone else gets one more turn)"
        : "Knock (everyone else gets one more turn)",
      "knock"
    );
    b.classList.replace("legal-button", "secondary");
    buttons.push(b);
  }
  add(ActionKind.REVEAL_ALL, "Turn all my cards up", "reveal-all");
  add(ActionKind.PASS, passText(hand), "pass");
  add(ActionKind.READY, "I'm ready", "ready");
  if (t.chosen)
    buttons.push(
      h(
        "button",
        {
          type: "button",
          id: "cancel",
          "data-key": "cancel",
          class: "secondary",
          "data-action": "cancel",
          onclick: () => {
            app.ui.first = "";
            app.onChange();
          },
        },
        "Cancel"
      )
    );
  const modes = modeGroup(app, t);
  if (buttons.length === 0 && !modes && !keep) return null;
  return h("div", { class: "actions", id: "actions" }, keep, modes, ...buttons);
}

function moveButton(app: App, a: Action, text: string, id: string): HTMLElement {
  return h(
    "button",
    {
      type: "button",
      id,
      "data-key": id,
      class: "legal-button",
      disabled: app.held,
      "data-action": actionCode(a),
      onclick: () => void app.act(a),
    },
    text
  );
}

// A power's moves: using the card's power, and the choices some powers offer as buttons (whose cards to shuffle,
// which of two powers, which rows or columns to swap, whom to add a card to).
function powerButtons(app: App, update: TableUpdate, hand: HandView): HTMLElement[] {
  const buttons: HTMLElement[] = [];
  const button = (a: Action, text: string, id: string) => buttons.push(moveButton(app, a, text, id));
  const powerCard = hand.phase === Phase.HOLDING ? hand.held : hand.topDiscard;
  const power = powerOf(app.joined?.rules, powerCard);
  const use = find(hand, ActionKind.USE_POWER);
  if (use)
    button(
      use,
      powerCard
        ? `Use the ${cardName(powerCard)}${hand.phase === Phase.HOLDING ? "" : " on the discards"}: ${powerText(power)}`
        : "Use the card's power",
      "use-power"
    );
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.SHUFFLE))
    button(a, `Shuffle ${seatName(update, a.targetSeat)}'s cards`, `shuffle-${a.targetSeat}`);
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.CHOOSE_POWER))
    button(a, `Use: ${powerText(a.position as PowerKind)}`, `choose-power-${a.position}`);
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.POWER_LINES)) {
    const rows = a.other >= hand.cols;
    const line = (p: number) => (rows ? Math.floor(p / hand.cols) : p) + 1;
    button(
      a,
      `Swap ${seatName(update, a.targetSeat)}'s ${rows ? "rows" : "columns"} ${line(a.position)} and ${line(a.other)}`,
      `lines-${a.targetSeat}-${a.position}-${a.other}`
    );
  }
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.POWER_ADD))
    button(a, `Add the top stock card, unseen, to ${seatName(update, a.targetSeat)}'s cards`, `add-${a.targetSeat}`);
  return buttons;
}

// The eight's choice: which of its three cards (the held power card, the cards drawn) a click places.
function keepGroup(app: App, hand: HandView): HTMLElement | null {
  const keep = keepable(hand);
  if (keep.length === 0) return null;
  return h(
    "div",
    { class: "modes keep", role: "radiogroup", "aria-label": "Which card to keep" },
    ...keep.map((k) =>
      h(
        "label",
        { class: "mode" },
        h("input", {
          type: "radio",
          name: "keep",
          checked: k === keptCard(),
          "data-key": `keep-${k}`,
          onchange: () => {
            keepCard(k);
            app.onChange();
          },
        }),
        `Keep the ${k === 0 ? (hand.held ? cardName(hand.held) : "power card") : hand.offered[k - 1] ? cardName(hand.offered[k - 1]) : `card ${k}`}`
      )
    )
  );
}

// What passing means in this phase.
function passText(hand: HandView): string {
  if (hand.phase === Phase.POWER) return hand.power?.kind === PowerKind.TWO_POWERS ? "No second power" : "Don't swap";
  if (hand.phase === Phase.MATCHING) return "Done matching";
  return hand.phase === Phase.CALLING ? "Don't call" : "Don't flip";
}

// What a click on your cards does, when several kinds of move are legal (none while a first card is chosen).
function modeGroup(app: App, t: Targets): HTMLElement | null {
  if (t.chosen || t.modes.length <= 1) return null;
  return h(
    "div",
    { class: "modes", role: "radiogroup", "aria-label": "What a click on your cards does" },
    ...t.modes.map((k) =>
      h(
        "label",
        { class: "mode" },
        h("input", {
          type: "radio",
          name: "mode",
          checked: k === t.mode,
          "data-key": `mode-${k}`,
          onchange: () => {
            app.ui.mode = k;
            app.ui.first = "";
            app.onChange();
          },
        }),
        MODE_LABEL[k] ?? ActionKind[k]
      )
    )
  );
}
