// The waiting room before a match: the invite link, the seats (who sits where, the host, bots with their level),
// the host's bot level picker and "Add a bot" buttons, and "Start the match" once every seat is filled.
import { h } from "../ui/dom";
import { tableLink, type App } from "../core/app";
import { BotLevel, type TableUpdate } from "../gen/golf/v1/messages_pb";
import { addBotButton, botBadge, botLevelPicker } from "./bots";
import { seatName } from "../words/names";
import { guestTag, nameLink } from "../ui/marks";
import { t } from "../words/i18n";

export function waitingRoom(app: App, update: TableUpdate): HTMLElement {
  const me = update.yourSeat;
  const host = me >= 0 && me === update.hostSeat;
  const allFilled = update.seats.every((s) => s.occupied);
  const link = tableLink(update.code);
  return h(
    "section",
    { class: "panel waiting", "aria-labelledby": "waiting-title" },
    h("h2", { id: "waiting-title" }, t("table.waitingForPlayers")),
    h("p", {}, t("table.sendLink"), " ", h("a", { href: link, id: "invite-link" }, link)),
    host && !allFilled ? botLevelPicker(app) : null,
    h(
      "ol",
      { class: "seat-list" },
      ...update.seats.map((s) =>
        h(
          "li",
          { "data-seat": s.seat },
          h(
            "span",
            { class: "seat-name" },
            !s.occupied
              ? t("table.emptySeat")
              : s.bot === BotLevel.UNSPECIFIED
                ? nameLink(app, s.name, s.registered, true)
                : s.name
          ),
          botBadge(s),
          s.occupied && s.bot === BotLevel.UNSPECIFIED && !s.registered ? [" ", guestTag()] : null,
          s.seat === update.hostSeat && s.occupied ? h("span", { class: "badge" }, t("table.badgeHost")) : null,
          s.seat === me ? h("span", { class: "badge you" }, t("table.badgeYou")) : null,
          host && !s.occupied ? addBotButton(app, s.seat) : null,
          host && s.bot !== BotLevel.UNSPECIFIED
            ? h(
                "button",
                {
                  type: "button",
                  class: "small secondary",
                  "data-key": `remove-bot-${s.seat}`,
                  onclick: () => void app.attempt({ case: "removeBot", value: { seat: s.seat } }),
                },
                t("table.removeBot")
              )
            : null,
          me < 0 && !s.occupied
            ? h(
                "button",
                {
                  type: "button",
                  class: "small",
                  "data-key": `take-${s.seat}`,
                  onclick: () => void app.attempt({ case: "takeSeat", value: { seat: s.seat } }),
                },
                t("table.sitHere")
              )
            : null
        )
      )
    ),
    host
      ? h(
          "div",
          { class: "buttons" },
          h(
            "button",
            {
              type: "button",
              id: "start-match",
              "data-key": "start-match",
              disabled: !allFilled,
              onclick: () => void app.attempt({ case: "startMatch", value: {} }),
            },
            t("table.startMatch")
          ),
          allFilled ? null : h("span", { class: "muted" }, t("table.fillEverySeat"))
        )
      : h("p", { class: "muted" }, t("table.hostStartsMatch", { name: seatName(update, update.hostSeat) }))
  );
}
