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
import { t, listFormat } from "../words/i18n";

// "Ann and Bob", "Ann, Bob and Cy", in the reader's language.
function andList(items: string[]): string {
  return listFormat({ type: "conjunction" }).format(items);
}

export function winnerBanner(app: App, update: TableUpdate): HTMLElement {
  const winners = update.scorecard?.winners ?? [];
  const names = winners.map((w) => seatName(update, w));
  const host = update.yourSeat >= 0 && update.yourSeat === update.hostSeat;
  return h(
    "div",
    { class: "winner-banner", id: "winner", role: "status" },
    names.length ? t("table.matchOverWinners", { count: names.length, names: andList(names) }) : t("table.matchOver"),
    host
      ? h(
          "button",
          {
            type: "button",
            "data-key": "rematch",
            id: "rematch",
            onclick: () => void app.attempt({ case: "rematch", value: {} }),
          },
          t("table.playAgain")
        )
      : null,
    // In a tab of its own: the table stays open here for another match.
    update.scorecard && update.scorecard.matchId > 0n
      ? h(
          "a",
          { href: replayPath(update.scorecard.matchId), id: "replay-link", target: "_blank", rel: "noopener" },
          t("table.watchReplay")
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
  const using = mine
    ? t("table.powerUsingYou", { power: what })
    : t("table.powerUsingSeat", { name: seatName(update, hand.currentSeat), power: what });
  const seen: string[] = [];
  const user = hand.currentSeat;
  if (power.ownPosition >= 0) {
    const place = placeName(hand, user, power.ownPosition);
    seen.push(mine ? t("table.seenYourOwnCard", { place }) : t("table.seenTheirOwnCard", { place }));
  }
  if (power.seat >= 0 && power.position >= 0) {
    const place = placeName(hand, power.seat, power.position);
    seen.push(
      power.seat === hand.viewer
        ? t("table.seenYourCard", { place })
        : t("table.seenSeatCard", { name: seatName(update, power.seat), place })
    );
  }
  const looked = mine
    ? t("table.youLookedAt", { cards: andList(seen) })
    : t("table.theyLookedAt", { cards: andList(seen) });
  const two =
    power.kind === PowerKind.TWO_POWERS
      ? power.picksLeft >= 2
        ? t("table.twoPowersToChoose")
        : t("table.secondPowerMayFollow")
      : "";
  const drawn = hand.offered.length > 0 ? t("table.youDrew", { cards: andList(hand.offered.map(cardShort)) }) : "";
  // The sentences follow one another, a space between.
  return h(
    "div",
    { class: "info-banner power-banner", id: "power", role: "status", "data-power": PowerKind[power.kind] },
    using,
    seen.length ? ` ${looked}` : "",
    two ? ` ${two}` : "",
    drawn ? ` ${drawn}` : ""
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
          h("span", { class: "claim-text" }, canClaim ? t("table.claimsOpen") : t("table.claimsOpenNothingToClaim")),
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
          claimText(update, outcome.seat, outcome.correct),
          outcome.refused ? ` ${t("table.laterClaimsRefused", { count: outcome.refused })}` : ""
        )
      : null
  );
}

// Who claimed first and whether the card matched.
function claimText(update: TableUpdate, seat: number, correct: boolean): string {
  if (seat === update.yourSeat) return correct ? t("table.youClaimedMatched") : t("table.youClaimedMissed");
  const name = seatName(update, seat);
  return correct ? t("table.seatClaimedMatched", { name }) : t("table.seatClaimedMissed", { name });
}
