// The move log ("What happened"), built from TableUpdate.events, in each reader's point of view: a `cambio` hole
// between Ann and Bob (every rank given the peek_opponent power, which the rules panel says, with its house rules)
// where Ann looks at one of Bob's cards. Checks: each entry says "You" only to the person who acted, and names them
// to the others; Ann's log shows the card she saw and Bob's does not; the log survives a refresh (sessionStorage at
// once, the server's resent log after the reclaim) with no entry twice; chat survives a refresh once, and a person
// can mute another's chat for themselves; and under
// peeks_shown_once (a memory game) a peeked card is shown for a few seconds, announced, then face down again, and
// the log leaves it out.
import assert from "node:assert/strict";
import test from "node:test";
import {
  createTable, joinByLink, launchBrowser, newPlayer, offered, openPanel, playMove, playOne, screenshot, seeded, startServer, until,
} from "./support.mjs";

const RANKS = ["joker", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
               "king"];

// "7♣" for the data-card code "7C".
const symbolOf = (code) => code.replace(/^T/, "10").replace(/^X$/, "joker").replace(/C$/, "\u2663").replace(/D$/, "\u2666")
  .replace(/H$/, "\u2665").replace(/S$/, "\u2660");

const logOf = (page) => page.$$eval("#move-log li", (els) => els.map((el) => ({ index: el.dataset.index, text: el.textContent })));

async function twoPeople(browser, server, rules) {
  const ann = await newPlayer(browser);
  const bob = await newPlayer(browser, { width: 360, height: 800 });
  const code = await createTable(ann, server.url, { name: "Ann", preset: "cambio", seats: 2, rules: { ...rules, holes: "1" } });
  await joinByLink(bob, server.url, code, "Bob");
  await ann.waitForSelector("#start-match:not([disabled])");
  await ann.click("#start-match");
  for (const page of [ann, bob]) await page.waitForSelector(".play");
  return { ann, bob, code };
}

