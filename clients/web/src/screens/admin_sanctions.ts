// The moderators' page, its second half: giving a sanction to an account (a mute, a ban from public play, a ban;
// for a time or until lifted), the sanctions given with a way to lift one, and the moderation log. The server
// checks the role of whoever asks and says why it refuses.
import { utcMinute } from "../words/dates";
import { h, replaceContent } from "../ui/dom";
import type { App } from "../core/app";
import { errorText } from "../core/net";
import { SanctionKind, type SanctionInfo } from "../gen/golf/v1/messages_pb";

const KIND_WORDS: Record<number, string> = {
  [SanctionKind.MUTE]: "mute",
  [SanctionKind.PUBLIC_BAN]: "ban from public play",
  [SanctionKind.BAN]: "ban",
};

// Lengths offered, in minutes (0: until lifted).
const LENGTHS: [number, string][] = [
  [60, "an hour"],
  [24 * 60, "a day"],
  [7 * 24 * 60, "a week"],
  [30 * 24 * 60, "30 days"],
  [0, "until lifted"],
];

function sanctionLine(app: App, s: SanctionInfo, reload: () => void): HTMLElement {
  const state =
    s.liftedUnixS > 0n
      ? `lifted ${utcMinute(s.liftedUnixS)} by ${s.liftedBy}`
      : !s.inForce
        ? `ended ${utcMinute(s.expiresUnixS)}`
        : s.expiresUnixS > 0n
          ? `in force until ${utcMinute(s.expiresUnixS)}`
          : "in force until lifted";
  const lift = async () => {
    try {
      await app.request({ case: "liftSanction", value: { id: s.id } });
    } catch (e) {
      app.onFlash(errorText(e), "error");
    }
    reload();
  };
  return h(
    "li",
    { id: `sanction-${s.id}` },
    h("strong", {}, `${s.name}: ${KIND_WORDS[s.kind] ?? "sanction"}`),
    ` — "${s.reason}", given by ${s.givenBy} ${utcMinute(s.createdUnixS)}; ${state}. `,
    s.inForce
      ? h(
          "button",
          { type: "button", class: "small secondary", id: `lift-${s.id}`, onclick: () => void lift() },
          "Lift"
        )
      : null
  );
}

// Whom the form gives a sanction to: an account by name, or the guests at a reported guest's address.
export interface SanctionAim {
  name: string;
  reportId?: bigint;
}

// The form's "Account" field: a name typed, or (read-only) the guests of a report, with a way back to a name.
function whomField(): {
  element: HTMLElement;
  name: HTMLInputElement;
  aimAt: (to: SanctionAim) => void;
  report: () => bigint | undefined;
} {
  const name = h("input", { id: "sanction-name", type: "text", required: true, autocomplete: "off", maxlength: 60 });
  let reportId: bigint | undefined;
  const byName = h(
    "button",
    {
      type: "button",
      class: "small secondary",
      id: "sanction-by-name",
      hidden: true,
      onclick: () => aimAt({ name: "" }),
    },
    "An account instead"
  );
  const aimAt = (to: SanctionAim) => {
    reportId = to.reportId;
    name.value = to.name;
    name.readOnly = reportId !== undefined;
    byName.hidden = reportId === undefined;
  };
  const element = h("div", { class: "field" }, h("label", { for: "sanction-name" }, "Account"), name, byName);
  return { element, name, aimAt, report: () => reportId };
}

function giveForm(app: App, done: () => void): { element: HTMLElement; aim: (to: SanctionAim) => void } {
  const whom = whomField();
  const name = whom.name;
  const kind = h(
    "select",
    { id: "sanction-kind" },
    ...[SanctionKind.MUTE, SanctionKind.PUBLIC_BAN, SanctionKind.BAN].map((k) =>
      h("option", { value: k }, KIND_WORDS[k])
    )
  );
  const length = h(
    "select",
    { id: "sanction-length" },
    ...LENGTHS.map(([m, words]) => h("option", { value: m }, words))
  );
  length.value = String(24 * 60);
  const reason = h("input", {
    id: "sanction-reason",
    type: "text",
    required: true,
    maxlength: 200,
    autocomplete: "off",
  });
  const error = h("p", { class: "form-error", id: "sanction-error", role: "alert", hidden: true });
  const send = async (event: Event) => {
    event.preventDefault();
    error.hidden = true;
    try {
      const value = {
        name: whom.report() === undefined ? name.value.trim() : "",
        reportId: whom.report() ?? 0n,
        kind: Number(kind.value),
        minutes: Number(length.value),
        reason: reason.value.trim(),
      };
      await app.request({ case: "giveSanction", value });
      app.onFlash(`${name.value.trim()}: ${KIND_WORDS[value.kind]} given.`, "info");
      reason.value = "";
      whom.aimAt({ name: "" });
      done();
    } catch (e) {
      error.textContent = errorText(e);
      error.hidden = false;
    }
  };
  const field = (id: string, label: string, input: HTMLElement) =>
    h("div", { class: "field" }, h("label", { for: id }, label), input);
  const element = h(
    "form",
    { id: "sanction-form", class: "sanction-form", onsubmit: (e: Event) => void send(e) },
    h(
      "div",
      { class: "field-row" },
      whom.element,
      field("sanction-kind", "Sanction", kind),
      field("sanction-length", "For", length)
    ),
    field("sanction-reason", "Why (the person reads it)", reason),
    error,
    h("button", { type: "submit", id: "sanction-give" }, "Give the sanction")
  );
  return {
    element,
    aim: (to: SanctionAim) => {
      whom.aimAt(to);
      element.scrollIntoView({ block: "nearest" });
      reason.focus();
    },
  };
}

// The sanctions section and the log: `load()` reads both again; `aim(name)` fills the form for that account.
export function sanctionsPanel(app: App): {
  element: HTMLElement;
  load: () => void;
  aim: (to: SanctionAim) => void;
} {
  const list = h("div", { id: "sanctions", "aria-live": "polite" });
  const log = h("div", { id: "moderation-log" });
  const load = async () => {
    try {
      const reply = await app.whenReady({ case: "listSanctions", value: { name: "", limit: 50 } });
      const given = reply.body.case === "sanctions" ? reply.body.value.sanctions : [];
      replaceContent(
        list,
        given.length === 0
          ? h("p", { class: "empty-note" }, "No sanctions given yet.")
          : h("ul", { class: "sanction-list" }, ...given.map((s) => sanctionLine(app, s, () => void load())))
      );
      const lines = await app.whenReady({ case: "getModerationLog", value: { limit: 50 } });
      const entries = lines.body.case === "moderationLog" ? lines.body.value.lines : [];
      replaceContent(
        log,
        entries.length === 0
          ? h("p", { class: "empty-note" }, "Nothing logged yet.")
          : h(
              "ul",
              { class: "log-list" },
              ...entries.map((e) =>
                h("li", {}, `${utcMinute(e.unixS)} · ${e.actor} · ${e.action} · ${e.target}: ${e.detail}`)
              )
            )
      );
    } catch {
      replaceContent(list); // the reports' section says why (the same refusal)
      replaceContent(log);
    }
  };
  const form = giveForm(app, () => void load());
  const element = h(
    "div",
    { class: "admin-sanctions" },
    h(
      "section",
      { class: "panel", "aria-labelledby": "sanctions-title" },
      h("h2", { id: "sanctions-title" }, "Sanctions"),
      form.element,
      list
    ),
    h(
      "section",
      { class: "panel", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title" }, "Moderation log"),
      log
    )
  );
  return { element, load: () => void load(), aim: form.aim };
}
