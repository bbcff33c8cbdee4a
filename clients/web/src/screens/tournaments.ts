// The tournaments (/tournaments): the newest, open and running first, each linking to its page; and, signed in, a
// form to organise one (docs/tournaments.md says how they run).
import { create } from "@bufbuild/protobuf";
import { h, replaceContent } from "../ui/dom";
import { tournamentPath, type App, type Screen } from "../core/app";
import { navLine, pageLink } from "../ui/nav";
import { errorText } from "../core/net";
import { t, numberFormat } from "../words/i18n";
import { presetTitle } from "./profile";
import { RulesetSchema } from "../gen/golf/v1/ruleset_pb";
import { TournamentFormat, TournamentState, type TournamentSummary } from "../gen/golf/v1/tournaments_pb";

export function tournamentStateWords(state: TournamentState): string {
  switch (state) {
    case TournamentState.OPEN:
      return t("tournaments.stateOpen");
    case TournamentState.RUNNING:
      return t("tournaments.stateRunning");
    case TournamentState.PAUSED:
      return t("tournaments.statePaused");
    case TournamentState.FINISHED:
      return t("tournaments.stateFinished");
    case TournamentState.CANCELLED:
      return t("tournaments.stateCancelled");
    default:
      return "";
  }
}

export function tournamentsScreen(app: App): Screen {
  const list = h("div", { id: "tournament-list", "aria-live": "polite" }, h("p", {}, t("tournaments.loading")));
  const ended = h("input", { type: "checkbox", id: "tournaments-ended", onchange: () => void load() });
  const load = async () => {
    try {
      const reply = await app.request({ case: "listTournaments", value: { includeEnded: ended.checked } });
      if (reply.body.case !== "tournaments") return;
      const found = reply.body.value.tournaments;
      replaceContent(
        list,
        found.length === 0
          ? h("p", { class: "empty-note", id: "tournaments-empty" }, t("tournaments.empty"))
          : tournamentTable(app, found)
      );
    } catch (error) {
      replaceContent(list, h("p", { class: "form-error" }, t("tournaments.loadFailed", { detail: errorText(error) })));
    }
  };
  const form = organiseForm(app);
  const element = h(
    "div",
    { class: "screen tournaments-screen" },
    h("h1", {}, t("tournaments.title")),
    navLine(
      app,
      ["/", t("tournaments.navStart")],
      ["/lobby", t("tournaments.navLobby")],
      ["/leaderboard", t("tournaments.navLeaderboard")]
    ),
    h(
      "section",
      { class: "panel", "aria-labelledby": "tournaments-title" },
      h("h2", { id: "tournaments-title" }, t("tournaments.newestFirst")),
      h("div", { class: "field check" }, ended, h("label", { for: "tournaments-ended" }, t("tournaments.showEnded"))),
      list
    ),
    form.element
  );
  let loaded = false;
  const refresh = () => {
    form.refresh();
    if (!loaded && app.status === "open") {
      loaded = true;
      void load();
    }
  };
  refresh();
  return { kind: "tournaments", element, refresh };
}

function tournamentTable(app: App, found: TournamentSummary[]): HTMLElement {
  const th = (text: string) => h("th", { scope: "col" }, text);
  return h(
    "div",
    { class: "scroll" },
    h(
      "table",
      { class: "leaderboard", id: "tournaments-table" },
      h("caption", { class: "visually-hidden" }, t("tournaments.listCaption")),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          th(t("tournaments.colName")),
          th(t("tournaments.colRules")),
          th(t("tournaments.colState")),
          th(t("tournaments.colRound")),
          th(t("tournaments.colPlayers"))
        )
      ),
      h(
        "tbody",
        {},
        ...found.map((row) =>
          h(
            "tr",
            { "data-id": String(row.id) },
            h("td", {}, pageLink(app, tournamentPath(row.id), row.name, { class: "tournament-name" })),
            h("td", {}, presetTitle(row.preset)),
            h("td", {}, tournamentStateWords(row.state)),
            h(
              "td",
              { class: "num nowrap" },
              row.format === TournamentFormat.ARENA
                ? t("tournaments.roundArena", { round: row.round })
                : t("tournaments.roundOf", { round: row.round, rounds: row.rounds })
            ),
            h("td", { class: "num" }, numberFormat().format(row.players))
          )
        )
      )
    )
  );
}

function numberField(
  id: string,
  label: string,
  value: number,
  min: number,
  max: number
): [HTMLElement, HTMLInputElement] {
  const input = h("input", { type: "number", id, min, max, value, required: true, inputmode: "numeric" });
  return [h("div", { class: "field" }, h("label", { for: id }, label), input), input];
}

