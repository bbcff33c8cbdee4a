// Reporting a person at the table to the server's moderators: one modal dialog (the browser's own <dialog>) that
// asks what is wrong (a chat line, the name, how they play) and lets the reporter say more. The server attaches
// the table's recent chat and the hole in play, so the reporter need not copy anything.
import { h } from "../ui/dom";
import { t } from "../words/i18n";
import type { App } from "../core/app";
import { errorText } from "../core/net";
import { ReportReason, type SeatInfo } from "../gen/golf/v1/messages_pb";

const TEXT_MAX = 500;

// The reasons offered, each with the key of its words.
const REASONS: [ReportReason, string][] = [
  [ReportReason.CHAT, "people.reasonChat"],
  [ReportReason.NAME, "people.reasonName"],
  [ReportReason.CONDUCT, "people.reasonConduct"],
];

let dialog: HTMLDialogElement | undefined;

function build(app: App, s: SeatInfo): HTMLDialogElement {
  const error = h("p", { class: "error", id: "report-error", role: "alert", hidden: true });
  const words: HTMLTextAreaElement = h("textarea", {
    id: "report-text",
    rows: 3,
    maxlength: TEXT_MAX,
    "aria-describedby": "report-text-hint",
  });
  const choices = REASONS.map(([reason, label], i) =>
    h(
      "div",
      { class: "field check" },
      h("input", {
        type: "radio",
        name: "report-reason",
        id: `report-reason-${reason}`,
        value: reason,
        required: true,
        checked: i === 0,
      }),
      h("label", { for: `report-reason-${reason}` }, t(label))
    )
  );
  const send = async (event: Event) => {
    event.preventDefault();
    const picked = document.querySelector<HTMLInputElement>('input[name="report-reason"]:checked');
    const reason = Number(picked?.value ?? ReportReason.CONDUCT) as ReportReason;
    try {
      await app.request({ case: "report", value: { seat: s.seat, reason, text: words.value.trim() } });
      element.close();
      app.onFlash(t("people.reportThanks", { name: s.name }), "info");
    } catch (e) {
      error.textContent = errorText(e);
      error.hidden = false;
    }
  };
  const element: HTMLDialogElement = h(
    "dialog",
    { id: "report", class: "dialog", "aria-labelledby": "report-title" },
    h(
      "form",
      { id: "report-form", onsubmit: (e: Event) => void send(e) },
      h("h2", { id: "report-title" }, t("people.reportTitle", { name: s.name })),
      h("fieldset", { class: "report-reasons" }, h("legend", {}, t("people.reportWhat")), ...choices),
      h(
        "div",
        { class: "field" },
        h("label", { for: "report-text" }, t("people.reportMore")),
        words,
        h("p", { class: "hint muted small", id: "report-text-hint" }, t("people.reportChatSent"))
      ),
      error,
      h(
        "div",
        { class: "buttons" },
        h("button", { type: "submit", id: "report-send" }, t("people.reportSend")),
        h(
          "button",
          { type: "button", class: "secondary", id: "report-cancel", onclick: () => element.close() },
          t("people.reportCancel")
        )
      )
    )
  );
  element.addEventListener("close", () => element.remove());
  return element;
}

export function openReport(app: App, s: SeatInfo): void {
  dialog?.remove();
  dialog = build(app, s);
  document.body.append(dialog);
  dialog.showModal();
}
