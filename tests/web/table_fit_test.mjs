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

let server, browser;
before(async () => {
  server = await startServer(["--bot-delay-ms", "5000"]);  // bots slow enough that the table holds still to be measured
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
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
  const smallest = Math.min(...[...document.querySelectorAll(".play .slot")].map((el) => el.getBoundingClientRect().width));
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
