// The table: every seat's layout (card backs where the viewer may not know the card), the stock, the discard
// pile and the held card, whose turn it is, the final-round banner, the clock, the hole's scoring column by
// column, the match scorecard, the shuffle check, chat and spectators. Only the moves in HandView.legal are
// buttons; every other card is inert, so a player can only ever send a legal move.
import { h, replaceContent, type Child } from "./dom";
import { tableLink, type App, type Screen } from "./app";
import { drawBack, drawEmpty, drawFace, cardName } from "./cards";
import { checkSeed, hex, type Verdict } from "./fairness";
import { ActionKind, EndReason, Phase, type Action, type HandView, type Position } from "./gen/golf/v1/game_pb";
import { BotLevel, TableState, type TableUpdate } from "./gen/golf/v1/messages_pb";
import { OPTIONS, optionText } from "./rules";

const POSITIONAL = [ActionKind.PLACE, ActionKind.FLIP, ActionKind.PEEK, ActionKind.SWAP_OWN, ActionKind.LOOK];
const MODE_LABEL: Partial<Record<ActionKind, string>> = {
  [ActionKind.PLACE]: "Place the card", [ActionKind.FLIP]: "Flip a card", [ActionKind.PEEK]: "Peek at a card",
  [ActionKind.SWAP_OWN]: "Swap two cards", [ActionKind.LOOK]: "Look at a card (costs points)",
};
const VERB: Partial<Record<ActionKind, string>> = {
  [ActionKind.PLACE]: "Place here", [ActionKind.FLIP]: "Flip", [ActionKind.PEEK]: "Peek", [ActionKind.SWAP_OWN]: "Swap",
  [ActionKind.LOOK]: "Look",
};
const END_TEXT: Record<number, string> = {
  [EndReason.ALL_FACE_UP]: "a layout was all face up", [EndReason.FINAL_ROUND_DONE]: "the final round was played",
  [EndReason.STOCK_EXHAUSTED]: "the stock ran out", [EndReason.TURN_LIMIT]: "the turn limit was reached",
};

function seatName(update: TableUpdate, seat: number): string {
  const info = update.seats[seat];
  return info?.name || `Seat ${seat + 1}`;
}

function where(hand: HandView, p: number): string {
  return hand.rows > 1 ? `row ${Math.floor(p / hand.cols) + 1}, column ${(p % hand.cols) + 1}` : `card ${p + 1}`;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
}

// "12 + 3 − 2": a sum as people write it.
function sum(values: number[]): string {
  return values.map((v, i) => (i === 0 ? String(v) : v < 0 ? `\u2212 ${-v}` : `+ ${v}`)).join(" ");
}

function actionCode(a: Action): string {
  return `${ActionKind[a.kind].toLowerCase()}:${a.position}:${a.other}`;
}

const verdicts = new Map<string, Verdict | "pending">();

export function tableScreen(app: App): Screen {
  const element = h("div", { class: "screen table-screen" });
  const tick = window.setInterval(() => updateClock(app, element), 250);
  const refresh = () => {
    const wasPlaying = element.querySelector(".play")?.contains(document.activeElement) ?? false;
    replaceContent(element, ...render(app));
    updateClock(app, element);
    // A keyboard player whose focused card went away (the move was made) lands on the turn line, which says what
    // happened and what comes next; Tab then reaches the next move (never made by a stray second Enter).
    if (wasPlaying && !element.contains(document.activeElement))
      element.querySelector<HTMLElement>("#turn")?.focus({ preventScroll: true });
  };
  refresh();
  return { kind: "table", element, refresh, dispose: () => window.clearInterval(tick) };
}

function render(app: App): Child[] {
  const update = app.update;
  const joined = app.joined!;
  if (!update) return [h("p", { class: "panel" }, `Table ${joined.code}: waiting for the table's state...`)];
  const hand = update.hand;
  const me = update.yourSeat;
  return [
    header(app, update),
    update.state === TableState.WAITING ? waitingRoom(app, update) : null,
    hand && update.state !== TableState.WAITING ? playArea(app, update, hand) : null,
    hand?.phase === Phase.OVER && hand.result ? holeResult(update, hand) : null,
    update.scorecard && update.scorecard.holes.length > 0 ? scorecard(app, update) : null,
    update.state !== TableState.WAITING ? fairness(app, update) : null,
    h("div", { class: "side" }, people(update, me), chat(app)),
  ];
}

