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
import { t } from "../words/i18n";
import { sanctionsPanel, type SanctionAim } from "./admin_sanctions";
import { tablesPanel } from "./admin_tables";

const REASON_KEYS: Record<number, string> = {
  [ReportReason.CHAT]: "admin.reasonChat",
  [ReportReason.NAME]: "admin.reasonName",
  [ReportReason.CONDUCT]: "admin.reasonConduct",
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
    h("label", { for: id }, t("admin.whatWasDone")),
    input,
    h("button", { type: "submit", class: "small", id: `close-${report.id}` }, t("admin.closeReport")),
    error
  );
}

function reportCard(app: App, r: ReportInfo, reload: () => void, aim: (to: SanctionAim) => void): HTMLElement {
  const who = (name: string, registered: boolean) => (registered ? name : t("admin.guestName", { name }));
  const place = { who: who(r.reporter, r.reporterRegistered), at: utcMinute(r.unixS), table: r.tableCode };
  return h(
    "li",
    { class: "panel report", id: `report-${r.id}` },
    h(
      "h2",
      {},
      t("admin.reportHeading", {
        who: who(r.reported, r.reportedRegistered),
        reason: t(REASON_KEYS[r.reason] ?? "admin.reasonOther"),
      }),
      h("span", { class: "muted small" }, " ", t("admin.reportNumber", { id: String(r.id) }))
    ),
    h(
      "p",
      { class: "muted small" },
      r.matchId > 0n
        ? t("admin.reportedAtHole", { ...place, match: String(r.matchId), hole: r.hole })
        : t("admin.reportedAtTable", place)
    ),
    r.text ? h("blockquote", {}, r.text) : null,
    r.matchId > 0n
      ? h(
          "p",
          { class: "small" },
          pageLink(app, replayPath(r.matchId, Math.max(1, r.hole)), t("admin.replayMatch")),
          " ",
          t("admin.holesOver")
        )
      : null,
    r.chat
      ? h("details", {}, h("summary", {}, t("admin.tableChat")), h("pre", { class: "report-chat" }, r.chat))
      : h("p", { class: "muted small" }, t("admin.nothingSaid")),
    r.closedUnixS > 0n
      ? h(
          "p",
          { class: "report-closed" },
          t("admin.closedBy", { at: utcMinute(r.closedUnixS), name: r.closedBy, resolution: r.resolution })
        )
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
                  : { name: t("admin.guestsAtAddress", { name: r.reported, id: String(r.id) }), reportId: r.id }
              ),
          },
          r.reportedRegistered
            ? t("admin.sanctionAccount", { name: r.reported })
            : t("admin.sanctionGuests", { name: r.reported })
        )
      : null
  );
}

export function adminScreen(app: App): Screen {
  const list = h("div", { id: "reports", "aria-live": "polite" }, h("p", {}, t("admin.loading")));
  const sanctions = sanctionsPanel(app);
  sanctions.element.hidden = true;
  const tables = tablesPanel(app, () => sanctions.load());
  tables.element.hidden = true;
  const closed: HTMLInputElement = h("input", { id: "reports-closed", type: "checkbox", onchange: () => load() });
  let shown = "";

  const load = async () => {
    try {
      const reply = await app.whenReady({ case: "listReports", value: { includeClosed: closed.checked } });
      if (reply.body.case !== "reports") throw new Error(t("admin.noReportsSent"));
      const reports = reply.body.value.reports;
      replaceContent(
        list,
        reports.length === 0
          ? h("p", { class: "empty-note", id: "reports-empty" }, t("admin.noReports"))
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
          staffOnly ? t("admin.staffOnly") : t("admin.reportsFailed", { detail: errorText(error) })
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
    h("h1", {}, t("admin.title")),
    navLine(app, ["/", t("admin.navStart")], ["/account", t("admin.navAccount")]),
    h("p", { class: "hint" }, t("admin.intro")),
    h(
      "section",
      { class: "admin-reports", "aria-labelledby": "reports-title" },
      h("h2", { id: "reports-title" }, t("admin.reportsTitle")),
      h("div", { class: "field check" }, closed, h("label", { for: "reports-closed" }, t("admin.showClosed"))),
      list
    ),
    tables.element,
    sanctions.element
  );
  refresh();
  return { kind: "admin", element, refresh };
}
