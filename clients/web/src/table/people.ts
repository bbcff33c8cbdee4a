// Who is here: the seats (an away player's seat a bot plays, one the host opened to a newcomer) and how many
// watch, with what keeps order. At a private table the host removes a person or passes the host's role on, and
// gives an away player's seat to someone new; at a public or quick-play table the people seated vote a person out
// (a majority of the others present). Anyone at the table, watching too, reports a person to the moderators.
import { h } from "../ui/dom";
import { t } from "../words/i18n";
import { seatName } from "../words/names";
import { openReport } from "./report_dialog";
import { replayPath, type App } from "../core/app";
import { BotLevel, TableState, type SeatInfo, type TableUpdate } from "../gen/golf/v1/messages_pb";

// The seats this page voted against, per table and person, so its button says so (the server counts a vote once).
const voted = new Set<string>();

function button(key: string, text: string, onclick: () => void, disabled = false): HTMLElement {
  return h("button", { type: "button", class: "small secondary", "data-key": key, id: key, disabled, onclick }, text);
}

function removeSeat(app: App, s: SeatInfo): void {
  const reason = prompt(t("people.removePrompt", { name: s.name }), "");
  if (reason !== null) void app.attempt({ case: "kickSeat", value: { seat: s.seat, reason: reason.trim() } });
}

function makeHost(app: App, s: SeatInfo): void {
  if (confirm(t("people.makeHostConfirm", { name: s.name })))
    void app.attempt({ case: "passHost", value: { seat: s.seat } });
}

function voteOut(app: App, update: TableUpdate, s: SeatInfo): void {
  if (!confirm(t("people.voteOutConfirm", { name: s.name, needed: update.kickVotesNeeded }))) return;
  voted.add(`${update.code}:${s.seat}:${s.name}`);
  void app.attempt({ case: "voteKick", value: { seat: s.seat } });
}

// The controls beside one seat's line for this page's person.
function orderControls(app: App, update: TableUpdate, me: number, s: SeatInfo): (HTMLElement | null)[] {
  const person = s.occupied && s.bot === BotLevel.UNSPECIFIED && !s.open && s.seat !== me;
  if (!person) return [];
  return [
    ...removalControls(app, update, me, s),
    button(`report-${s.seat}`, t("people.report"), () => openReport(app, s)),
  ];
}

function removalControls(app: App, update: TableUpdate, me: number, s: SeatInfo): (HTMLElement | null)[] {
  if (me < 0) return [];
  if (update.removalByVote) {
    const mine = voted.has(`${update.code}:${s.seat}:${s.name}`);
    return [
      s.kickVotes > 0
        ? h(
            "span",
            { class: "badge warn" },
            t("people.votesToRemove", { votes: s.kickVotes, needed: update.kickVotesNeeded })
          )
        : null,
      update.kickVotesNeeded > 0
        ? button(
            `vote-kick-${s.seat}`,
            mine ? t("people.youVoted") : t("people.voteToRemove"),
            () => voteOut(app, update, s),
            mine
          )
        : null,
    ];
  }
  if (me !== update.hostSeat) return [];
  return [
    s.connected ? button(`pass-host-${s.seat}`, t("people.makeHost"), () => makeHost(app, s)) : null,
    button(`kick-${s.seat}`, t("people.remove"), () => removeSeat(app, s)),
  ];
}

export function people(app: App, update: TableUpdate, me: number): HTMLElement {
  const players = update.seats.filter((s) => s.occupied).length;
  const host = me >= 0 && me === update.hostSeat && update.state !== TableState.WAITING;
  const away = (s: SeatInfo) =>
    s.occupied && s.bot === BotLevel.UNSPECIFIED && !s.connected && (s.botStandingIn || s.forfeited);
  const give = (s: SeatInfo) => {
    if (confirm(t("people.giveSeatConfirm", { name: s.name })))
      void app.attempt({ case: "openSeat", value: { seat: s.seat } });
  };
  return h(
    "section",
    { class: "panel people", "aria-labelledby": "people-title" },
    h("h2", { id: "people-title" }, t("people.title")),
    h(
      "ul",
      { class: "seat-roll" },
      ...update.seats.map((s) =>
        h(
          "li",
          { "data-seat": s.seat },
          h(
            "span",
            {},
            t("people.seatLine", { seat: s.seat + 1, name: s.name ? seatName(update, s.seat) : t("people.emptySeat") })
          ),
          s.seat === update.hostSeat && s.occupied && s.bot === BotLevel.UNSPECIFIED && !update.removalByVote
            ? h("span", { class: "badge" }, t("people.hostBadge"))
            : null,
          s.open
            ? h("span", { class: "badge warn", id: `open-${s.seat}` }, t("people.openBadge"))
            : away(s)
              ? h("span", { class: "badge warn" }, t("people.awayBadge"))
              : null,
          ...orderControls(app, update, me, s),
          host && away(s) && !s.open
            ? h(
                "button",
                {
                  type: "button",
                  class: "small secondary",
                  "data-key": `open-seat-${s.seat}`,
                  id: `open-seat-${s.seat}`,
                  onclick: () => give(s),
                },
                t("people.giveToNew")
              )
            : null
        )
      )
    ),
    h(
      "p",
      { class: "muted small" },
      `${t("people.players", { count: players })} · `,
      h(
        "span",
        { id: "spectators" },
        me < 0
          ? t("people.watchingWithYou", { count: update.spectators })
          : t("people.watching", { count: update.spectators })
      ),
      holeSoFarLink(update, me)
    )
  );
}

// A watcher may step back through the hole in play (its public part) in a tab of its own.
function holeSoFarLink(update: TableUpdate, me: number): HTMLElement | null {
  const matchId = update.scorecard?.matchId ?? 0n;
  const hole = update.hand?.hole ?? 0;
  if (me >= 0 || matchId === 0n || hole === 0 || update.state !== TableState.PLAYING) return null;
  return h(
    "span",
    {},
    " · ",
    h(
      "a",
      { href: replayPath(matchId, hole), id: "hole-so-far", target: "_blank", rel: "noopener" },
      t("people.replayHoleSoFar")
    )
  );
}
