// The hole's events as this browser has them: kept once per (hole, index), replaced for a hole when the server
// resends it from the start (events_from_start, after a join or reclaim), and mirrored in sessionStorage so a
// refresh shows the log at once. Also answers which positions the latest moves changed (for highlighting).
import { fromJson, toJson, type JsonValue } from "@bufbuild/protobuf";
import { EventKind, TableEventSchema, type TableEvent } from "../gen/golf/v1/game_pb";

const KEY = "golf.log.";
const HOLES_KEPT = 2; // the hole in play and the one before it (its review may still be up)

export class MoveLog {
  private code = "";
  private holes = new Map<number, Map<number, TableEvent>>();

  // Switches to a table's log (read back from sessionStorage when the page was refreshed).
  open(code: string): void {
    if (code === this.code) return;
    this.code = code;
    this.holes.clear();
    try {
      const saved = JSON.parse(sessionStorage.getItem(KEY + code) ?? "[]") as JsonValue[];
      for (const json of saved) this.put(fromJson(TableEventSchema, json));
    } catch {
      /* a damaged entry: start empty, the server resends the hole's log */
    }
  }

  // Takes an update's events; returns the ones not seen before (what to animate), none for a resent log.
  take(code: string, events: TableEvent[], fromStart: boolean): TableEvent[] {
    this.open(code);
    if (fromStart) {
      for (const hole of new Set(events.map((e) => e.hole))) this.holes.delete(hole);
      for (const e of events) this.put(e);
      this.save();
      return [];
    }
    const fresh = events.filter((e) => !this.holes.get(e.hole)?.has(e.index));
    for (const e of fresh) this.put(e);
    if (fresh.length > 0) this.save();
    return fresh;
  }

  // One hole's events, oldest first.
  hole(hole: number): TableEvent[] {
    return [...(this.holes.get(hole)?.values() ?? [])].sort((a, b) => a.index - b.index);
  }

  forget(code: string): void {
    try {
      sessionStorage.removeItem(KEY + code);
    } catch {
      /* nothing kept */
    }
    if (code === this.code) this.holes.clear();
  }

  private put(e: TableEvent): void {
    let hole = this.holes.get(e.hole);
    if (!hole) {
      hole = new Map();
      this.holes.set(e.hole, hole);
      const old = [...this.holes.keys()].sort((a, b) => a - b);
      for (const h of old.slice(0, Math.max(0, old.length - HOLES_KEPT))) this.holes.delete(h);
    }
    hole.set(e.index, e);
  }

  private save(): void {
    const all = [...this.holes.keys()].sort((a, b) => a - b).flatMap((h) => this.hole(h));
    try {
      sessionStorage.setItem(KEY + this.code, JSON.stringify(all.map((e) => toJson(TableEventSchema, e))));
    } catch {
      /* storage full: the log lives in memory until the next refresh */
    }
  }
}

// The kinds that are a player's own move (after which their "what changed" highlight starts afresh).
const MOVES = new Set([
  EventKind.DREW_STOCK,
  EventKind.TOOK_DISCARD,
  EventKind.FLIPPED,
  EventKind.PEEKED,
  EventKind.SWAPPED_OWN,
  EventKind.READY,
  EventKind.KNOCKED,
  EventKind.LOOKED,
]);

// The places (seat, position) events touched: a card came, went, turned or moved there.
export function touched(e: TableEvent): Array<[number, number]> {
  const seat = e.targetSeat >= 0 ? e.targetSeat : e.seat;
  switch (e.kind) {
    case EventKind.PLACED:
    case EventKind.FLIPPED:
    case EventKind.THROWN:
    case EventKind.ADDED:
    case EventKind.EXPOSED:
    case EventKind.TURNED_UP:
    case EventKind.TURNED_DOWN:
    case EventKind.SHOWN:
      return [[seat, e.position]];
    case EventKind.SWAPPED_OWN:
      return [
        [e.seat, e.position],
        [e.seat, e.other],
      ];
    case EventKind.SWAPPED:
      return [
        [e.targetSeat, e.position],
        [e.otherSeat, e.other],
      ];
    case EventKind.GAVE:
      return [
        [seat, e.position],
        [e.seat, e.other],
      ];
    default:
      return [];
  }
}

// What changed since the reader last moved: the places touched by every event after the reader's own last move
// in this hole (for a spectator, by the last three events). Shown until the reader's next move.
export function changedSince(events: TableEvent[], me: number): Set<string> {
  let from = Math.max(0, events.length - 3);
  if (me >= 0) {
    from = 0;
    for (let i = events.length - 1; i >= 0; --i)
      if (events[i].seat === me && MOVES.has(events[i].kind)) {
        from = i + 1;
        break;
      }
  }
  const out = new Set<string>();
  for (const e of events.slice(from)) {
    if (e.seat === me && me >= 0) continue; // the reader's own doing needs no highlight
    for (const [s, p] of touched(e)) if (s >= 0) out.add(`${s}:${p}`);
  }
  return out;
}
