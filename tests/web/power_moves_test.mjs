// Two-click power moves and claims on another player's card, in the browser, between two people (Ann and Bob, each
// in their own browser context) so nothing moves unless the test moves it: a blind swap chosen by two clicks (and
// cancelled once), a shuffle of the other player's cards, and a Cumbia claim on Bob's card paid for with one of
// Ann's. Each checks what both pages show afterwards: knowledge moves with a swapped card, a shuffle wipes it, a
// claim is applied as the server announced. Every wait is bounded.
import assert from "node:assert/strict";
import test from "node:test";
import {
  createTable, handVersion, joinByLink, launchBrowser, newPlayer, offered, onlyLegalClickable, playMove, playOne,
  screenshot, seeded, startServer, until,
} from "./support.mjs";

const RANKS = ["joker", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
               "king"];

const slot = (seat, pos) => `.play .slot[data-seat="${seat}"][data-pos="${pos}"]`;
// What a page shows of one seat's cards: the card code where the page knows it, "" where it shows a back.
const shown = (page, seat) => page.$$eval(`.play .slot[data-seat="${seat}"]`, (els) => els.map((el) => el.dataset.card ?? ""));
const version = handVersion;
const play = playMove;

// Two people at a two-seat table of `preset`; both pages at the table once the match has started.
async function twoPeople(browser, server, preset, rules) {
  const ann = await newPlayer(browser);
  const bob = await newPlayer(browser);
  // Knowledge that stays with a card is what is checked here, so not the memory game Cambio now plays by default.
  const code = await createTable(ann, server.url, { name: "Ann", preset, seats: 2,
                                                    rules: { ...rules, holes: "1", peeks_shown_once: "false" } });
  await joinByLink(bob, server.url, code, "Bob");
  await ann.waitForSelector("#start-match:not([disabled])");
  await ann.click("#start-match");
  for (const page of [ann, bob]) await page.waitForSelector(".play");
  return { ann, bob };
}

