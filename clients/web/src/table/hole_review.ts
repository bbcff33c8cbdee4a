// The end of a hole: every layout face up, each line of its score explained in words (what cancelled and why,
// cards worth less than nothing, bonuses, penalties, the caller's adjustment), the "Next hole" button with the
// wait's countdown and who is still reading, and the match scorecard beside it.
import { h, type Child } from "../ui/dom";
import type { App } from "../core/app";
import { drawBack, drawEmpty, drawFace } from "../ui/cards";
import { cardShort, cardName } from "../words/card_names";
import { cardValue } from "../rules/card_values";
import { EndReason, type HandView, type LayoutScore } from "../gen/golf/v1/game_pb";
import type { TableUpdate } from "../gen/golf/v1/messages_pb";
import type { Ruleset } from "../gen/golf/v1/ruleset_pb";
import { cardLabel, placeName, seatName } from "../words/names";
import { lineName } from "../words/positions";
import { listText, optionNamed, optionText, valueWords } from "../rules/options";
import { locale, t, plainNumber } from "../words/i18n";
import { scoreNoteLines } from "../words/score_notes";

// Why a hole ended, as a clause ("the stock ran out") that sentences here and in the instruction line take.
const END_TEXT: Record<number, string> = {
  [EndReason.ALL_FACE_UP]: "review.endAllFaceUp",
  [EndReason.FINAL_ROUND_DONE]: "review.endFinalRound",
  [EndReason.STOCK_EXHAUSTED]: "review.endStockExhausted",
  [EndReason.TURN_LIMIT]: "review.endTurnLimit",
  [EndReason.LAYOUT_EMPTY]: "review.endLayoutEmpty",
};

export function endText(reason: EndReason): string {
  return t(END_TEXT[reason] ?? "review.endFinished");
}

export function signed(n: number): string {
  return n > 0 ? `+${plainNumber(n)}` : n < 0 ? `\u2212${plainNumber(-n)}` : plainNumber(0);
}

function sum(values: number[]): string {
  return values
    .map((v, i) =>
      i === 0 ? plainNumber(v).replace("-", "\u2212") : v < 0 ? `\u2212 ${plainNumber(-v)}` : `+ ${plainNumber(v)}`
    )
    .join(" ");
}

// Which cards cancelled and why: whole columns, whole rows, then the rest as pairs.
function cancelLines(hand: HandView, seat: number, score: LayoutScore, rules: Ruleset | undefined): string[] {
  const layout = hand.seats[seat];
  const cols = hand.cols;
  const count = Math.min(layout.positions.length, hand.rows * cols);
  const left = new Set<number>();
  for (let p = 0; p < count; ++p) if (score.cancelled[p]) left.add(p);
  const cardsAt = (ps: number[]) =>
    listText(
      ps
        .map((p) => layout.positions[p]?.card)
        .filter((c) => c)
        .map((c) => cardShort(c!)),
      "unit"
    );
  const out: string[] = [];
  const rows = hand.rows;
  for (let c = 0; c < cols && rows > 1; ++c) {
    const column = Array.from({ length: rows }, (_, r) => r * cols + c);
    if (column.every((p) => left.has(p))) {
      out.push(t("review.columnCancels", { line: lineName(c, false, cols), cards: cardsAt(column) }));
      for (const p of column) left.delete(p);
    }
  }
  for (let r = 0; r < rows && cols > 1; ++r) {
    const row = Array.from({ length: cols }, (_, c) => r * cols + c);
    if (row.every((p) => left.has(p))) {
      out.push(t("review.rowCancels", { line: lineName(r, true, rows), cards: cardsAt(row) }));
      for (const p of row) left.delete(p);
    }
  }
  if (left.size > 0) {
    const why = rules?.cancelDiagonal ? "diagonal" : rules?.cancelAdjacentPairs ? "adjacent" : "pairs";
    const cards = [...left].map((p) => t("review.placeCard", { place: placeName(hand, seat, p), card: cardsAt([p]) }));
    out.push(t("review.othersCancel", { cards: listText(cards, "unit"), why }));
  }
  return out.map((line) => line.charAt(0).toLocaleUpperCase(locale()) + line.slice(1));
}

// Why the caller's score moved: the caller rules in force, in the options' own words.
function callerLine(rules: Ruleset | undefined, adjustment: number, isCaller: boolean): string {
  if (!isCaller || !rules) return t("review.adjustment", { points: signed(adjustment) });
  const rule = optionNamed(adjustment > 0 ? "caller_penalty" : "caller_bonus");
  const words = { points: signed(adjustment), rule: valueWords(rule, optionText(rules, rule)) };
  return adjustment > 0 ? t("review.callerNotLowest", words) : t("review.callerLowest", words);
}

