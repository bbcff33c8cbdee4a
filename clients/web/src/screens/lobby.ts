// The lobby: every open public table, live (WatchLobby streams the full list on every change).
import { h, replaceContent, type Child } from "../ui/dom";
import type { App, Screen } from "../core/app";
import { TableState, type LobbyTable } from "../gen/golf/v1/messages_pb";
import { personName } from "../ui/marks";
import { pageLink } from "../ui/nav";
import { themeToggle } from "../core/theme";
import { errorText } from "../core/net";
import { accountLine, syncNameField } from "./sign_in";
import { storage } from "../core/storage";

const STATE_TEXT: Record<number, string> = {
  [TableState.WAITING]: "waiting for players",
  [TableState.PLAYING]: "playing",
  [TableState.BETWEEN_HOLES]: "between holes",
  [TableState.FINISHED]: "finished",
};

export function lobbyScreen(app: App): Screen {
  const nameInput = h("input", {
    id: "lobby-name",
    maxlength: 24,
    value: storage.name(),
    placeholder: "Your name",
    autocomplete: "nickname",
  });
  const error = h("p", { class: "form-error", role: "alert" });
  const list = h("div", { class: "lobby-list", "aria-live": "polite" });
  const account = h("div", { class: "account-slot" });
  let accountShown: string | undefined | null = null;

  const join = async (code: string, spectate: boolean) => {
    error.textContent = "";
    const name = nameInput.value.trim();
    if (!spectate && (name.length < 1 || name.length > 24)) {
      error.textContent = "Your name: 1 to 24 printable characters.";
      nameInput.focus();
      return;
    }
    try {
      await app.joinTable(code, name || "spectator", spectate);
    } catch (e) {
      error.textContent = errorText(e);
    }
  };

  const refresh = () => {
    syncNameField(app, nameInput);
    if (accountShown !== app.accountName) {
      accountShown = app.accountName;
      replaceContent(account, accountLine(app));
    }
    const tables = app.lobby;
    if (!tables) {
      replaceContent(list, h("p", {}, "Loading the tables..."));
      return;
    }
    if (tables.length === 0) {
      replaceContent(
        list,
        h("p", { class: "empty-note" }, "No open public tables right now. Create one from the start page.")
      );
      return;
    }
    replaceContent(list, lobbyTable(app, tables, join));
  };

  const element = h(
    "div",
    { class: "screen lobby-screen" },
    h("h1", {}, "Open tables"),
    intro(app),
    h(
      "div",
      { class: "panel name-panel" },
      h("div", { class: "field" }, h("label", { for: "lobby-name" }, "Your name"), nameInput),
      account,
      error
    ),
    list
  );
  refresh();
  return { kind: "lobby", element, refresh };
}

type Join = (code: string, spectate: boolean) => Promise<void>;

// On a phone each row becomes a small card (CSS); the ARIA roles keep it a table for screen readers.
function lobbyTable(app: App, tables: LobbyTable[], join: Join): HTMLElement {
  const th = (text: string) => h("th", { role: "columnheader", scope: "col" }, text);
  return h(
    "table",
    { class: "lobby", role: "table" },
    h(
      "thead",
      { role: "rowgroup" },
      h(
        "tr",
        { role: "row" },
        th("Table"),
        th("Rules"),
        th("Seats"),
        th("Host"),
        th("State"),
        h("th", { role: "columnheader", scope: "col" }, h("span", { class: "visually-hidden" }, "Actions"))
      )
    ),
    h("tbody", { role: "rowgroup" }, ...tables.map((t) => lobbyRow(app, t, join)))
  );
}

function lobbyRow(app: App, t: LobbyTable, join: Join): HTMLElement {
  const td = (label: string, ...content: Child[]) => h("td", { role: "cell", "data-label": label }, ...content);
  const full = t.seated >= t.seats;
  return h(
    "tr",
    { "data-code": t.code, role: "row" },
    td(
      "Table",
      h("code", {}, t.code),
      t.hasPassword ? h("span", { class: "badge", title: "needs a password" }, "password") : null
    ),
    td("Rules", t.preset),
    td("Seats", `${t.seated}/${t.seats}`),
    td("Host", personName(app, t.hostName, t.hostRegistered)),
    td("State", STATE_TEXT[t.state] ?? ""),
    h(
      "td",
      { class: "buttons", role: "cell" },
      // A seat this browser left mid-match (its token kept): the table's page takes it back.
      storage.token(t.code)
        ? h(
            "button",
            { type: "button", "data-key": `back-${t.code}`, onclick: () => app.navigate(`/t/${t.code}`) },
            "Back to your seat"
          )
        : h(
            "button",
            {
              type: "button",
              disabled: full || t.hasPassword,
              "data-key": `join-${t.code}`,
              onclick: () => void join(t.code, false),
            },
            "Sit down"
          ),
      h(
        "button",
        {
          type: "button",
          class: "secondary",
          disabled: t.hasPassword,
          "data-key": `watch-${t.code}`,
          onclick: () => void join(t.code, true),
        },
        "Watch"
      )
    )
  );
}

// How to get back, the leaderboard, and where tables with a password are joined.
function intro(app: App): HTMLElement {
  return h(
    "p",
    {},
    h(
      "a",
      {
        href: "/",
        onclick: (e: Event) => {
          e.preventDefault();
          app.navigate("/");
        },
      },
      "Back to the start"
    ),
    " · ",
    pageLink(app, "/leaderboard", "Leaderboard"),
    " · Tables with a password are joined by their code from the start page.",
    themeToggle()
  );
}
