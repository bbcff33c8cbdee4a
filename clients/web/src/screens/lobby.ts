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
import { t, languagePicker } from "../words/i18n";

// The message key of each table state.
const STATE_TEXT: Record<number, string> = {
  [TableState.WAITING]: "lobby.stateWaiting",
  [TableState.PLAYING]: "lobby.statePlaying",
  [TableState.BETWEEN_HOLES]: "lobby.stateBetweenHoles",
  [TableState.FINISHED]: "lobby.stateFinished",
};

export function lobbyScreen(app: App): Screen {
  const nameInput = h("input", {
    id: "lobby-name",
    maxlength: 24,
    value: storage.name(),
    placeholder: t("lobby.yourName"),
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
      error.textContent = t("lobby.nameInvalid");
      nameInput.focus();
      return;
    }
    try {
      // "spectator" is the name the server is sent for a watcher with none (a protocol value, not shown here).
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
      replaceContent(list, h("p", {}, t("lobby.loading")));
      return;
    }
    if (tables.length === 0) {
      replaceContent(list, h("p", { class: "empty-note" }, t("lobby.empty")));
      return;
    }
    replaceContent(list, lobbyTable(app, tables, join));
  };

  const element = h(
    "div",
    { class: "screen lobby-screen" },
    h("h1", {}, t("lobby.title")),
    intro(app),
    h(
      "div",
      { class: "panel name-panel" },
      h("div", { class: "field" }, h("label", { for: "lobby-name" }, t("lobby.yourName")), nameInput),
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
        th(t("lobby.columnTable")),
        th(t("lobby.columnRules")),
        th(t("lobby.columnSeats")),
        th(t("lobby.columnHost")),
        th(t("lobby.columnState")),
        h(
          "th",
          { role: "columnheader", scope: "col" },
          h("span", { class: "visually-hidden" }, t("lobby.columnActions"))
        )
      )
    ),
    h("tbody", { role: "rowgroup" }, ...tables.map((table) => lobbyRow(app, table, join)))
  );
}

// The row's cells carry their column's name in data-label: the phone layout shows it before each value.
function lobbyRow(app: App, table: LobbyTable, join: Join): HTMLElement {
  const td = (label: string, ...content: Child[]) => h("td", { role: "cell", "data-label": label }, ...content);
  const full = table.seated >= table.seats;
  const state = STATE_TEXT[table.state];
  return h(
    "tr",
    { "data-code": table.code, role: "row" },
    td(
      t("lobby.columnTable"),
      h("code", {}, table.code),
      table.hasPassword
        ? h("span", { class: "badge", title: t("lobby.needsPassword") }, t("lobby.passwordBadge"))
        : null
    ),
    td(t("lobby.columnRules"), table.preset),
    td(t("lobby.columnSeats"), `${table.seated}/${table.seats}`),
    td(t("lobby.columnHost"), personName(app, table.hostName, table.hostRegistered)),
    td(t("lobby.columnState"), state ? t(state) : ""),
    h(
      "td",
      { class: "buttons", role: "cell" },
      // A seat this browser left mid-match (its token kept): the table's page takes it back.
      storage.token(table.code)
        ? h(
            "button",
            { type: "button", "data-key": `back-${table.code}`, onclick: () => app.navigate(`/t/${table.code}`) },
            t("lobby.backToSeat")
          )
        : h(
            "button",
            {
              type: "button",
              disabled: full || table.hasPassword,
              "data-key": `join-${table.code}`,
              onclick: () => void join(table.code, false),
            },
            t("lobby.sitDown")
          ),
      h(
        "button",
        {
          type: "button",
          class: "secondary",
          disabled: table.hasPassword,
          "data-key": `watch-${table.code}`,
          onclick: () => void join(table.code, true),
        },
        t("lobby.watch")
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
      t("lobby.backToStart")
    ),
    " · ",
    pageLink(app, "/leaderboard", t("lobby.leaderboard")),
    " · ",
    t("lobby.passwordTablesNote"),
    themeToggle(),
    languagePicker()
  );
}
