// Which legal move a click makes: each move of HandView.legal by the card or two cards it names, the kind of move
// a click on a card makes when several are legal (a radio button chooses), the first card of a two-click move, and
// the card an eight keeps. Also the code each control carries in data-action, which the browser tests read.
import type { App } from "../core/app";
import { ActionKind, type Action, type HandView } from "../gen/golf/v1/game_pb";

// The kinds made by clicking cards; a radio button chooses among them when several are legal at once. CLAIM is
// not among them: claimable cards carry their own "claim" button.
const POSITIONAL = [
  ActionKind.PLACE,
  ActionKind.FLIP,
  ActionKind.PEEK,
  ActionKind.SWAP_OWN,
  ActionKind.LOOK,
  ActionKind.POWER_PEEK,
  ActionKind.POWER_SWAP,
  ActionKind.MATCH,
  ActionKind.POWER_PLACE,
  ActionKind.POWER_FLIP,
  ActionKind.POWER_REMOVE,
];

// The kinds that name a seat: their position is in targetSeat's layout.
const SEATED = new Set([
  ActionKind.POWER_PEEK,
  ActionKind.POWER_SWAP,
  ActionKind.SHUFFLE,
  ActionKind.MATCH,
  ActionKind.CLAIM,
  ActionKind.POWER_PLACE,
  ActionKind.POWER_FLIP,
  ActionKind.POWER_LINES,
  ActionKind.POWER_ADD,
]);

export function actionCode(a: Action): string {
  const code = `${ActionKind[a.kind].toLowerCase()}:${a.position}:${a.other}`;
  return SEATED.has(a.kind) ? `${code}:${a.targetSeat}:${a.otherSeat}` : code;
}

// A card on the table, as "seat:position".
export type Key = string;

export const key = (seat: number, position: number): Key => `${seat}:${position}`;

// The card(s) a move names: [the first click, the second click (if any)], and whether either may come first.
function ends(hand: HandView, a: Action): { first: Key; second?: Key; either: boolean } {
  const me = hand.viewer;
  switch (a.kind) {
    case ActionKind.SWAP_OWN:
      return { first: key(me, a.position), second: key(me, a.other), either: true };
    case ActionKind.POWER_SWAP:
      return { first: key(a.targetSeat, a.position), second: key(a.otherSeat, a.other), either: true };
    case ActionKind.MATCH:
    case ActionKind.CLAIM:
      // On another seat's card, the second click is your card given for it.
      return a.targetSeat === me
        ? { first: key(me, a.position), either: false }
        : { first: key(a.targetSeat, a.position), second: key(me, a.other), either: false };
    case ActionKind.POWER_PEEK:
    case ActionKind.POWER_PLACE:
    case ActionKind.POWER_FLIP:
      return { first: key(a.targetSeat, a.position), either: false };
    default:
      return { first: key(me, a.position), either: false };
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

export interface Targets {
  modes: ActionKind[];
  mode: ActionKind; // what a click on a card does now (the chosen first card's kind while one is chosen)
  bySlot: Map<Key, Action | "select">;
  claims: Map<Key, Action | "select">; // the claim buttons (none while a first card is chosen)
  chosen: boolean; // the first card of a two-click move is chosen
}

// The eight's choice: which of its three cards (0 the held power card, 1 and 2 the cards drawn) a click keeps.
let keepChoice = 1;
export const keptCard = (): number => keepChoice;
export function keepCard(k: number): void {
  keepChoice = k;
}

export function keepable(hand: HandView): number[] {
  const out = new Set<number>();
  for (const a of hand.legal) if (a.kind === ActionKind.POWER_PLACE && a.targetSeat === hand.viewer) out.add(a.other);
  return [...out].sort();
}

export function targets(app: App, full: HandView): Targets {
  // While an eight's cards are on offer, clicks place the card chosen above the cards.
  const keep = keepable(full);
  if (keep.length > 0 && !keep.includes(keepChoice)) keepChoice = keep[keep.length > 1 ? 1 : 0];
  const hand =
    keep.length > 0
      ? ({
          ...full,
          legal: full.legal.filter((a) => a.kind !== ActionKind.POWER_PLACE || a.other === keepChoice),
        } as HandView)
      : full;
  const modes = POSITIONAL.filter((k) => hand.legal.some((a) => a.kind === k));
  const chosen = app.ui.first !== "" && hand.legal.some((a) => a.kind === app.ui.firstKind);
  const mode = chosen
    ? app.ui.firstKind
    : modes.includes(app.ui.mode)
      ? app.ui.mode
      : (modes[0] ?? ActionKind.UNSPECIFIED);
  const bySlot = picks(hand, mode, chosen ? app.ui.first : "");
  const claims = chosen ? new Map<Key, Action | "select">() : picks(hand, ActionKind.CLAIM, "");
  return { modes, mode, bySlot, claims, chosen };
}

export function find(hand: HandView, kind: ActionKind): Action | undefined {
  return hand.legal.find((a) => a.kind === kind);
}
