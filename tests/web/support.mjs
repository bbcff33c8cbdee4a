// Shared pieces of the browser tests: a real golf-server on 127.0.0.1 (temp database, the built web client),
// Debian's chromium through playwright-core, screenshots under the build tree, and page helpers that only click
// what the app offers. Every wait here has a bound.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { spawnServer, stopServer } from "../support/server_process.mjs";

export const SERVER = process.env.GOLF_SERVER;
export const WEB_ROOT = process.env.GOLF_WEB_ROOT;
export const ARTIFACTS = process.env.GOLF_WEB_ARTIFACTS ?? join(tmpdir(), "golf-web-artifacts");
export const CHROMIUM = process.env.GOLF_CHROMIUM ?? "/usr/bin/chromium";
export const WAIT_MS = 10_000;

// Starts golf-server on a free port; resolves once it logs where it listens. `db`: a database URL (else a SQLite
// file of its own). Holes follow one another after 0.8 s unless `holeWait` keeps the server's own default.
export async function startServer(extra = [], { db, holeWait = false } = {}) {
  if (!SERVER || !WEB_ROOT) throw new Error("set GOLF_SERVER (the golf-server binary) and GOLF_WEB_ROOT (the built web client)");
  const dir = mkdtempSync(join(tmpdir(), "golf-web-test-"));
  const { child, port, log } = await spawnServer(SERVER, ["--db", db ?? join(dir, "golf.db"), "--web-root", WEB_ROOT,
                                                          "--log-level", "info", "--bot-delay-ms", "60",
                                                          ...(holeWait ? [] : ["--between-holes-ms", "800"]), ...extra]);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    log,
    // kill -9: no goodbye to its clients, nothing flushed.
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      await stopServer(child);  // at once when kill() ended it already
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// `args`: more Chromium flags; `env`: its environment (e.g. a HOME whose certificate store trusts a test authority).
export async function launchBrowser({ args = [], env } = {}) {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
           "--disable-sync", ...args],
    ...(env ? { env } : {}),
    timeout: 30_000,
  });
}

// A page in its own context (its own localStorage, like another person's browser); page errors (and what the
// Content-Security-Policy refuses) fail the test.
export async function newPlayer(browser, { width = 1280, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.errors = [];
  page.on("pageerror", (error) => page.errors.push(error.message));
  // Whatever the server's Content-Security-Policy refuses is a page error too.
  page.on("console", (m) => { if (m.type() === "error" && /Content Security Policy/.test(m.text())) page.errors.push(m.text()); });
  return page;
}

export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

// A screenshot of one element. The table re-renders on every update (a hole written to disk, a memory-mode card
// hidden again), which can replace the element mid-shot: then the shot is taken again, at most five times.
export async function elementScreenshot(page, selector, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  for (let attempt = 1; ; attempt++) {
    try {
      await page.locator(selector).screenshot({ path });
      return path;
    } catch (error) {
      if (attempt >= 5 || !/not attached/.test(String(error))) throw error;
    }
  }
}

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

// The rules whose verdict depends on the colours alone: what a second theme needs checked again.
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

// Runs axe-core (the WCAG 2 A and AA rules, or only `rules`) on the page as it is; resolves to the serious and
// critical violations, each as "rule: target (help)".
export async function accessibilityProblems(page, rules) {
  // Through the DevTools protocol: a <script> tag would be refused by the server's Content-Security-Policy.
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(readFileSync(AXE, "utf8"));
  const runOnly = rules ? { type: "rule", values: rules } : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] };
  const violations = await page.evaluate(async (only) => {
    const result = await window.axe.run(document, { runOnly: only, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                                           targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  }, runOnly);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.targets.join(", ")} (${v.help})`);
}

// Screenshots a screen at 360 and 1280 px wide and checks it with axe-core at both, and that it does not scroll
// sideways; then in the dark theme (prefers-color-scheme: dark) too, a screenshot and axe-core's colour rules;
// returns the problems found. The page is left in the light theme.
export async function checkScreen(page, name) {
  const size = page.viewportSize();
  const problems = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await screenshot(page, `${name}-${width}`);
    const scroll = await page.evaluate(() => document.scrollingElement.scrollWidth);
    if (scroll > width) problems.push(`${name} at ${width} px: the page scrolls sideways (${scroll} px wide)`);
    for (const problem of await accessibilityProblems(page)) problems.push(`${name} at ${width} px: ${problem}`);
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, `${name}-${width}-dark`);
    for (const problem of await accessibilityProblems(page, COLOUR_RULES)) problems.push(`${name} at ${width} px, dark: ${problem}`);
    await page.emulateMedia({ colorScheme: "light" });
  }
  await page.setViewportSize(size);
  return problems;
}

// Creates a table from the start page; `rules` are house-rule edits typed into the editor.
export async function createTable(page, url, { name, preset, seats, rules = {}, isPublic = true, clock = 0, password = "" }) {
  await page.goto(url);
  await page.waitForSelector(`input[name=preset][value="${preset}"]`, { state: "attached" });
  await page.fill("#name", name);
  await openDetails(page, "#new-table");
  await page.check(`input[name=preset][value="${preset}"]`);
  await page.fill("#seats", String(seats));
  if (!isPublic) await page.uncheck("#public");
  if (clock) await page.selectOption("#clock", String(clock));
  if (password) await page.fill("#create-password", password);
  if (Object.keys(rules).length > 0) {
    await page.click("#house-rules > summary");
    for (const [option, value] of Object.entries(rules)) {
      const input = page.locator(`#opt-${option}`);
      await input.evaluate((el) => { el.closest("details.rule-group").open = true; });  // rules are folded by group
      const type = await input.evaluate((el) => (el.tagName === "SELECT" ? "select" : el.type));
      if (type === "checkbox") await input.setChecked(value === "true");
      else if (type === "select") await input.selectOption(value);
      else await input.fill(value);
    }
  }
  await page.click("#create");
  await page.waitForSelector("#table-code");
  return (await page.textContent("#table-code")).trim();
}