// The format, and its length: rounds, or an arena's minutes.
function formatFields() {
  const format = h(
    "select",
    { id: "tournament-format", "aria-describedby": "tournament-format-hint" },
    h("option", { value: String(TournamentFormat.SWISS) }, t("tournaments.formatSwiss")),
    h("option", { value: String(TournamentFormat.DUPLICATE) }, t("tournaments.formatDuplicate")),
    h("option", { value: String(TournamentFormat.ARENA) }, t("tournaments.formatArena"))
  );
  const formatField = h(
    "div",
    { class: "field" },
    h("label", { for: "tournament-format" }, t("tournaments.formatLabel")),
    format,
    h("span", { class: "hint", id: "tournament-format-hint" }, t("tournaments.formatHint"))
  );
  const [roundsField, rounds] = numberField("tournament-rounds", t("tournaments.roundsLabel"), 3, 1, 20);
  const [minutesField, minutes] = numberField("tournament-minutes", t("tournaments.minutesLabel"), 30, 1, 720);
  const arena = () => Number(format.value) === TournamentFormat.ARENA;
  const shape = () => {
    roundsField.hidden = arena();
    minutesField.hidden = !arena();
  };
  format.addEventListener("change", shape);
  shape();
  return { format, formatField, arena, roundsField, rounds, minutesField, minutes };
}

// When it starts (empty: the organiser starts it), whether bots fill the field then, and whether guests may play.
function startFields() {
  const startsAt = h("input", {
    type: "datetime-local",
    id: "tournament-starts-at",
    "aria-describedby": "tournament-starts-at-hint",
  });
  const fillers = h("input", { type: "checkbox", id: "tournament-bot-fillers" });
  const guests = h("input", { type: "checkbox", id: "tournament-guests" });
  const element = h(
    "div",
    {},
    h(
      "div",
      { class: "field" },
      h("label", { for: "tournament-starts-at" }, t("tournaments.startsAtLabel")),
      startsAt,
      h("span", { class: "hint", id: "tournament-starts-at-hint" }, t("tournaments.startsAtHint"))
    ),
    h(
      "div",
      { class: "field check" },
      fillers,
      h("label", { for: "tournament-bot-fillers" }, t("tournaments.botFillersLabel"))
    ),
    h("div", { class: "field check" }, guests, h("label", { for: "tournament-guests" }, t("tournaments.guestsLabel")))
  );
  // The chosen local time as Unix seconds; 0 for none.
  const startsAtUnixS = () => (startsAt.value ? BigInt(Math.floor(new Date(startsAt.value).getTime() / 1000)) : 0n);
  return { element, startsAtUnixS, fillers, guests };
}

// Signed in: a tournament's name, rules and shape; created, its page opens.
function organiseForm(app: App): { element: HTMLElement; refresh(): void } {
  const name = h("input", { type: "text", id: "tournament-name", maxlength: 60, required: true, autocomplete: "off" });
  const preset = h("select", { id: "tournament-preset" });
  const { format, formatField, arena, roundsField, rounds, minutesField, minutes } = formatFields();
  const [seatsField, seats] = numberField("tournament-seats", t("tournaments.seatsLabel"), 4, 2, 8);
  const [holesField, holes] = numberField("tournament-holes", t("tournaments.holesLabel"), 0, 0, 18);
  const start = startFields();
  const status = h("p", { class: "form-error", id: "tournament-error", role: "alert" });
  const submit = h("button", { type: "submit", id: "tournament-create" }, t("tournaments.create"));
  const send = async (e: Event) => {
    e.preventDefault();
    status.textContent = "";
    submit.disabled = true;
    try {
      const houseRules = create(RulesetSchema, holes.valueAsNumber > 0 ? { holes: holes.valueAsNumber } : {});
      const settings = {
        name: name.value.trim(),
        preset: preset.value,
        houseRules,
        seats: seats.valueAsNumber,
        rounds: arena() ? 0 : rounds.valueAsNumber,
        arenaMinutes: arena() ? minutes.valueAsNumber : 0,
        format: Number(format.value) as TournamentFormat,
        startsAtUnixS: start.startsAtUnixS(),
        botFillers: start.fillers.checked,
        guests: start.guests.checked,
      };
      const reply = await app.request({ case: "createTournament", value: { settings } });
      if (reply.body.case === "tournament" && reply.body.value.tournament)
        app.navigate(tournamentPath(reply.body.value.tournament.id));
    } catch (error) {
      status.textContent = errorText(error);
    } finally {
      submit.disabled = false;
    }
  };
  const form = h(
    "form",
    { class: "panel", id: "organise-form", novalidate: true, onsubmit: (e: Event) => void send(e) },
    h("h2", {}, t("tournaments.organiseTitle")),
    h("div", { class: "field" }, h("label", { for: "tournament-name" }, t("tournaments.nameLabel")), name),
    h("div", { class: "field" }, h("label", { for: "tournament-preset" }, t("tournaments.rulesLabel")), preset),
    formatField,
    h("div", { class: "field-row" }, seatsField, roundsField, minutesField, holesField),
    start.element,
    h("div", { class: "buttons" }, submit),
    status
  );
  const guest = h("p", { class: "panel hint", id: "organise-sign-in" }, t("tournaments.signInToOrganise"));
  const element = h("div", {}, form, guest);
  let filled = -1;
  return {
    element,
    refresh() {
      form.hidden = app.accountName === undefined;
      guest.hidden = !form.hidden;
      if (filled === app.presets.length) return;
      filled = app.presets.length;
      preset.replaceChildren(...app.presets.map((p) => h("option", { value: p.name }, presetTitle(p.name))));
    },
  };
}
