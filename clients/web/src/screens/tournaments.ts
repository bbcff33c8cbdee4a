// The tournaments (/tournaments): the newest, open and running first, each linking to its page; and, signed in, a
// form to organise one (docs/tournaments.md says how they run).
import { create } from "@bufbuild/protobuf";
import { h, replaceContent } from "../ui/dom";
import { tournamentPath, type App, type Screen } from "../core/app";
import { navLine, pageLink } from "../ui/nav";
import { errorText } from "../core/net";
import { presetTitle } from "./profile";
import { RulesetSchema } from "../gen/golf/v1/ruleset_pb";
import { TournamentFormat, TournamentState, type TournamentSummary } from "../gen/golf/v1/tournaments_pb";

export function tournamentStateWords(state: TournamentState): string {
  switch (state) {
    case TournamentState.OPEN:
      return "Open for sign-ups";
    case TournamentState.RUNNING:
      return "Running";
    case TournamentState.PAUSED:
      return "Paused";
    case TournamentState.FINISHED:
      return "Finished";
    case TournamentState.CANCELLED:
      return "Cancelled";
    default:
      return "";
  }
}

export function tournamentsScreen(app: App): Screen {
  const list = h("div", { id: "tournament-list", "aria-live": "polite" }, h("p", {}, "Loading..."));
  const ended = h("input", { type: "checkbox", id: "tournaments-ended", onchange: () => void load() });
  const load = async () => {
    try {
      const reply = await app.request({ case: "listTournaments", value: { includeEnded: ended.checked } });
      if (reply.body.case !== "tournaments") return;
      const found = reply.body.value.tournaments;
      replaceContent(
        list,
        found.length === 0
          ? h("p", { class: "empty-note", id: "tournaments-empty" }, "No tournaments yet.")
          : tournamentTable(app, found)
      );
    } catch (error) {
      replaceContent(list, h("p", { class: "form-error" }, `Could not load the tournaments: ${errorText(error)}`));
    }
  };
  const form = organiseForm(app);
  const element = h(
    "div",
    { class: "screen tournaments-screen" },
    h("h1", {}, "Tournaments"),
    navLine(app, ["/", "Back to the start"], ["/lobby", "Open tables"], ["/leaderboard", "Leaderboard"]),
    h(
      "section",
      { class: "panel", "aria-labelledby": "tournaments-title" },
      h("h2", { id: "tournaments-title" }, "Newest first"),
      h("div", { class: "field check" }, ended, h("label", { for: "tournaments-ended" }, "Show finished ones too")),
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
  const th = (t: string) => h("th", { scope: "col" }, t);
  return h(
    "div",
    { class: "scroll" },
    h(
      "table",
      { class: "leaderboard", id: "tournaments-table" },
      h("caption", { class: "visually-hidden" }, "Tournaments"),
      h("thead", {}, h("tr", {}, th("Name"), th("Rules"), th("State"), th("Round"), th("Players"))),
      h(
        "tbody",
        {},
        ...found.map((t) =>
          h(
            "tr",
            { "data-id": String(t.id) },
            h("td", {}, pageLink(app, tournamentPath(t.id), t.name, { class: "tournament-name" })),
            h("td", {}, presetTitle(t.preset)),
            h("td", {}, tournamentStateWords(t.state)),
            h(
              "td",
              { class: "num nowrap" },
              t.format === TournamentFormat.ARENA ? `${t.round}, arena` : `${t.round} of ${t.rounds}`
            ),
            h("td", { class: "num" }, String(t.players))
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
    h("option", { value: String(TournamentFormat.SWISS) }, "Swiss: points by place at each table"),
    h("option", { value: String(TournamentFormat.DUPLICATE) }, "Duplicate: every table plays the same deals"),
    h("option", { value: String(TournamentFormat.ARENA) }, "Arena: play again as soon as you finish, for a set time")
  );
  const formatField = h(
    "div",
    { class: "field" },
    h("label", { for: "tournament-format" }, "Format"),
    format,
    h(
      "span",
      { class: "hint", id: "tournament-format-hint" },
      "Duplicate scores each seat against the same seat at the other tables, so the deal's luck cancels out. " +
        "In an arena two wins in a row set you on fire: your points count twice until you lose."
    )
  );
  const [roundsField, rounds] = numberField("tournament-rounds", "Rounds", 3, 1, 20);
  const [minutesField, minutes] = numberField("tournament-minutes", "Minutes", 30, 1, 720);
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
      h("label", { for: "tournament-starts-at" }, "Starts by itself at (optional)"),
      startsAt,
      h(
        "span",
        { class: "hint", id: "tournament-starts-at-hint" },
        "Your own time. Leave it empty to start the tournament yourself."
      )
    ),
    h(
      "div",
      { class: "field check" },
      fillers,
      h("label", { for: "tournament-bot-fillers" }, "Bots fill the empty seats at the start")
    ),
    h("div", { class: "field check" }, guests, h("label", { for: "tournament-guests" }, "Guests may sign up"))
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
  const [seatsField, seats] = numberField("tournament-seats", "Most at a table", 4, 2, 8);
  const [holesField, holes] = numberField("tournament-holes", "Holes a round (0: the rules' own)", 0, 0, 18);
  const start = startFields();
  const status = h("p", { class: "form-error", id: "tournament-error", role: "alert" });
  const submit = h("button", { type: "submit", id: "tournament-create" }, "Create the tournament");
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
    h("h2", {}, "Organise a tournament"),
    h("div", { class: "field" }, h("label", { for: "tournament-name" }, "Name"), name),
    h("div", { class: "field" }, h("label", { for: "tournament-preset" }, "Rules"), preset),
    formatField,
    h("div", { class: "field-row" }, seatsField, roundsField, minutesField, holesField),
    start.element,
    h("div", { class: "buttons" }, submit),
    status
  );
  const guest = h(
    "p",
    { class: "panel hint", id: "organise-sign-in" },
    "Sign in to organise a tournament or sign up for one."
  );
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