function explain(app: App, hand: HandView, seat: number): string[] {
  const result = hand.result!;
  const score = result.layouts[seat];
  const rules = app.joined?.rules;
  const lines: string[] = [];
  if (score) {
    const total = plainNumber(score.columnPoints.reduce((a, b) => a + b, 0));
    lines.push(t("review.cardsByColumn", { sum: sum(score.columnPoints), total }));
    lines.push(...cancelLines(hand, seat, score, rules));
    if (rules) {
      const negatives = hand.seats[seat].positions
        .map((pos, p) => ({ pos, p }))
        .filter(
          ({ pos, p }) =>
            pos.card && cardValue(rules, pos.card) < 0 && (!score.cancelled[p] || rules.cancelledNegativesKeepValue)
        );
      const counts = negatives.map(({ pos }) =>
        t("review.cardCounts", { card: cardShort(pos.card!), points: signed(cardValue(rules, pos.card!)) })
      );
      if (counts.length) lines.push(t("review.lessThanNothing", { cards: listText(counts, "unit") }));
    }
    const notes = scoreNoteLines(score.why, score.notes, (s) => seatName(app.update!, s));
    if (score.bonus && notes.length)
      lines.push(t("review.bonusWithNotes", { points: signed(score.bonus), notes: notes.join("; ") }));
    else if (score.bonus) lines.push(t("review.bonus", { points: signed(score.bonus) }));
    else for (const note of notes) lines.push(`${note}.`);
    if (score.othersPenalty) lines.push(t("review.chargedToOthers", { points: signed(score.othersPenalty) }));
  }
  if (result.adjustments[seat]) lines.push(callerLine(rules, result.adjustments[seat], hand.caller === seat));
  if (result.extra[seat]) lines.push(t("review.paidLooks", { points: signed(result.extra[seat]) }));
  return lines;
}

function seatResult(app: App, update: TableUpdate, hand: HandView, s: number): HTMLElement {
  const result = hand.result!;
  const score = result.layouts[s];
  const layout = hand.seats[s];
  const total = update.scorecard?.totals[s];
  // The extra rows a layout never used are left out: they hold nothing to score.
  const used = layout.positions.reduce((last, pos, p) => (pos.empty ? last : p), -1);
  const shown = layout.positions.slice(
    0,
    Math.max(hand.rows * hand.cols, Math.ceil((used + 1) / hand.cols) * hand.cols)
  );
  return h(
    "div",
    { class: "result-seat", "data-seat": s },
    h(
      "h3",
      {},
      s === hand.viewer ? t("review.you") : seatName(update, s),
      h("span", { class: "total" }, t("review.thisHole", { score: plainNumber(result.scores[s] ?? 0) }))
    ),
    h(
      "div",
      { class: "grid", style: `--cols:${hand.cols}` },
      ...shown.map((pos, p) => {
        const el = h("div", {
          class: "slot",
          "data-seat": s,
          "data-pos": p,
          "data-face-up": String(pos.faceUp),
          role: "img",
          "aria-label": score?.cancelled[p]
            ? t("review.cancelledCard", { card: cardLabel(update, hand, s, p, pos) })
            : cardLabel(update, hand, s, p, pos),
        });
        if (pos.empty) drawEmpty(el);
        else if (pos.card) drawFace(el, pos.card);
        else drawBack(el);
        if (score?.cancelled[p]) el.classList.add("cancelled");
        return el;
      })
    ),
    score
      ? h(
          "div",
          { class: "grid column-points", style: `--cols:${hand.cols}`, "aria-label": t("review.pointsPerColumn") },
          ...score.columnPoints.map((v) => h("span", { class: "column-point" }, plainNumber(v)))
        )
      : null,
    h(
      "ul",
      { class: "breakdown" },
      ...explain(app, hand, s).map((line) => h("li", {}, line)),
      h(
        "li",
        { class: "line-total" },
        total !== undefined
          ? t("review.holeAndMatchTotal", { score: plainNumber(result.scores[s] ?? 0), total: plainNumber(total) })
          : t("review.holeTotal", { score: plainNumber(result.scores[s] ?? 0) })
      )
    )
  );
}

// The wait for "Next hole": a button for a seated player who has not pressed it, a countdown, who still reads.
function nextHole(app: App, update: TableUpdate): HTMLElement | null {
  const wait = update.nextHole;
  if (!wait) return null;
  const me = update.yourSeat;
  const ready = me >= 0 && wait.ready.includes(me);
  const reading = wait.waiting.filter((s) => s !== me).map((s) => seatName(update, s));
  return h(
    "div",
    { class: "next-hole", id: "next-hole-wait" },
    me >= 0 && !ready
      ? h(
          "button",
          { type: "button", id: "next-hole", "data-key": "next-hole", onclick: () => void app.nextHole() },
          t("review.nextHole")
        )
      : // Same data-key as the button: a keyboard player's focus lands here once it is pressed.
        me >= 0
        ? h("span", { class: "badge", tabindex: -1, "data-key": "next-hole" }, t("review.youAreReady"))
        : null,
    h("span", { class: "next-hole-clock", id: "next-hole-clock", role: "timer" }),
    h(
      "span",
      { class: "muted", id: "still-reading" },
      reading.length
        ? t("review.stillReading", { names: listText(reading, "unit") })
        : ready
          ? t("review.everyoneReady")
          : ""
    )
  );
}

