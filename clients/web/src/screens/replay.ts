// A recorded match replayed (/replay/ID?hole=N&move=K): hole by hole and move by move, the table as a watcher saw
// it after each move, the move log beside it, and the hole's scores at its end. The address names the hole and the
// move, so a copied link opens the same moment. The hole in play replays too, as its watchers saw it (the server
// sends no card they have not seen), with a button to catch up on the moves since. The arrow keys step through
// the moves.
import { h, replaceContent } from "../ui/dom";
import { replayPath, type App, type Screen } from "../core/app";
import { errorText } from "../core/net";
import { utcMinute } from "../words/dates";
import { navLine } from "../ui/nav";
import { moveList, pilesOf, scoreTable, seatBox, seatNames } from "../replay/replay_view";
import { Phase } from "../gen/golf/v1/game_pb";
import type { MatchRecord, ReplayHole } from "../gen/golf/v1/messages_pb";
import { presetTitle } from "./profile";
import { t, listFormat } from "../words/i18n";

// "Four card at table ABC234: Ann, Bob; ended 2026-03-12 10:00 UTC; won by Ann." (the game starts the sentence).
function summaryLine(record: MatchRecord): string {
  const s = record.summary;
  if (!s) return "";
  const winners = s.winners.map((w) => seatNames(record)[w]).filter((n) => n);
  const game = presetTitle(s.preset);
  return t("replay.summary", {
    game: `${game.charAt(0).toUpperCase()}${game.slice(1)}`,
    table: s.tableCode,
    players: listFormat({ type: "unit", style: "short" }).format(seatNames(record)),
    state: s.endedUnix > 0n ? "ended" : "started",
    time: utcMinute(s.endedUnix > 0n ? s.endedUnix : s.startedUnix),
    outcome: winners.length > 0 ? "won" : s.abandoned ? "abandoned" : "open",
    winners: listFormat({ type: "conjunction" }).format(winners),
  });
}

// The holes that replay: those over, then the one in play.
function holeNumbers(record: MatchRecord): number[] {
  const over = record.holes.map((x) => x.number);
  return record.holeInPlay > 0 && !over.includes(record.holeInPlay) ? [...over, record.holeInPlay] : over;
}

function holeButtons(record: MatchRecord, hole: number, go: (hole: number, move: number) => void): HTMLElement {
  return h(
    "div",
    { class: "replay-holes", role: "group", "aria-label": t("replay.holes") },
    ...holeNumbers(record).map((n) =>
      h(
        "button",
        {
          type: "button",
          class: "small secondary",
          id: `replay-hole-${n}`,
          "aria-pressed": String(n === hole),
          onclick: () => go(n, 0),
        },
        n === record.holeInPlay ? t("replay.holeInPlay", { hole: n }) : t("replay.hole", { hole: n })
      )
    )
  );
}

// Of the hole in play: what the steps are, and a button that asks for the moves since.
function inPlayNote(catchUp: () => void): HTMLElement {
  return h(
    "p",
    { class: "hint", id: "replay-in-play" },
    t("replay.inPlayNote"),
    " ",
    h("button", { type: "button", class: "small", id: "replay-catch-up", onclick: catchUp }, t("replay.catchUp"))
  );
}

function stepButtons(replay: ReplayHole, move: number, go: (hole: number, move: number) => void): HTMLElement {
  const last = replay.steps.length - 1;
  // The arrows are pictures of the words beside them: a reader hears the words.
  const arrow = (glyph: string) => h("span", { "aria-hidden": "true" }, glyph);
  const button = (id: string, to: number, ...text: Array<string | HTMLElement>) =>
    h(
      "button",
      { type: "button", class: "small", id, disabled: to === move, onclick: () => go(replay.hole, to) },
      ...text
    );
  return h(
    "div",
    { class: "replay-steps", role: "group", "aria-label": t("replay.moves") },
    button("replay-first", 0, arrow("\u00AB"), " ", t("replay.deal")),
    button("replay-back", Math.max(0, move - 1), arrow("\u25C0"), " ", t("replay.back")),
    h(
      "span",
      { id: "replay-where", role: "status" },
      move === 0 ? t("replay.theDeal") : t("replay.moveOf", { move, last })
    ),
    button("replay-next", Math.min(last, move + 1), t("replay.next"), " ", arrow("\u25B6")),
    button("replay-last", last, t("replay.end"), " ", arrow("\u00BB"))
  );
}

function copyLinkButton(app: App): HTMLElement {
  return h(
    "button",
    {
      type: "button",
      class: "small secondary",
      id: "replay-copy",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(location.href);
          app.onFlash(t("replay.linkCopied"), "info");
        } catch {
          app.onFlash(t("replay.copyAddress", { url: location.href }), "info");
        }
      },
    },
    t("replay.copyLink")
  );
}

