// One tournament (/tournaments/ID), watched so it changes as the tournament does: what it plays, where it stands,
// the sign-up or the organiser's commands, "Go to your table" while a round is played, the standing, and every
// round's tables (watch one in play, replay one finished).
import { h, replaceContent } from "../ui/dom";
import { profilePath, replayPath, type App, type Screen } from "../core/app";
import { navLine, pageLink } from "../ui/nav";
import { errorText } from "../core/net";
import { storage } from "../core/storage";
import { presetTitle } from "./profile";
import { tournamentStateWords } from "./tournaments";
import {
  TournamentCommand,
  TournamentFormat,
  TournamentState,
  type Tournament,
  type TournamentRound,
  type TournamentSeat,
} from "../gen/golf/v1/tournaments_pb";

const points = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

export function tournamentScreen(app: App, id: bigint): Screen {
  const title = h("h1", { id: "tournament-title" }, "Tournament");
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
    navLine(app, ["/tournaments", "Tournaments"], ["/", "Back to the start"]),
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
    const t = app.tournament;
    if (!t || t.id !== id || (t === drawn && app.accountName === drawnFor)) return;
    drawn = t;
    drawnFor = app.accountName;
    title.textContent = t.settings?.name ?? "Tournament";
    summary.textContent = describe(t);
    note.textContent = t.note ? `Latest: ${t.note}.` : "";
    replaceContent(actions, ...actionButtons(app, t, act));
    actions.hidden = actions.childElementCount === 0;
    replaceContent(standing, h("h2", { id: "standing-title" }, "Standing"), standingTable(app, t));
    replaceContent(rounds, h("h2", { id: "rounds-title" }, "Rounds"), ...roundList(app, t));
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

function describe(t: Tournament): string {
  const s = t.settings;
  if (!s) return "";
  const seats = s.minSeats === s.seats ? `${s.seats}` : `${s.minSeats} to ${s.seats}`;
  const arena = s.format === TournamentFormat.ARENA;
  const n = s.houseRules?.holes ?? 0;
  const holes = n > 0 ? `, ${n} hole${n === 1 ? "" : "s"} a ${arena ? "table" : "round"}` : "";
  const format = arena ? "Arena" : s.format === TournamentFormat.DUPLICATE ? "Duplicate" : "Swiss";
  const length = arena ? arenaLength(t) : `${s.rounds} round${s.rounds === 1 ? "" : "s"}`;
  return (
    `${tournamentStateWords(t.state)}. ${format}: ${presetTitle(s.preset)}${holes}, tables of ${seats}, ` +
    `${length}, ${t.entrants.length} signed up. Organised by ${t.organiser}.${startWords(t)}`
  );
}

// When an open tournament starts by itself, and the bots that fill it.
function startWords(t: Tournament): string {
  const s = t.settings;
  if (!s) return "";
  const fillers =
    (s.guests ? " Guests may sign up." : "") + (s.botFillers ? " Bots fill the empty seats at the start." : "");
  if (t.state !== TournamentState.OPEN || s.startsAtUnixS === 0n) return fillers;
  const at = new Intl.DateTimeFormat(undefined, {
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
    day: "numeric",
    month: "short",
  }).format(new Date(Number(s.startsAtUnixS) * 1000));
  return ` Starts by itself at ${at}.${fillers}`;
}

// An arena's length, and once started the time nobody is seated after.
function arenaLength(t: Tournament): string {
  const n = t.settings?.arenaMinutes ?? 0;
  const minutes = `${n} minute${n === 1 ? "" : "s"}`;
  if (t.endsAtUnixS === 0n) return minutes;
  const end = new Date(Number(t.endsAtUnixS) * 1000);
  const at = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" }).format(end);
  return `${minutes} (${t.state === TournamentState.RUNNING || t.state === TournamentState.PAUSED ? "ends" : "ended"} at ${at})`;
}

type Act = (body: Parameters<App["request"]>[0]) => Promise<void>;

type Button = (id: string, text: string, onclick: () => void, secondary?: boolean) => HTMLElement;

// The reader's buttons. A guest entrant is named by the entry token this browser keeps, an account by its sign-in;
// either way the server says which entrant the reader is (your_name).
function actionButtons(app: App, t: Tournament, act: Act): HTMLElement[] {
  const me = app.accountName;
  const out: HTMLElement[] = [];
  const button: Button = (id, text, onclick, secondary = false) =>
    h("button", { type: "button", id, class: secondary ? "secondary" : undefined, onclick }, text);
  const entryToken = me === undefined ? storage.entry(t.id) : "";
  if (t.yourTable) {
    const code = t.yourTable;
    out.push(
      button("your-table", `Go to your table (${code})`, () => {
        app.navigate(`/t/${code}`);
        void app.joinTable(code, "", false, "", entryToken).catch((e) => app.onFlash(errorText(e), "error"));
      })
    );
  }
  const entrant = t.entrants.find((e) => e.name === (t.yourName || me) && !e.withdrawn);
  const arena = t.settings?.format === TournamentFormat.ARENA;
  const open = t.state === TournamentState.OPEN || (t.settings?.lateJoin && t.state === TournamentState.RUNNING);
  const over = t.state === TournamentState.FINISHED || t.state === TournamentState.CANCELLED;
  const organiser = me !== undefined && t.organiser === me && !over;
  const command = (c: TournamentCommand) => () =>
    void act({ case: "manageTournament", value: { id: t.id, command: c } });
  const join = () => void act({ case: "joinTournament", value: { id: t.id, entryToken } });
  const leave = () => void act({ case: "leaveTournament", value: { id: t.id, entryToken } });
  if (organiser && t.state === TournamentState.OPEN)
    out.push(button("tournament-start", "Start", command(TournamentCommand.START)));
  if (organiser && t.state === TournamentState.PAUSED)
    out.push(button("tournament-resume", "Resume", command(TournamentCommand.RESUME)));
  if (!entrant && open)
    out.push(...(me === undefined ? guestSignUp(t, act, button) : [button("tournament-join", "Sign up", join)]));
  if (entrant?.paused && !over) {
    out.push(h("p", { class: "hint", id: "paused-note" }, "A bot played your last table, so you are paused."));
    out.push(button("tournament-play-on", "Play on", join));
  }
  if (entrant && !over) out.push(button("tournament-leave", "Withdraw", leave, true));
  if (organiser && t.state === TournamentState.RUNNING)
    out.push(
      button(
        "tournament-pause",
        arena ? "Pause the seating" : "Pause after this round",
        command(TournamentCommand.PAUSE),
        true
      )
    );
  if (organiser)
    out.push(button("tournament-cancel", "Cancel the tournament", command(TournamentCommand.CANCEL), true));
  return out;
}

// Not signed in and not in: where the tournament takes guests, a name to sign up under (the entry token the
// answer brings is kept in this browser); else a word that signing in comes first.
function guestSignUp(t: Tournament, act: Act, button: Button): HTMLElement[] {
  if (!t.settings?.guests)
    return t.state === TournamentState.OPEN ? [h("p", { class: "hint" }, "Sign in to sign up.")] : [];
  const name = h("input", {
    type: "text",
    id: "tournament-guest-name",
    maxlength: 24,
    autocomplete: "nickname",
    value: storage.name(),
  });
  const join = () => {
    storage.setName(name.value.trim());
    void act({ case: "joinTournament", value: { id: t.id, name: name.value.trim() } });
  };
  return [
    h("div", { class: "field" }, h("label", { for: "tournament-guest-name" }, "Your name"), name),
    button("tournament-join", "Sign up as a guest", join),
  ];
}

function standingTable(app: App, t: Tournament): HTMLElement {
  if (t.entrants.length === 0) return h("p", { class: "empty-note" }, "Nobody has signed up yet.");
  const th = (text: string, title?: string) => h("th", { scope: "col", title }, text);
  return h(
    "div",
    { class: "scroll" },
    h(
      "table",
      { class: "leaderboard", id: "standing-table" },
      h("caption", { class: "visually-hidden" }, "Standing"),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          th("#"),
          th("Player"),
          th("Points"),
          th("Opponents", "their opponents' points: the first tie-break"),
          th("Strokes")
        )
      ),
      h(
        "tbody",
        {},
        ...t.entrants.map((e) =>
          h(
            "tr",
            { "data-name": e.name, class: e.name === (t.yourName || app.accountName) ? "me" : undefined },
            h("td", {}, t.rounds.length > 0 ? String(e.place) : "–"),
            h(
              "td",
              {},
              e.bot || e.guest ? e.name : pageLink(app, profilePath(e.name), e.name),
              e.bot ? h("span", { class: "hint" }, " (bot)") : null,
              e.guest ? h("span", { class: "hint" }, " (guest)") : null,
              e.streak >= 2 ? h("span", { class: "on-fire", title: `${e.streak} wins in a row` }, " on fire") : null,
              e.paused ? " (paused)" : "",
              e.withdrawn ? " (withdrew)" : ""
            ),
            h("td", { class: "num" }, points(e.points)),
            h("td", { class: "num" }, points(e.opponentPoints)),
            h("td", { class: "num" }, String(e.strokes))
          )
        )
      )
    )
  );
}

