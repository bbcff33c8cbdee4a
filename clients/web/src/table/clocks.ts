// The countdowns, redrawn four times a second between updates: the turn clock, the claim window's bar, and the wait
// before the next hole (hole_review.ts).
import type { App } from "../core/app";
import { TableState } from "../gen/golf/v1/messages_pb";
import { updateNextHoleClock } from "./hole_review";
import { seatName } from "../words/names";
import { t } from "../words/i18n";

// Whose clock runs: the start's (everyone's at once), the reader's, or another seat's; the keys of its words.
type Whose = "start" | "you" | "seat";
const CLOCK: Record<Whose, string> = { start: "table.clockStart", you: "table.clockYou", seat: "table.clockSeat" };
const CLOCK_LABEL: Record<Whose, string> = {
  start: "table.clockLeftStart",
  you: "table.clockLeftYou",
  seat: "table.clockLeftSeat",
};

export function updateClock(app: App, root: HTMLElement): void {
  updateClaimWindow(app, root);
  updateNextHoleClock(app, root);
  const el = root.querySelector<HTMLElement>("#clock");
  const clock = app.update?.clock;
  if (!el) return;
  if (!clock || app.update?.state !== TableState.PLAYING) {
    el.hidden = true;
    return;
  }
  const left = Math.max(0, clock.remainingMs - (performance.now() - app.updateAt));
  const seconds = Math.ceil(left / 1000);
  const words = { seconds, name: clock.seat >= 0 ? seatName(app.update, clock.seat) : "" };
  const whose = clock.seat < 0 ? "start" : clock.seat === app.update.yourSeat ? "you" : "seat";
  el.hidden = false;
  el.textContent = t(CLOCK[whose], words);
  el.style.setProperty(
    "--left",
    String(Math.min(1, left / Math.max(1, clock.secondsPerTurn * 1000, clock.remainingMs)))
  );
  el.classList.toggle("urgent", seconds <= 5);
  el.setAttribute("aria-label", t(CLOCK_LABEL[whose], words));
}

// The claim window counts down from the update that opened it; the bar empties as it runs out.
function updateClaimWindow(app: App, root: HTMLElement): void {
  const window_ = app.update?.claimWindow;
  const fill = root.querySelector<HTMLElement>("#claim-fill");
  const seconds = root.querySelector<HTMLElement>("#claim-seconds");
  if (!window_ || !fill || !seconds) return;
  const left = Math.max(0, window_.remainingMs - (performance.now() - app.updateAt));
  const whole = Math.max(window_.windowMs, window_.remainingMs, 1);
  fill.style.width = `${(100 * left) / whole}%`;
  seconds.textContent = left > 0 ? t("table.claimSeconds", { seconds: left / 1000 }) : t("table.claimClosed");
  root
    .querySelector("#claim-window")
    ?.setAttribute(
      "aria-label",
      left > 0 ? t("table.claimsCloseIn", { count: Math.ceil(left / 1000) }) : t("table.claimsClosed")
    );
}
