// One tournament (/tournaments/ID), watched so it changes as the tournament does: what it plays, where it stands,
// the sign-up or the organiser's commands, "Go to your table" while a round is played, the standing, and every
// round's tables (watch one in play, replay one finished).
import { h, replaceContent } from "../ui/dom";
import { profilePath, replayPath, type App, type Screen } from "../core/app";
import { navLine, pageLink } from "../ui/nav";
import { errorText } from "../core/net";
import { storage } from "../core/storage";
import { t, numberFormat, listFormat, plainNumber } from "../words/i18n";
import { dateLocale } from "../words/dates";
import { presetTitle } from "./profile";
import { tournamentStateWords } from "./tournaments";
import {
  TournamentCommand,
  TournamentFormat,
  TournamentNoteKind,
  TournamentState,
  type Tournament,
  type TournamentRound,
  type TournamentSeat,
} from "../gen/golf/v1/tournaments_pb";

// Scores as the table columns show them: no grouping ("1234"), points to a tenth where they are not whole.
const points = (v: number) =>
  numberFormat({
    useGrouping: false,
    minimumFractionDigits: Number.isInteger(v) ? 0 : 1,
    maximumFractionDigits: Number.isInteger(v) ? 0 : 1,
  }).format(v);

export function tournamentScreen(app: App, id: bigint): Screen {
  const title = h("h1", { id: "tournament-title" }, t("tournaments.tournamentTitle"));
  const summary = h("p", { id: "tournament-summary" });
  const note = h("p", { class: "hint", id: "tournament-note", role: "status" });
  const status = h("p", { class: "form-error", id: "tournament-error", role: "alert", hidden: true });
  const actions = h("div", { class: "buttons", id: "tournament-actions" });
  const standing = h("section", { class: "panel", "aria-labelledby": "standing-title" });
  const rounds = h("section", { class: "panel", id: "tournament-rounds", "aria-labelledby": "rounds-title" });
  const element = h(
    "div",
    { class: "screen tournament-screen" },
    title,
    navLine(app, ["/tournaments", t("tournaments.navTournaments")], ["/", t("tournaments.navStart")]),
    h("section", { class: "panel", "aria-labelledby": "tournament-title" }, summary, note, actions, status),
    standing,
    rounds
  );
  const act = async (body: Parameters<App["request"]>[0]) => {
    status.textContent = "";
    try {
      const reply = await app.request(body);
      if (reply.body.case === "tournament" && reply.body.value.entryToken)
        storage.setEntry(id, reply.body.value.entryToken);
      if (body.case === "leaveTournament" && reply.body.case === "ok") storage.setEntry(id, null);
      if (reply.body.case === "tournament" && reply.body.value.tournament) app.tournament = reply.body.value.tournament;
      app.onChange();
    } catch (error) {
      status.textContent = errorText(error);
    }
    status.hidden = status.textContent === "";
  };
  let watching = false;
  let drawn: Tournament | undefined;
  let drawnFor: string | undefined; // the account the buttons were drawn for
  const refresh = () => {
    if (app.status !== "open") watching = false; // the server forgets a closed connection's watch: ask again
    if (!watching && app.status === "open") {
      watching = true;
      void act({ case: "getTournament", value: { id, watch: true, entryToken: storage.entry(id) } });
    }
    const tour = app.tournament;
    if (!tour || tour.id !== id || (tour === drawn && app.accountName === drawnFor)) return;
    drawn = tour;
    drawnFor = app.accountName;
    title.textContent = tour.settings?.name ?? t("tournaments.tournamentTitle");
    summary.textContent = describe(tour);
    note.textContent = noteWords(tour);
    replaceContent(actions, ...actionButtons(app, tour, act));
    actions.hidden = actions.childElementCount === 0;
    replaceContent(
      standing,
      h("h2", { id: "standing-title" }, t("tournaments.standingTitle")),
      standingTable(app, tour)
    );
    replaceContent(rounds, h("h2", { id: "rounds-title" }, t("tournaments.roundsTitle")), ...roundList(app, tour));
  };
  refresh();
  return {
    kind: `tournament:${id}`,
    element,
    refresh,
    dispose() {
      if (app.status === "open")
        void app.request({ case: "getTournament", value: { id, watch: false } }).catch(() => {});
    },
  };
}

