// A seat at the table: its name, badges (you, guest, dealer, bot, away, shields) and figures, and its layout as a
// grid of card positions, each a button with an accessible name; a legal move's button makes it (or chooses the
// first card of two), the rest say they are disabled. Arrow keys move within a layout.
import { h, type Child } from "../ui/dom";
import type { App } from "../core/app";
import { drawBack, drawEmpty, drawFace } from "../ui/cards";
import { cardName, cardShort } from "../words/card_names";
import { ActionKind, Phase, type Action, type HandView, type Position } from "../gen/golf/v1/game_pb";
import { BotLevel, type TableUpdate } from "../gen/golf/v1/messages_pb";
import { botBadge } from "./bots";
import { glimpses, memoryMode } from "./move_log_view";
import { cardLabel, seatName } from "../words/names";
import { guestTag, nameLink } from "../ui/marks";
import { actionCode, key, type Key, type Targets } from "./targets";
import { reactionBubble } from "./reactions";
import { t, numberFormat, listFormat } from "../words/i18n";

// The key of a legal card's accessible name for each kind of move: what a click does, then the card.
const VERB: Partial<Record<ActionKind, string>> = {
  [ActionKind.PLACE]: "table.slotPlace",
  [ActionKind.FLIP]: "table.slotFlip",
  [ActionKind.PEEK]: "table.slotPeek",
  [ActionKind.SWAP_OWN]: "table.slotSwap",
  [ActionKind.LOOK]: "table.slotLook",
  [ActionKind.POWER_PEEK]: "table.slotLookAt",
  [ActionKind.POWER_SWAP]: "table.slotSwap",
  [ActionKind.MATCH]: "table.slotMatch",
  [ActionKind.CLAIM]: "table.slotClaim",
  [ActionKind.POWER_PLACE]: "table.slotPut",
  [ActionKind.POWER_FLIP]: "table.slotTurnOver",
  [ActionKind.POWER_REMOVE]: "table.slotDiscard",
};

// A bot's name without the level the server adds in brackets ("bot 1 (heuristic)"): its badge says the level.
function shortName(update: TableUpdate, seat: number): string {
  const info = update.seats[seat];
  const name = seatName(update, seat);
  return info && info.bot !== BotLevel.UNSPECIFIED ? name.replace(/ \([^)]*\)$/, "") : name;
}

export function seatPanel(
  app: App,
  update: TableUpdate,
  hand: HandView,
  seat: number,
  targets: Targets | undefined,
  changed: Set<string>
): HTMLElement {
  const layout = hand.seats[seat];
  const info = update.seats[seat];
  const isMe = seat === hand.viewer;
  const turn = hand.phase !== Phase.START && hand.phase !== Phase.OVER && hand.currentSeat === seat;
  const person = info !== undefined && info.occupied && info.bot === BotLevel.UNSPECIFIED;
  const grid = h(
    "div",
    {
      class: "grid",
      style: `--cols:${hand.cols}`,
      role: "group",
      onkeydown: gridKeys(hand.cols),
      "aria-label": isMe ? t("table.yourCards") : t("table.seatCards", { name: seatName(update, seat) }),
    },
    ...(layout?.positions ?? []).map((pos, p) => slot(app, update, hand, seat, p, pos, targets, changed))
  );
  // One Tab stop per layout with no move in it (roving focus): the arrow keys then read its cards.
  if (!grid.querySelector(".slot.legal")) grid.querySelector<HTMLElement>(".slot")?.setAttribute("tabindex", "0");
  const name = shortName(update, seat);
  return h(
    "div",
    { class: `seat${isMe ? " me" : ""}${turn ? " turn" : ""}`, "data-seat": seat },
    h(
      "h2",
      { class: "seat-head" },
      turn ? h("span", { class: "turn-mark", "aria-label": t("table.theirTurn") }, "\u25B6") : null,
      h(
        "span",
        { class: "seat-name", title: seatName(update, seat) },
        person ? nameLink(app, name, info.registered, true) : name
      ),
      ...badges(update, hand, seat),
      reactionBubble(app, seat),
      figures(seat, layout?.shownPoints ?? 0, update.scorecard?.totals[seat] ?? 0)
    ),
    grid
  );
}

// What a seat's name carries: you, guest, dealer, a bot's level, away, ended play, the start's choices left, shields.
function badges(update: TableUpdate, hand: HandView, seat: number): Child[] {
  const layout = hand.seats[seat];
  const info = update.seats[seat];
  const isMe = seat === hand.viewer;
  const person = info !== undefined && info.occupied && info.bot === BotLevel.UNSPECIFIED;
  return [
    isMe ? h("span", { class: "badge you" }, t("table.badgeYou")) : null,
    person && !info.registered && !isMe ? guestTag() : null,
    seat === hand.dealer ? h("span", { class: "badge", title: t("table.dealerTitle") }, t("table.badgeDealer")) : null,
    botBadge(info),
    info?.open
      ? h("span", { class: "badge warn" }, t("table.badgeOpenSeat"))
      : info?.botStandingIn
        ? h("span", { class: "badge warn" }, t("table.badgeBotStandingIn"))
        : null,
    info && info.occupied && info.bot === BotLevel.UNSPECIFIED && !info.connected && !info.botStandingIn
      ? h("span", { class: "badge warn" }, t("table.badgeAway"))
      : null,
    hand.caller === seat ? h("span", { class: "badge" }, t("table.badgeEndedPlay")) : null,
    // Your own start is in the turn line; the others' shows who is still choosing.
    layout && layout.startLeft > 0 && hand.phase === Phase.START && !isMe
      ? h("span", { class: "badge" }, t("table.badgeToChoose", { count: layout.startLeft }))
      : null,
    ...(layout?.shields ?? []).map((c, i) =>
      h(
        "span",
        {
          class: "badge shield",
          "data-key": `shield-${seat}-${i}`,
          title: t("table.shieldTitle"),
        },
        t("table.badgeShield", { card: cardName(c) })
      )
    ),
  ];
}

