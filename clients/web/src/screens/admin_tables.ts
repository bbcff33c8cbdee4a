// The moderators' page, its live part: who is signed in, the tables this node plays and who sits where (never a card: "Watch"
// opens a table as any watcher sees it), a way to end a stuck table for everyone at it, and an announcement to
// every table and the lobby on every node. With several nodes each lists its own tables; links lead to the others.
import { h, replaceContent } from "../ui/dom";
import type { App } from "../core/app";
import { errorText } from "../core/net";
import { TableState, type LiveTable, type OnlinePerson } from "../gen/golf/v1/messages_pb";
import { presetTitle } from "./profile";
import { t, listFormat } from "../words/i18n";

const STATE_KEYS: Record<number, string> = {
  [TableState.WAITING]: "admin.tableWaiting",
  [TableState.PLAYING]: "admin.tablePlaying",
  [TableState.BETWEEN_HOLES]: "admin.tableBetweenHoles",
  [TableState.FINISHED]: "admin.tableFinished",
};

// Words listed the locale's way; English: "a, b, c" (commas only).
const list = (words: string[]) => listFormat({ type: "unit", style: "short" }).format(words);

function seatWords(table: LiveTable): string {
  return table.seats
    .map((s) => {
      const seat = s.seat + 1;
      if (!s.name) return t("admin.seatFree", { seat });
      if (!s.person) return t("admin.seatName", { seat, name: s.name }); // a server bot, named as one
      const marks = [
        s.host ? t("admin.markHost") : "",
        s.registered ? "" : t("admin.markGuest"),
        s.bot ? t("admin.markAwayBot") : s.connected ? "" : t("admin.markAway"),
      ].filter((m) => m !== "");
      return marks.length > 0
        ? t("admin.seatMarked", { seat, name: s.name, marks: list(marks) })
        : t("admin.seatName", { seat, name: s.name });
    })
    .join(" · ");
}

// "Signed in now (3): Ann at K7QX2M, Bob (API key), Carol": accounts only; guests show in the seats below.
function peopleLine(people: OnlinePerson[]): HTMLElement {
  if (people.length === 0) return h("p", { class: "muted small", id: "live-people" }, t("admin.nobodySignedIn"));
  const one = (p: OnlinePerson) => {
    if (p.apiKey)
      return p.tableCode
        ? t("admin.personApiKeyAt", { name: p.name, table: p.tableCode })
        : t("admin.personApiKey", { name: p.name });
    return p.tableCode ? t("admin.personAt", { name: p.name, table: p.tableCode }) : p.name;
  };
  return h(
    "p",
    { class: "muted small", id: "live-people" },
    t("admin.signedInNow", { count: people.length, people: list(people.map(one)) })
  );
}

function endForm(app: App, code: string, done: () => void): HTMLElement {
  const id = `end-reason-${code}`;
  const reason = h("input", { id, type: "text", maxlength: 200, required: true, autocomplete: "off" });
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  const send = async (event: Event) => {
    event.preventDefault();
    try {
      await app.request({ case: "endTable", value: { code, reason: reason.value.trim() } });
      app.onFlash(t("admin.tableEnded", { code }), "info");
      done();
    } catch (e) {
      error.textContent = errorText(e);
      error.hidden = false;
    }
  };
  return h(
    "details",
    { class: "end-table" },
    h("summary", {}, t("admin.endThisTable")),
    h(
      "form",
      { class: "close-report", onsubmit: (e: Event) => void send(e) },
      h("label", { for: id }, t("admin.endReason")),
      reason,
      h("button", { type: "submit", class: "small secondary", id: `end-${code}` }, t("admin.endTable")),
      error
    )
  );
}

