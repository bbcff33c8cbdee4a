// The table fits the screen: at five screen sizes, for 2, 4, 6 and 8 seats of every layout size, a player's own
// cards, the stock and the discard pile are wholly on screen on their turn without scrolling, the seats do not
// overlap one another or the piles, and the page never scrolls sideways; axe-core finds nothing serious.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { accessibilityProblems, launchBrowser, newPlayer, screenshot, startServer, until } from "./support.mjs";

const VIEWPORTS = [[360, 800], [390, 844], [768, 1024], [1280, 800], [1920, 1080]];
// One preset per layout size: 1x4, 2x2, 2x3, 2x4, 3x3, 2x5.
const LAYOUTS = ["dacz", "four-card", "six-card", "eight-card", "nine-card", "ten-card"];
const SEATS = [2, 4, 6, 8];

let server, quick, browser;
before(async () => {
  server = await startServer(["--bot-delay-ms", "5000"]);  // bots slow enough that the table holds still to be measured
  quick = await startServer();                             // bots at the tests' pace: your turn comes at once
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await quick?.stop();
});

// What does not fit, measured in the page as it is drawn.
function misfits() {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const out = [];
  const inView = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
      out.push(`${what} is not wholly on screen (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`);
  };
  const me = document.querySelector(".seat.me");
  if (!me) out.push("no seat of your own");
  else me.querySelectorAll(".slot").forEach((el, i) => inView(el, `your card ${i + 1}`));
  for (const id of ["stock", "discard"]) {
    const el = document.getElementById(id);
    if (el) inView(el, id); else out.push(`no ${id}`);
  }
  if (document.scrollingElement.scrollWidth > vw) out.push(`the page scrolls sideways (${document.scrollingElement.scrollWidth} px)`);
  const boxes = [...document.querySelectorAll(".play .seat, .play .piles")].map((el) => [el, el.getBoundingClientRect()]);
  for (let i = 0; i < boxes.length; ++i)
    for (let j = i + 1; j < boxes.length; ++j) {
      const [a, ra] = boxes[i], [b, rb] = boxes[j];
      const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (x > 1 && y > 1) out.push(`${a.dataset.seat ?? "piles"} overlaps ${b.dataset.seat ?? "piles"}`);
    }
  // A card in motion (a flip turns it edge-on) is measured once it is still.
  const still = [...document.querySelectorAll(".play .slot")].filter((el) => el.getAnimations().length === 0);
  const smallest = Math.min(...still.map((el) => el.getBoundingClientRect().width));
  if (smallest < 18) out.push(`a card is only ${smallest.toFixed(1)} px wide`);
  return out;
}

test("the table fits every screen at every seat count and layout size", { timeout: 600_000 }, async () => {
  const page = await newPlayer(browser, { width: 1280, height: 800 });
  const problems = [];
  await page.goto(server.url);
  await until(() => page.evaluate(() => (window.golf?.presets.length ?? 0) > 0), "the presets");
  for (const preset of LAYOUTS) {
    for (const seats of SEATS) {
      await page.evaluate(([p, n]) => window.golf.playWithBots("Ann", p, n), [preset, seats]);
      await page.waitForSelector(".play .seat.me .slot");
      for (const [width, height] of VIEWPORTS) {
        await page.setViewportSize({ width, height });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        for (const p of await page.evaluate(misfits)) problems.push(`${preset}, ${seats} seats, ${width}x${height}: ${p}`);
        if ((seats === 8 && preset === "ten-card") || (seats === 4 && preset === "six-card")) {
          await screenshot(page, `table-${preset}-${seats}-${width}`);
          for (const p of await accessibilityProblems(page)) problems.push(`${preset}, ${seats} seats, ${width}: ${p}`);
        }
      }
      await page.evaluate(() => window.golf.leave());
      await page.waitForSelector("#name");
    }
  }
  assert.deepEqual(page.errors, []);
  assert.deepEqual(problems, []);
});

