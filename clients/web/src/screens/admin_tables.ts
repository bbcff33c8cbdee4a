// The moderators' page, its live part: who is signed in, the tables this node plays and who sits where (never a card: "Watch"
// opens a table as any watcher sees it), a way to end a stuck table for everyone at it, and an announcement to
// every table and the lobby on every node. With several nodes each lists its own tables; links lead to the others.
import { h, replaceContent } from "../ui/dom";
import type { App } from "../core/app";
import { errorText } from "../core/net";
import { TableState, type LiveTable, type OnlinePerson } from "../gen/golf/v1/messages_pb";
import { presetTitle } from "./profile";

const STATE_WORDS: Record<number, string> = {
  [TableState.WAITING]: "waiting to start",
  [TableState.PLAYING]: "playing",
  [TableState.BETWEEN_HOLES]: "between holes",
  [TableState.FINISHED]: "finished",
};

function seatWords(t: LiveTable): string {
  return t.seats
    .map((s) => {
      if (!s.name) return `${s.seat + 1}. free`;
      if (!s.person) return `${s.seat + 1}. ${s.name}`; // a server bot, named as one
      const marks = [
        s.host ? "host" : "",
        s.registered ? "" : "guest",
        s.bot ? "away, a bot plays" : s.connected ? "" : "away",
      ].filter((m) => m !== "");
      return `${s.seat + 1}. ${s.name}${marks.length > 0 ? ` (${marks.join(", ")})` : ""}`;
    })
    .join(" · ");
}

// "Signed in now (3): Ann at K7QX2M, Bob (API key), Carol": accounts only; guests show in the seats below.
function peopleLine(people: OnlinePerson[]): HTMLElement {
  if (people.length === 0)
    return h("p", { class: "muted small", id: "live-people" }, "Nobody is signed in on this node.");
  const one = (p: OnlinePerson) => `${p.name}${p.apiKey ? " (API key)" : ""}${p.tableCode ? ` at ${p.tableCode}` : ""}`;
  return h(
    "p",
    { class: "muted small", id: "live-people" },
    `Signed in now (${people.length}): ${people.map(one).join(", ")}`
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
      app.onFlash(`Table ${code} ended.`, "info");
      done();
    } catch (e) {
      error.textContent = errorText(e);
      error.hidden = false;
    }
  };
  return h(
    "details",
    { class: "end-table" },
    h("summary", {}, "End this table..."),
    h(
      "form",
      { class: "close-report", onsubmit: (e: Event) => void send(e) },
      h("label", { for: id }, "Why (everyone at the table reads it)"),
      reason,
      h("button", { type: "submit", class: "small secondary", id: `end-${code}` }, "End the table"),
      error
    )
  );
}

function tableCard(app: App, t: LiveTable, reload: () => void): HTMLElement {
  const hole = t.hole > 0 ? `, hole ${t.hole}${t.holes > 0 ? ` of ${t.holes}` : ""}` : "";
  const watching = t.watchers > 0 ? ` · ${t.watchers} watching` : "";
  return h(
    "li",
    { class: "live-table", id: `live-${t.code}` },
    h(
      "p",
      {},
      h("a", { href: `/t/${t.code}` }, h("strong", {}, t.code)),
      ` ${presetTitle(t.preset)}, ${t.isPublic ? "public" : "private"}: ${STATE_WORDS[t.state] ?? "open"}${hole}${watching}`
    ),
    h("p", { class: "muted small live-seats" }, seatWords(t)),
    endForm(app, t.code, reload)
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
      app.onFlash("Announced to every table.", "info");
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
    h("label", { for: "announce-text" }, "Announce to every table"),
    text,
    h("button", { type: "submit", class: "small", id: "announce-send" }, "Announce"),
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
      if (reply.body.case !== "liveTables") throw new Error("the server did not send its tables");
      const live = reply.body.value;
      const where = live.node ? `Node ${live.node}: ` : "";
      const tables = live.tables.length === 1 ? "1 table" : `${live.tables.length} tables`;
      const open = live.connections === 1 ? "1 connection open" : `${live.connections} connections open`;
      replaceContent(
        summary,
        `${where}${tables}, ${open}.`,
        ...live.otherNodes.flatMap((n) => [" ", h("a", { href: `/admin?node=${encodeURIComponent(n)}` }, `Node ${n}`)])
      );
      replaceContent(people, peopleLine(live.signedIn));
      replaceContent(
        list,
        live.tables.length === 0
          ? h("p", { class: "empty-note", id: "live-empty" }, "No tables are open on this node.")
          : h(
              "ul",
              { class: "report-list" },
              ...live.tables.map((t) =>
                tableCard(app, t, () => {
                  void load();
                  changed();
                })
              )
            )
      );
    } catch (error) {
      replaceContent(summary);
      replaceContent(people);
      replaceContent(list, h("p", { class: "form-error" }, `Could not load the tables: ${errorText(error)}`));
    }
  };
  const element = h(
    "section",
    { class: "panel admin-live", "aria-labelledby": "live-title" },
    h("h2", { id: "live-title" }, "Tables now"),
    summary,
    people,
    h(
      "button",
      { type: "button", class: "small secondary", id: "live-refresh", onclick: () => void load() },
      "Refresh"
    ),
    list,
    announceForm(app, changed)
  );
  return { element, load: () => void load() };
}
