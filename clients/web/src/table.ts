// The table: every seat's layout (card backs where the viewer may not know the card), the stock, the discard
// pile and the held card, whose turn it is, the final-round banner and the clock, laid out as a stage that fits
// the screen (seats placed by seating.ts); the hole review (hole_review.ts) over it; the scorecard, move log,
// rules, shuffle check and chat beside it (side_panels.ts); the bot level picker and badges (bots.ts). Every card
// position is a button with an accessible name; only the moves in HandView.legal do anything, the rest say they
// are disabled, so a player can only ever send a legal move.
import { h, replaceContent, type Child } from "./dom";
import { tableLink, type App, type Screen } from "./app";
import { drawBack, drawEmpty, drawFace, cardName, cardShort } from "./cards";
import { ActionKind, Phase, type Action, type HandView, type Position } from "./gen/golf/v1/game_pb";
import { BotLevel, TableState, type TableUpdate } from "./gen/golf/v1/messages_pb";
import { addBotButton, botBadge, botLevelPicker, turnText } from "./bots";
import { PowerKind } from "./gen/golf/v1/ruleset_pb";
import { animateEvents } from "./animate";
import { endText, holeReview, scorecard, updateNextHoleClock } from "./hole_review";
import { changedSince } from "./move_log";
import { glimpses, memoryMode, moveLog, noteGlimpses, reader, scrollLog } from "./move_log_view";
import { logEntries } from "./event_text";
import { cardLabel, placeName, seatName } from "./names";
import { guestTag, nameLink } from "./marks";
import { powerOf, powerSentence, THEY, YOU_DO } from "./power_text";
import { rulesPanel } from "./rules_panel";
import { seating, type Seating } from "./seating";
import { fairness } from "./shuffle_check";
import { guideBox } from "./guide";
import { chat, people, sidePanels, wideScreen } from "./side_panels";
import { setSound, soundOn } from "./turn_alert";

// The kinds made by clicking cards; a radio button chooses among them when several are legal at once. CLAIM is
// not among them: claimable cards carry their own "claim" button.
const POSITIONAL = [ActionKind.PLACE, ActionKind.FLIP, ActionKind.PEEK, ActionKind.SWAP_OWN, ActionKind.LOOK,
                    ActionKind.POWER_PEEK, ActionKind.POWER_SWAP, ActionKind.MATCH, ActionKind.POWER_PLACE,
                    ActionKind.POWER_FLIP, ActionKind.POWER_REMOVE];
const MODE_LABEL: Partial<Record<ActionKind, string>> = {
  [ActionKind.PLACE]: "Place the card", [ActionKind.FLIP]: "Flip a card", [ActionKind.PEEK]: "Peek at a card",
  [ActionKind.SWAP_OWN]: "Swap two cards", [ActionKind.LOOK]: "Look at a card (costs points)",
  [ActionKind.POWER_PEEK]: "Look at a card", [ActionKind.POWER_SWAP]: "Swap two cards",
  [ActionKind.MATCH]: "Match the held card",
  [ActionKind.POWER_PLACE]: "Put the card in", [ActionKind.POWER_FLIP]: "Turn a card over",
  [ActionKind.POWER_REMOVE]: "Discard one of your cards",
};
const VERB: Partial<Record<ActionKind, string>> = {
  [ActionKind.PLACE]: "Place here", [ActionKind.FLIP]: "Flip", [ActionKind.PEEK]: "Peek", [ActionKind.SWAP_OWN]: "Swap",
  [ActionKind.LOOK]: "Look", [ActionKind.POWER_PEEK]: "Look at", [ActionKind.POWER_SWAP]: "Swap",
  [ActionKind.MATCH]: "Match", [ActionKind.CLAIM]: "Claim",
  [ActionKind.POWER_PLACE]: "Put here", [ActionKind.POWER_FLIP]: "Turn over", [ActionKind.POWER_REMOVE]: "Discard",
};

// What a power does, as an instruction to the player about to use it ("look at one of your own cards").
export function powerText(kind: PowerKind): string {
  return powerSentence(kind, YOU_DO);
}

// The kinds that name a seat: their position is in targetSeat's layout.
const SEATED = new Set([ActionKind.POWER_PEEK, ActionKind.POWER_SWAP, ActionKind.SHUFFLE, ActionKind.MATCH, ActionKind.CLAIM,
                        ActionKind.POWER_PLACE, ActionKind.POWER_FLIP, ActionKind.POWER_LINES, ActionKind.POWER_ADD]);

function actionCode(a: Action): string {
  const code = `${ActionKind[a.kind].toLowerCase()}:${a.position}:${a.other}`;
  return SEATED.has(a.kind) ? `${code}:${a.targetSeat}:${a.otherSeat}` : code;
}