test("the move log speaks to each reader, shows a card only to who saw it, and survives a refresh", { timeout: 150_000 },
     async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    // Not the memory game (Cambio's default): here the log names the card Ann saw.
    const rules = { ...Object.fromEntries(RANKS.map((r) => [`power_${r}`, "peek_opponent"])), peeks_shown_once: "false" };
    const { ann, bob } = await twoPeople(browser, server, rules);
    // The rules panel says what each power does at this table, and names the house rules that made it so.
    await ann.click("#rules-panel > summary");
    const rulesText = await ann.textContent("#rules-panel");
    assert.match(rulesText, /J: the player looks at another player's card\./);
    assert.match(rulesText, /House rule: Jack's power: look at another player's card \(the preset: [a-z' ]+\)/);
    assert.match(rulesText, /House rule: Memory game: no \(the preset: yes\)/);
    await ann.click("#rules-panel > summary");
    const random = seeded(9191);
    // Ann peeks at her start cards and draws; Bob plays without powers, until Ann holds a power card.
    const deadline = Date.now() + 90_000;
    for (;;) {
      assert.ok(Date.now() < deadline, "Ann never held a card with a power");
      const moves = await offered(ann);
      if (moves.some((m) => m.startsWith("use_power:"))) break;
      const move = moves.find((m) => m.startsWith("peek:")) ?? moves.find((m) => m.startsWith("draw_stock:"));
      if (move) { await playMove(ann, move); continue; }
      if (!(await playOne(bob, random, { avoid: (m) => m.startsWith("use_power:") || m.startsWith("knock:") })))
        await new Promise((r) => setTimeout(r, 50));
    }
    await playMove(ann, (await offered(ann)).find((m) => m.startsWith("use_power:")));
    const peek = (await offered(ann)).find((m) => m.startsWith("power_peek:") && m.split(":")[3] === "1");
    assert.ok(peek, "Ann may look at one of Bob's cards");
    await playMove(ann, peek);
    const card = await until(() => ann.getAttribute(`.play .slot[data-seat="1"][data-pos="${peek.split(":")[1]}"]`, "data-card"),
                             "Ann's page to show the card she looked at");
    const symbol = symbolOf(card);

    // The same entries on both pages, each in its reader's words.
    await until(async () => (await logOf(bob)).some((e) => /^Ann looked at your .*card/.test(e.text)), "Bob's log to tell of Ann's look");
    const annLog = await logOf(ann);
    const bobLog = await logOf(bob);
    const look = annLog.find((e) => /^You looked at Bob's .*card: /.test(e.text));
    assert.ok(look, `Ann's log tells her what she saw (${annLog.map((e) => e.text).join(" | ")})`);
    assert.ok(look.text.endsWith(`: ${symbol}.`), `with the real card name (${look.text}, ${symbol})`);
    const bobsLook = bobLog.find((e) => e.index === look.index);
    assert.ok(bobsLook && /^Ann looked at your .*card\.$/.test(bobsLook.text), `Bob reads it about Ann, without the card (${bobsLook?.text})`);
    for (const a of annLog) {
      const b = bobLog.find((e) => e.index === a.index);
      if (!b) continue;
      if (/^You /.test(a.text)) assert.match(b.text, /^Ann /, `"${a.text}" is about Ann to Bob ("${b.text}")`);
      if (/^You /.test(b.text)) assert.match(a.text, /^Bob /, `"${b.text}" is about Bob to Ann ("${a.text}")`);
      assert.doesNotMatch(a.text + b.text, /undefined|NaN|\?\?/);
    }
    await screenshot(ann, "log-01-ann");
    await screenshot(bob, "log-02-bob-phone");

    // Chat, then both refresh: the log is back at once and again after the reclaim, each entry once; the chat line once.
    await openPanel(ann, "chat");
    await ann.fill("#chat-input", "nice peek");
    await ann.press("#chat-input", "Enter");
    await openPanel(bob, "chat");
    await bob.waitForSelector("#chat-lines li");
    await openPanel(bob, "moves");
    const before = (await logOf(bob)).map((e) => e.text);
    await bob.reload();
    await bob.waitForSelector(".play");
    await openPanel(bob, "moves");
    await bob.waitForSelector("#move-log li");
    await until(async () => (await logOf(bob)).length >= before.length, "Bob's log after the refresh");
    const after = (await logOf(bob)).map((e) => e.text);
    assert.deepEqual(after.slice(0, before.length), before, "the log survives the refresh");
    const indices = (await logOf(bob)).map((e) => e.index);
    assert.equal(new Set(indices).size, indices.length, "no entry twice");
    await until(async () => (await bob.$$("#chat-lines li")).length > 0, "the chat backlog after the refresh");
    await new Promise((r) => setTimeout(r, 500));
    const chat = await bob.$$eval("#chat-lines li .said", (els) => els.map((el) => el.textContent));
    assert.deepEqual(chat.filter((t) => /nice peek/.test(t)), ["Ann guest: nice peek"], "the chat line, once");

    // Bob mutes Ann's chat for himself: her lines are hidden and he is told so; her next line neither shows nor
    // counts as unread; it lasts a refresh; one click brings them back. Nobody can mute themselves.
    await openPanel(bob, "chat");
    await bob.click('[data-key="mute-Ann"]');
    await bob.waitForSelector("#chat-muted");
    assert.equal((await bob.$$("#chat-lines li")).length, 0, "Ann's line is hidden from Bob");
    assert.match(await bob.textContent("#chat-muted"), /^Ann is muted for you \(1 line hidden\)\. Show Ann's chat$/);
    assert.equal(await ann.$('[data-key^="mute-"]'), null, "Ann's own lines offer no mute");
    await openPanel(bob, "moves");
    await ann.fill("#chat-input", "still there?");
    await ann.press("#chat-input", "Enter");
    await until(() => bob.evaluate(() => window.golf.chat.length === 2), "Ann's second line at Bob's page");
    assert.equal(await bob.$("#chat-unread"), null, "a muted line is not counted unread");
    await bob.reload();
    await bob.waitForSelector(".play");
    await openPanel(bob, "chat");
    await until(async () => /\(2 lines hidden\)/.test((await bob.textContent("#chat-muted")) ?? ""), "still muted after a refresh");
    assert.equal((await bob.$$("#chat-lines li")).length, 0);
    await bob.click('[data-key="unmute-Ann"]');
    await until(async () => (await bob.$$("#chat-lines li")).length === 2, "Ann's lines shown again");
    assert.equal(await bob.$("#chat-muted"), null);
    for (const page of [ann, bob]) assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("memory mode shows a peeked card for a few seconds, then face down again, and the log leaves it out",
     { timeout: 90_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser);
    await createTable(ann, server.url, { name: "Ann", preset: "cambio", seats: 2, rules: { holes: "1", peeks_shown_once: "true" } });
    assert.equal(await ann.evaluate(() => window.golf.joined.rules.peeksShownOnce), true, "the rule reached the server");
    await ann.click('[data-key="add-bot-1"]');
    await ann.waitForSelector("#start-match:not([disabled])");
    await ann.click("#start-match");
    await ann.waitForSelector(".play");
    const peek = await until(async () => (await offered(ann)).find((m) => m.startsWith("peek:")), "a start peek to be offered");
    const position = peek.split(":")[1];
    const slot = `.play .slot[data-seat="0"][data-pos="${position}"]`;
    await playMove(ann, peek);
    // Shown now, with an announcement; face down again a few seconds later.
    const card = await until(() => ann.getAttribute(slot, "data-card"), "the peeked card to be shown");
    assert.match(await ann.textContent("#announce"), /Remember it: your .+ card is the /);
    await screenshot(ann, "memory-01-glimpse");
    await until(async () => (await ann.getAttribute(slot, "data-card")) === null, "the card to be face down again", 8_000);
    assert.match(await ann.getAttribute(slot, "aria-label"), /face down$/);
    // The next update (Ann's second peek) no longer carries the first card: only the page remembered it a moment.
    const second = (await offered(ann)).find((m) => m.startsWith("peek:"));
    if (second) {
      await playMove(ann, second);
      assert.equal(await ann.evaluate((p) => window.golf.update.hand.seats[0].positions[Number(p)].card, position), undefined,
                   "the view no longer carries the first card");
      assert.equal(await ann.getAttribute(slot, "data-card"), null, "nor does the page show it");
    }
    const log = await ann.$$eval("#move-log li", (els) => els.map((el) => el.textContent));
    const line = log.find((t) => /^You looked at your .+ card\.$/.test(t));
    assert.ok(line, `the log says Ann looked, without the card (${log.join(" | ")})`);
    assert.ok(log.every((t) => !t.includes(symbolOf(card))), "no log line names it");
    assert.deepEqual(ann.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});
