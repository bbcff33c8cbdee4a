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
import { optionNamed, optionText, valueWords } from "../rules/options";

const END_TEXT: Record<number, string> = {
  [EndReason.ALL_FACE_UP]: "a layout was all face up",
  [EndReason.FINAL_ROUND_DONE]: "the final round was played",
  [EndReason.STOCK_EXHAUSTED]: "the stock ran out",
  [EndReason.TURN_LIMIT]: "the turn limit was reached",
  [EndReason.LAYOUT_EMPTY]: "a layout was emptied",
};

export function endText(reason: EndReason): string {
  return END_TEXT[reason] ?? "the hole finished";
}

export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
}

function sum(values: number[]): string {
  return values
    .map((v, i) => (i === 0 ? String(v).replace("-", "\u2212") : v < 0 ? `\u2212 ${-v}` : `+ ${v}`))
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
    ps
      .map((p) => layout.positions[p]?.card)
      .filter((c) => c)
      .map((c) => cardShort(c!))
      .join(", ");
  const out: string[] = [];
  const rows = hand.rows;
  for (let c = 0; c < cols && rows > 1; ++c) {
    const column = Array.from({ length: rows }, (_, r) => r * cols + c);
    if (column.every((p) => left.has(p))) {
      out.push(`${lineName(c, false, cols)} (${cardsAt(column)}) cancels: equal cards in a column score 0.`);
      for (const p of column) left.delete(p);
    }
  }
  for (let r = 0; r < rows && cols > 1; ++r) {
    const row = Array.from({ length: cols }, (_, c) => r * cols + c);
    if (row.every((p) => left.has(p))) {
      out.push(`${lineName(r, true, rows)} (${cardsAt(row)}) cancels: equal cards in a row score 0.`);
      for (const p of row) left.delete(p);
    }
  }
  if (left.size > 0) {
    const why = rules?.cancelDiagonal
      ? "a diagonal or a pair of equal cards"
      : rules?.cancelAdjacentPairs
        ? "equal cards side by side or one above the other"
        : "equal cards cancel in pairs";
    out.push(
      `${[...left].map((p) => `${placeName(hand, seat, p)} ${cardsAt([p])}`).join(", ")} cancel (${why}): they score 0.`
    );
  }
  return out.map((line) => line.charAt(0).toUpperCase() + line.slice(1));
}

// Why the caller's score moved: the caller rules in force, in the options' own words.
function callerLine(rules: Ruleset | undefined, adjustment: number, isCaller: boolean): string {
  if (!isCaller || !rules) return `Adjustment ${signed(adjustment)} (the table's scoring rules; see the notes below).`;
  const rule = optionNamed(adjustment > 0 ? "caller_penalty" : "caller_bonus");
  const meaning = valueWords(rule, optionText(rules, rule));
  return `Ended play ${adjustment > 0 ? "without" : "with"} the lowest score: ${signed(adjustment)} (${meaning}).`;
}

function explain(app: App, hand: HandView, seat: number): string[] {
  const result = hand.result!;
  const score = result.layouts[seat];
  const rules = app.joined?.rules;
  const lines: string[] = [];
  if (score) {
    lines.push(`Cards by column: ${sum(score.columnPoints)} = ${score.columnPoints.reduce((a, b) => a + b, 0)}.`);
    lines.push(...cancelLines(hand, seat, score, rules));
    if (rules) {
      const negatives = hand.seats[seat].positions
        .map((pos, p) => ({ pos, p }))
        .filter(
          ({ pos, p }) =>
            pos.card && cardValue(rules, pos.card) < 0 && (!score.cancelled[p] || rules.cancelledNegativesKeepValue)
        );
      if (negatives.length)
        lines.push(
          `Worth less than nothing: ${negatives.map(({ pos }) => `${cardShort(pos.card!)} counts ${signed(cardValue(rules, pos.card!))}`).join(", ")}.`
        );
    }
    if (score.bonus)
      lines.push(`Bonus ${signed(score.bonus)}${score.notes.length ? ` (${score.notes.join("; ")})` : ""}.`);
    else for (const note of score.notes) lines.push(`${note}.`);
    if (score.othersPenalty) lines.push(`Charged to every other player: ${signed(score.othersPenalty)}.`);
  }
  if (result.adjustments[seat]) lines.push(callerLine(rules, result.adjustments[seat], hand.caller === seat));
  if (result.extra[seat]) lines.push(`Paid looks and removed lines: ${signed(result.extra[seat])}.`);
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
      s === hand.viewer ? "You" : seatName(update, s),
      h("span", { class: "total" }, `${result.scores[s] ?? 0} this hole`)
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
          "aria-label": `${cardLabel(update, hand, s, p, pos)}${score?.cancelled[p] ? ", cancelled" : ""}`,
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
          { class: "grid column-points", style: `--cols:${hand.cols}`, "aria-label": "points per column" },
          ...score.columnPoints.map((v) => h("span", { class: "column-point" }, String(v)))
        )
      : null,
    h(
      "ul",
      { class: "breakdown" },
      ...explain(app, hand, s).map((line) => h("li", {}, line)),
      h(
        "li",
        { class: "line-total" },
        `= ${result.scores[s] ?? 0} for this hole`,
        total !== undefined ? `; match total ${total}` : ""
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
          "Next hole"
        )
      : // Same data-key as the button: a keyboard player's focus lands here once it is pressed.
        me >= 0
        ? h("span", { class: "badge", tabindex: -1, "data-key": "next-hole" }, "You are ready")
        : null,
    h("span", { class: "next-hole-clock", id: "next-hole-clock", role: "timer" }),
    h(
      "span",
      { class: "muted", id: "still-reading" },
      reading.length ? `Still reading: ${reading.join(", ")}.` : ready ? "Everyone is ready." : ""
    )
  );
}