function roundList(app: App, t: Tournament): HTMLElement[] {
  if (t.rounds.length === 0) {
    const timed = t.state === TournamentState.OPEN && (t.settings?.startsAtUnixS ?? 0n) !== 0n;
    const when = timed ? "at the start time, or earlier if the organiser starts it" : "when the organiser starts";
    return [h("p", { class: "empty-note" }, `The first round is seated ${when}.`)];
  }
  return [...t.rounds].reverse().map((round) => roundSection(app, t, round));
}

// A Swiss seat's total and place points once its table is done; a duplicate seat's percentage once the round is.
function seatResult(tableDone: boolean, roundDone: boolean, duplicate: boolean, seat: TournamentSeat): string {
  if (!tableDone) return "";
  if (!duplicate) return `${seat.total} · ${points(seat.points)} pt${seat.onFire ? " (on fire: ×2)" : ""}`;
  return roundDone ? `${seat.total} · ${Math.round(seat.percent)}%` : String(seat.total);
}

function roundSection(app: App, t: Tournament, round: TournamentRound): HTMLElement {
  const duplicate = t.settings?.format === TournamentFormat.DUPLICATE;
  return h(
    "div",
    { class: "tournament-round", "data-round": round.number },
    h("h3", {}, `Round ${round.number}${round.finished ? "" : " (being played)"}`),
    h(
      "ul",
      { class: "tournament-tables" },
      ...round.tables.map((table) =>
        h(
          "li",
          { "data-code": table.code, class: table.code === t.yourTable ? "your-table" : undefined },
          h(
            "div",
            { class: "seat-result" },
            h("span", {}, `Table ${table.number}`),
            table.finished && round.finished
              ? pageLink(app, replayPath(table.matchId), "Replay", { class: "replay-link" })
              : duplicate
                ? h("span", { class: "hint" }, table.finished ? "Done" : "Playing")
                : table.finished
                  ? pageLink(app, replayPath(table.matchId), "Replay", { class: "replay-link" })
                  : pageLink(app, `/t/${table.code}`, `Watch ${table.code}`, { class: "watch-link" })
          ),
          ...table.seats.map((seat) =>
            h(
              "div",
              { class: "seat-result" },
              h("span", {}, seat.name, seat.playedByBot ? " (a bot played)" : ""),
              h("span", { class: "num" }, seatResult(table.finished, round.finished, duplicate, seat))
            )
          )
        )
      )
    ),
    round.byes.length > 0 ? h("p", { class: "hint" }, `Sitting out: ${round.byes.join(", ")}.`) : null
  );
}