// Plays until Ann holds a card from the stock whose power she may use: Ann peeks and draws; Bob peeks and plays his
// turns at random without using powers. Returns once "use_power" is offered to Ann.
async function untilAnnHoldsAPower(ann, bob, deadline) {
  const random = seeded(4242);
  for (let round = 0; round < 400; ++round) {
    assert.ok(Date.now() < deadline, "Ann never held a card with a power");
    const annMoves = await offered(ann);
    if (annMoves.some((m) => m.startsWith("use_power:"))) return;
    const annMove = annMoves.find((m) => m.startsWith("peek:")) ?? annMoves.find((m) => m.startsWith("draw_stock:"));
    if (annMove) { await play(ann, annMove); continue; }
    const bobMove = await playOne(bob, random, { avoid: (m) => m.startsWith("use_power:") || m.startsWith("knock:") });
    if (!bobMove) await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail("Ann never held a card with a power");
}

test("a blind swap takes two clicks, can be cancelled, and moves what each player knew with the cards",
     { timeout: 150_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const rules = Object.fromEntries(RANKS.map((r) => [`power_${r}`, "swap_own_opponent"]));
    const { ann, bob } = await twoPeople(browser, server, "cambio", rules);
    await untilAnnHoldsAPower(ann, bob, Date.now() + 90_000);
    await play(ann, (await offered(ann)).find((m) => m.startsWith("use_power:")), "the power to be taken up");
    await ann.waitForSelector("#power");

    // Every card is a first click ("select:..."), nothing is swapped yet.
    const annKnows = await shown(ann, 0);
    const mine = annKnows.findIndex((c) => c !== "");
    assert.ok(mine >= 0, "Ann knows one of her cards (she peeked at two)");
    const bobCards = await shown(ann, 1);
    const theirs = bobCards.findIndex((c) => c === "");
    assert.ok(theirs >= 0, "Ann does not know one of Bob's cards");
    const first = await ann.getAttribute(slot(0, mine), "data-action");
    assert.equal(first, `select:power_swap:0:${mine}`, "a first click chooses the card");
    assert.ok(await onlyLegalClickable(ann), "only legal moves are clickable");

    // Choose, cancel, choose again: the cancel really un-chooses.
    await ann.click(slot(0, mine));
    await ann.waitForSelector(`${slot(0, mine)}[aria-pressed="true"]`);
    const seconds = (await offered(ann)).filter((m) => m.startsWith("power_swap:"));
    assert.ok(seconds.length > 0, "Bob's cards are the second clicks");
    for (const m of seconds) {
      const [, a, b, sa, sb] = m.split(":").map(Number);
      assert.ok((sa === 0 && a === mine && sb === 1) || (sb === 0 && b === mine && sa === 1),
                `every second click pairs Ann's chosen card with one of Bob's (${m})`);
    }
    await screenshot(ann, "power-moves-01-first-click");
    await ann.click("#cancel");
    await ann.waitForSelector(`${slot(0, mine)}[aria-pressed="false"]`);
    assert.equal((await offered(ann)).filter((m) => m.startsWith("power_swap:")).length, 0, "cancelled");
    await ann.click(slot(0, mine));
    await ann.waitForSelector(`${slot(0, mine)}[aria-pressed="true"]`);

    const bobBefore = await shown(bob, 1);
    const before = await version(ann);
    await ann.click(slot(1, theirs));
    await until(() => ann.evaluate((v) => !window.golf.ui.busy && String(window.golf.update.handVersion) !== v, before),
                "the swap to be answered");
    await until(async () => (await version(bob)) === (await version(ann)), "Bob's page to catch up");

    // Ann's known card is now Bob's, still known to Ann; the card she got is unknown to her.
    const annAfter = [await shown(ann, 0), await shown(ann, 1)];
    assert.equal(annAfter[1][theirs], annKnows[mine], "Ann still knows the card she gave");
    assert.equal(annAfter[0][mine], "", "Ann does not know the card she got");
    // Bob knows nothing of the card he got; what he knew of his old card moved with it to Ann's layout.
    const bobAfter = [await shown(bob, 0), await shown(bob, 1)];
    assert.equal(bobAfter[1][theirs], "", "Bob's page shows the card he got face down and unknown");
    assert.equal(bobAfter[0][mine], bobBefore[theirs], "what Bob knew of his card moved with it");
    await screenshot(ann, "power-moves-02-swapped");
    for (const page of [ann, bob]) assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("a shuffle is one button per opponent and wipes what everyone knew of that layout", { timeout: 150_000 },
     async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const rules = Object.fromEntries(RANKS.map((r) => [`power_${r}`, "shuffle_opponent"]));
    const { ann, bob } = await twoPeople(browser, server, "cambio", rules);
    await untilAnnHoldsAPower(ann, bob, Date.now() + 90_000);
    await play(ann, (await offered(ann)).find((m) => m.startsWith("use_power:")), "the power to be taken up");
    await ann.waitForSelector("#shuffle-1");
    assert.ok(!(await ann.$("#shuffle-0")), "Ann cannot shuffle her own cards");
    const bobKnew = (await shown(bob, 1)).filter((c) => c !== "").length;
    assert.ok(bobKnew >= 2, "Bob knew his two peeked cards before the shuffle");
    await screenshot(ann, "power-moves-03-shuffle");
    await play(ann, await ann.getAttribute("#shuffle-1", "data-action"), "the shuffle to be answered");
    await until(async () => (await version(bob)) === (await version(ann)), "Bob's page to catch up");

    // Face-down cards of Bob's are unknown to both now (a face-up card stays where it is, known to all).
    const faceDown = await bob.$$eval('.play .slot[data-seat="1"]', (els) => els.map((el) => el.dataset.faceUp !== "true"));
    const bobNow = await shown(bob, 1);
    const annNow = await shown(ann, 1);
    faceDown.forEach((down, p) => {
      if (!down) return;
      assert.equal(bobNow[p], "", `Bob's page still shows his shuffled card at ${p}`);
      assert.equal(annNow[p], "", `Ann's page shows Bob's shuffled card at ${p}`);
    });
    for (const page of [ann, bob]) assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("a claim on another player's card takes two clicks (their card, then yours to give) and is applied as announced",
     { timeout: 150_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { ann, bob } = await twoPeople(browser, server, "cumbia", {});
    const random = seeded(99);
    const deadline = Date.now() + 100_000;
    const cards = (page, seat) => page.$$eval(`.play .slot[data-seat="${seat}"]:not(.empty)`, (els) => els.length);
    let done = false;
    for (let round = 0; round < 600 && !done; ++round) {
      assert.ok(Date.now() < deadline, "Ann never had a claim on Bob's card to make");
      const claims = await ann.$$eval('.play .claim-button', (els) => els.map((el) => el.dataset.action));
      const onBob = claims.find((c) => c.startsWith("select:claim:1:"));
      if (!onBob) {
        // Nobody claims yet: the players take turns (Bob never claims, Ann only peeks, draws and discards).
        const annMoves = (await offered(ann)).filter((m) => !m.startsWith("select:") && !m.startsWith("claim:") &&
                                                            !m.startsWith("knock:") && !m.startsWith("use_power:"));
        const annMove = ["peek:", "draw_stock:", "discard:", "pass:"].map((p) => annMoves.find((m) => m.startsWith(p))).find(Boolean);
        if (annMove) { await play(ann, annMove).catch(() => {}); continue; }
        const moved = await playOne(bob, random, {
          avoid: (m) => m.startsWith("claim:") || m.startsWith("select:claim") || m.startsWith("knock:") || m.startsWith("use_power:"),
        });
        if (!moved) await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      // Ann's claim on Bob's card: first click chooses it, and her own cards become the second click.
      const [, , seat, pos] = onBob.split(":");
      const annBefore = await cards(ann, 0);
      const bobBefore = await cards(ann, 1);
      // The window may close (the button goes) while the click is on its way: the next discard opens another.
      if (!(await ann.click(`.play .claim-button[data-action="${onBob}"]`, { timeout: 2_000 }).then(() => true, () => false)))
        continue;
      const gives = await until(async () => {
        const m = (await offered(ann)).filter((x) => x.startsWith(`claim:${pos}:`));
        return m.length > 0 ? m : undefined;
      }, "Ann's cards to be offered as the card to give").catch(() => undefined);
      if (!gives) continue;  // the window closed while choosing: the next discard opens another
      assert.equal(seat, "1");
      assert.ok(gives.every((m) => m.split(":")[3] === "1" && m.split(":")[4] === "0"),
                `every second click gives one of Ann's cards for Bob's (${gives.join(" ")})`);
      await screenshot(ann, "power-moves-04-claim-chosen");
      const before = await version(ann);
      await ann.click(`.play [data-action="${gives[0]}"]`).catch(() => {});
      const outcome = await until(() => ann.evaluate((v) => {
        const u = window.golf.update;
        return !window.golf.ui.busy && String(u.handVersion) !== v && u.claim ? { seat: u.claim.seat, correct: u.claim.correct } : undefined;
      }, before), "the claim to be answered").catch(() => undefined);
      if (!outcome) continue;  // too late for the window: nothing changed, try the next discard
      assert.equal(outcome.seat, 0, "Ann's claim won (Bob never claims)");
      const annAfter = await cards(ann, 0);
      const bobAfter = await cards(ann, 1);
      if (outcome.correct) {
        assert.equal(annAfter, annBefore - 1, "Ann gave one of her cards");
        assert.equal(bobAfter, bobBefore, "Bob lost the claimed card and got Ann's");
      } else {
        assert.deepEqual([annAfter, bobAfter], [annBefore, bobBefore], "a wrong claim moves no card (it costs points)");
      }
      await until(async () => (await version(bob)) === (await version(ann)), "Bob's page to catch up");
      assert.match(await bob.textContent("#claim-outcome"), /Ann claimed first/);
      await screenshot(bob, "power-moves-05-claim-outcome");
      done = true;
    }
    assert.ok(done, "Ann made a claim on Bob's card");
    for (const page of [ann, bob]) assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});
