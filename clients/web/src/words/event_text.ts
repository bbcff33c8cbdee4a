// The move log's words: TableEvents (game.proto) turned into sentences for one reader, following docs/move-log.md
// and worded as the terminal's cli/play/event_text.cpp words them, so a player reads the same sentence in either. The
// reader is "You"; anyone else goes by their seat name; an actor's own cards are "their". A turn's draw and what
// became of the card make one sentence ("Bob drew from the stock and threw away the Q♦."). Cards appear only where
// the event carries them, and under peeks_shown_once a card only the reader saw is left out of the log.
import { cardShort } from "./card_names";
import { EventKind, type TableEvent } from "../gen/golf/v1/game_pb";
import { PowerKind } from "../gen/golf/v1/ruleset_pb";
import { isWordName } from "./positions";
import { powerSentence, THEY, YOU_DO } from "./power_text";

export interface Reader {
  me: number; // the reader's seat, -1 for a spectator
  name(seat: number): string;
  place(seat: number, position: number): string; // positionName for that seat's layout
  cols: number;
  power(card: TableEvent["card"]): PowerKind; // the power a card has at this table
  memory: boolean; // peeks_shown_once: cards only the reader saw are not repeated
}

export interface LogEntry {
  hole: number;
  index: number; // the first event's index
  last: number; // the last event's index
  text: string;
  seats: number[]; // the players it is about
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const target = (e: TableEvent) => (e.targetSeat >= 0 ? e.targetSeat : e.seat);

// The words of one reader: who, whose, which place, which card.
class Words {
  constructor(readonly r: Reader) {}
  mine(seat: number): boolean {
    return seat >= 0 && seat === this.r.me;
  }
  // The actor as a sentence's subject: "You", "Bob", "The table".
  who(seat: number): string {
    return seat < 0 ? "The table" : this.mine(seat) ? "You" : this.r.name(seat);
  }
  // A seat as an object: "you", "Bob".
  whom(seat: number): string {
    return this.mine(seat) ? "you" : this.r.name(seat);
  }
  // "are"/"is" after who().
  verb(seat: number, you: string, others: string): string {
    return this.mine(seat) ? you : others;
  }
  // Whose cards, seen from `actor`'s sentence: "your", "their" (the actor's own), "Bob's".
  whose(seat: number, actor = -2): string {
    if (this.mine(seat)) return "your";
    return seat === actor ? "their" : `${this.r.name(seat)}'s`;
  }
  // "their top-left card", "Bob's card at row 2, card 4".
  spot(seat: number, position: number, actor = -2): string {
    const place = this.r.place(seat, position);
    return isWordName(place)
      ? `${this.whose(seat, actor)} ${place} card`
      : `${this.whose(seat, actor)} card at ${place}`;
  }
  // "Bob's top-left place", "Bob's place at row 2, card 4".
  placeOf(seat: number, position: number): string {
    const place = this.r.place(seat, position);
    return isWordName(place) ? `${this.whose(seat)} ${place} place` : `${this.whose(seat)} place at ${place}`;
  }
  // The event's card as the log may name it: "7♣", or "" when it does not carry one (or memory keeps it out).
  card(e: TableEvent): string {
    return !e.card || (this.r.memory && e.privateCard) ? "" : cardShort(e.card);
  }
  the(e: TableEvent): string {
    const c = this.card(e);
    return c ? `the ${c}` : "a card";
  }
  powerWords(kind: PowerKind, actor: number): string {
    if (kind === PowerKind.UNSPECIFIED || kind === PowerKind.NONE) return "";
    return powerSentence(kind, this.mine(actor) ? YOU_DO : { ...THEY, subject: "" });
  }
}

// A turn from its draw (or a placing on its own): "Bob drew from the stock and put it in place of their top-left
// card, throwing away the K♥." Returns the sentence and how many events it told.
function turnSentence(w: Words, events: TableEvent[], at: number): [string, number] {
  const first = events[at];
  const s = first.seat;
  const by = (k: number, kind: EventKind) => (events[k]?.kind === kind && events[k].seat === s ? events[k] : undefined);
  let out = w.who(s);
  let named = ""; // the card the sentence has named so far
  if (first.kind === EventKind.DREW_STOCK) {
    named = w.card(first);
    out += ` drew from the stock${named ? ` (the ${named})` : ""}`;
  } else if (first.kind === EventKind.TOOK_DISCARD) {
    named = w.card(first);
    out += ` took ${w.the(first)} from the discards`;
  }
  const drew = first.kind !== EventKind.PLACED;
  let next = drew ? at + 1 : at;
  const placed = by(next, EventKind.PLACED);
  if (placed) {
    const c = w.card(placed);
    const what = drew && (!c || c === named) ? "it" : c ? `the ${c}` : "a card";
    out += `${drew ? " and" : ""} put ${what} in place of ${w.spot(target(placed), placed.position, s)}`;
    const thrown = by(++next, EventKind.DISCARDED);
    if (thrown) {
      out += `, throwing away ${w.the(thrown)}`;
      ++next;
    }
  } else {
    const thrown = drew ? by(next, EventKind.DISCARDED) : undefined;
    if (thrown) {
      out += named && w.card(thrown) === named ? " and threw it away" : ` and threw away ${w.the(thrown)}`;
      ++next;
    }
  }
  return [`${out}.`, next - at];
}

// What most sentences of an event say: its actor (s, in words a), the seat it acts on (t), the card shown (c), and
// that card as the end of a sentence for a look (seen) or for a card turned up (shown).
function said(w: Words, e: TableEvent) {
  const c = w.card(e);
  return { s: e.seat, a: w.who(e.seat), t: target(e), c, seen: c ? `: ${c}` : "", shown: c ? `: the ${c}` : "" };
}

// The sentence of one event (without a draw's turn), with its full stop: a turn's moves and the hole's course here,
// what powers and cards did in powerEventSentence.
function sentence(w: Words, e: TableEvent): string {
  const { s, a, t, seen, shown } = said(w, e);
  switch (e.kind) {
    case EventKind.HOLE_DEALT:
      return `Hole ${e.hole} is dealt${s >= 0 ? ` (${w.whom(s)} ${w.verb(s, "deal", "deals")})` : ""}.`;
    case EventKind.HAND_OVER:
      return `Hole ${e.hole} is over.`;
    case EventKind.FLIPPED:
      return `${a} turned up ${w.spot(t, e.position, s)}${shown}.`;
    case EventKind.PEEKED:
      return `${a} looked at ${w.spot(t, e.position, s)}${seen}.`;
    case EventKind.LOOKED:
      return `${a} paid to look at ${w.spot(t, e.position, s)}${seen}.`;
    case EventKind.SWAPPED_OWN: {
      const [p, q] = [w.r.place(s, e.position), w.r.place(s, e.other)];
      return isWordName(p)
        ? `${a} swapped ${w.whose(s, s)} ${p} and ${q} cards.`
        : `${a} swapped ${w.whose(s, s)} cards at ${p} and ${q}.`;
    }
    case EventKind.READY:
      return `${a} ${w.verb(s, "are", "is")} done rearranging.`;
    case EventKind.DISCARDED:
      return `${a} threw away ${w.the(e)}.`;
    case EventKind.PASSED:
      return `${a} passed.`;
    case EventKind.KNOCKED:
      return `${a} knocked: everyone else has one more turn.`;
    case EventKind.CALLED:
      return `${a} called: everyone else has one more turn.`;
    case EventKind.REVEALED_ALL:
      return `${a} turned all ${w.whose(s, s)} cards up.`;
    case EventKind.TURN_SKIPPED:
      return `${a} ${w.verb(s, "miss", "misses")} a turn.`;
    case EventKind.LINES_REMOVED:
      return `${capital(w.whose(s))} completed lines left the table.`;
    case EventKind.MATCH_FAILED:
      return `${capital(w.whose(s))} card did not match.`;
    case EventKind.LAYOUT_EMPTIED:
      return `${a} ${w.verb(s, "have", "has")} no cards left.`;
    case EventKind.CLAIM_FIRST:
      return `${a} claimed the discard first.`;
    case EventKind.CLOCK_RAN_OUT:
      return `${capital(w.whose(s))} clock ran out: the server played for ${w.mine(s) ? "you" : "them"}.`;
    case EventKind.STOCK_RESHUFFLED:
      return "The discards were shuffled into a new stock.";
    case EventKind.FINAL_ROUND:
      return s >= 0
        ? `Final round: everyone but ${w.whom(s)} has one more turn.`
        : "Final round: everyone has one more turn.";
    default:
      return powerEventSentence(w, e);
  }
}

// The sentence of an event of a power, or of what happened to a card, with its full stop.
function powerEventSentence(w: Words, e: TableEvent): string {
  const { s, a, t, c, seen, shown } = said(w, e);
  switch (e.kind) {
    case EventKind.OFFERED:
      return `${a} looked at the next ${e.other} stock cards.`;
    case EventKind.SHIELD_KEPT:
      return `${a} kept ${w.the(e)} as a shield.`;
    case EventKind.POWER_USED: {
      if (!e.card) return `${a} ${w.verb(s, "are", "is")} using a card's power.`;
      const words = w.powerWords(w.r.power(e.card), s);
      return `${a} used the power of the ${cardShort(e.card)}${words ? `: ${words}` : ""}.`;
    }
    case EventKind.POWER_CHOSEN:
      return `${a} chose the power: ${w.powerWords(e.position as PowerKind, s) || "its power"}.`;
    case EventKind.EXPOSED:
      return `${capital(w.spot(t, e.position))} is turned up${shown}.`;
    case EventKind.SHOWN:
      return `${capital(w.spot(t, e.position))} is shown${shown}.`;
    case EventKind.THROWN:
      return `${capital(w.the(e))} from ${w.placeOf(t, e.position)} went onto the discards.`;
    case EventKind.ADDED: {
      const place = w.r.place(t, e.position);
      return `A card joined ${w.whose(t)} layout at ${isWordName(place) ? "the " : ""}${place}${shown}.`;
    }
    case EventKind.PEEKED_AT:
      return `${a} looked at ${w.spot(t, e.position, s)}${seen}.`;
    case EventKind.SWAPPED:
      return `${a} swapped ${w.spot(t, e.position, s)} with ${w.spot(e.otherSeat >= 0 ? e.otherSeat : t, e.other, s)}.`;
    case EventKind.SHUFFLED:
      return `${a} shuffled ${w.whose(t, s)} face-down cards.`;
    case EventKind.GAVE:
      return `${a} gave ${w.spot(s, e.other, s)} to ${w.whom(t)}, in place of ${w.spot(t, e.position)}.`;
    case EventKind.CALL_CANCELLED:
      return `${a} cancelled ${w.whose(e.other, s)} call.`;
    case EventKind.BLOCKED:
      return `${capital(w.whose(t))} shield${c ? ` (the ${c})` : ""} blocked ${w.whose(s)} power.`;
    case EventKind.TURNED_UP:
      return `${a} turned ${w.spot(t, e.position, s)} face up${shown}.`;
    case EventKind.TURNED_DOWN:
      return `${a} turned ${w.spot(t, e.position, s)} face down${c ? ` (everyone saw the ${c})` : ""}.`;
    case EventKind.LINES_SWAPPED: {
      const rows = e.other >= w.r.cols;
      const n = (p: number) => (rows ? Math.floor(p / Math.max(1, w.r.cols)) : p) + 1;
      return `${a} swapped ${w.whose(t, s)} ${rows ? "rows" : "columns"} ${n(e.position)} and ${n(e.other)}.`;
    }
    default:
      return `Something happened (event ${e.kind}).`;
  }
}

// The events another one's sentence already tells: the FLIPPED right before a REVEALED_ALL, the SWAPPED right
// before a LINES_SWAPPED, each of the same actor.
const PARTS: Partial<Record<EventKind, EventKind>> = {
  [EventKind.REVEALED_ALL]: EventKind.FLIPPED,
  [EventKind.LINES_SWAPPED]: EventKind.SWAPPED,
};

function toldByOthers(events: TableEvent[]): boolean[] {
  const told = events.map(() => false);
  events.forEach((e, i) => {
    const part = PARTS[e.kind];
    if (part === undefined) return;
    for (let j = i; j > 0 && events[j - 1].kind === part && events[j - 1].seat === e.seat; --j) told[j - 1] = true;
  });
  return told;
}

// The log of one hole as sentences, oldest first.
export function logEntries(events: TableEvent[], reader: Reader): LogEntry[] {
  const w = new Words(reader);
  const told = toldByOthers(events);
  const out: LogEntry[] = [];
  for (let at = 0; at < events.length; ) {
    if (told[at]) {
      ++at;
      continue;
    }
    const e = events[at];
    const turn = e.kind === EventKind.DREW_STOCK || e.kind === EventKind.TOOK_DISCARD || e.kind === EventKind.PLACED;
    const [text, used] = turn ? turnSentence(w, events, at) : [sentence(w, e), 1];
    out.push({
      hole: e.hole,
      index: e.index,
      last: events[at + used - 1].index,
      text,
      seats: [e.seat, e.targetSeat, e.otherSeat].filter((s) => s >= 0),
    });
    at += used;
  }
  return out;
}