export function tableScreen(app: App): Screen {
  const element = h("div", { class: "screen table-screen" });
  const tick = window.setInterval(() => updateClock(app, element), 250);
  let shown: TableUpdate | undefined;  // the update whose events were last animated
  const refresh = () => {
    const wasPlaying = element.querySelector(".play")?.contains(document.activeElement) ?? false;
    const fresh = app.update !== shown && app.update?.hand ? app.fresh : [];
    if (app.update !== shown && app.update?.hand) noteGlimpses(app, app.update, app.update.hand, fresh);
    shown = app.update;
    const was = { held: element.querySelector("#held .card")?.getBoundingClientRect() };
    replaceContent(element, ...render(app));
    updateClock(app, element);
    scrollLog(element);
    animateEvents(element, fresh, was);
    // A keyboard player whose focused card went away (the move was made) lands on the turn line, which says what
    // happened and what comes next; Tab then reaches the next move (never made by a stray second Enter).
    if (wasPlaying && !element.contains(document.activeElement))
      element.querySelector<HTMLElement>("#turn")?.focus({ preventScroll: true });
  };
  refresh();
  // The seats are placed for the screen's size (seating.ts): a turned phone or a resized window places them again.
  let frame = 0;
  const resized = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(refresh);
  };
  window.addEventListener("resize", resized);
  return { kind: "table", element, refresh, dispose: () => {
    window.clearInterval(tick);
    window.removeEventListener("resize", resized);
  } };
}

function render(app: App): Child[] {
  const update = app.update;
  const joined = app.joined!;
  if (!update) return [h("p", { class: "panel" }, `Table ${joined.code}: waiting for the table's state...`)];
  const hand = update.hand;
  const me = update.yourSeat;
  const playing = hand !== undefined && update.state !== TableState.WAITING;
  return [
    header(app, update),
    h("div", { class: "main-col" },
      update.state === TableState.WAITING ? waitingRoom(app, update) : null,
      playing ? playArea(app, update, hand!) : null),
    sidePanels(app, update, {
      scores: update.scorecard && update.scorecard.holes.length > 0 ? scorecard(app, update) : null,
      moves: playing ? moveLog(app, update, hand!) : null,
      chat: [chat(app), people(app, update, me)],
      rules: rulesPanel(app),
      check: update.state !== TableState.WAITING ? fairness(app, update) : null,
    }),
  ];
}

function header(app: App, update: TableUpdate): HTMLElement {
  const link = tableLink(update.code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      app.onFlash("Link copied.", "info");
    } catch {
      // No clipboard (plain http on a LAN): the link stays on screen, selected, until the reader dismisses it.
      window.prompt("Copy this link and send it to a friend:", link);
    }
  };
  const me = update.yourSeat;
  const role = me >= 0 ? `you are ${seatName(update, me)}` : "watching";
  const leave = () => {
    const mid = me >= 0 && update.state !== TableState.WAITING && update.state !== TableState.FINISHED;
    const text = mid
      ? "Leave this table? A bot plays your seat while you are gone. To take it back, open the table's link again."
      : "Leave this table?";
    if (confirm(text)) void app.leave();
  };
  return h("header", { class: "table-header" },
    h("h1", {}, "Table ", h("code", { id: "table-code" }, update.code)),
    h("span", { class: "muted table-what" }, `${app.joined?.preset ?? ""} · ${role}`),
    h("span", { class: "header-buttons" },
      me >= 0 ? h("label", { class: "sound-toggle small" },
        h("input", { type: "checkbox", id: "turn-sound", "data-key": "turn-sound", checked: soundOn(),
                     onchange: (e: Event) => setSound((e.target as HTMLInputElement).checked) }), "Sound") : null,
      h("button", { type: "button", class: "secondary small", "data-key": "copy-link", onclick: () => void copy() }, "Invite"),
      h("button", { type: "button", class: "secondary small", id: "leave", "data-key": "leave", onclick: leave }, "Leave")));
}

// What just happened, in the reader's words from the move log (the server's `note` only for an older server).
function latestNote(app: App, update: TableUpdate): string {
  const hand = update.hand;
  const entries = hand ? logEntries(app.log.hole(hand.hole), reader(app, update, hand)) : [];
  return entries.length ? entries[entries.length - 1].text : update.note;
}

