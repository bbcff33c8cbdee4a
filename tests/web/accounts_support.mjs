// Helpers of the account, rating and quick-play tests: requests sent through a page's own connection (the app's
// window.golf, so the page's state follows), accounts made through the protocol, and rated matches played quickly
// by an in-page player that makes the first sensible legal move (knock as soon as it may). Every wait is bounded.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ARTIFACTS, checkScreen, until } from "./support.mjs";

const KNOCK = 10;
const READY = 4;
const DISCARD = 8;
const DRAW_STOCK = 5;
const BETWEEN_HOLES = 3;
const FINISHED = 4;

// Sends one request through the page's connection; resolves to the reply's body as plain JSON (64-bit numbers as
// strings), or to { error, message, retryAfterMs } when the server refused it.
export async function call(page, body) {
  return page.evaluate(async (b) => {
    try {
      const reply = await window.golf.request(b);
      return JSON.parse(JSON.stringify(reply.body, (_k, v) => (typeof v === "bigint" ? String(v) : v)));
    } catch (e) {
      return { error: e.code, message: e.message, retryAfterMs: e.retryAfterMs };
    }
  }, body);
}

export async function ready(page) {
  await until(() => page.evaluate(() => window.golf?.status === "open" && window.golf.conn.isReady && !window.golf.signingIn),
              "the page's connection to be ready");
}

// Registers `name` from the page (through the app, so the session token is kept as a sign-in from the dialog would).
export async function register(page, name, password) {
  await ready(page);
  await page.evaluate(([n, p]) => window.golf.register(n, p), [name, password]);
}

// Plays, in the page, every move the page is offered until stop() (a move that fails is the next update's to fix).
export async function autoplay(page) {
  await page.evaluate(([knock, readyKind, discard, draw, betweenHoles]) => {
    let readAt = -1n;  // the hand_version of the last review this player said it had read
    window.__autoplay = window.setInterval(() => {
      const g = window.golf;
      const u = g.update;
      // Between holes the review is read at once: "Next hole", once a review.
      if (u?.state === betweenHoles && u.nextHole?.waiting.includes(u.yourSeat) && readAt !== u.handVersion) {
        readAt = u.handVersion;
        void g.nextHole();
        return;
      }
      const hand = u?.hand;
      if (!hand || g.ui.busy || hand.legal.length === 0) return;
      const find = (k) => hand.legal.find((a) => a.kind === k);
      const me = hand.seats[hand.viewer];
      const move = ((me?.turnsTaken ?? 0) >= 1 && find(knock)) || find(readyKind) || find(discard) || find(draw) || hand.legal[0];
      void g.act(move);
    }, 30);
  }, [KNOCK, READY, DISCARD, DRAW_STOCK, BETWEEN_HOLES]);
}

export async function stopAutoplay(page) {
  await page.evaluate(() => window.clearInterval(window.__autoplay));
}

// `count` rated matches between the accounts signed in on `host` and `guest` (two pages, neither at a table): a
// private two-seat table by the preset's own rules (a match with house rules is not rated), played to its end,
// then rematches. Leaves both at the finished table.
export async function playRatedMatches(host, guest, count, preset = "four-card") {
  const code = await host.evaluate(async (p) => {
    await window.golf.createTable({ name: "", preset: p, seats: 2, isPublic: false, password: "", turnClockSeconds: 0,
                                    betweenHolesSeconds: 10, houseRules: {} });
    return window.golf.joined.code;
  }, preset);
  await guest.evaluate((c) => window.golf.joinTable(c, "", false), code);
  await until(() => host.evaluate(() => window.golf.update?.seats.every((s) => s.occupied)), "both seated");
  // Matches finished, counted from the host's updates as they arrive (the state the page shows may still be the
  // last match's end for a moment after a rematch starts).
  await host.evaluate((f) => {
    window.__finished = 0;
    let before = window.golf.update?.state;
    const push = window.golf.conn.onPush;
    window.golf.conn.onPush = (message) => {
      if (message.body.case === "tableUpdate") {
        if (message.body.value.state === f && before !== f) window.__finished++;
        before = message.body.value.state;
      }
      push(message);
    };
  }, FINISHED);
  await autoplay(host);
  await autoplay(guest);
  try {
    for (let match = 1; match <= count; ++match) {
      const answer = await call(host, match === 1 ? { case: "startMatch", value: {} } : { case: "rematch", value: {} });
      if (answer.error) throw new Error(`match ${match} did not start: ${answer.message}`);
      await until(() => host.evaluate((m) => window.__finished >= m, match), `match ${match} to finish`, 120_000);
    }
  } finally {
    await stopAutoplay(host);
    await stopAutoplay(guest);
  }
  return code;
}

// checkScreen (full-page screenshots at 360 and 1280 px, axe-core, no sideways scroll) with the flash message
// hidden first, plus what the viewport shows at each width (`NAME-view-WIDTH.png`: a dialog, a panel at the top).
export async function checkView(page, name) {
  await page.evaluate(() => { const flash = document.querySelector("#flash"); if (flash) flash.hidden = true; });
  const problems = await checkScreen(page, name);
  const size = page.viewportSize();
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(ARTIFACTS, `${name}-view-${width}.png`) });
  }
  await page.setViewportSize(size);
  return problems;
}

// "Play now" on the start page with these rules, seats and bots after `bots` seconds (the page offers 10, 30 and 60;
// the server takes 5 s and up, so a shorter choice is added to the list for a test).
export async function playNow(page, { preset, seats, bots }) {
  await page.waitForSelector(`#quick-preset option[value="${preset}"]`, { state: "attached" });
  await page.selectOption("#quick-preset", preset);
  await page.selectOption("#quick-seats", String(seats));
  if (!(await page.$eval("#people-play", (el) => el.open))) await page.click("#people-play > summary");
  if (!(await page.$(`#quick-bots option[value="${bots}"]`)))
    await page.evaluate((b) => document.querySelector("#quick-bots").add(new Option(`after ${b} seconds`, String(b))), bots);
  await page.selectOption("#quick-bots", String(bots));
  await page.click("#play-now");
}
