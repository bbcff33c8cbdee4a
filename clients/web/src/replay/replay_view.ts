// What the replay viewer (screens/replay.ts) draws of one step: each seat's cards as a watcher saw them then
// (every card face up once the hole is over), the piles, the moves so far as the move log words them, and the
// hole's scores from the match's record.
import { h } from "../ui/dom";
import { drawBack, drawEmpty, drawFace } from "../ui/cards";
import { logEntries, type Reader } from "../words/event_text";
import { knownText } from "../words/names";
import { positionName } from "../words/positions";
import { powerOf } from "../words/power_text";
import { Phase, type HandView, type Position, type TableEvent } from "../gen/golf/v1/game_pb";
import type { MatchRecord, ReplayHole } from "../gen/golf/v1/messages_pb";
import { t } from "../words/i18n";

export function seatNames(record: MatchRecord): string[] {
  return (record.summary?.seats ?? []).map((s) => s.name || t("replay.seat", { seat: s.seat + 1 }));
}

function reader(record: MatchRecord, hand: HandView): Reader {
  const names = seatNames(record);
  return {
    me: -1,
    name: (seat) => names[seat] ?? t("replay.seat", { seat: seat + 1 }),
    place: (seat, p) => positionName(p, hand.cols, hand.seats[seat]?.positions.length ?? hand.rows * hand.cols),
    cols: hand.cols,
    power: (card) => powerOf(record.rules, card),
    memory: record.rules?.peeksShownOnce === true,
  };
}

function cardOf(pos: Position, label: string): HTMLElement {
  const el = h("div", { role: "img", "aria-label": t("replay.cardLabel", { place: label, card: knownText(pos) }) });
  if (pos.empty) return drawEmpty(el);
  return pos.card ? drawFace(el, pos.card) : drawBack(el);
}

export function seatBox(record: MatchRecord, hand: HandView, seat: number): HTMLElement {
  const name = seatNames(record)[seat] ?? t("replay.seat", { seat: seat + 1 });
  const layout = hand.seats[seat];
  const turn = hand.phase !== Phase.OVER && hand.phase !== Phase.START && hand.currentSeat === seat;
  const score = hand.result?.scores[seat];
  return h(
    "div",
    { class: `seat replay-seat${turn ? " turn" : ""}`, "data-seat": seat },
    h(
      "div",
      { class: "seat-head" },
      turn ? h("span", { class: "turn-mark", "aria-label": t("replay.theirTurn") }, "\u25B6") : null,
      h("span", { class: "seat-name" }, name),
      seat === hand.dealer ? h("span", { class: "badge" }, t("replay.dealer")) : null,
      hand.caller === seat ? h("span", { class: "badge" }, t("replay.endedPlay")) : null,
      score !== undefined ? h("span", { class: "badge" }, t("replay.seatScore", { score })) : null
    ),
    h(
      "div",
      { class: "grid", style: `--cols:${hand.cols}`, role: "group", "aria-label": t("replay.seatCards", { name }) },
      ...(layout?.positions ?? []).map((pos, p) =>
        cardOf(pos, positionName(p, hand.cols, layout?.positions.length ?? 0))
      )
    )
  );
}

export function pilesOf(hand: HandView): HTMLElement {
  const top = hand.topDiscard;
  return h(
    "div",
    { class: "piles" },
    h(
      "div",
      { class: "pile" },
      drawBack(h("div", { role: "img", "aria-label": t("replay.stockLabel", { count: hand.stockCount }) })),
      h("span", { class: "pile-caption" }, t("replay.stockCaption", { count: hand.stockCount }))
    ),
    h(
      "div",
      { class: "pile" },
      top
        ? drawFace(h("div", { role: "img", "aria-label": t("replay.topDiscard") }), top)
        : drawEmpty(h("div", { role: "img", "aria-label": t("replay.noDiscards") })),
      h("span", { class: "pile-caption" }, t("replay.discardsCaption", { count: hand.discardCount }))
    )
  );
}

// The hole's scores and the running totals, from the match's record.
export function scoreTable(record: MatchRecord, hole: number): HTMLElement | null {
  const recorded = record.holes.find((x) => x.number === hole);
  if (!recorded) return null;
  const names = seatNames(record);
  const th = (label: string) => h("th", { scope: "col" }, label);
  return h(
    "table",
    { class: "replay-scores", id: "replay-scores" },
    h("caption", {}, t("replay.scoresCaption", { hole })),
    h("thead", {}, h("tr", {}, th(t("replay.columnPlayer")), th(t("replay.columnHole")), th(t("replay.columnTotal")))),
    h(
      "tbody",
      {},
      ...names.map((n, s) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, n),
          h("td", { class: "num" }, String(recorded.scores[s] ?? "")),
          h("td", { class: "num" }, String(recorded.totals[s] ?? ""))
        )
      )
    )
  );
}

// The moves so far as sentences, newest last; the newest is what the step shows.
export function moveList(record: MatchRecord, replay: ReplayHole, move: number): HTMLElement {
  const events: TableEvent[] = replay.steps.slice(0, move + 1).flatMap((s) => s.events);
  const hand = replay.steps[move]?.hand;
  const entries = hand ? logEntries(events, reader(record, hand)) : [];
  return h(
    "section",
    { class: "panel move-log", "aria-labelledby": "replay-log-title" },
    h("h2", { id: "replay-log-title" }, t("replay.logTitle", { hole: replay.hole })),
    entries.length === 0
      ? h("p", { class: "muted", id: "replay-log-empty" }, t("replay.dealt"))
      : h(
          "ol",
          { class: "log-list", id: "replay-log" },
          ...entries.map((e, i) => h("li", { class: i === entries.length - 1 ? "latest" : "" }, e.text))
        )
  );
}