// Opens a friend's link and sits down (or watches).
export async function joinByLink(page, url, code, name, { watch = false } = {}) {
  await page.goto(`${url}/t/${code}`);
  await page.waitForSelector("#join-form");
  await page.fill("#name", name);
  await page.click(watch ? "#watch" : "#join");
  await page.waitForSelector("#table-code");
}

export async function seatOf(page) {
  return page.evaluate(() => window.golf.update?.yourSeat ?? -2);
}

// The legal moves the page offers: every element carrying data-action inside the play area.
export async function offered(page) {
  return page.$$eval(".play [data-action]", (els) => els.filter((el) => !el.disabled).map((el) => el.dataset.action));
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Waits (bounded) until `probe` returns a truthy value; returns it.
export async function until(probe, what, timeoutMs = WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

// Installs, in a page, a watcher that checks every rendered state of the table for cards the viewer may not know.
// A card face may be rendered (a) on the discard pile, (b) face up in a layout, (c) in the viewer's own layout or
// hand, or (d) face down elsewhere only if it passed over the discard pile before (the engine makes a card taken
// from the discards known to everyone). With one pack every card is unique, so (d) is exact. Any other face is a
// leak, recorded in window.__leaks. The end-of-hole state (every card shown) is exempt.
export async function watchForLeaks(page) {
  await page.evaluate(() => {
    const seenOnDiscard = new Set();
    window.__leaks = [];
    window.__checks = 0;
    window.__hiddenBacks = 0;
    const check = () => {
      const app = window.golf;
      const hand = app.update?.hand;
      const play = document.querySelector(".play");
      if (!hand || !play || hand.phase === 5 /* PHASE_OVER */) return;
      const me = app.update.yourSeat;
      window.__checks++;
      const top = play.querySelector("#discard[data-card]");
      if (top) seenOnDiscard.add(top.dataset.card);
      window.__hiddenBacks += play.querySelectorAll(".slot.back").length;
      for (const el of play.querySelectorAll("[data-card]")) {
        if (el.id === "discard") continue;
        const seat = el.dataset.seat === undefined ? undefined : Number(el.dataset.seat);
        if (seat !== undefined) {
          if (el.dataset.faceUp === "true" || seat === me) continue;
        } else if (hand.currentSeat === me) {
          continue;  // the card the viewer holds
        }
        if (!seenOnDiscard.has(el.dataset.card))
          window.__leaks.push(`${el.dataset.card} at ${seat === undefined ? "the held card" : `seat ${seat} position ${el.dataset.pos}`}`);
      }
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
    check();
  });
}

export async function leaks(page) {
  return page.evaluate(() => ({ leaks: window.__leaks, checks: window.__checks, backs: window.__hiddenBacks }));
}

// Plays one move the page offers, if any: a knock once the player has had two turns, else a seeded random pick
// among the other moves. With `keyboard`, the move is reached with Tab and made with Enter, as a keyboard player
// would. A "select:" or "cancel" click (half of a two-click move) changes nothing on the server, so it is not
// waited for. `avoid` leaves out the moves it returns true for. Resolves to the move made, or undefined when the
// page offers none.
export async function playOne(page, random, { keyboard = false, avoid = () => false } = {}) {
  const moves = (await offered(page)).filter((m) => !avoid(m));
  if (moves.length === 0) return undefined;
  const state = await page.evaluate(() => {
    const u = window.golf.update;
    return { version: String(u.handVersion), turns: u.hand.seats[u.yourSeat]?.turnsTaken ?? 0 };
  });
  const knock = moves.find((m) => m.startsWith("knock:"));
  const others = moves.filter((m) => !m.startsWith("knock:"));
  const move = knock && (state.turns >= 2 || others.length === 0) ? knock : others[Math.floor(random() * others.length)];
  const selector = `.play [data-action="${move}"]`;
  if (keyboard) {
    await page.evaluate(() => document.activeElement?.blur());
    let reached = false;
    for (let i = 0; i < 80 && !reached; ++i) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate((m) => document.activeElement?.dataset?.action === m, move);
    }
    if (!reached) {
      if (!(await offered(page)).includes(move)) return undefined;  // the table moved on while we tabbed
      throw new Error(`the move ${move} cannot be reached with the keyboard`);
    }
    await page.keyboard.press("Enter");
  } else {
    try {
      await page.click(selector, { timeout: 2_000 });
    } catch {
      return undefined;  // it was no longer offered (another player's move re-rendered the table)
    }
  }
  if (move.startsWith("select:") || move === "cancel") return move;
  await until(() => page.evaluate((v) => !window.golf.ui.busy && String(window.golf.update.handVersion) !== v, state.version),
              `the move ${move} to be answered`);
  return move;
}

// The hand version a page shows (it changes with every move the server applies).
export function handVersion(page) {
  return page.evaluate(() => String(window.golf.update.handVersion));
}

// Clicks one offered move and waits (bounded) until the server has answered it: a new hand version, nothing in flight.
export async function playMove(page, move, what) {
  const before = await handVersion(page);
  await page.click(`.play [data-action="${move}"]`);
  await until(() => page.evaluate((v) => !window.golf.ui.busy && String(window.golf.update.handVersion) !== v, before),
              what ?? `the move ${move} to be answered`);
}

// A small seeded generator, so a failing run can be repeated.
export function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Nothing but legal moves is clickable: every button in the play area is a legal move, or a card position that
// says it is not one (aria-disabled, no move attached); a spectator has no move.
export async function onlyLegalClickable(page) {
  return page.evaluate(() => {
    const play = document.querySelector(".play");
    if (!play) return true;
    const buttons = [...play.querySelectorAll("button")];
    const inert = (b) => b.getAttribute("aria-disabled") === "true" && b.dataset.action === undefined;
    const live = buttons.filter((b) => !inert(b));
    const spectator = window.golf.update.yourSeat < 0;
    if (spectator && live.length > 0) return false;
    const focusable = [...play.querySelectorAll(".slot, .pile-card")].filter((el) => el.tabIndex >= 0 && !(el instanceof HTMLButtonElement));
    return focusable.length === 0 && live.every((b) => b.dataset.action !== undefined || b.disabled);
  });
}

// Opens a side panel (scores, moves, chat, rules, check). On a wide screen every panel is in view already; on a
// narrower one they are a drawer opened from a tab under the table.
export async function openPanel(page, name) {
  const tab = page.locator(`#tab-${name}`);
  if (!(await tab.isVisible())) return;
  if ((await tab.getAttribute("aria-expanded")) !== "true") await tab.click();
  await page.waitForSelector(`#section-${name}.open`);
}

// Opens a folded section of the start page ("#people-play", "#new-table", "#join-by-code") if it is closed.
export async function openDetails(page, selector) {
  if (!(await page.$eval(selector, (el) => el.open))) await page.click(`${selector} > summary`);
}
