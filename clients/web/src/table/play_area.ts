// The hand in play, laid out as a stage that fits the screen: the turn line and banners on top, the others' seats
// around (placed by seating.ts), the piles, your own seat at the bottom, the buttons under it, and the hole's review
// over it all when the hole is over.
import { h } from "../ui/dom";
import type { App } from "../core/app";
import { Phase, type HandView } from "../gen/golf/v1/game_pb";
import { TableState, type TableUpdate } from "../gen/golf/v1/messages_pb";
import { holeReview } from "./hole_review";
import { changedSince } from "../core/move_log";
import { reader } from "./move_log_view";
import { logEntries } from "../words/event_text";
import { seatName } from "../words/names";
import { seating, type Seating } from "./seating";
import { guideBox } from "./guide";
import { wideScreen } from "./side_panels";
import { targets } from "./targets";
import { actionBar } from "./action_bar";
import { seatPanel } from "./seats";
import { piles } from "./piles";
import { instruction } from "./instruction";
import { claimBanner, powerBanner, winnerBanner } from "./banners";
import { language, t } from "../words/i18n";

// What just happened, in the reader's words from the move log; before the first move, the server's `note` in
// English only (in another language the table's own lines say who sat down and that the match started).
function latestNote(app: App, update: TableUpdate): string {
  const hand = update.hand;
  const entries = hand ? logEntries(app.log.hole(hand.hole), reader(app, update, hand)) : [];
  if (entries.length) return entries[entries.length - 1].text;
  return language() === "en" ? update.note : "";
}

// The part of the screen's height your own cards may take: less when many others share the top of a narrow screen.
function meShare(at: Seating): number {
  const crowd = at.left.length + at.right.length > 0 ? 0 : at.top.length;
  return crowd <= 3 ? 30 : crowd <= 5 ? 26 : 23;
}

// The final round's banner: who ended play (perhaps the reader), and the turns left.
function finalRound(caller: string, callerIsMe: boolean, turnsLeft: number): string {
  if (!caller) return t("table.finalRoundEnding", { count: turnsLeft });
  return callerIsMe
    ? t("table.finalRoundYouEnded", { name: caller, count: turnsLeft })
    : t("table.finalRoundEnded", { name: caller, count: turnsLeft });
}

export function playArea(app: App, update: TableUpdate, hand: HandView): HTMLElement {
  const clicks = targets(app, hand);
  const me = hand.viewer;
  const rows = Math.max(
    1,
    Math.ceil((hand.seats[0]?.positions.length ?? hand.rows * hand.cols) / Math.max(1, hand.cols))
  );
  const wide = wideScreen();
  const size = {
    width: window.innerWidth - (wide ? 22 * 16 + 24 : 12),
    height: window.innerHeight - (wide ? 60 : 130),
    rows,
    cols: hand.cols,
  };
  const at = seating(hand.seats.length, me, size);
  const myTurn = me >= 0 && hand.legal.length > 0;
  const caller = hand.caller >= 0 ? seatName(update, hand.caller) : "";
  const changed = hand.phase === Phase.OVER ? new Set<string>() : changedSince(app.log.hole(hand.hole), me);
  const over = hand.phase === Phase.OVER && hand.result !== undefined;
  const seatsOf = (list: number[]) => list.map((s) => seatPanel(app, update, hand, s, clicks, changed));
  const note = latestNote(app, update);
  const sides = at.left.length + at.right.length > 0;
  return h(
    "section",
    {
      class: `play${app.held ? " busy" : ""}${sides ? " with-sides" : ""}`,
      "aria-label": t("table.playAreaLabel"),
      style:
        `--rows:${rows};--cols:${hand.cols};--top-cols:${at.columns};--me-share:${meShare(at)}dvh;` +
        `--opp-max:${at.top.length + at.left.length + at.right.length <= 2 ? 5 : 4}rem`,
    },
    h(
      "div",
      { class: "stage-status" },
      update.state === TableState.FINISHED ? winnerBanner(app, update) : null,
      h(
        "div",
        { class: `turn-line${myTurn ? " mine" : ""}`, id: "turn", role: "status", tabindex: -1 },
        h("span", { id: "instruction" }, instruction(update, hand, clicks)),
        h("span", { class: "clock", id: "clock", role: "timer", hidden: true, "aria-live": "off" })
      ),
      note ? h("p", { class: "note", id: "note", "aria-live": "polite" }, note) : null,
      hand.finalRound && hand.phase !== Phase.OVER
        ? h(
            "div",
            { class: "final-banner", id: "final-banner", role: "alert" },
            finalRound(caller, hand.caller === me, hand.finalTurnsLeft)
          )
        : null,
      // Without a NextHole wait (an older server) the next hole simply comes; with one, the review counts down.
      update.state === TableState.BETWEEN_HOLES && !update.nextHole
        ? h("div", { class: "info-banner", role: "status" }, t("table.nextHoleSoon"))
        : null,
      powerBanner(update, hand),
      claimBanner(update, hand)
    ),
    sides ? h("div", { class: "seats-left" }, ...seatsOf(at.left)) : null,
    // The guide's tip lies over the others' seats: it never takes room from your cards or the piles.
    h("div", { class: "opponents" }, guideBox(app, hand), ...seatsOf(at.top)),
    sides ? h("div", { class: "seats-right" }, ...seatsOf(at.right)) : null,
    piles(app, update, hand),
    seatPanel(app, update, hand, at.bottom, clicks, changed),
    actionBar(app, update, hand, clicks) ?? h("div", { class: "actions empty" }),
    over
      ? h(
          "div",
          { class: "review-sheet", tabindex: 0, role: "region", "aria-label": t("table.holeReviewLabel") },
          holeReview(app, update, hand)
        )
      : null
  );
}