// What happened last, in the reader's words from the note's data; a note of a kind this page does not know (a
// newer server) is shown as the server wrote it.
function noteWords(tour: Tournament): string {
  const note = tour.noteOf;
  const name = note?.name ?? "";
  switch (note?.kind) {
    case TournamentNoteKind.CREATED:
      return t("tournaments.latestCreated", { name });
    case TournamentNoteKind.SIGNED_UP:
      return t("tournaments.latestSignedUp", { name });
    case TournamentNoteKind.WITHDREW:
      return t("tournaments.latestWithdrew", { name });
    case TournamentNoteKind.STARTED:
      return t("tournaments.latestStarted", { name });
    case TournamentNoteKind.STARTED_ON_TIME:
      return t("tournaments.latestStartedOnTime");
    case TournamentNoteKind.WAITING_FOR_PLAYERS:
      return t("tournaments.latestWaiting", { needed: note!.count, signedUp: note!.number });
    case TournamentNoteKind.PAUSED:
      return t(
        tour.settings?.format === TournamentFormat.ARENA ? "tournaments.latestPausedArena" : "tournaments.latestPaused"
      );
    case TournamentNoteKind.RESUMED:
      return t("tournaments.latestResumed");
    case TournamentNoteKind.CANCELLED:
      return t("tournaments.latestCancelled", { name });
    case TournamentNoteKind.SEATED:
      return t("tournaments.latestSeated", { round: note!.number, tables: note!.count });
    case TournamentNoteKind.FINISHED:
      return name ? t("tournaments.latestWon", { name }) : t("tournaments.latestFinished");
  }
  return tour.note ? t("tournaments.latest", { note: tour.note }) : "";
}

function formatName(format: TournamentFormat): string {
  if (format === TournamentFormat.ARENA) return t("tournaments.formatNameArena");
  return format === TournamentFormat.DUPLICATE
    ? t("tournaments.formatNameDuplicate")
    : t("tournaments.formatNameSwiss");
}

// "Open for sign-ups. Swiss: four card, tables of 4, 3 rounds, 2 signed up. Organised by Ann." and when it starts.
function describe(tour: Tournament): string {
  const s = tour.settings;
  if (!s) return "";
  const arena = s.format === TournamentFormat.ARENA;
  const n = s.houseRules?.holes ?? 0;
  const facts = {
    format: formatName(s.format),
    rules: presetTitle(s.preset),
    seats:
      s.minSeats === s.seats ? plainNumber(s.seats) : t("tournaments.seatsRange", { min: s.minSeats, max: s.seats }),
    length: arena ? arenaLength(tour) : t("tournaments.roundsCount", { count: s.rounds }),
    entrants: tour.entrants.length,
  };
  const sentences = [
    t("tournaments.stateSentence", { state: tournamentStateWords(tour.state) }),
    n > 0
      ? t("tournaments.factsWithHoles", {
          ...facts,
          holes: arena ? t("tournaments.holesPerTable", { count: n }) : t("tournaments.holesPerRound", { count: n }),
        })
      : t("tournaments.facts", facts),
    t("tournaments.organisedBy", { name: tour.organiser }),
    ...startWords(tour),
  ];
  return sentences.join(" ");
}

// When an open tournament starts by itself, and the bots that fill it.
function startWords(tour: Tournament): string[] {
  const s = tour.settings;
  if (!s) return [];
  const out: string[] = [];
  if (tour.state === TournamentState.OPEN && s.startsAtUnixS !== 0n) {
    const at = new Intl.DateTimeFormat(dateLocale(), {
      weekday: "short",
      hour: "numeric",
      minute: "2-digit",
      day: "numeric",
      month: "short",
    }).format(new Date(Number(s.startsAtUnixS) * 1000));
    out.push(t("tournaments.startsAt", { at }));
  }
  if (s.guests) out.push(t("tournaments.guestsMay"));
  if (s.botFillers) out.push(t("tournaments.botsFill"));
  return out;
}

// An arena's length, and once started the time nobody is seated after.
function arenaLength(tour: Tournament): string {
  const count = tour.settings?.arenaMinutes ?? 0;
  if (tour.endsAtUnixS === 0n) return t("tournaments.minutesCount", { count });
  const end = new Date(Number(tour.endsAtUnixS) * 1000);
  const at = new Intl.DateTimeFormat(dateLocale(), { hour: "numeric", minute: "2-digit" }).format(end);
  const going = tour.state === TournamentState.RUNNING || tour.state === TournamentState.PAUSED;
  return going ? t("tournaments.minutesEnds", { count, at }) : t("tournaments.minutesEnded", { count, at });
}

type Act = (body: Parameters<App["request"]>[0]) => Promise<void>;

type Button = (id: string, text: string, onclick: () => void, secondary?: boolean) => HTMLElement;