// The small things a newcomer tripped over, each pinned: a bot's seat says "bot 1" beside its level's badge (not
// the level twice); the legal-move glow, the keyboard focus ring and a selected card never share a look; Knock is
// not in the colour of a turn's moves; a spectator is offered no player's controls; with no clipboard (plain http
// on a LAN) the invite link stays on screen until the reader closes it.
test("bot names, focus against legal glow, Knock's colour, a spectator's controls, the invite link", { timeout: 120_000 }, async () => {
  const ann = await newPlayer(browser, { width: 1280, height: 800 });
  await ann.goto(quick.url);
  await until(() => ann.evaluate(() => (window.golf?.presets.length ?? 0) > 0), "the presets");
  await ann.evaluate(() => window.golf.playWithBots("Ann", "four-card", 3));
  await ann.waitForSelector(".play .seat.me .slot.legal");
  const head = await ann.textContent('.play .seat[data-seat="1"] .seat-name');
  assert.equal(head.trim(), "bot 1", "the seat's name without the level in brackets");
  assert.match(await ann.textContent('.play .seat[data-seat="1"] .badge.bot'), /heuristic/);

  // The glow of a legal card and the ring of a focused one differ (colour and kind of line).
  const card = ann.locator(".play .seat.me .slot.legal").first();
  const glow = await card.evaluate((el) => getComputedStyle(el).boxShadow);
  // The bots' moves redraw the table (the focus then lands on the turn line): try again until a card keeps it.
  const focused = await until(async () => {
    await card.focus().catch(() => {});
    await ann.keyboard.press("Shift+Tab");
    await ann.keyboard.press("Tab");
    return ann.evaluate(() => {
      const el = document.activeElement;
      const style = getComputedStyle(el);
      return el.classList.contains("legal") && el.classList.contains("slot")
        ? { legal: true, outline: `${style.outlineStyle} ${style.outlineColor}`, shadow: style.boxShadow } : undefined;
    });
  }, "a legal card focused from the keyboard");
  assert.ok(focused.legal, "a legal card has the focus");
  assert.notEqual(focused.shadow, glow, "the focused card does not look like an unfocused legal one");
  assert.match(focused.outline, /solid rgb\(255, 255, 255\)/, "a white ring, not the glow's yellow");

  // Knock (four-card knocks) is offered in the secondary colour once the start is done.
  // A bot's move can redraw the table between press and release, and that click is lost; while a peek is on its
  // way no card is offered. So the cards Ann knows are counted, and a click that took nothing is made again, bounded.
  const known = () => ann.$$eval('.play .seat.me .slot.private, .play .seat.me .slot[data-face-up="true"]', (els) => els.length);
  for (let attempt = 0; (await known()) < 2; ++attempt) {
    assert.ok(attempt < 8, "two peeks taken within eight clicks");
    const before = await known();
    await ann.click(".play .seat.me .slot.legal", { timeout: 5_000 }).catch(() => {});
    await until(async () => (await known()) > before, "the peek", 3_000).catch(() => false);
  }
  const knock = await until(() => ann.$("#knock"), "the Knock button", 20_000);
  assert.ok(await knock.evaluate((el) => el.classList.contains("secondary") && !el.classList.contains("legal-button")));

  // A spectator sees no sound toggle, no Next hole, no moves.
  const code = await ann.evaluate(() => window.golf.update.code);
  const sam = await newPlayer(browser, { width: 360, height: 800 });
  await sam.goto(`${quick.url}/t/${code}`);
  await sam.waitForSelector("#watch");
  await sam.click("#watch");
  await sam.waitForSelector(".play");
  assert.equal(await sam.$("#turn-sound"), null, "no sound toggle for a spectator");
  assert.equal(await sam.$(".play [data-action]"), null, "no moves for a spectator");

  // A chat line counts as unread on the phone's Chat tab until the drawer shows it.
  await ann.fill("#chat-input", "welcome");
  await ann.press("#chat-input", "Enter");
  await until(async () => (await sam.$("#chat-unread")) && (await sam.textContent("#chat-unread")) === "1", "one unread line");
  await sam.click("#tab-chat");
  await sam.waitForSelector("#chat-lines li");
  assert.equal(await sam.$("#chat-unread"), null, "read once the chat is shown");

  // No clipboard: the link is put in a dialog to copy from, not a toast that goes.
  await ann.evaluate(() => Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true }));
  const shown = new Promise((resolve) => ann.once("dialog", (d) => { resolve(d.message() + " " + d.defaultValue()); void d.dismiss(); }));
  await ann.click('[data-key="copy-link"]');
  const link = await Promise.race([shown, new Promise((resolve) => setTimeout(() => resolve("no dialog in 10 s"), 10_000))]);
  assert.match(link, new RegExp(`/t/${code}$`));
  for (const page of [ann, sam]) assert.deepEqual(page.errors, []);
});

test("a guided first hand explains each new situation once, until the player stops it", { timeout: 120_000 }, async () => {
  const page = await newPlayer(browser, { width: 390, height: 844 });
  await page.goto(quick.url);
  await page.fill("#name", "Newcomer");
  await page.waitForSelector("#quick-preset option[value=six-card]", { state: "attached" });
  await page.selectOption("#quick-seats", "2");
  await page.check("#guide-me");
  await page.click("#play-bots");
  await page.waitForSelector('#guide[data-tip="start"]');
  assert.match(await page.textContent("#guide"), /These 6 cards at the bottom are yours, face down\. Click 2 of them to turn them face up/);
  assert.deepEqual(await page.evaluate(misfits), [], "the tip leaves the table on screen");
  await page.click("#guide-ok");
  await page.waitForSelector("#guide", { state: "detached" });
  // Counted by the cards face up: while a flip is on its way no card is offered, so the count of offered cards
  // changes twice a flip.
  const faceUp = () => page.$$eval('.play .seat.me .slot[data-face-up="true"]', (els) => els.length);
  for (let i = 0; i < 2; ++i) {
    const before = await faceUp();
    await page.click(".play .seat.me .slot.legal");
    await until(async () => (await faceUp()) > before, "the flip");
  }
  // Whose turn comes first depends on the dealer: the tip for it; "Stop the guide" ends the tips for good.
  const next = await until(() => page.$eval("#guide", (el) => el.dataset.tip).catch(() => undefined), "the next tip", 15_000);
  assert.ok(["draw", "others"].includes(next), `the tip after the start: ${next}`);
  await page.click("#guide-stop");
  await page.waitForSelector("#guide", { state: "detached" });
  await page.waitForTimeout(1_000);
  assert.equal(await page.$("#guide"), null, "no tip once the guide is stopped");
  assert.deepEqual(page.errors, []);
});