function header(app: App, update: TableUpdate): HTMLElement {
  const link = tableLink(update.code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      app.onFlash("Link copied.", "info");
    } catch {
      app.onFlash(`Share this link: ${link}`, "info");
    }
  };
  const role = update.yourSeat >= 0 ? `you are ${seatName(update, update.yourSeat)}` : "watching";
  return h("header", { class: "table-header" },
    h("h1", {}, "Table ", h("code", { id: "table-code" }, update.code)),
    h("span", { class: "muted" }, `${app.joined?.preset ?? ""} · ${role}`),
    h("span", { class: "header-buttons" },
      h("button", { type: "button", class: "secondary small", "data-key": "copy-link", onclick: () => void copy() }, "Copy invite link"),
      h("button", { type: "button", class: "secondary small", id: "leave", "data-key": "leave",
                    onclick: () => { if (confirm("Leave this table?")) void app.leave(); } }, "Leave")),
    update.note ? h("p", { class: "note", id: "note", "aria-live": "polite" }, update.note) : null);
}

function waitingRoom(app: App, update: TableUpdate): HTMLElement {
  const me = update.yourSeat;
  const host = me >= 0 && me === update.hostSeat;
  const allFilled = update.seats.every((s) => s.occupied);
  const link = tableLink(update.code);
  return h("section", { class: "panel waiting", "aria-labelledby": "waiting-title" },
    h("h2", { id: "waiting-title" }, "Waiting for players"),
    h("p", {}, "Send this link to friends: ", h("a", { href: link, id: "invite-link" }, link)),
    h("ol", { class: "seat-list" }, ...update.seats.map((s) => h("li", { "data-seat": s.seat },
      h("span", { class: "seat-name" }, s.occupied ? s.name : "empty seat"),
      s.bot !== BotLevel.UNSPECIFIED ? h("span", { class: "badge" }, "bot") : null,
      s.seat === update.hostSeat && s.occupied ? h("span", { class: "badge" }, "host") : null,
      s.seat === me ? h("span", { class: "badge you" }, "you") : null,
      host && !s.occupied ? h("button", { type: "button", class: "small", "data-key": `add-bot-${s.seat}`,
        onclick: () => void app.attempt({ case: "addBot", value: { seat: s.seat, level: BotLevel.HEURISTIC } }) }, "Add a bot") : null,
      host && s.bot !== BotLevel.UNSPECIFIED ? h("button", { type: "button", class: "small secondary", "data-key": `remove-bot-${s.seat}`,
        onclick: () => void app.attempt({ case: "removeBot", value: { seat: s.seat } }) }, "Remove") : null,
      me < 0 && !s.occupied ? h("button", { type: "button", class: "small", "data-key": `take-${s.seat}`,
        onclick: () => void app.attempt({ case: "takeSeat", value: { seat: s.seat } }) }, "Sit here") : null))),
    host
      ? h("div", { class: "buttons" },
          h("button", { type: "button", id: "start-match", "data-key": "start-match", disabled: !allFilled,
                        onclick: () => void app.attempt({ case: "startMatch", value: {} }) }, "Start the match"),
          allFilled ? null : h("span", { class: "muted" }, "Every seat must be filled first (friends or bots)."))
      : h("p", { class: "muted" }, `${seatName(update, update.hostSeat)} starts the match when every seat is filled.`));
}

// ---- the hand in play

interface Targets {
  modes: ActionKind[];
  mode: ActionKind;
  byPosition: Map<number, Action | "select">;
}

function targets(app: App, hand: HandView): Targets {
  const modes = POSITIONAL.filter((k) => hand.legal.some((a) => a.kind === k));
  const mode = modes.includes(app.ui.mode) ? app.ui.mode : modes[0] ?? ActionKind.UNSPECIFIED;
  const byPosition = new Map<number, Action | "select">();
  for (const a of hand.legal) {
    if (a.kind !== mode) continue;
    if (mode !== ActionKind.SWAP_OWN) {
      byPosition.set(a.position, a);
    } else if (app.ui.swapFirst < 0) {
      byPosition.set(a.position, "select");
      byPosition.set(a.other, "select");
    } else if (a.position === app.ui.swapFirst || a.other === app.ui.swapFirst) {
      byPosition.set(a.position === app.ui.swapFirst ? a.other : a.position, a);
    }
  }
  if (mode === ActionKind.SWAP_OWN && app.ui.swapFirst >= 0) byPosition.set(app.ui.swapFirst, "select");
  return { modes, mode, byPosition };
}

