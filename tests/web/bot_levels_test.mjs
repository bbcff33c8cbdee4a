// The host chooses each server bot's level in the waiting room: the "Bot level" picker (Medium unless the browser
// remembers another choice), Custom with a playout count checked before anything is sent, badges that say each
// bot's level in the seat list and at the table, the choice kept across a reload, a bot's turn read as "thinking",
// and a whole hole played to its end against a hard bot and a 50-playout bot. Axe-core checks the waiting room and
// the table; screenshots at 360 and 1280 px go to GOLF_WEB_ARTIFACTS. Every wait is bounded.
import assert from "node:assert/strict";
import test from "node:test";
import {
  accessibilityProblems, checkScreen, createTable, launchBrowser, newPlayer, playOne, screenshot, seeded, startServer,
  until,
} from "./support.mjs";

const FINISHED = 4;  // TableState.FINISHED

const badge = (page, where, seat) => page.evaluate(([w, s]) =>
  document.querySelector(`${w} [data-seat="${s}"] .badge.bot`)?.textContent ?? "", [where, seat]);

// Picks a level and adds a bot of it to a seat; resolves once the seat list shows the bot's badge.
async function addBot(page, seat, level, expected) {
  await page.selectOption("#bot-level", level);
  await page.click(`[data-key="add-bot-${seat}"]`);
  await until(async () => (await badge(page, ".seat-list", seat)) === expected,
              `seat ${seat}'s badge to say "${expected}"`);
}

test("the host picks each bot's level, the badges say it, and a hole is played to its end against them",
     { timeout: 200_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser);
    await createTable(ann, server.url, { name: "Ann", preset: "four-card", seats: 4, isPublic: false,
                                         rules: { holes: "1" } });
    await ann.waitForSelector("#bot-level");
    assert.equal(await ann.inputValue("#bot-level"), "medium", "Medium is the default");
    assert.deepEqual(await ann.$$eval("#bot-level option", (els) => els.map((el) => el.textContent)),
                     ["Easy", "Medium", "Hard", "Rules of thumb (heuristic)", "Random", "Custom\u2026"]);
    assert.equal(await ann.$("#bot-playouts"), null, "no playouts field until Custom is picked");

    await addBot(ann, 1, "hard", "bot \u00b7 hard");

    // Custom asks for playouts; a number out of range is refused by the form, with nothing sent.
    await ann.selectOption("#bot-level", "custom");
    await ann.waitForSelector("#bot-playouts");
    await ann.fill("#bot-playouts", "20001");
    await ann.click('[data-key="add-bot-2"]');
    const message = await until(() => ann.evaluate(() => document.querySelector("#bot-playouts-error")?.textContent),
                                "the form to refuse 20001 playouts");
    assert.equal(message, "Playouts must be a whole number from 1 to 20000.");
    assert.equal(await ann.evaluate(() => document.activeElement?.id), "bot-playouts", "the field has focus");
    assert.equal(await ann.getAttribute("#bot-playouts", "aria-invalid"), "true");
    await screenshot(ann, "bot-levels-01-custom-refused");
    assert.equal(await ann.evaluate(() => window.golf.update.seats[2].occupied), false, "no bot was added");
    await ann.fill("#bot-playouts", "50");
    await until(() => ann.evaluate(() => !document.querySelector("#bot-playouts-error")?.textContent),
                "the message to go once the number is right");
    await ann.click('[data-key="add-bot-2"]');
    await until(async () => (await badge(ann, ".seat-list", 2)) === "bot \u00b7 50 playouts",
                "seat 2's badge to say 50 playouts");

    // The choice is remembered: after a reload the picker still says Custom, 50.
    await ann.reload();
    await ann.waitForSelector("#bot-playouts");
    assert.equal(await ann.inputValue("#bot-level"), "custom");
    assert.equal(await ann.inputValue("#bot-playouts"), "50");
    assert.equal(await badge(ann, ".seat-list", 1), "bot \u00b7 hard", "the badges survive a reload");

    const problems = await checkScreen(ann, "bot-levels-02-picker");
    assert.deepEqual(problems, [], "the waiting room with the picker fits 360 px and passes axe-core");

    await addBot(ann, 3, "heuristic", "bot \u00b7 heuristic");
    assert.equal(await ann.$("#bot-level"), null, "the picker goes once every seat is filled");
    await ann.click("#start-match:not([disabled])");
    await ann.waitForSelector(".play");
    for (const [seat, text] of [[1, "bot \u00b7 hard"], [2, "bot \u00b7 50 playouts"], [3, "bot \u00b7 heuristic"]])
      assert.equal(await badge(ann, ".play", seat), text, `seat ${seat}'s badge at the table`);

    // Ann plays her own moves; while a bot moves the turn line says it is thinking.
    const random = seeded(5150);
    const thinking = new Set();
    const deadline = Date.now() + 150_000;
    const state = () => ann.evaluate(() => window.golf.update.state);
    for (let i = 0; i < 3_000 && (await state()) !== FINISHED; ++i) {
      assert.ok(Date.now() < deadline, "the hole never ended");
      const line = await ann.evaluate(() => document.querySelector("#instruction")?.textContent ?? "");
      if (/ is thinking\u2026$/.test(line)) {
        if (thinking.size === 0) await screenshot(ann, "bot-levels-03-thinking");
        thinking.add(line);
      }
      if (!(await playOne(ann, random))) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(await state(), FINISHED, "the hole (the whole match) was played to its end");
    assert.ok(thinking.size > 0, "a bot's turn reads as thinking");
    await ann.waitForSelector("#winner");
    assert.deepEqual(await ann.evaluate(() => window.golf.update.scorecard.holes.length), 1);
    assert.deepEqual(await accessibilityProblems(ann), [], "the finished table passes axe-core");
    for (const width of [360, 1280]) {
      await ann.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await screenshot(ann, `bot-levels-04-over-${width}`);
      const sizes = await ann.evaluate(() => {
        const box = document.querySelector("#scorecard .scroll");
        return { table: box.scrollWidth, box: box.clientWidth };
      });
      assert.ok(sizes.table <= sizes.box, `the scorecard of four seats fits its box at ${width} px (${sizes.table} > ${sizes.box})`);
    }
    assert.deepEqual(ann.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});
