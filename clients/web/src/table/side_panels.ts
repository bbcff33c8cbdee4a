// Beside the table: the scorecard, the move log, the rules, the shuffle check, who is here, and chat. On a wide
// screen they stand in a column of their own that scrolls by itself; on a narrower one they are a drawer opened
// from a bar of tabs under the table, one section at a time, so that nothing ever pushes the table off screen.
// The chat tab counts the lines not yet read.
import { h, type Child } from "../ui/dom";
import { t } from "../words/i18n";
import type { App } from "../core/app";
import type { ChatLine, TableUpdate } from "../gen/golf/v1/messages_pb";
import { storage } from "../core/storage";
import { guestTag, nameLink } from "../ui/marks";
import { reactionBar, reactionText } from "./reactions";
import { speaker } from "./chat_mutes";

export type PanelName = "scores" | "moves" | "chat" | "rules" | "check";

// Each section's tab, by the key of its title.
const TITLES: Record<PanelName, string> = {
  scores: "panels.tabScores",
  moves: "panels.tabMoves",
  chat: "panels.tabChat",
  rules: "panels.tabRules",
  check: "panels.tabCheck",
};

// The chat lines read so far, per table: lines count as read while the chat is in view.
const readLines = new Map<string, number>();

function chatVisible(app: App): boolean {
  return wideScreen() || app.ui.panel === "chat";
}

export function wideScreen(): boolean {
  return window.matchMedia?.("(min-width: 1000px)").matches ?? true;
}

export function unread(app: App, code: string): number {
  const shown = shownChat(app).length;
  if (chatVisible(app)) readLines.set(code, shown);
  return Math.max(0, shown - (readLines.get(code) ?? 0));
}

// The lines shown: those of speakers this person has not muted.
function shownChat(app: App): ChatLine[] {
  const muted = new Set(storage.mutedChat());
  return app.chat.filter((line) => !muted.has(speaker(app, line)));
}

function setMuted(app: App, who: string, muted: boolean): void {
  storage.setChatMuted(who, muted);
  app.onChange();
}

// Below the lines: whom this person muted among those who spoke here, each with a way back.
function mutedNote(app: App): HTMLElement | null {
  const muted = new Set(storage.mutedChat());
  const hidden = new Map<string, number>();
  for (const line of app.chat) {
    const who = speaker(app, line);
    if (muted.has(who)) hidden.set(who, (hidden.get(who) ?? 0) + 1);
  }
  if (hidden.size === 0) return null;
  return h(
    "p",
    { class: "chat-muted", id: "chat-muted" },
    ...[...hidden].map(([who, count]) => {
      const name = who.slice(who.indexOf(":") + 1);
      return h(
        "span",
        {},
        t("panels.mutedFor", { name, count }),
        " ",
        h(
          "button",
          { type: "button", class: "link", "data-key": `unmute-${name}`, onclick: () => setMuted(app, who, false) },
          t("panels.showChat", { name })
        )
      );
    })
  );
}

// The sections, in the order the wide column shows them; `null` sections are left out.
export function sidePanels(app: App, update: TableUpdate, sections: Partial<Record<PanelName, Child>>): HTMLElement {
  const open = (app.ui.panel || "") as PanelName | "";
  const names = (Object.keys(TITLES) as PanelName[]).filter((n) => sections[n]);
  const waiting = unread(app, update.code);
  const tabs = h(
    "nav",
    { class: "panel-tabs", "aria-label": t("panels.besideTable") },
    ...names.map((n) =>
      h(
        "button",
        {
          type: "button",
          class: `panel-tab${open === n ? " open" : ""}`,
          id: `tab-${n}`,
          "data-key": `tab-${n}`,
          "aria-expanded": String(open === n),
          "aria-controls": `section-${n}`,
          onclick: () => {
            app.ui.panel = open === n ? "" : n;
            app.onChange();
          },
        },
        t(TITLES[n]),
        n === "chat" && waiting > 0
          ? h(
              "span",
              { class: "unread", id: "chat-unread", "aria-label": t("panels.unread", { count: waiting }) },
              String(waiting)
            )
          : null
      )
    )
  );
  return h(
    "aside",
    { class: "side", "data-open": open || undefined, "aria-label": t("panels.sideLabel") },
    h(
      "div",
      { class: "drawer" },
      h(
        "div",
        { class: "drawer-head" },
        h("strong", {}, open ? t(TITLES[open]) : ""),
        h(
          "button",
          {
            type: "button",
            class: "secondary small",
            "data-key": "close-panel",
            onclick: () => {
              app.ui.panel = "";
              app.onChange();
            },
          },
          t("panels.close")
        )
      ),
      ...names.map((n) =>
        h(
          "div",
          { class: `side-section${open === n ? " open" : ""}`, id: `section-${n}`, "data-panel": n },
          sections[n]
        )
      )
    ),
    tabs
  );
}

export function chat(app: App): HTMLElement {
  const input = h("input", {
    id: "chat-input",
    "data-key": "chat-input",
    maxlength: 200,
    autocomplete: "off",
    placeholder: t("panels.chatPlaceholder"),
    value: app.ui.chatDraft,
    "aria-label": t("panels.chatMessage"),
    oninput: (e: Event) => {
      app.ui.chatDraft = (e.target as HTMLInputElement).value;
    },
  });
  const send = async (e: Event) => {
    e.preventDefault();
    const text = app.ui.chatDraft.trim();
    if (!text) return;
    if (await app.sendChat(text)) {
      app.ui.chatDraft = "";
      app.onChange();
    }
  };
  return h(
    "section",
    { class: "panel chat", "aria-labelledby": "chat-title" },
    h("h2", { id: "chat-title" }, t("panels.chatTitle")),
    h(
      "ul",
      { class: "chat-lines", id: "chat-lines", "aria-live": "polite" },
      ...shownChat(app).map((line) => {
        const who = speaker(app, line);
        return h(
          "li",
          {},
          h(
            "span",
            { class: "said" },
            h(
              "strong",
              {},
              line.name
                ? nameLink(app, line.name, line.registered, true)
                : line.seat < 0
                  ? t("panels.spectator")
                  : t("panels.seatNumber", { seat: line.seat + 1 })
            ),
            line.name && !line.registered ? [" ", guestTag()] : null,
            line.seat < 0 ? h("span", { class: "muted" }, " ", t("panels.watchingMark")) : null,
            ": ",
            line.reaction ? reactionText(line.reaction) : line.text
          ),
          who
            ? h(
                "button",
                {
                  type: "button",
                  class: "link mute",
                  "data-key": `mute-${line.name}`,
                  title: t("panels.muteTitle", { name: line.name }),
                  onclick: () => setMuted(app, who, true),
                },
                t("panels.mute")
              )
            : null
        );
      })
    ),
    mutedNote(app),
    reactionBar(app),
    h(
      "form",
      { class: "chat-form", onsubmit: send },
      input,
      h("button", { type: "submit", "data-key": "chat-send", class: "small" }, t("panels.send"))
    )
  );
}