function find(hand: HandView, kind: ActionKind): Action | undefined {
  return hand.legal.find((a) => a.kind === kind);
}

function instruction(update: TableUpdate, hand: HandView, t: Targets): string {
  const me = hand.viewer;
  if (hand.phase === Phase.OVER) return `Hole ${hand.hole} is over: ${END_TEXT[hand.ended] ?? "scored"}.`;
  if (me < 0) {
    return hand.phase === Phase.START ? "The players are starting the hole." : `${seatName(update, hand.currentSeat)}'s turn.`;
  }
  const has = (k: ActionKind) => hand.legal.some((a) => a.kind === k);
  if (hand.legal.length === 0) {
    if (hand.phase === Phase.START) return "Waiting for the others to finish their start.";
    return `${seatName(update, hand.currentSeat)}'s turn.`;
  }
  const left = hand.seats[me]?.startLeft ?? 0;
  if (hand.phase === Phase.START || (has(ActionKind.PEEK) && left > 0) || (has(ActionKind.FLIP) && left > 0)) {
    if (has(ActionKind.SWAP_OWN) || has(ActionKind.READY)) return "Rearrange your cards unseen if you like, then say you are ready.";
    return `${has(ActionKind.PEEK) ? "Peek at" : "Flip"} ${left} of your cards: choose ${left === 1 ? "one" : "them"} below.`;
  }
  if (has(ActionKind.DRAW_STOCK) || has(ActionKind.TAKE_DISCARD)) return "Your turn: draw from the stock or take the top discard.";
  if (has(ActionKind.PLACE)) return has(ActionKind.DISCARD)
    ? "Place the card in your layout (the card there goes to the discard pile), or discard it."
    : "Place the card in your layout: the card there goes to the discard pile.";
  if (t.mode === ActionKind.FLIP) return has(ActionKind.PASS) ? "You may flip one of your face-down cards." : "Flip one of your face-down cards.";
  return "Your move.";
}

function playArea(app: App, update: TableUpdate, hand: HandView): HTMLElement {
  const t = targets(app, hand);
  const me = hand.viewer;
  const n = hand.seats.length;
  const order = me >= 0 ? Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n) : Array.from({ length: n }, (_, i) => i);
  const myTurn = me >= 0 && hand.legal.length > 0;
  const caller = hand.caller >= 0 ? seatName(update, hand.caller) : "";
  return h("section", { class: `play${app.ui.busy ? " busy" : ""}`, "aria-label": "The table" },
    h("div", { class: `turn-line${myTurn ? " mine" : ""}`, id: "turn", role: "status", tabindex: -1 },
      h("span", { id: "instruction" }, instruction(update, hand, t)),
      h("span", { class: "clock", id: "clock", hidden: true, "aria-live": "off" })),
    hand.finalRound && hand.phase !== Phase.OVER
      ? h("div", { class: "final-banner", id: "final-banner", role: "alert" },
          `Final round: ${caller ? `${caller} ${hand.caller === me ? "(you) " : ""}ended play` : "play is ending"}; `,
          `${hand.finalTurnsLeft} turn${hand.finalTurnsLeft === 1 ? "" : "s"} left.`)
      : null,
    update.state === TableState.BETWEEN_HOLES ? h("div", { class: "info-banner", role: "status" }, "The next hole is dealt in a moment.") : null,
    update.state === TableState.FINISHED ? winnerBanner(app, update) : null,
    h("div", { class: "opponents" }, ...order.map((s) => seatPanel(app, update, hand, s, undefined))),
    piles(app, update, hand),
    me >= 0 ? seatPanel(app, update, hand, me, t) : null,
    actionBar(app, hand, t));
}

