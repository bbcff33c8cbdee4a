// Seeing it happen: a short animation per event (a card arriving from the stock or the discards, one leaving for
// the discards, a flip, a swap, a shuffle), none when the reader asks for reduced motion. Written with the Web
// Animations API the browser already has. We looked at npm's well-kept ones (motion 14, which pulls in
// framer-motion; animejs 4): both would work, but the table needs a handful of keyframes on elements it has just
// rendered, which element.animate() does with no dependency and nothing left behind when an animation ends.
import { EventKind, type TableEvent } from "../gen/golf/v1/game_pb";
import { touched } from "../core/move_log";

const DURATION = 420;

function reduced(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function slotEl(root: HTMLElement, seat: number, position: number): HTMLElement | null {
  return root.querySelector<HTMLElement>(`.play .slot[data-seat="${seat}"][data-pos="${position}"]`);
}

// Where the held card lay before the update (it is gone once placed or discarded): FLIP's "first".
export interface Before {
  held?: DOMRect;
}

// Moves `el` from where `from` is (an element on the table now, or a place on the table before) to where it stands.
function arrive(el: HTMLElement, from: HTMLElement | DOMRect | null | undefined, delay: number): void {
  if (!from) return pulse(el, delay);
  const a = from instanceof DOMRect ? from : from.getBoundingClientRect();
  const b = el.getBoundingClientRect();
  el.animate(
    [
      { transform: `translate(${a.left - b.left}px, ${a.top - b.top}px) scale(0.9)`, zIndex: 5 },
      { transform: "none", zIndex: 5 },
    ],
    { duration: DURATION, delay, easing: "ease-out", fill: "backwards" }
  );
}

function flip(el: HTMLElement, delay: number): void {
  el.animate([{ transform: "rotateY(90deg)" }, { transform: "none" }], {
    duration: DURATION * 0.7,
    delay,
    easing: "ease-out",
    fill: "backwards",
  });
}

function pulse(el: HTMLElement, delay: number): void {
  el.animate([{ transform: "scale(1.15)" }, { transform: "none" }], { duration: DURATION, delay, easing: "ease-out" });
}

function shake(el: HTMLElement, delay: number): void {
  el.animate(
    [
      { transform: "none" },
      { transform: "translateX(-4px) rotate(-2deg)" },
      { transform: "translateX(4px) rotate(2deg)" },
      { transform: "none" },
    ],
    { duration: DURATION, delay, iterations: 2 }
  );
}

// One event's animation on the table just rendered; false when the event has none.
function play(root: HTMLElement, e: TableEvent, before: TableEvent | undefined, was: Before, delay: number): boolean {
  const stock = root.querySelector<HTMLElement>("#stock");
  const discard = root.querySelector<HTMLElement>("#discard");
  const held = root.querySelector<HTMLElement>("#held .card");
  const places = touched(e)
    .map(([s, p]) => slotEl(root, s, p))
    .filter((el): el is HTMLElement => el !== null);
  switch (e.kind) {
    case EventKind.PLACED: {
      // From the hand that held it, else from the pile it was drawn from in the same update.
      const from = was.held ?? (before?.kind === EventKind.TOOK_DISCARD ? discard : stock);
      places.forEach((el) => arrive(el, from, delay));
      return places.length > 0;
    }
    case EventKind.DISCARDED:
    case EventKind.THROWN:
      if (discard) arrive(discard, places[0] ?? was.held ?? held, delay);
      return discard !== null;
    case EventKind.DREW_STOCK:
    case EventKind.TOOK_DISCARD:
      if (held) arrive(held, e.kind === EventKind.DREW_STOCK ? stock : discard, delay);
      return held !== null;
    case EventKind.FLIPPED:
    case EventKind.EXPOSED:
    case EventKind.TURNED_UP:
    case EventKind.TURNED_DOWN:
      places.forEach((el) => flip(el, delay));
      return places.length > 0;
    case EventKind.SWAPPED:
    case EventKind.SWAPPED_OWN:
    case EventKind.GAVE:
      if (places.length !== 2) return false;
      arrive(places[0], places[1], delay);
      arrive(places[1], places[0], delay);
      return true;
    case EventKind.SHUFFLED: {
      const cards = root.querySelectorAll<HTMLElement>(`.play .slot[data-seat="${e.targetSeat}"]`);
      cards.forEach((el) => shake(el, delay));
      return cards.length > 0;
    }
    case EventKind.STOCK_RESHUFFLED:
      if (stock) shake(stock, delay);
      return stock !== null;
    default:
      return false;
  }
}

// Plays the animations of the events an update brought, one after another; returns how many were played.
export function animateEvents(root: HTMLElement, events: TableEvent[], was: Before = {}): number {
  if (events.length === 0 || reduced() || typeof Element.prototype.animate !== "function") return 0;
  const recent = events.slice(-6);
  let played = 0;
  recent.forEach((e, i) => {
    if (play(root, e, recent[i - 1], was, (played * DURATION) / 2)) ++played;
  });
  return played;
}