// A figure in the digits and signs of the reader's language.
function formatNumber(n: number): string {
  return numberFormat().format(n);
}

// The points the seat's face-up cards show, and its match total.
function figures(seat: number, shown: number, total: number): HTMLElement {
  return h(
    "span",
    {
      class: "figures",
      "data-key": `figures-${seat}`,
      title: t("table.figuresTitle", { shown, total }),
    },
    h(
      "span",
      { class: "shown-points" },
      h("span", { class: "figure-label" }, `${t("table.figureShows")} `),
      formatNumber(shown)
    ),
    h(
      "span",
      { class: "total" },
      h("span", { class: "figure-label" }, `${t("table.figureTotal")} `),
      formatNumber(total)
    )
  );
}

function slot(
  app: App,
  update: TableUpdate,
  hand: HandView,
  seat: number,
  p: number,
  pos: Position,
  targets: Targets | undefined,
  changed: Set<string>
): HTMLElement {
  const k = key(seat, p);
  const target = targets?.bySlot.get(k);
  const claim = targets?.claims.get(k);
  // Memory mode: a face-down card the reader looked at shows for a few seconds, then only its back (even while
  // the last update still carries it).
  const memory = memoryMode(app) && !pos.faceUp;
  const glimpse = memory ? glimpses(app).get(k) : undefined;
  if (memory) pos = { ...pos, card: undefined } as Position;
  const label = cardLabel(update, hand, seat, p, pos, glimpse ? cardShort(glimpse) : undefined);
  const attrs = {
    "data-seat": seat,
    "data-pos": p,
    "data-face-up": String(pos.faceUp),
    "data-key": `pos-${seat}-${p}`,
  };
  const choose = (kind: ActionKind) => () => {
    app.ui.first = app.ui.first === k ? "" : k;
    app.ui.firstKind = kind;
    app.onChange();
  };
  // Every position is a control a keyboard and a screen reader reach (arrow keys within a layout); one that no
  // move may use now says so and does nothing.
  const el =
    target && !app.held && targets
      ? legalSlot(app, attrs, k, label, target, targets, choose)
      : h("button", {
          ...attrs,
          type: "button",
          class: "slot",
          "aria-disabled": "true",
          tabindex: -1,
          "aria-label": label,
        });
  if (pos.empty) drawEmpty(el);
  else if (glimpse) drawFace(el, glimpse).classList.add("glimpse");
  else if (pos.card) drawFace(el, pos.card);
  else drawBack(el);
  if (!pos.faceUp && (pos.card || glimpse) && !pos.empty) el.classList.add("private");
  if (pos.locked) el.classList.add("locked");
  if (changed.has(k)) el.classList.add("changed");
  if (pos.knownBy.length > 0 && !pos.faceUp)
    el.title = t("table.seenBy", { names: nameList(pos.knownBy.map((s) => seatName(update, s))) });
  if (hand.result?.layouts[seat]?.cancelled[p]) el.classList.add("cancelled");
  // Claims count only inside the server's window after a discard (and it says so in claim_window).
  if (!claim || app.held || !update.claimWindow) return el;
  // A claimable card: its own button, so a claim never needs a mode switch while the window runs.
  const button = h(
    "button",
    {
      type: "button",
      class: "small claim-button",
      "data-key": `claim-${seat}-${p}`,
      "data-action": claim === "select" ? `select:claim:${k}` : actionCode(claim),
      "aria-label": t("table.claimCard", { card: label }),
      onclick: claim === "select" ? choose(ActionKind.CLAIM) : () => void app.act(claim),
    },
    t("table.claimButton")
  );
  return h("div", { class: "cell" }, el, button);
}

// A position a legal move may use: the move itself, or "select" (the first card of two, or the chosen first card,
// which a click un-chooses).
function legalSlot(
  app: App,
  attrs: Record<string, string | number>,
  k: Key,
  label: string,
  target: Action | "select",
  targets: Targets,
  choose: (kind: ActionKind) => () => void
): HTMLElement {
  const selected = target === "select" && app.ui.first === k;
  const verb =
    target === "select"
      ? selected
        ? "table.slotCancel"
        : targets.mode === ActionKind.MATCH
          ? "table.slotMatch"
          : "table.slotChoose"
      : targets.chosen && (targets.mode === ActionKind.CLAIM || targets.mode === ActionKind.MATCH)
        ? "table.slotGive"
        : (VERB[target.kind] ?? "table.slotChoose");
  return h("button", {
    ...attrs,
    type: "button",
    class: `slot legal${selected ? " selected" : ""}`,
    "data-action": target === "select" ? `select:${ActionKind[targets.mode].toLowerCase()}:${k}` : actionCode(target),
    "aria-label": t(verb, { card: label }),
    "aria-pressed": target === "select" ? String(selected) : undefined,
    onclick: target === "select" ? choose(targets.mode) : () => void app.act(target),
  });
}

// "Ann, Bob": the names of those who saw a card.
function nameList(names: string[]): string {
  return listFormat({ type: "unit", style: "short" }).format(names);
}

// Arrow keys move between the cards of one layout (rows and columns), so every card can be reached and read
// while Tab goes only through the moves that can be made.
function gridKeys(cols: number) {
  return (e: Event) => {
    const event = e as KeyboardEvent;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols }[event.key];
    const from = (event.target as HTMLElement).closest<HTMLElement>(".slot");
    if (!step || !from) return;
    const cards = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLElement>(".slot")];
    const next = cards[cards.indexOf(from) + step];
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
}