function seatPanel(app: App, update: TableUpdate, hand: HandView, seat: number, t: Targets | undefined): HTMLElement {
  const layout = hand.seats[seat];
  const info = update.seats[seat];
  const isMe = seat === hand.viewer;
  const turn = hand.phase !== Phase.START && hand.phase !== Phase.OVER && hand.currentSeat === seat;
  const total = update.scorecard?.totals[seat];
  const badges = [
    isMe ? h("span", { class: "badge you" }, "you") : null,
    seat === hand.dealer ? h("span", { class: "badge" }, "dealer") : null,
    info && info.bot !== BotLevel.UNSPECIFIED ? h("span", { class: "badge" }, "bot") : null,
    info?.botStandingIn ? h("span", { class: "badge warn" }, "away: a bot plays") : null,
    info && info.occupied && info.bot === BotLevel.UNSPECIFIED && !info.connected && !info.botStandingIn
      ? h("span", { class: "badge warn" }, "away") : null,
    hand.caller === seat ? h("span", { class: "badge" }, "ended play") : null,
    layout && layout.startLeft > 0 && hand.phase === Phase.START ? h("span", { class: "badge" }, `${layout.startLeft} to choose`) : null,
  ];
  const grid = h("div", { class: "grid", style: `--cols:${hand.cols}`, role: "group", "aria-label": `${seatName(update, seat)}'s cards` },
    ...(layout?.positions ?? []).map((pos, p) => slot(app, update, hand, seat, p, pos, t)));
  return h("div", { class: `seat${isMe ? " me" : ""}${turn ? " turn" : ""}`, "data-seat": seat },
    h("h3", {}, h("span", { class: "seat-name" }, seatName(update, seat)), ...badges,
      total !== undefined ? h("span", { class: "total", title: "match total" }, `${total} pts`) : null),
    grid);
}

function slot(app: App, update: TableUpdate, hand: HandView, seat: number, p: number, pos: Position,
              t: Targets | undefined): HTMLElement {
  const target = t?.byPosition.get(p);
  const owner = seat === hand.viewer ? "Your" : `${seatName(update, seat)}'s`;
  const state = pos.empty ? "removed" : pos.card ? `${cardName(pos.card)}${pos.faceUp ? "" : ", face down"}` : "face down";
  const label = `${owner} card at ${where(hand, p)}: ${state}`;
  const attrs = { "data-seat": seat, "data-pos": p, "data-face-up": String(pos.faceUp), "data-key": `pos-${seat}-${p}` };
  let el: HTMLElement;
  if (target && !app.ui.busy) {
    const selected = target === "select" && app.ui.swapFirst === p;
    const verb = target === "select" ? (selected ? "Keep" : "Swap") : VERB[target.kind] ?? "Choose";
    el = h("button", { ...attrs, type: "button", class: `slot legal${selected ? " selected" : ""}`,
                       "data-action": target === "select" ? `select:${p}` : actionCode(target),
                       "aria-label": `${verb}: ${label}`, "aria-pressed": target === "select" ? String(selected) : undefined,
                       onclick: () => {
                         if (target === "select") {
                           app.ui.swapFirst = app.ui.swapFirst === p ? -1 : p;
                           app.onChange();
                         } else {
                           void app.act(target);
                         }
                       } });
  } else {
    el = h("div", { ...attrs, class: "slot", role: "img", "aria-label": label });
  }
  if (pos.empty) drawEmpty(el);
  else if (pos.card) drawFace(el, pos.card);
  else drawBack(el);
  if (!pos.faceUp && pos.card && !pos.empty) el.classList.add("private");
  if (pos.locked) el.classList.add("locked");
  if (pos.knownBy.length > 0 && !pos.faceUp) el.title = `seen by ${pos.knownBy.map((s) => seatName(update, s)).join(", ")}`;
  if (hand.result?.layouts[seat]?.cancelled[p]) el.classList.add("cancelled");
  return el;
}

function pileButton(app: App, action: Action | undefined, id: string, label: string, caption: string,
                    draw: (el: HTMLElement) => void): HTMLElement {
  const el = action && !app.ui.busy
    ? h("button", { type: "button", id, class: "pile-card legal", "data-key": id, "data-action": actionCode(action),
                    "aria-label": label, onclick: () => void app.act(action) })
    : h("div", { id, class: "pile-card", role: "img", "aria-label": label });
  draw(el);
  return h("div", { class: "pile" }, el, h("span", { class: "pile-caption" }, caption));
}