// Counts the wait down between updates (called by the table's ticker).
export function updateNextHoleClock(app: App, root: HTMLElement): void {
  const el = root.querySelector<HTMLElement>("#next-hole-clock");
  const wait = app.update?.nextHole;
  if (!el || !wait) return;
  const left = Math.max(0, wait.remainingMs - (performance.now() - app.updateAt));
  el.textContent = t("review.nextHoleIn", { seconds: plainNumber(Math.ceil(left / 1000)) });
}

export function holeReview(app: App, update: TableUpdate, hand: HandView): HTMLElement {
  const result = hand.result!;
  return h(
    "section",
    { class: "panel hole-result", id: "hole-result", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, t("review.title", { hole: plainNumber(hand.hole) })),
    nextHole(app, update),
    h(
      "p",
      { class: "muted" },
      t("review.playEnded", { reason: endText(hand.ended) }),
      hand.caller < 0
        ? ""
        : ` ${hand.caller === hand.viewer ? t("review.youEndedPlay") : t("review.endedPlay", { name: seatName(update, hand.caller) })}`
    ),
    h("div", { class: "result-seats" }, ...hand.seats.map((_, s) => seatResult(app, update, hand, s))),
    result.notes.length
      ? h(
          "ul",
          { class: "muted" },
          ...scoreNoteLines(result.why, result.notes, (s) => seatName(update, s)).map((n) => h("li", {}, n))
        )
      : null
  );
}

// ---- the match scorecard

export function scorecard(app: App, update: TableUpdate): HTMLElement {
  const card = update.scorecard!;
  const n = update.seats.length;
  const winners = new Set(card.winners);
  const rules = app.joined?.rules;
  const cells: Child[] = Array.from({ length: n }, (_, s) =>
    h(
      "th",
      { scope: "col", class: winners.has(s) && card.matchOver ? "winner" : "" },
      ...(s === update.yourSeat ? [t("review.you")] : headerName(seatName(update, s))),
      winners.has(s) && card.matchOver ? h("span", { class: "qualifier" }, ` ${t("review.winner")}`) : null
    )
  );
  return h(
    "section",
    { class: "panel scorecard", id: "scorecard", "aria-labelledby": "scorecard-title" },
    h("h2", { id: "scorecard-title" }, card.matchOver ? t("review.finalScorecard") : t("review.scorecard")),
    h(
      "div",
      { class: "scroll", tabindex: 0, role: "region", "aria-label": t("review.scoresByHole") },
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("review.hole")), ...cells)),
        h(
          "tbody",
          {},
          ...card.holes.map((hole) =>
            h(
              "tr",
              {},
              h("th", { scope: "row" }, plainNumber(hole.number)),
              ...Array.from({ length: n }, (_, s) =>
                h(
                  "td",
                  { title: hole.caller === s ? t("review.endedPlayMark") : "" },
                  h(
                    "span",
                    { class: "hole-score" },
                    `${plainNumber(hole.scores[s] ?? 0)}${hole.caller === s ? "*" : ""}`
                  ),
                  h("span", { class: "running" }, ` (${plainNumber(hole.totals[s] ?? 0)})`)
                )
              )
            )
          )
        ),
        h(
          "tfoot",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "row" }, t("review.matchTotal")),
            ...Array.from({ length: n }, (_, s) =>
              h("td", { class: winners.has(s) && card.matchOver ? "winner" : "" }, plainNumber(card.totals[s] ?? 0))
            )
          )
        )
      )
    ),
    playsFirst(update),
    h(
      "p",
      { class: "muted small" },
      t("review.scorecardKey"),
      rules?.holes ? ` ${t("review.matchOfHoles", { count: rules.holes, holes: plainNumber(rules.holes) })}` : "",
      rules?.targetScore ? ` ${t("review.matchEndsAt", { target: plainNumber(rules.targetScore) })}` : ""
    )
  );
}

// A column's name, a last part in brackets ("bot 3 (heuristic)") on a small line of its own: four seats of long
// names then fit a phone's width without breaking a word.
function headerName(name: string): Child[] {
  const m = /^(.*\S) (\([^()]+\))$/.exec(name);
  return m ? [m[1], h("span", { class: "qualifier" }, " ", m[2])] : [name];
}

// Under winner_plays_first (Cactus): who starts the next hole, and the cards drawn when the winners tied.
function playsFirst(update: TableUpdate): HTMLElement | null {
  const card = update.scorecard!;
  const last = card.holes[card.holes.length - 1];
  if (card.matchOver || last?.playsFirstNext === undefined) return null;
  const draws = last.firstDraw.map((d) =>
    t("review.drewCard", { name: seatName(update, d.seat), card: d.card ? cardName(d.card) : "?" })
  );
  const name = seatName(update, last.playsFirstNext);
  return h(
    "p",
    { id: "plays-first" },
    draws.length
      ? t("review.playsFirstAfterDraw", { name, draws: listText(draws, "unit") })
      : t("review.playsFirst", { name })
  );
}
