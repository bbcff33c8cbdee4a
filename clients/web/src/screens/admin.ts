// The moderators' page (/admin): the reports players filed, the open ones first and oldest first (the queue),
// each with the table's recent chat, and a way to close one saying what was done; then the tables now
// (admin_tables.ts), the sanctions and the log (admin_sanctions.ts). The server decides who may read it
// (moderators, admins and owners, signed in); anyone else is told so in words.
import { h, replaceContent } from "../ui/dom";
import { replayPath, type App, type Screen } from "../core/app";
import { navLine, pageLink } from "../ui/nav";
import { ErrorCode, RequestError, errorText } from "../core/net";
import { ReportReason, type ReportInfo } from "../gen/golf/v1/messages_pb";
import { utcMinute } from "../words/dates";
import { sanctionsPanel, type SanctionAim } from "./admin_sanctions";
import { tablesPanel } from "./admin_tables";

const REASON_WORDS: Record<number, string> = {
  [ReportReason.CHAT]: "chat",
  [ReportReason.NAME]: "name",
  [ReportReason.CONDUCT]: "conduct",
};

function closeForm(app: App, report: ReportInfo, reload: () => void): HTMLElement {
  const id = `resolution-${report.id}`;
  const input = h("input", { id, type: "text", maxlength: 200, required: true, autocomplete: "off" });
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  const send = async (event: Event) => {
    event.preventDefault();
    try {
      await app.request({ case: "closeReport", value: { id: report.id, resolution: input.value.trim() } });
      reload();
    } catch (e) {
      error.textContent = errorText(e);
      error.hidden = false;
    }
  };
  return h(
    "form",
    { class: "close-report", onsubmit: (e: Event) => void send(e) },
    h("label", { for: id }, "What was done"),
    input,
    h("button", { type: "submit", class: "small", id: `close-${report.id}` }, "Close the report"),
    error
  );
}

function reportCard(app: App, r: ReportInfo, reload: () => void, aim: (to: SanctionAim) => void): HTMLElement {
  const who = (name: string, registered: boolean) => `${name}${registered ? "" : " (guest)"}`;
  const where = r.matchId > 0n ? `table ${r.tableCode}, match ${r.matchId}, hole ${r.hole}` : `table ${r.tableCode}`;
  return h(
    "li",
    { class: "panel report", id: `report-${r.id}` },
    h(
      "h2",
      {},
      `${who(r.reported, r.reportedRegistered)}: ${REASON_WORDS[r.reason] ?? "other"}`,
      h("span", { class: "muted small" }, ` · report ${r.id}`)
    ),
    h(
      "p",
      { class: "muted small" },
      `Reported by ${who(r.reporter, r.reporterRegistered)}, ${utcMinute(r.unixS)}, at ${where}.`
    ),
    r.text ? h("blockquote", {}, r.text) : null,
    r.matchId > 0n
      ? h(
          "p",
          { class: "small" },
          pageLink(app, replayPath(r.matchId, Math.max(1, r.hole)), "Replay the match"),
          " (holes that are over)"
        )
      : null,
    r.chat
      ? h("details", {}, h("summary", {}, "The table's chat"), h("pre", { class: "report-chat" }, r.chat))
      : h("p", { class: "muted small" }, "Nothing was said at the table."),
    r.closedUnixS > 0n
      ? h("p", { class: "report-closed" }, `Closed ${utcMinute(r.closedUnixS)} by ${r.closedBy}: ${r.resolution}`)
      : closeForm(app, r, reload),
    r.closedUnixS === 0n
      ? h(
          "button",
          {
            type: "button",
            class: "small secondary",
            id: `aim-${r.id}`,
            onclick: () =>
              aim(
                r.reportedRegistered
                  ? { name: r.reported }
                  : { name: `guests at ${r.reported}'s address (report ${r.id})`, reportId: r.id }
              ),
          },
          r.reportedRegistered ? `Sanction ${r.reported}...` : `Sanction guests at ${r.reported}'s address...`
        )
      : null
  );
}

export function adminScreen(app: App): Screen {
  const list = h("div", { id: "reports", "aria-live": "polite" }, h("p", {}, "Loading..."));
  const sanctions = sanctionsPanel(app);
  sanctions.element.hidden = true;
  const tables = tablesPanel(app, () => sanctions.load());
  tables.element.hidden = true;
  const closed: HTMLInputElement = h("input", { id: "reports-closed", type: "checkbox", onchange: () => load() });
  let shown = "";

  const load = async () => {
    try {
      const reply = await app.whenReady({ case: "listReports", value: { includeClosed: closed.checked } });
      if (reply.body.case !== "reports") throw new Error("the server did not send the reports");
      const reports = reply.body.value.reports;
      replaceContent(
        list,
        reports.length === 0
          ? h("p", { class: "empty-note", id: "reports-empty" }, "No reports are waiting.")
          : h(
              "ul",
              { class: "report-list" },
              ...reports.map((r) => reportCard(app, r, () => void load(), sanctions.aim))
            )
      );
      sanctions.element.hidden = false;
      sanctions.load();
      tables.element.hidden = false;
      tables.load();
    } catch (error) {
      sanctions.element.hidden = true;
      tables.element.hidden = true;
      const staffOnly =
        error instanceof RequestError && (error.code === ErrorCode.NOT_STAFF || error.code === ErrorCode.NOT_SIGNED_IN);
      replaceContent(
        list,
        h(
          "p",
          { class: staffOnly ? "empty-note" : "form-error", id: "reports-refused" },
          staffOnly
            ? "This page is for the server's moderators. Sign in with an account that has a moderator's role."
            : `Could not load the reports: ${errorText(error)}`
        )
      );
    }
  };

  const refresh = () => {
    const state = app.account ? String(app.account.id) : app.signingIn ? "signing-in" : "guest";
    if (state === shown || state === "signing-in") return;
    shown = state;
    void load();
  };

  const element = h(
    "div",
    { class: "screen admin-screen" },
    h("h1", {}, "Moderation"),
    navLine(app, ["/", "Back to the start"], ["/account", "Your account"]),
    h(
      "p",
      { class: "hint" },
      "Players' reports, the oldest open one first, then the tables being played, then the sanctions given. " +
        "Whatever you do here is written to the moderation log under your name."
    ),
    h(
      "section",
      { class: "admin-reports", "aria-labelledby": "reports-title" },
      h("h2", { id: "reports-title" }, "Reports"),
      h("div", { class: "field check" }, closed, h("label", { for: "reports-closed" }, "Show closed reports too")),
      list
    ),
    tables.element,
    sanctions.element
  );
  refresh();
  return { kind: "admin", element, refresh };
}