// "four card, public: playing, hole 2 of 9 · 3 watching": the facts after the table's code.
function tableWords(table: LiveTable): string {
  const facts = {
    rules: presetTitle(table.preset),
    access: table.isPublic ? "public" : "private",
    state: t(STATE_KEYS[table.state] ?? "admin.tableOpen"),
    hole: table.hole,
    holes: table.holes,
  };
  const status =
    table.hole === 0
      ? t("admin.tableStatus", facts)
      : table.holes > 0
        ? t("admin.tableStatusHoleOf", facts)
        : t("admin.tableStatusHole", facts);
  return table.watchers > 0 ? `${status} · ${t("admin.watching", { count: table.watchers })}` : status;
}

function tableCard(app: App, table: LiveTable, reload: () => void): HTMLElement {
  return h(
    "li",
    { class: "live-table", id: `live-${table.code}` },
    h("p", {}, h("a", { href: `/t/${table.code}` }, h("strong", {}, table.code)), ` ${tableWords(table)}`),
    h("p", { class: "muted small live-seats" }, seatWords(table)),
    endForm(app, table.code, reload)
  );
}

function announceForm(app: App, done: () => void): HTMLElement {
  const text = h("input", { id: "announce-text", type: "text", maxlength: 200, required: true, autocomplete: "off" });
  const error = h("p", { class: "form-error", id: "announce-error", role: "alert", hidden: true });
  const send = async (event: Event) => {
    event.preventDefault();
    error.hidden = true;
    try {
      await app.request({ case: "announce", value: { text: text.value.trim() } });
      app.onFlash(t("admin.announced"), "info");
      text.value = "";
      done();
    } catch (e) {
      error.textContent = errorText(e);
      error.hidden = false;
    }
  };
  return h(
    "form",
    { id: "announce-form", class: "close-report", onsubmit: (e: Event) => void send(e) },
    h("label", { for: "announce-text" }, t("admin.announceLabel")),
    text,
    h("button", { type: "submit", class: "small", id: "announce-send" }, t("admin.announce")),
    error
  );
}

// The live section: `load()` asks again; `done` runs after a change (the log shows it).
export function tablesPanel(app: App, changed: () => void): { element: HTMLElement; load: () => void } {
  const summary = h("p", { id: "live-summary", class: "muted small" });
  const people = h("div");
  const list = h("div", { id: "live-tables", "aria-live": "polite" });
  const load = async () => {
    try {
      const reply = await app.whenReady({ case: "listLiveTables", value: {} });
      if (reply.body.case !== "liveTables") throw new Error(t("admin.noTablesSent"));
      const live = reply.body.value;
      const counts = { tables: live.tables.length, connections: live.connections };
      replaceContent(
        summary,
        live.node ? t("admin.liveSummaryNode", { node: live.node, ...counts }) : t("admin.liveSummary", counts),
        ...live.otherNodes.flatMap((n) => [
          " ",
          h("a", { href: `/admin?node=${encodeURIComponent(n)}` }, t("admin.nodeLink", { node: n })),
        ])
      );
      replaceContent(people, peopleLine(live.signedIn));
      replaceContent(
        list,
        live.tables.length === 0
          ? h("p", { class: "empty-note", id: "live-empty" }, t("admin.noTables"))
          : h(
              "ul",
              { class: "report-list" },
              ...live.tables.map((table) =>
                tableCard(app, table, () => {
                  void load();
                  changed();
                })
              )
            )
      );
    } catch (error) {
      replaceContent(summary);
      replaceContent(people);
      replaceContent(list, h("p", { class: "form-error" }, t("admin.tablesFailed", { detail: errorText(error) })));
    }
  };
  const element = h(
    "section",
    { class: "panel admin-live", "aria-labelledby": "live-title" },
    h("h2", { id: "live-title" }, t("admin.tablesNow")),
    summary,
    people,
    h(
      "button",
      { type: "button", class: "small secondary", id: "live-refresh", onclick: () => void load() },
      t("admin.refresh")
    ),
    list,
    announceForm(app, changed)
  );
  return { element, load: () => void load() };
}