// The step on screen: the seats and piles, then the moves so far and, at the hole's end, its scores.
function stepView(app: App, record: MatchRecord, replay: ReplayHole, move: number, go: (h: number, m: number) => void) {
  const hand = replay.steps[move].hand;
  if (!hand) return h("p", { class: "form-error" }, t("replay.noTable"));
  const seats = hand.seats.map((_, s) => seatBox(record, hand, s));
  return h(
    "div",
    { class: "replay-body" },
    h(
      "section",
      { class: "panel replay-table", "aria-label": t("replay.tableOfHole", { hole: replay.hole }) },
      stepButtons(replay, move, go),
      h("div", { class: "replay-seats" }, ...seats.slice(0, Math.ceil(seats.length / 2))),
      pilesOf(hand),
      h("div", { class: "replay-seats" }, ...seats.slice(Math.ceil(seats.length / 2))),
      hand.phase === Phase.OVER ? scoreTable(record, replay.hole) : null,
      copyLinkButton(app)
    ),
    moveList(record, replay, move)
  );
}

// The arrow keys step through the moves (outside the page's fields).
function arrowKeys(e: KeyboardEvent): void {
  const target = e.target as HTMLElement | null;
  if (e.altKey || e.ctrlKey || e.metaKey || target?.closest("input, textarea, select")) return;
  const id = e.key === "ArrowLeft" ? "replay-back" : e.key === "ArrowRight" ? "replay-next" : "";
  const button = id ? document.getElementById(id) : null;
  if (button instanceof HTMLButtonElement && !button.disabled) {
    e.preventDefault();
    button.click();
  }
}

export function replayScreen(app: App, matchId: bigint): Screen {
  let record: MatchRecord | undefined;
  const holes = new Map<number, ReplayHole>();
  const asked = new Set<number>();
  const summary = h("p", { class: "muted", id: "replay-summary" }, t("replay.loadingMatch"));
  const body = h("div", { id: "replay" });
  const where = () => (app.route.name === "replay" ? app.route : { hole: 1, move: 0 });
  const go = (hole: number, move: number) => app.navigate(replayPath(matchId, hole, move), true);
  const fail = (text: string) => replaceContent(body, h("p", { class: "form-error", id: "replay-error" }, text));

  const loadHole = async (hole: number) => {
    asked.add(hole);
    try {
      const reply = await app.whenReady({ case: "getReplay", value: { matchId, hole } });
      if (reply.body.case !== "replayHole") throw new Error(t("replay.noReplaySent"));
      holes.set(hole, reply.body.value);
      refresh();
    } catch (error) {
      fail(t("replay.holeFailed", { hole, error: errorText(error) }));
    }
  };
  const refresh = () => {
    if (!record) return;
    const { hole: wanted, move: step } = where();
    const numbers = holeNumbers(record);
    const hole = numbers.includes(wanted) ? wanted : (numbers[0] ?? 0);
    if (hole === 0) {
      replaceContent(body, h("p", { class: "empty-note", id: "replay-none" }, t("replay.noHoleOver")));
      return;
    }
    const replay = holes.get(hole);
    if (!replay) {
      if (!asked.has(hole)) void loadHole(hole);
      return replaceContent(body, holeButtons(record, hole, go), h("p", {}, t("replay.loadingHole", { hole })));
    }
    const move = Math.min(Math.max(0, step), replay.steps.length - 1);
    const catchUp = () => {
      holes.delete(hole);
      asked.delete(hole);
      go(hole, 10_000); // the newest step, once it is here
    };
    replaceContent(
      body,
      holeButtons(record, hole, go),
      replay.inPlay ? inPlayNote(catchUp) : null,
      stepView(app, record, replay, move, go)
    );
  };
  document.addEventListener("keydown", arrowKeys);
  void (async () => {
    try {
      const reply = await app.whenReady({ case: "getMatch", value: { matchId } });
      if (reply.body.case !== "matchRecord") throw new Error(t("replay.noMatchSent"));
      record = reply.body.value;
      summary.textContent = summaryLine(record);
      refresh();
    } catch (error) {
      summary.textContent = "";
      fail(t("replay.matchFailed", { error: errorText(error) }));
    }
  })();
  const element = h(
    "div",
    { class: "screen replay-screen" },
    h("h1", {}, t("replay.title", { id: String(matchId) })),
    navLine(app, ["/", t("replay.backToStart")], ["/leaderboard", t("replay.leaderboard")]),
    summary,
    body
  );
  return {
    kind: `replay:${matchId}`,
    element,
    refresh,
    dispose: () => document.removeEventListener("keydown", arrowKeys),
  };
}
