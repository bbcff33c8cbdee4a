// Powers in the browser: a `cambio` hole (every rank given the "peek at an opponent's card" power by house rules,
// so the first card Ann draws from the stock has it) with a second person, Bob, on a 360 px screen, and a server
// bot. Ann draws, presses the button that names the held card's power, and clicks the bot's card: her page then
// shows that card face down but known to her, and Bob's page (and what the server sent Bob) never holds it. Every
// wait is bounded.
import assert from "node:assert/strict";
import test from "node:test";
import {
  createTable, handVersion, joinByLink, launchBrowser, leaks, newPlayer, offered, onlyLegalClickable, playMove, playOne,
  screenshot, seeded, startServer, until, watchForLeaks,
} from "./support.mjs";

const RANKS = ["joker", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
               "king"];

// Makes one move on Ann's page towards using a power, if she has one: start peeks, then a draw from the stock.
async function annStep(ann) {
  const moves = await offered(ann);
  const move = moves.find((m) => m.startsWith("peek:")) ?? moves.find((m) => m.startsWith("draw_stock:"));
  if (!move) return false;
  const version = await ann.evaluate(() => String(window.golf.update.handVersion));
  await ann.click(`.play [data-action="${move}"]`);
  await until(() => ann.evaluate((v) => !window.golf.ui.busy && String(window.golf.update.handVersion) !== v, version),
              `Ann's ${move} to be answered`);
  return true;
}

