// The table screen: its header (the code, who you are, sound, the theme, "Invite", "Leave"), then the waiting room
// before a match (waiting_room.ts) or the hand in play (play_area.ts: seats, piles, banners, the buttons), and beside
// them the scorecard, move log, rules, shuffle check and chat (side_panels.ts). Drawn again from the app's state on
// every change and resize, with the clocks (clocks.ts) ticking between. Every card position is a button with an
// accessible name; only the moves in HandView.legal do anything (targets.ts), the rest say they are disabled, so a
// player can only ever send a legal move.
import { h, replaceContent, type Child } from "../ui/dom";
import { tableLink, type App, type Screen } from "../core/app";
import { TableState, type TableUpdate } from "../gen/golf/v1/messages_pb";
import { animateEvents } from "./animate";
import { scorecard } from "./hole_review";
import { moveLog, noteGlimpses, scrollLog } from "./move_log_view";
import { seatName } from "../words/names";
import { rulesPanel } from "../rules/rules_panel";
import { fairness } from "./shuffle_check";
import { chat, sidePanels } from "./side_panels";
import { people } from "./people";
import { setSound, soundOn } from "./sounds";
import { themeToggle } from "../core/theme";
import { playArea } from "./play_area";
import { updateClock } from "./clocks";
import { waitingRoom } from "./waiting_room";
import { languagePicker, t } from "../words/i18n";
import { presetTitle } from "../screens/profile";

export function tableScreen(app: App): Screen {
  const element = h("div", { class: "screen table-screen" });
  const tick = window.setInterval(() => updateClock(app, element), 250);
  let shown: TableUpdate | undefined; // the update whose events were last animated
  const refresh = () => {
    const wasPlaying = element.querySelector(".play")?.contains(document.activeElement) ?? false;
    const fresh = app.update !== shown && app.update?.hand ? app.fresh : [];
    if (app.update !== shown && app.update?.hand) noteGlimpses(app, app.update, app.update.hand, fresh);
    shown = app.update;
    const was = { held: element.querySelector("#held .card")?.getBoundingClientRect() };
    replaceContent(element, ...render(app));
    updateClock(app, element);
    scrollLog(element);
    animateEvents(element, fresh, was);
    // A keyboard player whose focused card went away (the move was made) lands on the turn line, which says what
    // happened and what comes next; Tab then reaches the next move (never made by a stray second Enter).
    if (wasPlaying && !element.contains(document.activeElement))
      element.querySelector<HTMLElement>("#turn")?.focus({ preventScroll: true });
  };
  refresh();
  // The seats are placed for the screen's size (seating.ts): a turned phone or a resized window places them again.
  let frame = 0;
  const resized = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(refresh);
  };
  window.addEventListener("resize", resized);
  return {
    kind: "table",
    element,
    refresh,
    dispose: () => {
      window.clearInterval(tick);
      window.removeEventListener("resize", resized);
    },
  };
}

function render(app: App): Child[] {
  const update = app.update;
  const joined = app.joined!;
  if (!update) return [h("p", { class: "panel" }, t("table.waitingForState", { code: joined.code }))];
  const hand = update.hand;
  const me = update.yourSeat;
  const playing = hand !== undefined && update.state !== TableState.WAITING;
  return [
    header(app, update),
    h(
      "div",
      { class: "main-col" },
      update.state === TableState.WAITING ? waitingRoom(app, update) : null,
      playing ? playArea(app, update, hand!) : null
    ),
    sidePanels(app, update, {
      scores: update.scorecard && update.scorecard.holes.length > 0 ? scorecard(app, update) : null,
      moves: playing ? moveLog(app, update, hand!) : null,
      chat: [chat(app), people(app, update, me)],
      rules: rulesPanel(app),
      check: update.state !== TableState.WAITING ? fairness(app, update) : null,
    }),
  ];
}

function header(app: App, update: TableUpdate): HTMLElement {
  const link = tableLink(update.code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      app.onFlash(t("table.linkCopied"), "info");
    } catch {
      // No clipboard (plain http on a LAN): the link stays on screen, selected, until the reader dismisses it.
      window.prompt(t("table.copyLinkPrompt"), link);
    }
  };
  const me = update.yourSeat;
  const role = me >= 0 ? t("table.youAre", { name: seatName(update, me) }) : t("table.watching");
  const leave = () => {
    const mid = me >= 0 && update.state !== TableState.WAITING && update.state !== TableState.FINISHED;
    // Strangers' tables (removal by vote): a match left for good counts against the next quick play.
    const text = !mid
      ? t("table.leaveConfirm")
      : update.removalByVote
        ? t("table.leaveMidMatchByVote")
        : t("table.leaveMidMatch");
    if (confirm(text)) void app.leave();
  };
  return h(
    "header",
    { class: "table-header" },
    h("h1", {}, t("table.heading"), " ", h("code", { id: "table-code" }, update.code)),
    h(
      "span",
      { class: "muted table-what" },
      app.joined ? presetTitle(app.joined.preset) : "",
      app.joined && !app.joined.rated
        ? [" · ", h("span", { id: "not-rated", title: t("table.notRatedTitle") }, t("table.notRated"))]
        : null,
      ` · ${role}`
    ),
    h(
      "span",
      { class: "header-buttons" },
      me >= 0
        ? h(
            "label",
            { class: "sound-toggle small" },
            h("input", {
              type: "checkbox",
              id: "turn-sound",
              "data-key": "turn-sound",
              checked: soundOn(),
              onchange: (e: Event) => setSound((e.target as HTMLInputElement).checked),
            }),
            t("table.sound")
          )
        : null,
      themeToggle(),
      languagePicker(),
      h(
        "button",
        { type: "button", class: "secondary small", "data-key": "copy-link", onclick: () => void copy() },
        t("table.invite")
      ),
      h(
        "button",
        { type: "button", class: "secondary small", id: "leave", "data-key": "leave", onclick: leave },
        t("table.leave")
      )
    )
  );
}