function piles(app: App, update: TableUpdate, hand: HandView): HTMLElement {
  const draw = find(hand, ActionKind.DRAW_STOCK);
  const take = find(hand, ActionKind.TAKE_DISCARD);
  const discard = find(hand, ActionKind.DISCARD);
  const top = hand.topDiscard;
  const holder = hand.currentSeat === hand.viewer ? "You hold" : `${seatName(update, hand.currentSeat)} holds`;
  const held = hand.holding && hand.phase === Phase.HOLDING
    ? h("div", { class: "pile held", id: "held" },
        h("div", { class: "pile-card", role: "img",
                   "aria-label": `${holder} ${hand.held ? cardName(hand.held) : "a card from the stock"}` },
          ...(() => { const el = h("div"); hand.held ? drawFace(el, hand.held) : drawBack(el); return [el]; })()),
        h("span", { class: "pile-caption" }, `${holder}${hand.heldFromDiscard ? " (from the discards)" : ""}`))
    : null;
  return h("div", { class: "piles" },
    pileButton(app, draw, "stock", draw ? `Draw from the stock (${hand.stockCount} cards)` : `Stock: ${hand.stockCount} cards`,
               draw ? `Draw · ${hand.stockCount}` : `Stock · ${hand.stockCount}`,
               (el) => (hand.stockCount > 0 ? drawBack(el) : drawEmpty(el))),
    pileButton(app, take ?? discard, "discard",
               discard ? "Discard the card you hold" : take && top ? `Take the ${cardName(top)}` : top ? `Discard pile: ${cardName(top)} on top` : "Discard pile: empty",
               discard ? "Discard here" : take ? "Take" : `Discards · ${hand.discardCount}`,
               (el) => (top ? drawFace(el, top) : drawEmpty(el))),
    held);
}

function actionBar(app: App, hand: HandView, t: Targets): HTMLElement | null {
  const buttons: HTMLElement[] = [];
  const add = (kind: ActionKind, text: string, id: string) => {
    const a = find(hand, kind);
    if (a) buttons.push(h("button", { type: "button", id, "data-key": id, class: "legal-button", disabled: app.ui.busy,
                                     "data-action": actionCode(a), onclick: () => void app.act(a) }, text));
  };
  add(ActionKind.KNOCK, "Knock (everyone else gets one more turn)", "knock");
  add(ActionKind.REVEAL_ALL, "Turn all my cards up", "reveal-all");
  add(ActionKind.PASS, "Don't flip", "pass");
  add(ActionKind.READY, "I'm ready", "ready");
  const modes = t.modes.length > 1
    ? h("div", { class: "modes", role: "radiogroup", "aria-label": "What a click on your cards does" },
        ...t.modes.map((k) => h("label", { class: "mode" },
          h("input", { type: "radio", name: "mode", checked: k === t.mode, "data-key": `mode-${k}`,
                       onchange: () => { app.ui.mode = k; app.ui.swapFirst = -1; app.onChange(); } }),
          MODE_LABEL[k] ?? ActionKind[k])))
    : null;
  if (buttons.length === 0 && !modes) return null;
  return h("div", { class: "actions", id: "actions" }, modes, ...buttons);
}

function winnerBanner(app: App, update: TableUpdate): HTMLElement {
  const winners = update.scorecard?.winners ?? [];
  const names = winners.map((w) => seatName(update, w));
  const host = update.yourSeat >= 0 && update.yourSeat === update.hostSeat;
  return h("div", { class: "winner-banner", id: "winner", role: "status" },
    names.length ? `Match over: ${names.join(" and ")} ${names.length > 1 ? "share the win" : "wins"}!` : "Match over.",
    host ? h("button", { type: "button", "data-key": "rematch", id: "rematch",
                         onclick: () => void app.attempt({ case: "rematch", value: {} }) }, "Play again") : null);
}

// ---- after the hole

