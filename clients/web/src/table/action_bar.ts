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
import { t } from "../words/i18n";

// The key of each click mode's label.
const MODE_LABEL: Partial<Record<ActionKind, string>> = {
  [ActionKind.PLACE]: "table.modePlace",
  [ActionKind.FLIP]: "table.modeFlip",
  [ActionKind.PEEK]: "table.modePeek",
  [ActionKind.SWAP_OWN]: "table.modeSwapOwn",
  [ActionKind.LOOK]: "table.modeLook",
  [ActionKind.POWER_PEEK]: "table.modePowerPeek",
  [ActionKind.POWER_SWAP]: "table.modePowerSwap",
  [ActionKind.MATCH]: "table.modeMatch",
  [ActionKind.POWER_PLACE]: "table.modePowerPlace",
  [ActionKind.POWER_FLIP]: "table.modePowerFlip",
  [ActionKind.POWER_REMOVE]: "table.modePowerRemove",
};

// What a power does, as an instruction to the player about to use it ("look at one of your own cards").
function powerText(kind: PowerKind): string {
  return powerSentence(kind, YOU_DO);
}

// Every move a button makes, the eight's choice and the click mode; none when there is nothing to choose.
export function actionBar(app: App, update: TableUpdate, hand: HandView, targets: Targets): HTMLElement | null {
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
      hand.phase === Phase.CALLING ? t("table.callButton") : t("table.knockButton"),
      "knock"
    );
    b.classList.replace("legal-button", "secondary");
    buttons.push(b);
  }
  add(ActionKind.REVEAL_ALL, t("table.revealAll"), "reveal-all");
  add(ActionKind.PASS, passText(hand), "pass");
  add(ActionKind.READY, t("table.ready"), "ready");
  if (targets.chosen)
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
        t("table.cancel")
      )
    );
  const modes = modeGroup(app, targets);
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
      !powerCard
        ? t("table.usePowerPlain")
        : hand.phase === Phase.HOLDING
          ? t("table.usePower", { card: cardName(powerCard), power: powerText(power) })
          : t("table.usePowerOnDiscards", { card: cardName(powerCard), power: powerText(power) }),
      "use-power"
    );
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.SHUFFLE))
    button(a, t("table.shuffleCards", { name: seatName(update, a.targetSeat) }), `shuffle-${a.targetSeat}`);
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.CHOOSE_POWER))
    button(a, t("table.choosePower", { power: powerText(a.position as PowerKind) }), `choose-power-${a.position}`);
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.POWER_LINES)) {
    const rows = a.other >= hand.cols;
    const line = (p: number) => (rows ? Math.floor(p / hand.cols) : p) + 1;
    const words = { name: seatName(update, a.targetSeat), first: line(a.position), second: line(a.other) };
    button(
      a,
      rows ? t("table.swapRows", words) : t("table.swapColumns", words),
      `lines-${a.targetSeat}-${a.position}-${a.other}`
    );
  }
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.POWER_ADD))
    button(a, t("table.addStockCard", { name: seatName(update, a.targetSeat) }), `add-${a.targetSeat}`);
  return buttons;
}

// The eight's choice: which of its three cards (the held power card, the cards drawn) a click places.
function keepGroup(app: App, hand: HandView): HTMLElement | null {
  const keep = keepable(hand);
  if (keep.length === 0) return null;
  return h(
    "div",
    { class: "modes keep", role: "radiogroup", "aria-label": t("table.keepWhich") },
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
        keepLabel(hand, k)
      )
    )
  );
}

// The eight's choice `k`: 0 the held power card, 1 and 2 the cards drawn.
function keepLabel(hand: HandView, k: number): string {
  const card = k === 0 ? hand.held : hand.offered[k - 1];
  if (card) return t("table.keepCard", { card: cardName(card) });
  return k === 0 ? t("table.keepPowerCard") : t("table.keepCardNumber", { number: k });
}

// What passing means in this phase.
function passText(hand: HandView): string {
  if (hand.phase === Phase.POWER)
    return hand.power?.kind === PowerKind.TWO_POWERS ? t("table.noSecondPower") : t("table.dontSwap");
  if (hand.phase === Phase.MATCHING) return t("table.doneMatching");
  return hand.phase === Phase.CALLING ? t("table.dontCall") : t("table.dontFlip");
}

// A click mode's label; the kind's protocol name for one this table has no words for.
function modeLabel(kind: ActionKind): string {
  const key = MODE_LABEL[kind];
  return key ? t(key) : ActionKind[kind];
}

// What a click on your cards does, when several kinds of move are legal (none while a first card is chosen).
function modeGroup(app: App, targets: Targets): HTMLElement | null {
  if (targets.chosen || targets.modes.length <= 1) return null;
  return h(
    "div",
    { class: "modes", role: "radiogroup", "aria-label": t("table.modesLabel") },
    ...targets.modes.map((k) =>
      h(
        "label",
        { class: "mode" },
        h("input", {
          type: "radio",
          name: "mode",
          checked: k === targets.mode,
          "data-key": `mode-${k}`,
          onchange: () => {
            app.ui.mode = k;
            app.ui.first = "";
            app.onChange();
          },
        }),
        modeLabel(k)
      )
    )
  );
}