// Counts the wait down between updates (called by the table's ticker).
export function updateNextHoleClock(app: App, root: HTMLElement): void {
  const el = root.querySelector<HTMLElement>("#next-hole-clock");
  const wait = app.update?.nextHole;
  if (!el || !wait) return;
  const left = Math.max(0, wait.remainingMs - (performance.now() - app.updateAt));
  el.textContent = `The next hole is dealt in ${Math.ceil(left / 1000)} s`;
}

export function holeReview(app: App, update: TableUpdate, hand: HandView): HTMLElement {
  const result = hand.result!;
  return h(
    "section",
    { class: "panel hole-result", id: "hole-result", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, `Hole ${hand.hole}: how it scored`),
    nextHole(app, update),
    h(
      "p",
      { class: "muted" },
      `Play ended because ${endText(hand.ended)}.`,
      hand.caller >= 0 ? ` ${hand.caller === hand.viewer ? "You" : seatName(update, hand.caller)} ended play.` : ""
    ),
    h("div", { class: "result-seats" }, ...hand.seats.map((_, s) => seatResult(app, update, hand, s))),
    result.notes.length ? h("ul", { class: "muted" }, ...result.notes.map((n) => h("li", {}, n))) : null
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
      ...(s === update.yourSeat ? ["You"] : headerName(seatName(update, s))),
      winners.has(s) && card.matchOver ? h("span", { class: "qualifier" }, " (winner)") : null
    )
  );
  return h(
    "section",
    { class: "panel scorecard", id: "scorecard", "aria-labelledby": "scorecard-title" },
    h("h2", { id: "scorecard-title" }, card.matchOver ? "Final scorecard" : "Scorecard"),
    h(
      "div",
      { class: "scroll", tabindex: 0, role: "region", "aria-label": "Scores hole by hole" },
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Hole"), ...cells)),
        h(
          "tbody",
          {},
          ...card.holes.map((hole) =>
            h(
              "tr",
              {},
              h("th", { scope: "row" }, String(hole.number)),
              ...Array.from({ length: n }, (_, s) =>
                h(
                  "td",
                  { title: hole.caller === s ? "ended play" : "" },
                  h("span", { class: "hole-score" }, `${hole.scores[s] ?? 0}${hole.caller === s ? "*" : ""}`),
                  h("span", { class: "running" }, ` (${hole.totals[s] ?? 0})`)
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
            h("th", { scope: "row" }, "Match total"),
            ...Array.from({ length: n }, (_, s) =>
              h("td", { class: winners.has(s) && card.matchOver ? "winner" : "" }, String(card.totals[s] ?? 0))
            )
          )
        )
      )
    ),
    playsFirst(update),
    h(
      "p",
      { class: "muted small" },
      "Each hole's score, with the match total so far in brackets; * marks who ended play. Lowest total wins.",
      rules?.holes ? ` A match of ${rules.holes} hole${rules.holes === 1 ? "" : "s"}.` : "",
      rules?.targetScore ? ` The match ends when someone reaches ${rules.targetScore}.` : ""
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
  const draws = last.firstDraw.map((d) => `${seatName(update, d.seat)} drew the ${d.card ? cardName(d.card) : "?"}`);
  return h(
    "p",
    { id: "plays-first" },
    `${seatName(update, last.playsFirstNext)} plays first in the next hole`,
    draws.length ? ` (a tie, broken by drawing: ${draws.join(", ")}).` : "."
  );
}