function holeResult(update: TableUpdate, hand: HandView): HTMLElement {
  const result = hand.result!;
  return h("section", { class: "panel hole-result", id: "hole-result", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, `Hole ${hand.hole}: how it scored`),
    h("p", { class: "muted" }, `Play ended because ${END_TEXT[hand.ended] ?? "the hole finished"}.`,
      hand.caller >= 0 ? ` ${seatName(update, hand.caller)} ended play.` : ""),
    h("div", { class: "result-seats" }, ...hand.seats.map((layout, s) => {
      const score = result.layouts[s];
      const cols = hand.cols;
      const columnSum = score ? score.columnPoints.reduce((a, b) => a + b, 0) : 0;
      const lines: Child[] = [];
      if (score) {
        lines.push(h("li", {}, `Columns: ${sum(score.columnPoints)} = ${columnSum}`));
        if (score.bonus) lines.push(h("li", {}, `Bonus ${signed(score.bonus)}`));
        if (score.points !== columnSum + score.bonus) lines.push(h("li", {}, `Layout ${score.points}`));
        if (score.othersPenalty) lines.push(h("li", {}, `Charged to everyone else: ${signed(score.othersPenalty)}`));
        for (const note of score.notes) lines.push(h("li", { class: "muted" }, note));
      }
      if (result.adjustments[s]) lines.push(h("li", {}, `Adjustment ${signed(result.adjustments[s])}`));
      if (result.extra[s]) lines.push(h("li", {}, `Extra ${signed(result.extra[s])}`));
      return h("div", { class: "result-seat", "data-seat": s },
        h("h3", {}, seatName(update, s), h("span", { class: "total" }, `${result.scores[s] ?? 0} for the hole`)),
        h("div", { class: "grid", style: `--cols:${cols}` }, ...layout.positions.map((pos, p) => {
          const el = h("div", { class: "slot", "data-seat": s, "data-pos": p, "data-face-up": String(pos.faceUp), role: "img",
                                "aria-label": `${where(hand, p)}: ${pos.card ? cardName(pos.card) : pos.empty ? "removed" : "unknown"}${score?.cancelled[p] ? ", cancelled" : ""}` });
          if (pos.empty) drawEmpty(el); else if (pos.card) drawFace(el, pos.card); else drawBack(el);
          if (score?.cancelled[p]) el.classList.add("cancelled");
          return el;
        })),
        score ? h("div", { class: "grid column-points", style: `--cols:${cols}`, "aria-label": "points per column" },
          ...score.columnPoints.map((v) => h("span", { class: "column-point" }, String(v)))) : null,
        h("ul", { class: "breakdown" }, ...lines));
    })),
    result.notes.length ? h("ul", { class: "muted" }, ...result.notes.map((n) => h("li", {}, n))) : null);
}

function scorecard(app: App, update: TableUpdate): HTMLElement {
  const card = update.scorecard!;
  const n = update.seats.length;
  const winners = new Set(card.winners);
  return h("section", { class: "panel scorecard", id: "scorecard", "aria-labelledby": "scorecard-title" },
    h("h2", { id: "scorecard-title" }, card.matchOver ? "Final scorecard" : "Scorecard"),
    h("div", { class: "scroll" }, h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Hole"),
        ...Array.from({ length: n }, (_, s) => h("th", { scope: "col", class: winners.has(s) && card.matchOver ? "winner" : "" },
          seatName(update, s), winners.has(s) && card.matchOver ? " (winner)" : "")))),
      h("tbody", {}, ...card.holes.map((hole) => h("tr", {},
        h("th", { scope: "row" }, String(hole.number)),
        ...Array.from({ length: n }, (_, s) => h("td", { title: hole.caller === s ? "ended play" : "" },
          h("span", { class: "hole-score" }, `${hole.scores[s] ?? 0}${hole.caller === s ? "*" : ""}`),
          h("span", { class: "running" }, ` (${hole.totals[s] ?? 0})`)))))),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"),
        ...Array.from({ length: n }, (_, s) => h("td", { class: winners.has(s) && card.matchOver ? "winner" : "" }, String(card.totals[s] ?? 0))))))),
    h("p", { class: "muted small" }, "Each hole's score, with the running total in brackets; * marks who ended play. Lowest total wins.",
      app.joined?.rules?.holes ? ` A match of ${app.joined.rules.holes} hole${app.joined.rules.holes === 1 ? "" : "s"}.` : "",
      app.joined?.rules?.targetScore ? ` The match ends when someone reaches ${app.joined.rules.targetScore}.` : ""));
}

// The `golf deal` command line that re-derives a hole's deal: the preset plus every option the table changed.
function dealCommand(app: App, update: TableUpdate, dealer: number, seed: Uint8Array): string {
  const joined = app.joined!;
  const preset = app.presets.find((p) => p.name === joined.preset);
  const sets = preset?.rules && joined.rules
    ? OPTIONS.filter((o) => optionText(joined.rules!, o) !== optionText(preset.rules!, o))
        .map((o) => ` --set ${o.name}=${optionText(joined.rules!, o)}`).join("") : "";
  return `golf deal --rules ${joined.preset}${sets} --players ${update.seats.length} --dealer ${dealer} --seed 0x${hex(seed)}`;
}

