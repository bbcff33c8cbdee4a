// Tournaments in the browser: an organiser creates a duplicate one from /tournaments (a guest is asked to sign in first),
// three more accounts sign up on its page, the organiser starts it, an entrant follows "Go to your table" to their
// seat and leaves it to a bot, and every page follows the tournament to its end: the standing, each round's tables
// with their results and replay links. The list and the tournament are screenshotted and checked with axe-core at
// 360 and 1280 px.
import assert from "node:assert/strict";
import test from "node:test";
import { checkView, register } from "./accounts_support.mjs";
import { launchBrowser, newPlayer, startServer, until } from "./support.mjs";

test("a tournament is organised, joined, played and followed in the browser", { timeout: 200_000 }, async () => {
  const server = await startServer(["--seat-grace", "1"]);
  const browser = await launchBrowser();
  const problems = [];
  try {
    const guest = await newPlayer(browser);
    await guest.goto(`${server.url}/`);
    await guest.click("#tournaments-link");
    await guest.waitForSelector("#organise-sign-in:not([hidden])");
    assert.ok(await guest.$eval("#organise-form", (el) => el.hidden), "a guest is not offered the form");

    const names = ["Ann", "Bob", "Cat", "Dan"];
    const pages = [];
    for (const name of names) {
      const page = await newPlayer(browser);
      await page.goto(`${server.url}/tournaments`);
      await register(page, name, `${name}'s long password`);
      pages.push(page);
    }
    const [ann, bob] = pages;
    await ann.waitForSelector("#organise-form:not([hidden])");
    problems.push(...await checkView(ann, "tournaments-organise"));
    await ann.waitForSelector('#tournament-preset option[value="four-card"]', { state: "attached" });
    await ann.click("#tournament-create");
    await until(async () => /name is 1 to 60 characters/.test(await ann.textContent("#tournament-error")),
                "an empty name refused");
    await ann.fill("#tournament-name", "Sunday cup");
    await ann.selectOption("#tournament-preset", "four-card");
    await ann.selectOption("#tournament-format", "2");  // duplicate
    await ann.fill("#tournament-seats", "2");
    await ann.fill("#tournament-rounds", "2");
    await ann.fill("#tournament-holes", "1");
    await ann.click("#tournament-create");
    await ann.waitForURL(/\/tournaments\/1$/);
    await ann.waitForSelector("#tournament-start");
    assert.equal(await ann.textContent("#tournament-title"), "Sunday cup");
    assert.match(await ann.textContent("#tournament-summary"), /^Open for sign-ups\. Duplicate: four card, 1 hole a round, tables of 2, 2 rounds, 0 signed up\. Organised by Ann\.$/);

    for (const page of pages) {
      if (page !== ann) await page.goto(`${server.url}/tournaments/1`);
      await page.click("#tournament-join");
      await page.waitForSelector("#tournament-leave");
    }
    await until(async () => (await ann.$$("#standing-table tbody tr")).length === 4, "four entrants on the organiser's page");
    problems.push(...await checkView(ann, "tournament-open"));
    await ann.click("#tournament-start");

    // Bob follows his table, sits down, and leaves the match to a bot.
    await bob.waitForSelector("#your-table", { timeout: 15_000 });
    await bob.click("#your-table");
    await bob.waitForSelector(".play .seat.me");
    await bob.evaluate(() => window.golf.leave());

    await ann.waitForSelector('.tournament-round[data-round="2"] .replay-link', { timeout: 60_000 });
    await until(async () => /^Finished\./.test(await ann.textContent("#tournament-summary")), "the tournament to finish", 60_000);
    assert.equal((await ann.$$(".tournament-round")).length, 2);
    assert.equal((await ann.$$(".replay-link")).length, 4, "every table of both rounds has a replay");
    const results = await ann.$$eval(".tournament-tables .seat-result .num", (cells) => cells.map((c) => c.textContent));
    assert.equal(results.length, 8);
    for (const r of results) assert.match(r, /^-?\d+ · \d+%$/, "each seat's total and its matchpoint percentage");
    assert.match(await ann.textContent("#tournament-note"), /^Latest: \w+ won\.$/);
    const places = await ann.$$eval("#standing-table tbody tr td:first-child", (cells) => cells.map((c) => Number(c.textContent)));
    assert.equal(places[0], 1);
    assert.deepEqual([...places].sort((a, b) => a - b), places, "the standing is in place order");
    assert.equal(await ann.$("#tournament-cancel"), null, "nothing to cancel once finished");
    problems.push(...await checkView(ann, "tournament-finished"));

    await guest.goto(`${server.url}/tournaments`);
    await guest.click("#tournaments-ended");
    await guest.waitForSelector('#tournaments-table tr[data-id="1"]');
    problems.push(...await checkView(guest, "tournaments-list"));
    await guest.click('#tournaments-table tr[data-id="1"] .tournament-name');
    await guest.waitForSelector(".replay-link");
    assert.equal(await guest.$("#tournament-join"), null, "a guest is not offered the sign-up");
    // An arena runs minutes, not rounds. Nobody comes to the first tables, so bots play them and everyone is
    // paused; Dan plays on, and Ann cancels.
    await ann.goto(`${server.url}/tournaments`);
    await ann.waitForSelector('#tournament-preset option[value="four-card"]', { state: "attached" });
    await ann.fill("#tournament-name", "Friday sprint");
    await ann.selectOption("#tournament-preset", "four-card");
    await ann.selectOption("#tournament-format", "3"); // arena
    assert.ok(await ann.$eval("#tournament-rounds", (el) => el.closest(".field").hidden), "no rounds in an arena");
    await ann.fill("#tournament-seats", "2");
    await ann.fill("#tournament-minutes", "10");
    await ann.fill("#tournament-holes", "1");
    await ann.click("#tournament-create");
    await ann.waitForURL(/\/tournaments\/2$/);
    await ann.waitForSelector("#tournament-start");
    assert.match(await ann.textContent("#tournament-summary"), /^Open for sign-ups\. Arena: four card, 1 hole a table, tables of 2, 10 minutes, 0 signed up\./);
    for (const page of pages) {
      if (page !== ann) await page.goto(`${server.url}/tournaments/2`);
      await page.click("#tournament-join");
      await page.waitForSelector("#tournament-leave");
    }
    await ann.click("#tournament-start");
    const dan = pages[3];
    await dan.waitForSelector("#tournament-play-on", { timeout: 30_000 });
    assert.match(await dan.textContent("#tournament-summary"), /10 minutes \(ends at /);
    assert.match(await dan.textContent('#standing-table tr[data-name="Dan"]'), /\(paused\)/);
    problems.push(...await checkView(dan, "tournament-arena-paused"));
    await dan.click("#tournament-play-on");
    await dan.waitForSelector("#paused-note", { state: "detached" });
    await ann.click("#tournament-cancel");
    await until(async () => /^Cancelled\./.test(await dan.textContent("#tournament-summary")), "the arena cancelled");
    // One that starts by itself in an hour, with bots to fill it: Ann, alone, starts it early and bots join her.
    await ann.goto(`${server.url}/tournaments`);
    await ann.waitForSelector('#tournament-preset option[value="four-card"]', { state: "attached" });
    await ann.fill("#tournament-name", "Sunday with bots");
    await ann.selectOption("#tournament-preset", "four-card");
    await ann.fill("#tournament-seats", "2");
    await ann.fill("#tournament-rounds", "1");
    await ann.fill("#tournament-holes", "1");
    const inAnHour = await ann.evaluate(() => {
      const d = new Date(Date.now() + 3_600_000);
      const two = (n) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
    });
    await ann.fill("#tournament-starts-at", inAnHour);
    await ann.check("#tournament-bot-fillers");
    await ann.check("#tournament-guests");
    await ann.click("#tournament-create");
    await ann.waitForURL(/\/tournaments\/3$/);
    await ann.waitForSelector("#tournament-join");
    assert.match(await ann.textContent("#tournament-summary"), /Starts by itself at .+\. Guests may sign up\. Bots fill the empty seats at the start\.$/);
    problems.push(...await checkView(ann, "tournament-starts-later"));
    await ann.click("#tournament-join");
    await ann.waitForSelector("#tournament-leave");
    // A guest signs up under a name, and the browser keeps the entry token that takes the seat.
    await guest.goto(`${server.url}/tournaments/3`);
    await guest.waitForSelector("#tournament-guest-name");
    problems.push(...await checkView(guest, "tournament-guest-sign-up"));
    await guest.fill("#tournament-guest-name", "Gus");
    await guest.click("#tournament-join");
    await guest.waitForSelector("#tournament-leave");
    assert.match(await guest.getAttribute('#standing-table tr[data-name="Gus"]', "class"), /\bme\b/);
    assert.match(await guest.textContent('#standing-table tr[data-name="Gus"]'), /Gus \(guest\)/);
    await ann.click("#tournament-start");
    await ann.waitForSelector('#standing-table tr[data-name="Bot #2"]');
    assert.match(await ann.textContent('#standing-table tr[data-name="Bot #2"]'), /Bot #2 \(bot\)/);
    assert.doesNotMatch(await ann.textContent("#tournament-summary"), /Starts by itself/, "started: no start time shown");
    await guest.waitForSelector("#your-table", { timeout: 15_000 });
    await guest.click("#your-table");
    await guest.waitForSelector(".play .seat.me");
    await guest.evaluate(() => window.golf.leave());
    await ann.click("#tournament-cancel");
    await until(async () => /^Cancelled\./.test(await ann.textContent("#tournament-summary")), "the bots' tournament cancelled");
    for (const page of [guest, ...pages]) assert.deepEqual(page.errors, []);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
