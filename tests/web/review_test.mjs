// The end of a hole between two people: the review stays up until each presses "Next hole" (the server's wait,
// counted down on the page), says who is still reading, explains each layout's score line by line with totals
// that add up, and the next hole is dealt once both have pressed. Every wait is bounded.
import assert from "node:assert/strict";
import test from "node:test";
import { createTable, joinByLink, launchBrowser, newPlayer, playOne, screenshot, seeded, startServer, until } from "./support.mjs";

test("the hole review waits for every player's Next hole and says who is still reading", { timeout: 120_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser);
    const bob = await newPlayer(browser, { width: 360, height: 800 });
    const code = await createTable(ann, server.url, { name: "Ann", preset: "four-card", seats: 2, rules: { holes: "2" } });
    await joinByLink(bob, server.url, code, "Bob");
    await ann.waitForSelector("#start-match:not([disabled])");
    await ann.click("#start-match");
    for (const page of [ann, bob]) await page.waitForSelector(".play");
    const random = seeded(5150);
    const deadline = Date.now() + 60_000;
    while (!(await ann.$("#hole-result")) || !(await bob.$("#hole-result"))) {
      assert.ok(Date.now() < deadline, "the hole did not end in time");
      const made = [await playOne(ann, random), await playOne(bob, random)];
      if (!made.some(Boolean)) await new Promise((r) => setTimeout(r, 40));
    }

    // Each layout's lines add up to the score the scorecard records, and say whether a figure is this hole's.
    for (const page of [ann, bob]) {
      const seats = await page.$$eval("#hole-result .result-seat", (els) => els.map((el) => ({
        seat: Number(el.dataset.seat), total: el.querySelector(".total").textContent,
        last: el.querySelector(".breakdown .line-total").textContent })));
      const scores = await page.evaluate(() => window.golf.update.hand.result.scores);
      for (const s of seats) {
        assert.equal(s.total, `${scores[s.seat]} this hole`);
        assert.match(s.last, new RegExp(`^= ${scores[s.seat]} for this hole; match total -?\\d+$`));
      }
    }

    // Nobody is hurried: 2 s later the review is still up on both pages, with the countdown and both reading.
    await new Promise((r) => setTimeout(r, 2_000));
    for (const page of [ann, bob]) {
      assert.ok(await page.$("#next-hole"), "a Next hole button");
      assert.equal(await page.evaluate(() => window.golf.update.hand.hole), 1, "hole 1 is still on the table");
      assert.match(await page.textContent("#next-hole-clock"), /dealt in \d+ s/);
    }
    assert.match(await ann.textContent("#still-reading"), /Still reading: Bob/);
    await screenshot(bob, "review-01-phone");

    await ann.click("#next-hole");
    await ann.waitForSelector("#next-hole-wait .badge");
    assert.match(await ann.textContent("#next-hole-wait"), /You are ready.*Still reading: Bob/);
    await until(async () => !/Ann/.test(await bob.textContent("#still-reading")), "Bob's page to see Ann ready");
    assert.equal(await bob.evaluate(() => window.golf.update.hand.hole), 1, "the next hole waits for Bob");
    await bob.click("#next-hole");
    for (const page of [ann, bob])
      await until(() => page.evaluate(() => window.golf.update.hand?.hole === 2 && !document.querySelector("#hole-result")),
                  "hole 2 once both pressed Next hole", 10_000);
    for (const page of [ann, bob]) assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});
