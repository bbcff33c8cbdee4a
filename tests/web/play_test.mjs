// Two people in browsers and a server bot play a whole hole of four-card Golf through the web client, a third
// browser watches, and a fourth keeps the lobby open. Checks: the lobby lists the table live; only legal moves
// are clickable (one player uses the keyboard only, on a 360 px wide screen); no page ever renders a card its
// viewer may not know; the end of the hole shows every layout scored column by column; the scorecard names the
// winner; every page verifies the shuffle commitment with SHA-256 in the browser, and a wrong commitment is
// reported as a mismatch. Screenshots of each screen go to GOLF_WEB_ARTIFACTS.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import test from "node:test";
import {
  checkScreen, createTable, elementScreenshot, joinByLink, launchBrowser, leaks, newPlayer, onlyLegalClickable, openPanel,
  playOne, screenshot, seeded, startServer, until, watchForLeaks,
} from "./support.mjs";

test("two browser players and a server bot play a whole hole, watched by a spectator who sees no hidden card",
     { timeout: 170_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser);
    const bob = await newPlayer(browser, { width: 360, height: 800 });
    const cat = await newPlayer(browser);
    const lobby = await newPlayer(browser, { width: 800, height: 600 });

    await bob.goto(server.url);
    await bob.waitForSelector("input[name=preset]", { state: "attached" });
    await bob.click("#new-table > summary");
    await bob.click("#house-rules > summary");
    assert.ok(await bob.evaluate(() => document.documentElement.scrollWidth <= 360), "the start page fits a 360 px screen");

    await lobby.goto(`${server.url}/lobby`);
    await lobby.waitForSelector(".lobby-list");

    await ann.goto(server.url);
    await ann.waitForSelector("input[name=preset]", { state: "attached" });
    await screenshot(ann, "01-start");
    await ann.click("#new-table > summary");
    await ann.click("#house-rules > summary");
    await ann.waitForSelector('[data-group="match"] > summary');
    await screenshot(ann, "02-house-rules");
    const helpText = await ann.textContent('[data-option="knocking"] .help');
    assert.ok(helpText.length > 20, "each option is explained");
    await ann.click("#house-rules > summary");

    // A house rule out of range is refused with a sentence naming the option, and no table is made.
    await ann.fill("#name", "Ann");
    await ann.click("#house-rules > summary");
    await ann.click('[data-group="layout"] > summary');
    await ann.fill("#opt-rows", "9");
    await ann.click("#create");
    await ann.waitForSelector('[data-option="rows"].invalid');
    assert.match(await ann.textContent("#create-form .form-error"), /^Rows of cards must be from 1 to \d rows$/);
    assert.equal(await ann.$("#table-code"), null);

    const code = await createTable(ann, server.url, { name: "Ann", preset: "four-card", seats: 3, rules: { holes: "1" } });
    assert.match(code, /^[2-9A-HJ-NP-Z]{6}$/);
    assert.equal(await ann.evaluate(() => window.golf.joined.rules.holes), 1, "the house rule reached the server");

    await lobby.waitForSelector(`tr[data-code="${code}"]`);
    await screenshot(lobby, "03-lobby");

    await joinByLink(bob, server.url, code, "Bob");
    await joinByLink(cat, server.url, code, "Cat", { watch: true });
    await ann.click('[data-key="add-bot-2"]');
    await ann.waitForSelector("#start-match:not([disabled])");
    await screenshot(ann, "04-waiting-room");
    assert.equal(await bob.$("#start-match"), null, "only the host can start");

    // Chat reaches everyone at the table, spectators included.
    await ann.fill("#chat-input", "good luck!");
    await ann.press("#chat-input", "Enter");
    await cat.waitForSelector("#chat-lines li");
    assert.match(await cat.textContent("#chat-lines"), /Ann guest: good luck!/);

    assert.match(await ann.textContent("#spectators"), /^1 watching/);
    for (const page of [ann, bob, cat]) await watchForLeaks(page);
    await ann.click("#start-match");
    for (const page of [ann, bob, cat]) await page.waitForSelector(".play");
    await ann.waitForSelector("#commitment .hash");
    const commitment = (await ann.textContent("#commitment .hash")).trim();
    assert.match(commitment, /^[0-9a-f]{64}$/);

    const random = seeded(20240611);
    let moves = 0;
    let sawPrivate = false;
    let sawFinalRound = false;
    let shotMidHand = false;
    const deadline = Date.now() + 120_000;
    for (let round = 0; round < 400 && !(await ann.$("#hole-result")); ++round) {
      assert.ok(Date.now() < deadline, "the hole did not end in time");
      for (const page of [ann, bob, cat]) assert.ok(await onlyLegalClickable(page), "only legal moves are clickable");
      sawPrivate ||= (await ann.$$(".play .slot.private")).length > 0;
      if (!sawFinalRound && (await cat.$("#final-banner"))) {
        sawFinalRound = true;
        assert.match(await cat.textContent("#final-banner"), /Final round: .+ ended play; \d+ turns? left/);
        await screenshot(cat, "07b-final-round");
      }
      const made = [await playOne(ann, random), await playOne(bob, random, { keyboard: true })];
      moves += made.filter(Boolean).length;
      if (!shotMidHand && moves >= 4) {
        shotMidHand = true;
        await screenshot(ann, "05-table");
        await screenshot(bob, "06-table-phone");
        assert.ok(await bob.evaluate(() => document.documentElement.scrollWidth <= 360), "the table fits a 360 px screen");
        await screenshot(cat, "07-spectator");
        // A watcher steps back through the hole so far, as watchers saw it; a player has the move log instead.
        assert.equal(await ann.$("#hole-so-far"), null);
        const soFar = await cat.context().newPage();
        await soFar.goto(new URL(await cat.getAttribute("#hole-so-far", "href"), server.url).href);
        await soFar.waitForSelector("#replay-in-play");
        await soFar.click("#replay-catch-up");
        await soFar.waitForSelector("#replay-last[disabled]");
        assert.match(await soFar.textContent("#replay-hole-1"), /being played/);
        assert.deepEqual(await checkScreen(soFar, "07c-hole-so-far"), [], "the hole so far at 360 and 1280 px");
        await soFar.close();
      }
      if (!made.some(Boolean)) await new Promise((r) => setTimeout(r, 50));  // the bot's turn
    }
    assert.ok(await ann.$("#hole-result"), "the hole ended");
    assert.ok(moves >= 4, `the people made their moves (${moves})`);
    assert.ok(sawFinalRound, "a knock put up the final-round banner");
    assert.ok(sawPrivate, "Ann knew cards the others did not (peeked or placed face down), so there was something to leak");

    for (const [name, page] of [["Ann", ann], ["Bob", bob], ["Cat", cat]]) {
      const result = await leaks(page);
      assert.deepEqual(result.leaks, [], `${name}'s page rendered cards it may not know`);
      assert.ok(result.checks > 5 && result.backs > 0, `${name}'s page was checked (${result.checks} states)`);
    }

    // The end of the hole: every layout face up, scored column by column.
    for (const page of [ann, bob, cat]) await page.waitForSelector("#hole-result");
    const seats = await cat.$$eval("#hole-result .result-seat", (els) => els.map((el) => ({
      cards: el.querySelectorAll(".slot[data-card]").length,
      columns: el.querySelectorAll(".column-point").length,
      total: el.querySelector(".total").textContent,
    })));
    assert.equal(seats.length, 3);
    for (const seat of seats) {
      assert.equal(seat.cards, 4, "every card is shown at the end");
      assert.equal(seat.columns, 2, "each column's points are shown");
      assert.match(seat.total, /^-?\d+ this hole$/);
    }
    await elementScreenshot(ann, "#hole-result", "08-end-of-hole");

    // One hole was the whole match: the scorecard names the winner.
    await ann.waitForSelector("#winner");
    const winner = await ann.textContent("#winner");
    assert.match(winner, /wins|share the win/);
    assert.match(await ann.getAttribute("#winner #replay-link", "href"), /^\/replay\/\d+$/, "the replay is a link away");
    const scoreRows = await ann.$$eval("#scorecard tbody tr", (rows) => rows.length);
    assert.equal(scoreRows, 1);
    await screenshot(ann, "09-match-over");

    // Every page saw the commitment during play and checks the revealed seed against it.
    for (const page of [ann, bob, cat]) {
      await openPanel(page, "check");
      await page.waitForSelector('#fairness [data-hole="1"][data-verdict="verified"]');
    }
    const seed = await ann.evaluate(() => Array.from(window.golf.update.scorecard.holes[0].seed));
    assert.equal(seed.length, 8);
    assert.equal(createHash("sha256").update(Buffer.from(seed)).digest("hex"), commitment, "the page's verdict is right");
    await elementScreenshot(ann, "#fairness", "10-fairness");

    // A commitment that does not match the seed is reported as such (the check can fail).
    await bob.evaluate((c) => {
      sessionStorage.setItem("golf.commitments", JSON.stringify({ [c]: { 1: "00".repeat(32) } }));
    }, code);
    await bob.reload();
    await bob.waitForSelector("#table-code");
    await openPanel(bob, "check");
    await bob.waitForSelector('#fairness [data-hole="1"][data-verdict="mismatch"]');

    for (const page of [ann, bob, cat, lobby]) assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});