// The reader's buttons. A guest entrant is named by the entry token this browser keeps, an account by its sign-in;
// either way the server says which entrant the reader is (your_name).
function actionButtons(app: App, tour: Tournament, act: Act): HTMLElement[] {
  const me = app.accountName;
  const out: HTMLElement[] = [];
  const button: Button = (id, text, onclick, secondary = false) =>
    h("button", { type: "button", id, class: secondary ? "secondary" : undefined, onclick }, text);
  const entryToken = me === undefined ? storage.entry(tour.id) : "";
  if (tour.yourTable) {
    const code = tour.yourTable;
    out.push(
      button("your-table", t("tournaments.goToTable", { code }), () => {
        app.navigate(`/t/${code}`);
        void app.joinTable(code, "", false, "", entryToken).catch((e) => app.onFlash(errorText(e), "error"));
      })
    );
  }
  const entrant = tour.entrants.find((e) => e.name === (tour.yourName || me) && !e.withdrawn);
  const arena = tour.settings?.format === TournamentFormat.ARENA;
  const open =
    tour.state === TournamentState.OPEN || (tour.settings?.lateJoin && tour.state === TournamentState.RUNNING);
  const over = tour.state === TournamentState.FINISHED || tour.state === TournamentState.CANCELLED;
  const organiser = me !== undefined && tour.organiser === me && !over;
  const command = (c: TournamentCommand) => () =>
    void act({ case: "manageTournament", value: { id: tour.id, command: c } });
  const join = () => void act({ case: "joinTournament", value: { id: tour.id, entryToken } });
  const leave = () => void act({ case: "leaveTournament", value: { id: tour.id, entryToken } });
  if (organiser && tour.state === TournamentState.OPEN)
    out.push(button("tournament-start", t("tournaments.start"), command(TournamentCommand.START)));
  if (organiser && tour.state === TournamentState.PAUSED)
    out.push(button("tournament-resume", t("tournaments.resume"), command(TournamentCommand.RESUME)));
  if (!entrant && open)
    out.push(
      ...(me === undefined
        ? guestSignUp(tour, act, button)
        : [button("tournament-join", t("tournaments.signUp"), join)])
    );
  if (entrant?.paused && !over) {
    out.push(h("p", { class: "hint", id: "paused-note" }, t("tournaments.pausedNote")));
    out.push(button("tournament-play-on", t("tournaments.playOn"), join));
  }
  if (entrant && !over) out.push(button("tournament-leave", t("tournaments.withdraw"), leave, true));
  if (organiser && tour.state === TournamentState.RUNNING)
    out.push(
      button(
        "tournament-pause",
        arena ? t("tournaments.pauseSeating") : t("tournaments.pauseAfterRound"),
        command(TournamentCommand.PAUSE),
        true
      )
    );
  if (organiser)
    out.push(button("tournament-cancel", t("tournaments.cancel"), command(TournamentCommand.CANCEL), true));
  return out;
}

// Not signed in and not in: where the tournament takes guests, a name to sign up under (the entry token the
// answer brings is kept in this browser); else a word that signing in comes first.
function guestSignUp(tour: Tournament, act: Act, button: Button): HTMLElement[] {
  if (!tour.settings?.guests)
    return tour.state === TournamentState.OPEN ? [h("p", { class: "hint" }, t("tournaments.signInToSignUp"))] : [];
  const name = h("input", {
    type: "text",
    id: "tournament-guest-name",
    maxlength: 24,
    autocomplete: "nickname",
    value: storage.name(),
  });
  const join = () => {
    storage.setName(name.value.trim());
    void act({ case: "joinTournament", value: { id: tour.id, name: name.value.trim() } });
  };
  return [
    h("div", { class: "field" }, h("label", { for: "tournament-guest-name" }, t("tournaments.yourName")), name),
    button("tournament-join", t("tournaments.signUpAsGuest"), join),
  ];
}