function waitingRoom(app: App, update: TableUpdate): HTMLElement {
  const me = update.yourSeat;
  const host = me >= 0 && me === update.hostSeat;
  const allFilled = update.seats.every((s) => s.occupied);
  const link = tableLink(update.code);
  return h("section", { class: "panel waiting", "aria-labelledby": "waiting-title" },
    h("h2", { id: "waiting-title" }, "Waiting for players"),
    h("p", {}, "Send this link to friends: ", h("a", { href: link, id: "invite-link" }, link)),
    host && !allFilled ? botLevelPicker(app) : null,
    h("ol", { class: "seat-list" }, ...update.seats.map((s) => h("li", { "data-seat": s.seat },
      h("span", { class: "seat-name" }, !s.occupied ? "empty seat"
        : s.bot === BotLevel.UNSPECIFIED ? nameLink(app, s.name, s.registered, true) : s.name),
      botBadge(s),
      s.occupied && s.bot === BotLevel.UNSPECIFIED && !s.registered ? [" ", guestTag()] : null,
      s.seat === update.hostSeat && s.occupied ? h("span", { class: "badge" }, "host") : null,
      s.seat === me ? h("span", { class: "badge you" }, "you") : null,
      host && !s.occupied ? addBotButton(app, s.seat) : null,
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

// A card on the table, as "seat:position".
type Key = string;
const key = (seat: number, position: number): Key => `${seat}:${position}`;

// The card(s) a move names: [the first click, the second click (if any)], and whether either may come first.
function ends(hand: HandView, a: Action): { first: Key; second?: Key; either: boolean } {
  const me = hand.viewer;
  switch (a.kind) {
    case ActionKind.SWAP_OWN: return { first: key(me, a.position), second: key(me, a.other), either: true };
    case ActionKind.POWER_SWAP:
      return { first: key(a.targetSeat, a.position), second: key(a.otherSeat, a.other), either: true };
    case ActionKind.MATCH:
    case ActionKind.CLAIM:
      // On another seat's card, the second click is your card given for it.
      return a.targetSeat === me ? { first: key(me, a.position), either: false }
                                 : { first: key(a.targetSeat, a.position), second: key(me, a.other), either: false };
    case ActionKind.POWER_PEEK:
    case ActionKind.POWER_PLACE:
    case ActionKind.POWER_FLIP: return { first: key(a.targetSeat, a.position), either: false };
    default: return { first: key(me, a.position), either: false };
  }
}

// What a click on each card does for the moves of one kind: the move itself, or "select" (the first of two clicks,
// or a click on the chosen first card, which un-chooses it). A card with one move makes it at once.
function picks(hand: HandView, kind: ActionKind, first: Key): Map<Key, Action | "select"> {
  const out = new Map<Key, Action | "select">();
  const moves = hand.legal.filter((a) => a.kind === kind);
  if (first) {
    for (const a of moves) {
      const e = ends(hand, a);
      if (e.first === first && e.second) out.set(e.second, a);
      else if (e.either && e.second === first) out.set(e.first, a);
    }
    if (out.size > 0) out.set(first, "select");
    return out;
  }
  const count = new Map<Key, number>();
  const only = new Map<Key, Action>();
  const note = (k: Key, a: Action, pair: boolean) => {
    count.set(k, (count.get(k) ?? 0) + (pair ? 2 : 1));
    only.set(k, a);
  };
  for (const a of moves) {
    const e = ends(hand, a);
    note(e.first, a, e.either);
    if (e.either && e.second) note(e.second, a, true);
  }
  for (const [k, n] of count) out.set(k, n === 1 ? only.get(k)! : "select");
  return out;
}

interface Targets {
  modes: ActionKind[];
  mode: ActionKind;      // what a click on a card does now (the chosen first card's kind while one is chosen)
  bySlot: Map<Key, Action | "select">;
  claims: Map<Key, Action | "select">;  // the claim buttons (none while a first card is chosen)
  chosen: boolean;                      // the first card of a two-click move is chosen
}

// The eight's choice: which of its three cards (0 the held power card, 1 and 2 the cards drawn) a click keeps.
let keepChoice = 1;

function keepable(hand: HandView): number[] {
  const out = new Set<number>();
  for (const a of hand.legal) if (a.kind === ActionKind.POWER_PLACE && a.targetSeat === hand.viewer) out.add(a.other);
  return [...out].sort();
}

function targets(app: App, full: HandView): Targets {
  // While an eight's cards are on offer, clicks place the card chosen above the cards.
  const keep = keepable(full);
  if (keep.length > 0 && !keep.includes(keepChoice)) keepChoice = keep[keep.length > 1 ? 1 : 0];
  const hand = keep.length > 0
    ? { ...full, legal: full.legal.filter((a) => a.kind !== ActionKind.POWER_PLACE || a.other === keepChoice) } as HandView
    : full;
  const modes = POSITIONAL.filter((k) => hand.legal.some((a) => a.kind === k));
  const chosen = app.ui.first !== "" && hand.legal.some((a) => a.kind === app.ui.firstKind);
  const mode = chosen ? app.ui.firstKind : modes.includes(app.ui.mode) ? app.ui.mode : modes[0] ?? ActionKind.UNSPECIFIED;
  const bySlot = picks(hand, mode, chosen ? app.ui.first : "");
  const claims = chosen ? new Map<Key, Action | "select">() : picks(hand, ActionKind.CLAIM, "");
  return { modes, mode, bySlot, claims, chosen };
}

function find(hand: HandView, kind: ActionKind): Action | undefined {
  return hand.legal.find((a) => a.kind === kind);
}

function instruction(update: TableUpdate, hand: HandView, t: Targets): string {
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
    if (has(ActionKind.SWAP_OWN) || has(ActionKind.READY)) return "Rearrange your cards unseen if you like, then say you are ready.";
    return `${has(ActionKind.PEEK) ? "Peek at" : "Flip"} ${left} of your cards: choose ${left === 1 ? "one" : "them"} below.`;
  }
  if (t.chosen && (t.mode === ActionKind.CLAIM || t.mode === ActionKind.MATCH)) return "Now choose one of your cards to give for it (or cancel).";
  if (t.chosen) return "Now choose the second card (or cancel).";
  if (hand.legal.every((a) => a.kind === ActionKind.CLAIM))
    return `${turnText(update, hand.currentSeat)} You may claim a card that matches the top discard.`;
  if (has(ActionKind.DRAW_STOCK) || has(ActionKind.TAKE_DISCARD)) return "Your turn: draw from the stock or take the top discard.";
  if (has(ActionKind.USE_POWER) && hand.phase === Phase.HOLDING && has(ActionKind.PLACE)) return has(ActionKind.DISCARD)
    ? "Place the card in your layout, discard it, or use its power."
    : "Place the card in your layout, or use its power.";
  if (has(ActionKind.PLACE)) return has(ActionKind.DISCARD)
    ? "Place the card in your layout (the card there goes to the discard pile), or discard it."
    : "Place the card in your layout: the card there goes to the discard pile.";
  if (hand.phase === Phase.POWER) {
    if (t.mode === ActionKind.POWER_SWAP) return has(ActionKind.PASS) ? "Choose two cards to swap, or don't swap." : "Choose two cards to swap.";
    if (t.mode === ActionKind.POWER_PEEK) return "Choose the card to look at.";
    if (has(ActionKind.SHUFFLE)) return "Choose whose cards to shuffle.";
    if (has(ActionKind.CHOOSE_POWER)) return has(ActionKind.PASS) ? "Choose a second power, or stop here." : "Choose the first of two powers.";
    if (t.mode === ActionKind.POWER_PLACE) return keepable(hand).length > 0
      ? "Choose which card to keep, then the card of yours it replaces."
      : "Choose the card your card replaces.";
    if (has(ActionKind.POWER_LINES)) return "Choose the rows or columns to swap.";
    if (t.mode === ActionKind.POWER_FLIP) return "Choose a card to turn over.";
    if (has(ActionKind.POWER_ADD) || has(ActionKind.POWER_REMOVE)) return "Add a card to another player, or discard one of yours.";
  }
  if (hand.phase === Phase.MATCHING) return "Match more equal cards, or say you are done.";
  if (hand.phase === Phase.CALLING) return "Your turn is done: call (everyone else gets one more turn), or not.";
  if (t.mode === ActionKind.FLIP) return has(ActionKind.PASS) ? "You may flip one of your face-down cards." : "Flip one of your face-down cards.";
  if (has(ActionKind.CLAIM)) return "You may claim a card that matches the top discard.";
  return "Your move.";
}

// The part of the screen's height your own cards may take: less when many others share the top of a narrow screen.
function meShare(at: Seating): number {
  const crowd = at.left.length + at.right.length > 0 ? 0 : at.top.length;
  return crowd <= 3 ? 30 : crowd <= 5 ? 26 : 23;
}

function playArea(app: App, update: TableUpdate, hand: HandView): HTMLElement {
  const t = targets(app, hand);
  const me = hand.viewer;
  const rows = Math.max(1, Math.ceil((hand.seats[0]?.positions.length ?? hand.rows * hand.cols) / Math.max(1, hand.cols)));
  const wide = wideScreen();
  const size = { width: window.innerWidth - (wide ? 22 * 16 + 24 : 12), height: window.innerHeight - (wide ? 60 : 130),
                 rows, cols: hand.cols };
  const at = seating(hand.seats.length, me, size);
  const myTurn = me >= 0 && hand.legal.length > 0;
  const caller = hand.caller >= 0 ? seatName(update, hand.caller) : "";
  const changed = hand.phase === Phase.OVER ? new Set<string>() : changedSince(app.log.hole(hand.hole), me);
  const over = hand.phase === Phase.OVER && hand.result !== undefined;
  const seatsOf = (list: number[]) => list.map((s) => seatPanel(app, update, hand, s, t, changed));
  const note = latestNote(app, update);
  const sides = at.left.length + at.right.length > 0;
  return h("section", { class: `play${app.ui.busy ? " busy" : ""}${sides ? " with-sides" : ""}`, "aria-label": "The table",
                        style: `--rows:${rows};--cols:${hand.cols};--top-cols:${at.columns};--me-share:${meShare(at)}dvh;` +
                               `--opp-max:${at.top.length + at.left.length + at.right.length <= 2 ? 5 : 4}rem` },
    h("div", { class: "stage-status" },
      update.state === TableState.FINISHED ? winnerBanner(app, update) : null,
      h("div", { class: `turn-line${myTurn ? " mine" : ""}`, id: "turn", role: "status", tabindex: -1 },
        h("span", { id: "instruction" }, instruction(update, hand, t)),
        h("span", { class: "clock", id: "clock", role: "timer", hidden: true, "aria-live": "off" })),
      note ? h("p", { class: "note", id: "note", "aria-live": "polite" }, note) : null,
      hand.finalRound && hand.phase !== Phase.OVER
        ? h("div", { class: "final-banner", id: "final-banner", role: "alert" },
            `Final round: ${caller ? `${caller} ${hand.caller === me ? "(you) " : ""}ended play` : "play is ending"}; `,
            `${hand.finalTurnsLeft} turn${hand.finalTurnsLeft === 1 ? "" : "s"} left.`)
        : null,
      // Without a NextHole wait (an older server) the next hole simply comes; with one, the review counts down.
      update.state === TableState.BETWEEN_HOLES && !update.nextHole
        ? h("div", { class: "info-banner", role: "status" }, "The next hole is dealt in a moment.") : null,
      powerBanner(update, hand),
      claimBanner(update, hand)),
    sides ? h("div", { class: "seats-left" }, ...seatsOf(at.left)) : null,
    // The guide's tip lies over the others' seats: it never takes room from your cards or the piles.
    h("div", { class: "opponents" }, guideBox(app, hand), ...seatsOf(at.top)),
    sides ? h("div", { class: "seats-right" }, ...seatsOf(at.right)) : null,
    piles(app, update, hand),
    seatPanel(app, update, hand, at.bottom, t, changed),
    actionBar(app, update, hand, t) ?? h("div", { class: "actions empty" }),
    over ? h("div", { class: "review-sheet", tabindex: 0, role: "region", "aria-label": "The hole's review" },
                 holeReview(app, update, hand)) : null);
}

// The power being used: what it does and which cards it has looked at (public); the values reach only the user,
// on the cards themselves.
function powerBanner(update: TableUpdate, hand: HandView): HTMLElement | null {
  const power = hand.power;
  if (hand.phase !== Phase.POWER || !power) return null;
  const mine = hand.currentSeat === hand.viewer;
  // To the user, an instruction; to everyone else, what the user does, with "you" only for the reader.
  const what = powerSentence(power.kind, mine ? YOU_DO : THEY);
  const who = mine ? "You are" : `${seatName(update, hand.currentSeat)} is`;
  const seen: string[] = [];
  const user = hand.currentSeat;
  if (power.ownPosition >= 0) seen.push(`${mine ? "your" : "their"} own ${placeName(hand, user, power.ownPosition)} card`);
  if (power.seat >= 0 && power.position >= 0)
    seen.push(`${power.seat === hand.viewer ? "your" : `${seatName(update, power.seat)}'s`} ${placeName(hand, power.seat, power.position)} card`);
  const two = power.kind === PowerKind.TWO_POWERS
    ? power.picksLeft >= 2 ? " Two powers to choose." : " One power is used; a second power may follow."
    : "";
  const drawn = hand.offered.length > 0 ? ` You drew ${hand.offered.map(cardShort).join(" and ")}.` : "";
  return h("div", { class: "info-banner power-banner", id: "power", role: "status", "data-power": PowerKind[power.kind] },
    `${who} using a power: ${what}.`, seen.length ? ` ${mine ? "You have" : "They have"} looked at ${seen.join(" and ")}.` : "", two, drawn);
}

// The claim window as a countdown bar, and who won the race for the last discard.
function claimBanner(update: TableUpdate, hand: HandView): HTMLElement | null {
  const window_ = update.claimWindow;
  const outcome = update.claim;
  if (!window_ && !outcome) return null;
  const canClaim = hand.legal.some((a) => a.kind === ActionKind.CLAIM);
  return h("div", { class: "claim-banner" },
    window_ ? h("div", { class: "claim-window", id: "claim-window", role: "timer", "data-window-ms": window_.windowMs },
      h("span", { class: "claim-text" }, canClaim ? "Claims are open" : "Claims are open (you have nothing to claim)"),
      h("span", { class: "claim-seconds", id: "claim-seconds" }),
      h("div", { class: "claim-bar", "aria-hidden": "true" }, h("span", { class: "claim-fill", id: "claim-fill" }))) : null,
    outcome ? h("p", { class: "claim-outcome", id: "claim-outcome", role: "status", "data-seat": outcome.seat,
                       "data-correct": String(outcome.correct) },
      `${outcome.seat === update.yourSeat ? "You" : seatName(update, outcome.seat)} claimed first: `,
      outcome.correct ? "the card matched." : "the card did not match (penalty).",
      outcome.refused ? ` ${outcome.refused} later claim${outcome.refused === 1 ? " was" : "s were"} refused.` : "") : null);
}

// A bot's name without the level the server adds in brackets ("bot 1 (heuristic)"): its badge says the level.
function shortName(update: TableUpdate, seat: number): string {
  const info = update.seats[seat];
  const name = seatName(update, seat);
  return info && info.bot !== BotLevel.UNSPECIFIED ? name.replace(/ \([^)]*\)$/, "") : name;
}

function seatPanel(app: App, update: TableUpdate, hand: HandView, seat: number, t: Targets | undefined,
                   changed: Set<string>): HTMLElement {
  const layout = hand.seats[seat];
  const info = update.seats[seat];
  const isMe = seat === hand.viewer;
  const turn = hand.phase !== Phase.START && hand.phase !== Phase.OVER && hand.currentSeat === seat;
  const total = update.scorecard?.totals[seat] ?? 0;
  const person = info !== undefined && info.occupied && info.bot === BotLevel.UNSPECIFIED;
  const badges = [
    isMe ? h("span", { class: "badge you" }, "you") : null,
    person && !info.registered && !isMe ? guestTag() : null,
    seat === hand.dealer ? h("span", { class: "badge", title: "the dealer" }, "dealer") : null,
    botBadge(info),
    info?.open ? h("span", { class: "badge warn" }, "open seat") : info?.botStandingIn ? h("span", { class: "badge warn" }, "away: a bot plays") : null,
    info && info.occupied && info.bot === BotLevel.UNSPECIFIED && !info.connected && !info.botStandingIn
      ? h("span", { class: "badge warn" }, "away") : null,
    hand.caller === seat ? h("span", { class: "badge" }, "ended play") : null,
    // Your own start is in the turn line; the others' shows who is still choosing.
    layout && layout.startLeft > 0 && hand.phase === Phase.START && !isMe
      ? h("span", { class: "badge" }, `${layout.startLeft} to choose`) : null,
    ...(layout?.shields ?? []).map((c, i) => h("span", { class: "badge shield", "data-key": `shield-${seat}-${i}`,
                                                         title: "a shield: it blocks the next power aimed here" },
                                               `shield ${cardName(c)}`)),
  ];
  const grid = h("div", { class: "grid", style: `--cols:${hand.cols}`, role: "group", onkeydown: gridKeys(hand.cols),
                          "aria-label": isMe ? "Your cards" : `${seatName(update, seat)}'s cards` },
    ...(layout?.positions ?? []).map((pos, p) => slot(app, update, hand, seat, p, pos, t, changed)));
  // One Tab stop per layout with no move in it (roving focus): the arrow keys then read its cards.
  if (!grid.querySelector(".slot.legal")) grid.querySelector<HTMLElement>(".slot")?.setAttribute("tabindex", "0");
  const shown = layout?.shownPoints ?? 0;
  const name = shortName(update, seat);
  return h("div", { class: `seat${isMe ? " me" : ""}${turn ? " turn" : ""}`, "data-seat": seat },
    h("h2", { class: "seat-head" },
      turn ? h("span", { class: "turn-mark", "aria-label": "their turn" }, "\u25B6") : null,
      h("span", { class: "seat-name", title: seatName(update, seat) }, person ? nameLink(app, name, info.registered, true) : name),
      ...badges,
      h("span", { class: "figures", "data-key": `figures-${seat}`,
                  title: `face-up cards ${shown} points; match total ${total}` },
        h("span", { class: "shown-points" }, h("span", { class: "figure-label" }, "shows "), String(shown)),
        h("span", { class: "total" }, h("span", { class: "figure-label" }, "total "), String(total)))),
    grid);
}

function slot(app: App, update: TableUpdate, hand: HandView, seat: number, p: number, pos: Position,
              t: Targets | undefined, changed: Set<string>): HTMLElement {
  const k = key(seat, p);
  const target = t?.bySlot.get(k);
  const claim = t?.claims.get(k);
  // Memory mode: a face-down card the reader looked at shows for a few seconds, then only its back (even while
  // the last update still carries it).
  const memory = memoryMode(app) && !pos.faceUp;
  const glimpse = memory ? glimpses(app).get(k) : undefined;
  if (memory) pos = { ...pos, card: undefined } as Position;
  const label = cardLabel(update, hand, seat, p, pos, glimpse ? cardShort(glimpse) : undefined);
  const attrs = { "data-seat": seat, "data-pos": p, "data-face-up": String(pos.faceUp), "data-key": `pos-${seat}-${p}` };
  const choose = (kind: ActionKind) => () => {
    app.ui.first = app.ui.first === k ? "" : k;
    app.ui.firstKind = kind;
    app.onChange();
  };
  let el: HTMLElement;
  if (target && !app.ui.busy && t) {
    const selected = target === "select" && app.ui.first === k;
    const verb = target === "select" ? (selected ? "Cancel" : t.mode === ActionKind.MATCH ? "Match" : "Choose")
                                     : t.chosen && (t.mode === ActionKind.CLAIM || t.mode === ActionKind.MATCH)
                                       ? "Give this card for it" : VERB[target.kind] ?? "Choose";
    el = h("button", { ...attrs, type: "button", class: `slot legal${selected ? " selected" : ""}`,
                       "data-action": target === "select" ? `select:${ActionKind[t.mode].toLowerCase()}:${k}` : actionCode(target),
                       "aria-label": `${verb}: ${label}`, "aria-pressed": target === "select" ? String(selected) : undefined,
                       onclick: target === "select" ? choose(t.mode) : () => void app.act(target) });
  } else {
    // Every position is a control a keyboard and a screen reader reach (arrow keys within a layout); one that
    // no move may use now says so and does nothing.
    el = h("button", { ...attrs, type: "button", class: "slot", "aria-disabled": "true", tabindex: -1, "aria-label": label });
  }
  if (pos.empty) drawEmpty(el);
  else if (glimpse) drawFace(el, glimpse).classList.add("glimpse");
  else if (pos.card) drawFace(el, pos.card);
  else drawBack(el);
  if (!pos.faceUp && (pos.card || glimpse) && !pos.empty) el.classList.add("private");
  if (pos.locked) el.classList.add("locked");
  if (changed.has(k)) el.classList.add("changed");
  if (pos.knownBy.length > 0 && !pos.faceUp) el.title = `seen by ${pos.knownBy.map((s) => seatName(update, s)).join(", ")}`;
  if (hand.result?.layouts[seat]?.cancelled[p]) el.classList.add("cancelled");
  // Claims count only inside the server's window after a discard (and it says so in claim_window).
  if (!claim || app.ui.busy || !update.claimWindow) return el;
  // A claimable card: its own button, so a claim never needs a mode switch while the window runs.
  const button = h("button", { type: "button", class: "small claim-button", "data-key": `claim-${seat}-${p}`,
                               "data-action": claim === "select" ? `select:claim:${k}` : actionCode(claim),
                               "aria-label": `Claim ${label}`,
                               onclick: claim === "select" ? choose(ActionKind.CLAIM) : () => void app.act(claim) }, "Claim");
  return h("div", { class: "cell" }, el, button);
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
  const held = hand.holding && (hand.phase === Phase.HOLDING || hand.phase === Phase.MATCHING || hand.phase === Phase.POWER)
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

function actionBar(app: App, update: TableUpdate, hand: HandView, t: Targets): HTMLElement | null {
  const buttons: HTMLElement[] = [];
  const button = (a: Action, text: string, id: string) =>
    h("button", { type: "button", id, "data-key": id, class: "legal-button", disabled: app.ui.busy,
                  "data-action": actionCode(a), onclick: () => void app.act(a) }, text);
  const add = (kind: ActionKind, text: string, id: string) => {
    const a = find(hand, kind);
    if (a) buttons.push(button(a, text, id));
  };
  const rules = app.joined?.rules;
  const powerCard = hand.phase === Phase.HOLDING ? hand.held : hand.topDiscard;
  const power = powerOf(rules, powerCard);
  add(ActionKind.USE_POWER, powerCard
    ? `Use the ${cardName(powerCard)}${hand.phase === Phase.HOLDING ? "" : " on the discards"}: ${powerText(power)}`
    : "Use the card's power", "use-power");
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.SHUFFLE))
    buttons.push(button(a, `Shuffle ${seatName(update, a.targetSeat)}'s cards`, `shuffle-${a.targetSeat}`));
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.CHOOSE_POWER))
    buttons.push(button(a, `Use: ${powerText(a.position as PowerKind)}`, `choose-power-${a.position}`));
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.POWER_LINES)) {
    const rows = a.other >= hand.cols;
    const line = (p: number) => (rows ? Math.floor(p / hand.cols) : p) + 1;
    buttons.push(button(a, `Swap ${seatName(update, a.targetSeat)}'s ${rows ? "rows" : "columns"} ${line(a.position)} and ${line(a.other)}`,
                        `lines-${a.targetSeat}-${a.position}-${a.other}`));
  }
  for (const a of hand.legal.filter((x) => x.kind === ActionKind.POWER_ADD))
    buttons.push(button(a, `Add the top stock card, unseen, to ${seatName(update, a.targetSeat)}'s cards`, `add-${a.targetSeat}`));
  const keep = keepable(hand);
  const keepGroup = keep.length > 0
    ? h("div", { class: "modes keep", role: "radiogroup", "aria-label": "Which card to keep" },
        ...keep.map((k) => h("label", { class: "mode" },
          h("input", { type: "radio", name: "keep", checked: k === keepChoice, "data-key": `keep-${k}`,
                       onchange: () => { keepChoice = k; app.onChange(); } }),
          `Keep the ${k === 0 ? (hand.held ? cardName(hand.held) : "power card") : hand.offered[k - 1] ? cardName(hand.offered[k - 1]) : `card ${k}`}`)))
    : null;
  // Knocking ends play for everyone: offered, but not in the colour of the moves a turn is made of.
  const knock = find(hand, ActionKind.KNOCK);
  if (knock) {
    const b = button(knock, hand.phase === Phase.CALLING ? "Call (everyone else gets one more turn)"
                                                         : "Knock (everyone else gets one more turn)", "knock");
    b.classList.replace("legal-button", "secondary");
    buttons.push(b);
  }
  add(ActionKind.REVEAL_ALL, "Turn all my cards up", "reveal-all");
  add(ActionKind.PASS, hand.phase === Phase.POWER
                       ? hand.power?.kind === PowerKind.TWO_POWERS ? "No second power" : "Don't swap"
                       : hand.phase === Phase.MATCHING ? "Done matching"
                       : hand.phase === Phase.CALLING ? "Don't call" : "Don't flip", "pass");
  add(ActionKind.READY, "I'm ready", "ready");
  if (t.chosen)
    buttons.push(h("button", { type: "button", id: "cancel", "data-key": "cancel", class: "secondary", "data-action": "cancel",
                               onclick: () => { app.ui.first = ""; app.onChange(); } }, "Cancel"));
  const modes = !t.chosen && t.modes.length > 1
    ? h("div", { class: "modes", role: "radiogroup", "aria-label": "What a click on your cards does" },
        ...t.modes.map((k) => h("label", { class: "mode" },
          h("input", { type: "radio", name: "mode", checked: k === t.mode, "data-key": `mode-${k}`,
                       onchange: () => { app.ui.mode = k; app.ui.first = ""; app.onChange(); } }),
          MODE_LABEL[k] ?? ActionKind[k])))
    : null;
  if (buttons.length === 0 && !modes && !keepGroup) return null;
  return h("div", { class: "actions", id: "actions" }, keepGroup, modes, ...buttons);
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

