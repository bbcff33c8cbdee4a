// The move log's words: TableEvents (game.proto) turned into sentences for one reader, following docs/move-log.md
// and worded as the terminal's cli/play/event_text.cpp words them, so a player reads the same sentence in either. The
// reader is "You"; anyone else goes by their seat name; an actor's own cards are "their". A turn's draw and what
// became of the card make one sentence ("Bob drew from the stock and threw away the Q♦."). Cards appear only where
// the event carries them, and under peeks_shown_once a card only the reader saw is left out of the log. Each kind of
// sentence is one message of the "events" catalogue, its parts passed as selects ("you"/"other", "yours"/...).
import { cardShort } from "./card_names";
import { EventKind, type TableEvent } from "../gen/golf/v1/game_pb";
import { PowerKind } from "../gen/golf/v1/ruleset_pb";
import { isWordName } from "./positions";
import { powerSentence, THEY_BARE, YOU_DO } from "./power_text";
import { t } from "./i18n";

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
const yes = (said: unknown) => (said ? "yes" : "no");

// The words of one reader, as the values of the "events" messages: who acts, whose cards, which place, which card.
class Words {
  constructor(readonly r: Reader) {}
  mine(seat: number): boolean {
    return seat >= 0 && seat === this.r.me;
  }
  // The actor of a sentence: its verb's person ("you" for the reader) and its name ("Bob", "The table").
  actor(seat: number): { person: string; name: string } {
    return { person: this.mine(seat) ? "you" : "other", name: seat < 0 ? t("events.theTable") : this.r.name(seat) };
  }
  // Whose cards, seen from `actor`'s sentence: the reader's ("yours", "yourOwn" when the reader acts), the actor's
  // own ("theirOwn"), or a named seat's ("other", with ownerName).
  owner(seat: number, actor = -2): { owner: string; ownerName: string } {
    const own = seat === actor;
    const owner = this.mine(seat) ? (own ? "yourOwn" : "yours") : own ? "theirOwn" : "other";
    return { owner, ownerName: this.r.name(seat) };
  }
  // A place's name, and whether it is words ("top-left") or numbers ("row 2, card 4").
  place(seat: number, position: number): { place: string; shape: string } {
    const place = this.r.place(seat, position);
    return { place, shape: isWordName(place) ? "word" : "number" };
  }
  // A card as a sentence's object: "their top-left card", "Bob's card at row 2, card 4".
  spot(seat: number, position: number, actor = -2): string {
    return t("events.spot", { ...this.owner(seat, actor), ...this.place(seat, position) });
  }
  // The event's card as the log may name it: "7♣", or "" when it does not carry one (or memory keeps it out).
  card(e: TableEvent): string {
    return !e.card || (this.r.memory && e.privateCard) ? "" : cardShort(e.card);
  }
  // The event's card and whether there is one to say ("known").
  shown(e: TableEvent): { card: string; known: string } {
    const card = this.card(e);
    return { card, known: yes(card) };
  }
  // What a power does, after its user's name: an instruction to the reader, else "look at one of their own cards".
  powerWords(kind: PowerKind, actor: number): { power: string; hasPower: string } {
    const none = kind === PowerKind.UNSPECIFIED || kind === PowerKind.NONE;
    const power = none ? "" : powerSentence(kind, this.mine(actor) ? YOU_DO : THEY_BARE);
    return { power, hasPower: yes(power) };
  }
}

// A turn from its draw (or a placing on its own): "Bob drew from the stock and put it in place of their top-left
// card, throwing away the K♥." Returns the sentence and how many events it told.
function turnSentence(w: Words, events: TableEvent[], at: number): [string, number] {
  const first = events[at];
  const s = first.seat;
  const by = (k: number, kind: EventKind) => (events[k]?.kind === kind && events[k].seat === s ? events[k] : undefined);
  const drew = first.kind !== EventKind.PLACED;
  const named = drew ? w.card(first) : ""; // the card the sentence has named so far
  const source =
    first.kind === EventKind.DREW_STOCK ? "stock" : first.kind === EventKind.TOOK_DISCARD ? "discard" : "none";
  const start = { ...w.actor(s), source, card: named, known: yes(named) };
  let next = drew ? at + 1 : at;
  const placed = by(next, EventKind.PLACED);
  if (placed) {
    const c = w.card(placed);
    const thrown = by(++next, EventKind.DISCARDED);
    if (thrown) ++next;
    const gone = thrown ? w.card(thrown) : "";
    const text = t("events.turnPlaced", {
      ...start,
      placed: drew && (!c || c === named) ? "it" : c ? "yes" : "unknown",
      placedCard: c,
      spot: w.spot(target(placed), placed.position, s),
      thrown: !thrown ? "none" : gone ? "yes" : "unknown",
      thrownCard: gone,
    });
    return [text, next - at];
  }
  const thrown = drew ? by(next, EventKind.DISCARDED) : undefined;
  if (thrown) ++next;
  const gone = thrown ? w.card(thrown) : "";
  const end = !thrown ? "none" : named && gone === named ? "it" : gone ? "yes" : "unknown";
  return [t("events.turnDrew", { ...start, thrown: end, thrownCard: gone }), next - at];
}

