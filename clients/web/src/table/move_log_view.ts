// The move log on screen ("What happened"): this hole's events as sentences for the reader, newest last, in a
// scrollable list that screen readers announce as a log. Also memory mode's glimpses: under peeks_shown_once a
// peeked card is in the reader's view only in the update of the peek, so the page keeps it on its position for
// a few seconds (and announces it), then shows the back again.
import { h } from "../ui/dom";
import { t } from "../words/i18n";
import type { App } from "../core/app";
import { cardShort } from "../words/card_names";
import { logEntries, type Reader } from "../words/event_text";
import { EventKind, type HandView, type TableEvent } from "../gen/golf/v1/game_pb";
import type { Card } from "../gen/golf/v1/cards_pb";
import type { TableUpdate } from "../gen/golf/v1/messages_pb";
import { placeName, seatName } from "../words/names";
import { touched } from "../core/move_log";
import { isWordName } from "../words/positions";
import { powerOf } from "../words/power_text";

export const GLIMPSE_MS = 4000;

export function reader(app: App, update: TableUpdate, hand: HandView): Reader {
  return {
    me: update.yourSeat,
    name: (seat) => seatName(update, seat),
    place: (seat, p) => placeName(hand, seat, p),
    cols: hand.cols,
    power: (card) => powerOf(app.joined?.rules, card),
    memory: app.joined?.rules?.peeksShownOnce === true,
  };
}

export function moveLog(app: App, update: TableUpdate, hand: HandView): HTMLElement {
  const entries = logEntries(app.log.hole(hand.hole), reader(app, update, hand));
  const me = update.yourSeat;
  return h(
    "section",
    { class: "panel move-log", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title" }, t("panels.logTitle", { hole: hand.hole })),
    entries.length === 0
      ? h("p", { class: "muted", id: "log-empty" }, t("panels.logEmpty"))
      : h(
          "div",
          { class: "log-lines", id: "move-log", role: "log", tabindex: 0, "aria-label": t("panels.logLabel") },
          h(
            "ol",
            {},
            ...entries.map((e) =>
              h("li", { "data-index": e.index, class: e.seats.includes(me) && me >= 0 ? "mine" : "" }, e.text)
            )
          )
        )
  );
}

// Keeps the newest line in sight after each render.
export function scrollLog(root: HTMLElement): void {
  const list = root.querySelector<HTMLElement>("#move-log");
  if (list) list.scrollTop = list.scrollHeight;
}

// ---- memory mode's glimpses, per table position "seat:position"

const seen = new Map<string, { card: Card; until: number }>();
const shownOnce = new Set<string>(); // "seat:position:card" already shown: never shown again from a stale view

// Says a sentence once in the page's polite live region (#announce, made once by main.ts so it is never replaced).
export function announce(text: string): void {
  const el = document.getElementById("announce");
  if (el) el.textContent = text;
}

export function memoryMode(app: App): boolean {
  return app.joined?.rules?.peeksShownOnce === true;
}

// The cards being shown for a moment now (memory mode only).
export function glimpses(app: App): Map<string, Card> {
  const now = performance.now();
  const out = new Map<string, Card>();
  if (!memoryMode(app)) return out;
  for (const [k, g] of seen) if (g.until > now) out.set(k, g.card);
  return out;
}

const LOOKS = new Set([EventKind.PEEKED, EventKind.LOOKED, EventKind.PEEKED_AT, EventKind.PLACED]);

// One card glimpsed, said as "your top-left card is the 7♣" or "Ann's card at row 2, card 4 is the 7♣".
function glimpseText(update: TableUpdate, hand: HandView, seat: number, p: number, card: Card): string {
  const place = placeName(hand, seat, p);
  const values = { name: seatName(update, seat), place, card: cardShort(card) };
  if (seat === update.yourSeat)
    return isWordName(place) ? t("panels.glimpseMine", values) : t("panels.glimpseMineAt", values);
  return isWordName(place) ? t("panels.glimpseOther", values) : t("panels.glimpseOtherAt", values);
}

// Under memory mode, notes the cards a new update shows the reader alone (the events' private cards, and any
// face-down card in the view), to show each for a few seconds, once, and say so.
export function noteGlimpses(app: App, update: TableUpdate, hand: HandView, events: TableEvent[]): void {
  if (!memoryMode(app)) return;
  // A card that moves (swapped, replaced) takes its glimpse with it: the old place must not say "remember" still.
  for (const e of events)
    if (!(LOOKS.has(e.kind) && e.seat === update.yourSeat)) for (const [s, p] of touched(e)) seen.delete(`${s}:${p}`);
  const found = new Map<string, Card>();
  for (const e of events)
    if (LOOKS.has(e.kind) && e.card && e.privateCard && e.seat === update.yourSeat)
      found.set(`${e.targetSeat >= 0 ? e.targetSeat : e.seat}:${e.position}`, e.card);
  hand.seats.forEach((layout, seat) =>
    layout.positions.forEach((pos, p) => {
      if (pos.card && !pos.faceUp && !pos.empty) found.set(`${seat}:${p}`, pos.card);
    })
  );
  const words: string[] = [];
  for (const [k, card] of found) {
    const id = `${k}:${cardShort(card)}`;
    if (shownOnce.has(id)) continue;
    shownOnce.add(id);
    seen.set(k, { card, until: performance.now() + GLIMPSE_MS });
    const [seat, p] = k.split(":").map(Number);
    words.push(glimpseText(update, hand, seat, p, card));
  }
  if (words.length === 0) return;
  const cards = words.join(t("panels.glimpseSeparator"));
  announce(t("panels.rememberIt", { cards, seconds: GLIMPSE_MS / 1000 }));
  window.setTimeout(() => app.onChange(), GLIMPSE_MS + 50);
}
