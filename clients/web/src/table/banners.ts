// The banners over the table: who won the match (with "Play again" for the host), the power being used and the cards
// it has looked at, and the claim window's countdown with who won the race for the last discard.
import { h } from "../ui/dom";
import { replayPath, type App } from "../core/app";
import { cardShort } from "../words/card_names";
import { ActionKind, Phase, type HandView } from "../gen/golf/v1/game_pb";
import type { TableUpdate } from "../gen/golf/v1/messages_pb";
import { PowerKind } from "../gen/golf/v1/ruleset_pb";
import { placeName, seatName } from "../words/names";
import { powerSentence, THEY, YOU_DO } from "../words/power_text";

export function winnerBanner(app: App, update: TableUpdate): HTMLElement {
  const winners = update.scorecard?.winners ?? [];
  const names = winners.map((w) => seatName(update, w));
  const host = update.yourSeat >= 0 && update.yourSeat === update.hostSeat;
  return h(
    "div",
    { class: "winner-banner", id: "winner", role: "status" },
    names.length ? `Match over: ${names.join(" and ")} ${names.length > 1 ? "share the win" : "wins"}!` : "Match over.",
    host
      ? h(
          "button",
          {
            type: "button",
            "data-key": "rematch",
            id: "rematch",
            onclick: () => void app.attempt({ case: "rematch", value: {} }),
          },
          "Play again"
        )
      : null,
    // In a tab of its own: the table stays open here for another match.
    update.scorecard && update.scorecard.matchId > 0n
      ? h(
          "a",
          { href: replayPath(update.scorecard.matchId), id: "replay-link", target: "_blank", rel: "noopener" },
          "Watch the replay"
        )
      : null
  );
}

// The power being used: what it does and which cards it has looked at (public); the values reach only the user,
// on the cards themselves.
export function powerBanner(update: TableUpdate, hand: HandView): HTMLElement | null {
  const power = hand.power;
  if (hand.phase !== Phase.POWER || !power) return null;
  const mine = hand.currentSeat === hand.viewer;
  // To the user, an instruction; to everyone else, what the user does, with "you" only for the reader.
  const what = powerSentence(power.kind, mine ? YOU_DO : THEY);
  const who = mine ? "You are" : `${seatName(update, hand.currentSeat)} is`;
  const seen: string[] = [];
  const user = hand.currentSeat;
  if (power.ownPosition >= 0)
    seen.push(`${mine ? "your" : "their"} own ${placeName(hand, user, power.ownPosition)} card`);
  if (power.seat >= 0 && power.position >= 0)
    seen.push(
      `${power.seat === hand.viewer ? "your" : `${seatName(update, power.seat)}'s`} ${placeName(hand, power.seat, power.position)} card`
    );
  const two =
    power.kind === PowerKind.TWO_POWERS
      ? power.picksLeft >= 2
        ? " Two powers to choose."
        : " One power is used; a second power may follow."
      : "";
  const drawn = hand.offered.length > 0 ? ` You drew ${hand.offered.map(cardShort).join(" and ")}.` : "";
  return h(
    "div",
    { class: "info-banner power-banner", id: "power", role: "status", "data-power": PowerKind[power.kind] },
    `${who} using a power: ${what}.`,
    seen.length ? ` ${mine ? "You have" : "They have"} looked at ${seen.join(" and ")}.` : "",
    two,
    drawn
  );
}

// The claim window as a countdown bar, and who won the race for the last discard.
export function claimBanner(update: TableUpdate, hand: HandView): HTMLElement | null {
  const window_ = update.claimWindow;
  const outcome = update.claim;
  if (!window_ && !outcome) return null;
  const canClaim = hand.legal.some((a) => a.kind === ActionKind.CLAIM);
  return h(
    "div",
    { class: "claim-banner" },
    window_
      ? h(
          "div",
          { class: "claim-window", id: "claim-window", role: "timer", "data-window-ms": window_.windowMs },
          h(
            "span",
            { class: "claim-text" },
            canClaim ? "Claims are open" : "Claims are open (you have nothing to claim)"
          ),
          h("span", { class: "claim-seconds", id: "claim-seconds" }),
          h("div", { class: "claim-bar", "aria-hidden": "true" }, h("span", { class: "claim-fill", id: "claim-fill" }))
        )
      : null,
    outcome
      ? h(
          "p",
          {
            class: "claim-outcome",
            id: "claim-outcome",
            role: "status",
            "data-seat": outcome.seat,
            "data-correct": String(outcome.correct),
          },
          `${outcome.seat === update.yourSeat ? "You" : seatName(update, outcome.seat)} claimed first: `,
          outcome.correct ? "the card matched." : "the card did not match (penalty).",
          outcome.refused ? ` ${outcome.refused} later claim${outcome.refused === 1 ? " was" : "s were"} refused.` : ""
        )
      : null
  );
}