function updateClock(app: App, root: HTMLElement): void {
  updateClaimWindow(app, root);
  updateNextHoleClock(app, root);
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
  el.style.setProperty("--left", String(Math.min(1, left / Math.max(1, clock.secondsPerTurn * 1000, clock.remainingMs))));
  el.classList.toggle("urgent", seconds <= 5);
  el.setAttribute("aria-label", `${seconds} seconds left for ${who}`);
}

// The claim window counts down from the update that opened it; the bar empties as it runs out.
function updateClaimWindow(app: App, root: HTMLElement): void {
  const window_ = app.update?.claimWindow;
  const fill = root.querySelector<HTMLElement>("#claim-fill");
  const seconds = root.querySelector<HTMLElement>("#claim-seconds");
  if (!window_ || !fill || !seconds) return;
  const left = Math.max(0, window_.remainingMs - (performance.now() - app.updateAt));
  const whole = Math.max(window_.windowMs, window_.remainingMs, 1);
  fill.style.width = `${(100 * left) / whole}%`;
  seconds.textContent = left > 0 ? `${(left / 1000).toFixed(1)}s` : "closed";
  root.querySelector("#claim-window")?.setAttribute("aria-label", left > 0 ? `claims close in ${Math.ceil(left / 1000)} seconds` : "claims closed");
}