function standingTable(app: App, tour: Tournament): HTMLElement {
  if (tour.entrants.length === 0) return h("p", { class: "empty-note" }, t("tournaments.nobodyYet"));
  const th = (text: string, title?: string) => h("th", { scope: "col", title }, text);
  return h(
    "div",
    { class: "scroll" },
    h(
      "table",
      { class: "leaderboard", id: "standing-table" },
      h("caption", { class: "visually-hidden" }, t("tournaments.standingCaption")),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          th(t("tournaments.colPlace")),
          th(t("tournaments.colPlayer")),
          th(t("tournaments.colPoints")),
          th(t("tournaments.colOpponents"), t("tournaments.colOpponentsTitle")),
          th(t("tournaments.colStrokes"))
        )
      ),
      h(
        "tbody",
        {},
        ...tour.entrants.map((e) =>
          h(
            "tr",
            { "data-name": e.name, class: e.name === (tour.yourName || app.accountName) ? "me" : undefined },
            h("td", {}, tour.rounds.length > 0 ? plainNumber(e.place) : "–"),
            h(
              "td",
              {},
              e.bot || e.guest ? e.name : pageLink(app, profilePath(e.name), e.name),
              e.bot ? h("span", { class: "hint" }, " ", t("tournaments.markBot")) : null,
              e.guest ? h("span", { class: "hint" }, " ", t("tournaments.markGuest")) : null,
              e.streak >= 2
                ? h(
                    "span",
                    { class: "on-fire", title: t("tournaments.winsInARow", { count: e.streak }) },
                    " ",
                    t("tournaments.onFire")
                  )
                : null,
              e.paused ? ` ${t("tournaments.markPaused")}` : "",
              e.withdrawn ? ` ${t("tournaments.markWithdrew")}` : ""
            ),
            h("td", { class: "num" }, points(e.points)),
            h("td", { class: "num" }, points(e.opponentPoints)),
            h("td", { class: "num" }, plainNumber(e.strokes))
          )
        )
      )
    )
  );
}

function roundList(app: App, tour: Tournament): HTMLElement[] {
  if (tour.rounds.length === 0) {
    const timed = tour.state === TournamentState.OPEN && (tour.settings?.startsAtUnixS ?? 0n) !== 0n;
    const when = timed ? t("tournaments.firstRoundTimed") : t("tournaments.firstRoundByOrganiser");
    return [h("p", { class: "empty-note" }, when)];
  }
  return [...tour.rounds].reverse().map((round) => roundSection(app, tour, round));
}

// A Swiss seat's total and place points once its table is done; a duplicate seat's percentage once the round is.
function seatResult(tableDone: boolean, roundDone: boolean, duplicate: boolean, seat: TournamentSeat): string {
  if (!tableDone) return "";
  const total = plainNumber(seat.total);
  if (!duplicate)
    return seat.onFire
      ? t("tournaments.seatPointsOnFire", { total, points: points(seat.points) })
      : t("tournaments.seatPoints", { total, points: points(seat.points) });
  return roundDone ? t("tournaments.seatPercent", { total, percent: plainNumber(Math.round(seat.percent)) }) : total;
}

// "Ann, Bob, Cat": names listed the locale's way (English: commas only).
const nameList = (names: string[]) => listFormat({ type: "unit", style: "short" }).format(names);

function roundSection(app: App, tour: Tournament, round: TournamentRound): HTMLElement {
  const duplicate = tour.settings?.format === TournamentFormat.DUPLICATE;
  return h(
    "div",
    { class: "tournament-round", "data-round": round.number },
    h(
      "h3",
      {},
      round.finished
        ? t("tournaments.roundNumber", { number: round.number })
        : t("tournaments.roundInPlay", { number: round.number })
    ),
    h(
      "ul",
      { class: "tournament-tables" },
      ...round.tables.map((table) =>
        h(
          "li",
          { "data-code": table.code, class: table.code === tour.yourTable ? "your-table" : undefined },
          h(
            "div",
            { class: "seat-result" },
            h("span", {}, t("tournaments.tableNumber", { number: table.number })),
            table.finished && round.finished
              ? pageLink(app, replayPath(table.matchId), t("tournaments.replay"), { class: "replay-link" })
              : duplicate
                ? h(
                    "span",
                    { class: "hint" },
                    table.finished ? t("tournaments.tableDone") : t("tournaments.tablePlaying")
                  )
                : table.finished
                  ? pageLink(app, replayPath(table.matchId), t("tournaments.replay"), { class: "replay-link" })
                  : pageLink(app, `/t/${table.code}`, t("tournaments.watch", { code: table.code }), {
                      class: "watch-link",
                    })
          ),
          ...table.seats.map((seat) =>
            h(
              "div",
              { class: "seat-result" },
              h("span", {}, seat.name, seat.playedByBot ? ` ${t("tournaments.botPlayed")}` : ""),
              h("span", { class: "num" }, seatResult(table.finished, round.finished, duplicate, seat))
            )
          )
        )
      )
    ),
    round.byes.length > 0
      ? h("p", { class: "hint" }, t("tournaments.sittingOut", { names: nameList(round.byes) }))
      : null
  );
}
