// Every preset at its largest seat count fits a 360 px wide phone: no horizontal scrolling, no two cards overlap,
// no card sticks out of its seat's box. Regression: at 390 px a ten-card table with 5 or more seats spilled its
// opponents' 2x5 grids out of their boxes and over each other. One browser page at 360 px goes through every
// preset (ListPresets): a table with every other seat a server bot, started; the layout is measured at once (the
// bots are slowed so the table stays still), and the same at 1280 px.
import assert from "node:assert/strict";
import test from "node:test";
import { createTable, launchBrowser, newPlayer, screenshot, startServer } from "./support.mjs";

// What is wrong with the table's layout as rendered: overflow, overlapping cards, cards outside their seat.
function layoutProblems(width) {
  const problems = [];
  const scroll = document.scrollingElement.scrollWidth;
  if (scroll > width) problems.push(`the page scrolls sideways (${scroll} px wide)`);
  const boxes = [...document.querySelectorAll(".play .card")].map((el) => ({ el, r: el.getBoundingClientRect() }));
  const name = (el) => el.dataset.seat !== undefined ? `seat ${el.dataset.seat} card ${el.dataset.pos}` : el.id || el.className;
  for (let i = 0; i < boxes.length; ++i) {
    const a = boxes[i].r;
    if (a.width < 12) problems.push(`${name(boxes[i].el)} is only ${a.width.toFixed(1)} px wide`);
    if (a.right > width + 0.5 || a.left < -0.5) problems.push(`${name(boxes[i].el)} is off the screen`);
    for (let j = i + 1; j < boxes.length; ++j) {
      const b = boxes[j].r;
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 0.5 && y > 0.5) problems.push(`${name(boxes[i].el)} overlaps ${name(boxes[j].el)}`);
    }
  }
  for (const seat of document.querySelectorAll(".play .seat")) {
    const s = seat.getBoundingClientRect();
    for (const card of seat.querySelectorAll(".card")) {
      const c = card.getBoundingClientRect();
      if (c.left < s.left - 0.5 || c.right > s.right + 0.5 || c.top < s.top - 0.5 || c.bottom > s.bottom + 0.5)
        problems.push(`${name(card)} sticks out of its seat's box`);
    }
  }
  return problems;
}

test("every preset at its largest seat count fits 360 px without overflow or overlapping cards",
     { timeout: 200_000 }, async () => {
  const server = await startServer(["--bot-delay-ms", "20000"]);
  const browser = await launchBrowser();
  try {
    const page = await newPlayer(browser, { width: 360, height: 800 });
    await page.goto(server.url);
    await page.waitForSelector("input[name=preset]", { state: "attached" });
    const presets = await page.evaluate(() => window.golf.presets.map((p) => ({ name: p.name, max: p.rules.maxPlayers,
                                                                             cols: p.rules.cols, rows: p.rules.rows })));
    assert.ok(presets.length >= 3, "the server lists its presets");
    const failures = [];
    for (const preset of presets) {
      await page.setViewportSize({ width: 360, height: 800 });
      await createTable(page, server.url, { name: "Ann", preset: preset.name, seats: preset.max, isPublic: false });
      await page.evaluate(async (seats) => {
        for (let seat = 1; seat < seats; ++seat) await window.golf.request({ case: "addBot", value: { seat, level: 2 } });
        await window.golf.request({ case: "startMatch", value: {} });
      }, preset.max);
      await page.waitForSelector(`.play .seat[data-seat="${preset.max - 1}"] .card`);
      const cards = await page.$$eval(".play .slot", (els) => els.length);
      assert.ok(cards >= preset.max * preset.rows * preset.cols, `${preset.name}: every layout is drawn (${cards} cards)`);
      const narrow = await page.evaluate(layoutProblems, 360);
      if (narrow.length) failures.push(`${preset.name} x${preset.max} at 360 px: ${narrow.slice(0, 4).join("; ")}`);
      await screenshot(page, `narrow-${preset.name}-${preset.max}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      const wide = await page.evaluate(layoutProblems, 1280);
      if (wide.length) failures.push(`${preset.name} x${preset.max} at 1280 px: ${wide.slice(0, 4).join("; ")}`);
      await page.evaluate(() => window.golf.leave());
      await page.waitForSelector("#create-form", { state: "attached" });
    }
    assert.deepEqual(failures, [], "every preset's table fits");
    assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});
