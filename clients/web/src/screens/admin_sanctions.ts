// The moderators' page, its second half: giving a sanction to an account (a mute, a ban from public play, a ban;
// for a time or until lifted), the sanctions given with a way to lift one, and the moderation log. The server
// checks the role of whoever asks and says why it refuses.
import { utcMinute } from "../words/dates";
import { t } from "../words/i18n";
import { h, replaceContent } from "../ui/dom";
import type { App } from "../core/app";
import { errorText } from "../core/net";
import { SanctionKind, type SanctionInfo } from "../gen/golf/v1/messages_pb";

const KIND_KEYS: Record<number, string> = {
  [SanctionKind.MUTE]: "admin.kindMute",
  [SanctionKind.PUBLIC_BAN]: "admin.kindPublicBan",
  [SanctionKind.BAN]: "admin.kindBan",
};

// The kind as the flash's select names it.
const KIND_CHOICE: Record<number, string> = {
  [SanctionKind.MUTE]: "mute",
  [SanctionKind.PUBLIC_BAN]: "publicBan",
  [SanctionKind.BAN]: "ban",
};

const kindWords = (kind: number) => t(KIND_KEYS[kind] ?? "admin.kindOther");

// Lengths offered, in minutes (0: until lifted), with their words' keys (looked up when drawn, in the language then).
const LENGTHS: [number, string][] = [
  [60, "admin.lengthHour"],
  [24 * 60, "admin.lengthDay"],
  [7 * 24 * 60, "admin.lengthWeek"],
  [30 * 24 * 60, "admin.length30Days"],
  [0, "admin.lengthUntilLifted"],
];

// '— "spam", given by Mo 2026-03-12 10:00 UTC; in force until lifted.': the reason, who gave it, and where it stands.
function givenWords(s: SanctionInfo): string {
  const given = { reason: s.reason, by: s.givenBy, at: utcMinute(s.createdUnixS) };
  if (s.liftedUnixS > 0n)
    return t("admin.givenLifted", { ...given, liftedAt: utcMinute(s.liftedUnixS), liftedBy: s.liftedBy });
  if (!s.inForce) return t("admin.givenEnded", { ...given, endedAt: utcMinute(s.expiresUnixS) });
  return s.expiresUnixS > 0n
    ? t("admin.givenUntil", { ...given, until: utcMinute(s.expiresUnixS) })
    : t("admin.givenUntilLifted", given);
}

function sanctionLine(app: App, s: SanctionInfo, reload: () => void): HTMLElement {
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
    h("strong", {}, t("admin.sanctionHeading", { name: s.name, kind: kindWords(s.kind) })),
    ` ${givenWords(s)} `,
    s.inForce
      ? h(
          "button",
          { type: "button", class: "small secondary", id: `lift-${s.id}`, onclick: () => void lift() },
          t("admin.lift")
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
    t("admin.accountInstead")
  );
  const aimAt = (to: SanctionAim) => {
    reportId = to.reportId;
    name.value = to.name;
    name.readOnly = reportId !== undefined;
    byName.hidden = reportId === undefined;
  };
  const element = h(
    "div",
    { class: "field" },
    h("label", { for: "sanction-name" }, t("admin.accountLabel")),
    name,
    byName
  );
  return { element, name, aimAt, report: () => reportId };
}

function giveForm(app: App, done: () => void): { element: HTMLElement; aim: (to: SanctionAim) => void } {
  const whom = whomField();
  const name = whom.name;
  const kind = h(
    "select",
    { id: "sanction-kind" },
    ...[SanctionKind.MUTE, SanctionKind.PUBLIC_BAN, SanctionKind.BAN].map((k) =>
      h("option", { value: k }, kindWords(k))
    )
  );
  const length = h(
    "select",
    { id: "sanction-length" },
    ...LENGTHS.map(([m, key]) => h("option", { value: m }, t(key)))
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
      app.onFlash(
        t("admin.sanctionGiven", { name: name.value.trim(), kind: KIND_CHOICE[value.kind] ?? "other" }),
        "info"
      );
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
      field("sanction-kind", t("admin.kindLabel"), kind),
      field("sanction-length", t("admin.lengthLabel"), length)
    ),
    field("sanction-reason", t("admin.reasonLabel"), reason),
    error,
    h("button", { type: "submit", id: "sanction-give" }, t("admin.giveSanction"))
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
          ? h("p", { class: "empty-note" }, t("admin.noSanctions"))
          : h("ul", { class: "sanction-list" }, ...given.map((s) => sanctionLine(app, s, () => void load())))
      );
      const lines = await app.whenReady({ case: "getModerationLog", value: { limit: 50 } });
      const entries = lines.body.case === "moderationLog" ? lines.body.value.lines : [];
      replaceContent(
        log,
        entries.length === 0
          ? h("p", { class: "empty-note" }, t("admin.nothingLogged"))
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
      h("h2", { id: "sanctions-title" }, t("admin.sanctionsTitle")),
      form.element,
      list
    ),
    h(
      "section",
      { class: "panel", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title" }, t("admin.logTitle")),
      log
    )
  );
  return { element, load: () => void load(), aim: form.aim };
}
