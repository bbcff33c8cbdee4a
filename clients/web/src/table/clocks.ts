// The countdowns, redrawn four times a second between updates: the turn clock, the claim window's bar, and the wait
// before the next hole (hole_review.ts).
import type { App } from "../core/app";
import { TableState } from "../gen/golf/v1/messages_pb";
import { updateNextHoleClock } from "./hole_review";
import { seatName } from "../words/names";

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
  const who = clock.seat < 0 ? "start" : clock.seat === app.update.yourSeat ? "you" : seatName(app.update, clock.seat);
  el.hidden = false;
  el.textContent = `${who}: ${seconds}s`;
  el.style.setProperty(
    "--left",
    String(Math.min(1, left / Math.max(1, clock.secondsPerTurn * 1000, clock.remainingMs)))
  );
  el.classList.toggle("urgent", seconds <= 5);
  el.setAttribute("aria-label", `${seconds} seconds left for ${who}`);
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
  seconds.textContent = left > 0 ? `${(left / 1000).toFixed(1)}s` : "closed";
  root
    .querySelector("#claim-window")
    ?.setAttribute("aria-label", left > 0 ? `claims close in ${Math.ceil(left / 1000)} seconds` : "claims closed");
}