// The sentence of one event (without a draw's turn), with its full stop: the hole's course here, a turn's moves in
// moveSentence, what powers and cards did in powerEventSentence and cardEventSentence.
function sentence(w: Words, e: TableEvent): string {
  const s = e.seat;
  const dealer = s < 0 ? "nobody" : w.mine(s) ? "you" : "other";
  switch (e.kind) {
    case EventKind.HOLE_DEALT:
      return t("events.holeDealt", { hole: e.hole, dealer, name: w.actor(s).name });
    case EventKind.HAND_OVER:
      return t("events.holeOver", { hole: e.hole });
    case EventKind.LINES_REMOVED:
      return capital(t("events.linesRemoved", w.owner(s)));
    case EventKind.MATCH_FAILED:
      return capital(t("events.matchFailed", w.owner(s)));
    case EventKind.CLOCK_RAN_OUT:
      return capital(t("events.clockRanOut", { ...w.actor(s), name: w.r.name(s) })); // whose clock: a seat
    case EventKind.STOCK_RESHUFFLED:
      return t("events.stockReshuffled");
    case EventKind.FINAL_ROUND:
      return t("events.finalRound", { who: dealer, name: w.actor(s).name });
    default:
      return moveSentence(w, e);
  }
}

// The sentence of a player's move that is not a draw's turn.
function moveSentence(w: Words, e: TableEvent): string {
  const s = e.seat;
  const a = { ...w.actor(s), ...w.shown(e) };
  switch (e.kind) {
    case EventKind.FLIPPED:
      return t("events.turnedUp", { ...a, spot: w.spot(target(e), e.position, s) });
    case EventKind.PEEKED:
    case EventKind.PEEKED_AT:
      return t("events.lookedAt", { ...a, spot: w.spot(target(e), e.position, s) });
    case EventKind.LOOKED:
      return t("events.paidToLook", { ...a, spot: w.spot(target(e), e.position, s) });
    case EventKind.SWAPPED_OWN: {
      const [p, q] = [w.place(s, e.position), w.place(s, e.other)];
      return t("events.swappedOwn", { ...a, shape: p.shape, first: p.place, second: q.place });
    }
    case EventKind.READY:
      return t("events.ready", a);
    case EventKind.DISCARDED:
      return t("events.threwAway", a);
    case EventKind.PASSED:
      return t("events.passed", a);
    case EventKind.KNOCKED:
      return t("events.knocked", a);
    case EventKind.CALLED:
      return t("events.called", a);
    case EventKind.REVEALED_ALL:
      return t("events.revealedAll", a);
    case EventKind.TURN_SKIPPED:
      return t("events.missedTurn", a);
    case EventKind.LAYOUT_EMPTIED:
      return t("events.layoutEmptied", a);
    case EventKind.CLAIM_FIRST:
      return t("events.claimedFirst", a);
    default:
      return powerEventSentence(w, e);
  }
}

// The sentence of an event of a power, with its full stop.
function powerEventSentence(w: Words, e: TableEvent): string {
  const s = e.seat;
  const tg = target(e);
  const a = { ...w.actor(s), ...w.shown(e) };
  switch (e.kind) {
    case EventKind.OFFERED:
      return t("events.offered", { ...a, count: e.other });
    case EventKind.SHIELD_KEPT:
      return t("events.shieldKept", a);
    case EventKind.POWER_USED:
      if (!e.card) return t("events.powerInUse", a);
      return t("events.powerUsed", { ...a, ...w.powerWords(w.r.power(e.card), s), card: cardShort(e.card) });
    case EventKind.POWER_CHOSEN:
      return t("events.powerChosen", { ...a, ...w.powerWords(e.position as PowerKind, s) });
    case EventKind.SWAPPED: {
      const other = w.spot(e.otherSeat >= 0 ? e.otherSeat : tg, e.other, s);
      return t("events.swapped", { ...a, spot: w.spot(tg, e.position, s), otherSpot: other });
    }
    case EventKind.SHUFFLED:
      return t("events.shuffled", { ...a, ...w.owner(tg, s) });
    case EventKind.GAVE: {
      const receiver = { receiver: w.mine(tg) ? "you" : "other", receiverName: w.r.name(tg) };
      const spots = { spot: w.spot(s, e.other, s), otherSpot: w.spot(tg, e.position) };
      return t("events.gave", { ...a, ...receiver, ...spots });
    }
    case EventKind.CALL_CANCELLED:
      return t("events.callCancelled", { ...a, ...w.owner(e.other, s) });
    case EventKind.BLOCKED: {
      const user = w.owner(s);
      return capital(t("events.blocked", { ...a, ...w.owner(tg), user: user.owner, userName: user.ownerName }));
    }
    case EventKind.TURNED_UP:
      return t("events.turnedFaceUp", { ...a, spot: w.spot(tg, e.position, s) });
    case EventKind.TURNED_DOWN:
      return t("events.turnedFaceDown", { ...a, spot: w.spot(tg, e.position, s) });
    case EventKind.LINES_SWAPPED: {
      const rows = e.other >= w.r.cols;
      const n = (p: number) => (rows ? Math.floor(p / Math.max(1, w.r.cols)) : p) + 1;
      const lines = { axis: rows ? "rows" : "columns", first: n(e.position), second: n(e.other) };
      return t("events.linesSwapped", { ...a, ...w.owner(tg, s), ...lines });
    }
    default:
      return cardEventSentence(w, e);
  }
}

// The sentence of what happened to a card at a place, with its full stop.
function cardEventSentence(w: Words, e: TableEvent): string {
  const tg = target(e);
  const at = { ...w.owner(tg), ...w.place(tg, e.position), ...w.shown(e) };
  switch (e.kind) {
    case EventKind.EXPOSED:
      return capital(t("events.exposed", at));
    case EventKind.SHOWN:
      return capital(t("events.shown", at));
    case EventKind.THROWN:
      return capital(t("events.thrown", at));
    case EventKind.ADDED:
      return t("events.added", at);
    default:
      return t("events.unknown", { kind: String(e.kind) });
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