function fairness(app: App, update: TableUpdate): HTMLElement {
  const code = update.code;
  const current = update.fairness;
  const inPlay = update.state === TableState.PLAYING && current && current.commitment.length > 0;
  const rows = (update.scorecard?.holes ?? []).slice().reverse().map((hole) => {
    const seen = app.commitments.get(code, hole.number);
    const key = `${code}:${hole.number}:${hex(hole.seed)}:${seen ?? ""}`;
    let verdict = verdicts.get(key);
    if (verdict === undefined) {
      verdicts.set(key, "pending");
      void checkSeed(hole.seed, seen).then((v) => { verdicts.set(key, v); app.onChange(); });
      verdict = "pending";
    }
    const state = verdict === "pending" ? "pending" : verdict.state;
    const text = {
      pending: "checking...",
      verified: "SHA-256 of the seed matches the commitment shown before the hole: the deal was fixed in advance.",
      mismatch: `MISMATCH: SHA-256 of the seed is ${verdict !== "pending" ? verdict.digest : ""}, not the commitment ${seen}.`,
      unseen: "This browser did not see the hole's commitment (it joined later), so it cannot check it.",
      unavailable: "This page is not in a secure context (https or localhost), so the browser cannot hash; use golf deal.",
    }[state];
    return h("li", { "data-hole": hole.number, "data-verdict": state, class: `verdict ${state}` },
      h("strong", {}, `Hole ${hole.number}: `, state === "verified" ? "\u2713 verified" : state === "mismatch" ? "\u2717 failed" : ""),
      " ", text,
      h("div", { class: "small" }, "Seed ", h("code", {}, `0x${hex(hole.seed)}`), "; re-deal it with ",
        h("code", { class: "command" }, dealCommand(app, update, hole.dealer, hole.seed))));
  });
  return h("section", { class: "panel fairness", id: "fairness", "aria-labelledby": "fairness-title" },
    h("h2", { id: "fairness-title" }, "Shuffle check"),
    inPlay
      ? h("p", { id: "commitment" }, `Hole ${current!.hole} was shuffled before anyone moved. Its seed's SHA-256 is `,
          h("code", { class: "hash" }, hex(current!.commitment)),
          "; the seed is revealed when the hole ends, and this page checks it.")
      : null,
    rows.length ? h("ul", { class: "verdicts" }, ...rows) : null);
}

// ---- people

function people(update: TableUpdate, me: number): HTMLElement {
  return h("section", { class: "panel people", "aria-label": "Players and spectators" },
    h("p", {}, `${update.seats.filter((s) => s.occupied).length} players · `,
      h("span", { id: "spectators" }, `${update.spectators} watching${me < 0 ? " (you among them)" : ""}`)));
}

function chat(app: App): HTMLElement {
  const input = h("input", { id: "chat-input", "data-key": "chat-input", maxlength: 200, autocomplete: "off",
                             placeholder: "Say something", value: app.ui.chatDraft, "aria-label": "Chat message",
                             oninput: (e: Event) => { app.ui.chatDraft = (e.target as HTMLInputElement).value; } });
  const send = async (e: Event) => {
    e.preventDefault();
    const text = app.ui.chatDraft.trim();
    if (!text) return;
    if (await app.sendChat(text)) {
      app.ui.chatDraft = "";
      app.onChange();
    }
  };
  return h("section", { class: "panel chat", "aria-labelledby": "chat-title" },
    h("h2", { id: "chat-title" }, "Chat"),
    h("ul", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" },
      ...app.chat.map((line) => h("li", {}, h("strong", {}, line.name || (line.seat < 0 ? "spectator" : `Seat ${line.seat + 1}`)),
                                  line.seat < 0 ? h("span", { class: "muted" }, " (watching)") : null, ": ", line.text))),
    h("form", { class: "chat-form", onsubmit: send }, input,
      h("button", { type: "submit", "data-key": "chat-send", class: "small" }, "Send")));
}

function updateClock(app: App, root: HTMLElement): void {
  const el = root.querySelector<HTMLElement>("#clock");
  const clock = app.update?.clock;
  if (!el) return;
  if (!clock || app.update?.state !== TableState.PLAYING) {
    el.hidden = true;
    return;
  }
  const left = Math.max(0, clock.remainingMs - (performance.now() - app.updateAt));
  const seconds = Math.ceil(left / 1000);
  const who = clock.seat < 0 ? "start" : clock.seat === app.update.yourSeat ? "you" : seatName(app.update, clock.seat);
  el.hidden = false;
  el.textContent = `${who}: ${seconds}s`;
  el.classList.toggle("urgent", seconds <= 5);
  el.setAttribute("aria-label", `${seconds} seconds left for ${who}`);
}