test("a person uses a power on an opponent's card and only their page shows what they saw", { timeout: 150_000 },
     async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser);
    const bob = await newPlayer(browser, { width: 360, height: 800 });
    const rules = Object.fromEntries(RANKS.map((r) => [`power_${r}`, "peek_opponent"]));
    const code = await createTable(ann, server.url, { name: "Ann", preset: "cambio", seats: 3, rules: { ...rules, holes: "1" } });
    assert.equal(await ann.evaluate(() => window.golf.joined.rules.powerFive), 3 /* PEEK_OPPONENT */,
                 "the house rule reached the server");
    await joinByLink(bob, server.url, code, "Bob");
    await ann.click('[data-key="add-bot-2"]');
    await ann.waitForSelector("#start-match:not([disabled])");
    await watchForLeaks(bob);
    await ann.click("#start-match");
    for (const page of [ann, bob]) await page.waitForSelector(".play");

    // Bob plays at random but never uses a power himself, so he has no way to know the bot's cards.
    const random = seeded(7001);
    const bobMove = () => playOne(bob, random, { avoid: (m) => m.startsWith("use_power:") });
    let holding = false;
    const deadline = Date.now() + 90_000;
    for (let round = 0; round < 500 && !holding; ++round) {
      assert.ok(Date.now() < deadline, "Ann never held a card from the stock");
      await annStep(ann);
      holding = (await offered(ann)).some((m) => m.startsWith("use_power:"));
      if (!holding && !(await bobMove())) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(holding, "Ann drew a card with a power");

    // The button says which power the held card has.
    const label = await ann.textContent("#use-power");
    assert.match(label, /^Use the .+: look at another player's card$/);
    assert.ok(await onlyLegalClickable(ann), "only legal moves are clickable");
    await screenshot(ann, "powers-01-holding");
    const before = await ann.evaluate(() => String(window.golf.update.handVersion));
    await ann.click("#use-power");
    await until(() => ann.evaluate((v) => !window.golf.ui.busy && String(window.golf.update.handVersion) !== v, before),
                "the power to be taken up");

    // In the power: a banner says what is being used, and the opponents' cards are the moves (the bot's included).
    await ann.waitForSelector("#power");
    assert.match(await ann.textContent("#power"), /You are using a power: look at another player's card/);
    // Bob reads it about Ann, never as an instruction to himself (the power notes' point of view).
    await bob.waitForSelector("#power");
    const bobReads = await bob.textContent("#power");
    assert.match(bobReads, /^Ann is using a power: they look at another player's card\./);
    assert.doesNotMatch(bobReads, /power: look at|your cards/, "Bob is not told to look at a card");
    const peeks = (await offered(ann)).filter((m) => m.startsWith("power_peek:"));
    assert.ok(peeks.length > 0, "the opponents' cards are clickable");
    assert.ok(peeks.every((m) => m.split(":")[3] !== "0"), "never Ann's own cards (seat 0)");
    assert.ok(await onlyLegalClickable(ann), "only legal moves are clickable in the power");
    // A bot card Bob does not know (a card the bot took from the discards is known to everyone).
    const bobKnows = await bob.evaluate(() => window.golf.update.hand.seats[2].positions.map((p) => p.card !== undefined));
    const target = peeks.find((m) => m.split(":")[3] === "2" && !bobKnows[Number(m.split(":")[1])]);
    assert.ok(target, `a bot card unknown to Bob can be peeked (${peeks.join(" ")})`);
    const position = Number(target.split(":")[1]);
    await screenshot(ann, "powers-02-choosing");
    const chosen = await ann.evaluate(() => String(window.golf.update.handVersion));
    await ann.click(`.play [data-action="${target}"]`);
    await until(() => ann.evaluate((v) => !window.golf.ui.busy && String(window.golf.update.handVersion) !== v, chosen),
                "the peek to be answered");

    // Ann's page shows the card, face down but known to her.
    const slot = `.play .slot[data-seat="2"][data-pos="${position}"]`;
    const seen = await until(() => ann.getAttribute(slot, "data-card"), "Ann's page to show the peeked card");
    assert.ok(await ann.$eval(slot, (el) => el.classList.contains("private") && el.dataset.faceUp === "false"));
    await screenshot(ann, "powers-03-seen");

    // Bob's page and Bob's data never hold it, now or over the next moves, while the card stays face down there.
    const bobNeverSees = async () => {
      const onTable = await bob.evaluate(({ p, card }) => {
        const hand = window.golf.update.hand;
        const sent = hand.seats[2]?.positions[p];
        const rendered = [...document.querySelectorAll(".play [data-card]")]
          .filter((el) => el.id !== "discard" && el.dataset.card === card && el.dataset.faceUp !== "true");
        // The card there now, in the same notation as data-card (another card may have replaced it).
        const code = sent?.card ? (sent.card.rank === 0 ? "X" : "XA23456789TJQK"[sent.card.rank] + "?CDHS"[sent.card.suit]) : "";
        return { sent: code === card ? "sent" : "", faceUp: sent?.faceUp ?? false, rendered: rendered.length };
      }, { p: position, card: seen });
      if (!onTable.faceUp) {
        assert.equal(onTable.sent, "", "the server sent Bob the card Ann peeked");
        assert.equal(onTable.rendered, 0, "Bob's page rendered the card Ann peeked");
      }
    };
    await bobNeverSees();
    for (let i = 0; i < 12 && Date.now() < deadline; ++i) {
      await bobMove();
      await bobNeverSees();
      if ((await offered(ann)).some((m) => m.startsWith("draw_stock:"))) break;  // a full round has passed
      await new Promise((r) => setTimeout(r, 50));
    }
    const result = await leaks(bob);
    assert.deepEqual(result.leaks, [], "Bob's page rendered cards he may not know");
    assert.ok(result.checks > 3 && result.backs > 0, `Bob's page was checked (${result.checks} states)`);
    assert.ok(await bob.evaluate(() => document.documentElement.scrollWidth <= 360), "the table fits a 360 px screen");
    await screenshot(bob, "powers-04-phone");
    for (const page of [ann, bob]) assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});

// Claims in the browser: a `cactus` hole (claims on your own cards matching the top discard, two penalty cards for
// a wrong one) against a server bot. The extra rows show as empty slots; once a card is discarded every card of
// Ann's carries a "claim" button; her claim is applied (the card leaves her layout, or two penalty cards join it).
test("claim buttons appear on the cards that may be claimed, and a claim is applied", { timeout: 120_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser);
    await createTable(ann, server.url, { name: "Ann", preset: "cactus", seats: 2, rules: { holes: "1" } });
    await ann.click('[data-key="add-bot-1"]');
    await ann.waitForSelector("#start-match:not([disabled])");
    await ann.click("#start-match");
    await ann.waitForSelector(".play");
    const mine = '.play .seat.me .slot';
    assert.equal(await ann.$$eval(mine, (els) => els.length), 8, "2x2 plus two extra rows");
    assert.equal(await ann.$$eval(`${mine}.empty`, (els) => els.length), 4, "the extra rows are empty slots");

    // A claim can lose its race (the bot may claim first, or the window may close under load): then try the next
    // discard's window, until one of Ann's claims is applied.
    const deadline = Date.now() + 90_000;
    const cards = () => ann.$$eval(`${mine}:not(.empty)`, (els) => els.length);
    let applied = false;
    let shot = false;
    for (let round = 0; round < 600 && !applied; ++round) {
      assert.ok(Date.now() < deadline, "no claim of Ann's was ever applied");
      // The buttons and the window read in one go: an update between two reads could close the window.
      const { claims, open } = await ann.evaluate(() => ({
        claims: [...document.querySelectorAll(".play .claim-button")].map((el) => el.dataset.action),
        open: Boolean(window.golf.update.claimWindow) }));
      if (claims.length === 0) {
        const moves = await offered(ann);
        const move = ["peek:", "draw_stock:", "discard:", "pass:"].map((p) => moves.find((m) => m.startsWith(p))).find(Boolean);
        if (!move) { await new Promise((r) => setTimeout(r, 50)); continue; }
        const version = await ann.evaluate(() => String(window.golf.update.handVersion));
        await ann.click(`.play [data-action="${move}"]`).catch(() => {});
        await until(() => ann.evaluate((v) => !window.golf.ui.busy && String(window.golf.update.handVersion) !== v, version),
                    `Ann's ${move} to be answered`).catch(() => {});
        continue;
      }
      assert.ok(claims.every((c) => /^claim:\d+:0:0:0$/.test(c)), `claims name Ann's own cards (${claims.join(" ")})`);
      assert.ok(open, "claims are offered inside the window");
      assert.ok(await onlyLegalClickable(ann), "only legal moves are clickable");
      if (!shot) { await screenshot(ann, "claims-01-open"); shot = true; }
      const before = await cards();
      const version = await ann.evaluate(() => String(window.golf.update.handVersion));
      await ann.click(`.play .claim-button[data-action="${claims[0]}"]`).catch(() => {});
      await until(() => ann.evaluate((v) => !window.golf.ui.busy && (String(window.golf.update.handVersion) !== v ||
                                                                      !window.golf.update.claimWindow), version),
                  "the claim to be answered").catch(() => {});
      const after = await cards();
      if (after === before) continue;  // lost the race: the next discard opens another window
      assert.ok(after === before - 1 || after === before + 2, `one card thrown, or two penalty cards (${before} -> ${after})`);
      assert.equal(await ann.$$eval(".play .claim-button", (els) => els.length), 0, "one claim per discard");
      await screenshot(ann, "claims-02-after");
      applied = true;
    }
    assert.ok(applied, "one of Ann's claims was applied");
    assert.deepEqual(ann.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});

// The rest of Powers' table in the browser, between two people so nothing moves unless the test moves it: every
// rank but the queen and king is a two ("two different powers"), the king turns a card over and the queen is a
// shield. Ann draws until she holds a two, chooses "turn a card over" by its button, clicks one of Bob's face-down
// cards (both pages then show it face up), then chooses the shield: both pages show it beside Ann's cards.
test("a two's powers are chosen by buttons: a card turned over for both pages, then a shield kept",
     { timeout: 150_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const rules = Object.fromEntries(RANKS.map((r) => [`power_${r}`, "two_powers"]));
    rules.power_king = "turn_card";
    rules.power_queen = "shield";
    const ann = await newPlayer(browser);
    const bob = await newPlayer(browser);
    const code = await createTable(ann, server.url, { name: "Ann", preset: "powers", seats: 2, rules: { ...rules, holes: "1" } });
    await joinByLink(bob, server.url, code, "Bob");
    await ann.waitForSelector("#start-match:not([disabled])");
    await ann.click("#start-match");
    for (const page of [ann, bob]) await page.waitForSelector(".play");

    const version = handVersion;
    const play = playMove;
    // Ann peeks and draws; a king or queen she holds is discarded; Bob plays at random without powers or knocks.
    const random = seeded(9001);
    const deadline = Date.now() + 90_000;
    let holdsTwo = false;
    for (let round = 0; round < 400 && !holdsTwo; ++round) {
      assert.ok(Date.now() < deadline, "Ann never held a two");
      const moves = await offered(ann);
      const rank = await ann.evaluate(() => window.golf.update.hand.held?.rank ?? -1);
      if (moves.some((m) => m.startsWith("use_power:")) && rank !== 12 && rank !== 13) { holdsTwo = true; break; }
      const move = moves.find((m) => m.startsWith("peek:")) ?? moves.find((m) => m.startsWith("draw_stock:")) ??
                   moves.find((m) => m.startsWith("discard:"));
      if (move) { await play(ann, move); continue; }
      const bobMove = await playOne(bob, random, { avoid: (m) => m.startsWith("use_power:") || m.startsWith("knock:") });
      if (!bobMove) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(holdsTwo, "Ann holds a two");
    assert.match(await ann.textContent("#use-power"), /use two different powers/);
    await play(ann, (await offered(ann)).find((m) => m.startsWith("use_power:")), "the two to be taken up");
    await ann.waitForSelector("#power");
    assert.match(await ann.textContent("#power"), /Two powers to choose/);
    // One button per power the two may use (PowerKind 15 turn_card, 14 shield), and no "no second power" yet.
    assert.deepEqual((await offered(ann)).filter((m) => m.startsWith("choose_power:")).sort(),
                     ["choose_power:14:0", "choose_power:15:0"]);
    assert.equal(await ann.$$eval("#pass", (els) => els.length), 0, "the first power must be chosen");
    assert.ok(await onlyLegalClickable(ann), "only legal moves are clickable");
    await screenshot(ann, "powers-table-01-choose");
    await play(ann, "choose_power:15:0", "turn a card over to be chosen");

    // Bob's face-down cards are the clicks; Ann's own cards are not (none of hers is face up).
    const flips = (await offered(ann)).filter((m) => m.startsWith("power_flip:"));
    assert.ok(flips.length > 0 && flips.every((m) => m.split(":")[3] === "1"), `Bob's cards only (${flips.join(" ")})`);
    const bobKnows = await bob.evaluate(() => window.golf.update.hand.seats[1].positions.map((p) => p.card !== undefined));
    const target = flips.find((m) => !bobKnows[Number(m.split(":")[1])]) ?? flips[0];
    const position = Number(target.split(":")[1]);
    await play(ann, target, "the card to be turned over");
    await until(async () => (await version(bob)) === (await version(ann)), "Bob's page to catch up");
    const at = `.play .slot[data-seat="1"][data-pos="${position}"]`;
    for (const page of [ann, bob]) assert.equal(await page.getAttribute(at, "data-face-up"), "true", "face up for both");
    const card = await ann.getAttribute(at, "data-card");
    assert.ok(card, "Ann's page shows the card");
    assert.equal(await bob.getAttribute(at, "data-card"), card, "Bob's page shows the same card");

    // The second power: "turn a card over" may not repeat; the shield is kept beside Ann's cards for both pages.
    assert.match(await ann.textContent("#power"), /a second power may follow/);
    assert.deepEqual((await offered(ann)).filter((m) => m.startsWith("choose_power:")), ["choose_power:14:0"]);
    assert.ok((await offered(ann)).some((m) => m.startsWith("pass:")), "the second power may be declined");
    await play(ann, "choose_power:14:0", "the shield to be kept");
    await until(async () => (await version(bob)) === (await version(ann)), "Bob's page to catch up");
    for (const page of [ann, bob])
      assert.match(await page.textContent('[data-key="shield-0-0"]'), /^shield /, "the shield shows beside Ann's cards");
    await screenshot(bob, "powers-table-02-shield");
    for (const page of [ann, bob]) assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});
