// Table settings in the browser: a password table (a wrong password is refused where the friend can retry, the
// right one seats them), the turn clock (a player who does nothing is moved for by the server when the clock runs
// out, the page counts down and its log says so), the shuffle check on a page without WebCrypto, and a rematch
// after the match ends. Every wait is bounded.
import assert from "node:assert/strict";
import test from "node:test";
import {
  createTable, joinByLink, launchBrowser, newPlayer, playOne, screenshot, seeded, startServer, until,
} from "./support.mjs";

const PLAYING = 2;   // TableState.PLAYING
const FINISHED = 4;  // TableState.FINISHED

test("a password table refuses a wrong password with a message and seats the friend with the right one",
     { timeout: 90_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser);
    const bob = await newPlayer(browser);
    const code = await createTable(ann, server.url, { name: "Ann", preset: "six-card", seats: 2, isPublic: false,
                                                      password: "hunter2" });
    await bob.goto(`${server.url}/t/${code}`);
    await bob.waitForSelector("#join-form");
    await bob.fill("#name", "Bob");
    await bob.fill("#join-password", "hunter3");
    await bob.click("#join");
    const refused = await until(() => bob.evaluate(() => document.querySelector("#join-form .form-error")?.textContent),
                                "the wrong password to be refused");
    assert.match(refused, /password/i);
    assert.equal(await bob.evaluate(() => document.activeElement?.id), "join-password", "the password field has focus");
    assert.equal(await bob.$("#table-code"), null, "Bob is not at the table");
    assert.equal(await ann.evaluate(() => window.golf.update.seats[1]?.occupied ?? false), false, "the seat is still free");
    await screenshot(bob, "settings-01-wrong-password");

    await bob.fill("#join-password", "hunter2");
    await bob.click("#join");
    await bob.waitForSelector("#table-code");
    assert.equal(await bob.evaluate(() => window.golf.update.yourSeat), 1);
    await until(() => ann.evaluate(() => window.golf.update.seats[1]?.occupied), "Ann's page to show Bob seated");
    for (const page of [ann, bob]) assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("when a player's clock runs out the server moves for them, and the page counts down", { timeout: 120_000 },
     async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser);
    await createTable(ann, server.url, { name: "Ann", preset: "six-card", seats: 2, clock: 15, rules: { holes: "1" } });
    await ann.click('[data-key="add-bot-1"]');
    await ann.waitForSelector("#start-match:not([disabled])");
    await ann.click("#start-match");
    await ann.waitForSelector(".play");

    // The start's clock is shown and counts down.
    const first = await until(() => ann.evaluate(() => {
      const el = document.querySelector("#clock");
      return el && !el.hidden && /\d/.test(el.textContent) ? el.textContent : undefined;
    }), "the clock to be shown");
    await new Promise((r) => setTimeout(r, 1_500));
    const later = await ann.textContent("#clock");
    const seconds = (text) => Number(/(\d+)/.exec(text)[1]);
    assert.ok(seconds(later) < seconds(first), `the clock counts down (${first} -> ${later})`);
    await screenshot(ann, "settings-02-clock");

    // Ann never clicks: the server makes her start choices, then her first turn, when her clock runs out.
    const mine = () => ann.evaluate(() => {
      const u = window.golf.update;
      const s = u.hand?.seats[u.yourSeat];
      return { startLeft: s?.startLeft ?? -1, turns: s?.turnsTaken ?? 0, state: u.state };
    });
    assert.ok((await mine()).startLeft > 0, "Ann's start is owed");
    await until(async () => (await mine()).startLeft === 0, "the server to make Ann's start choices", 40_000);
    await until(async () => { const m = await mine(); return m.turns >= 1 || m.state !== PLAYING; },
                "the server to play Ann's turn", 45_000);
    assert.match(server.log(), /clock|timed out|expired/i, "the server says why it moved");
    // And the page tells Ann: her log (and the line under the table's name) says the server moved for her.
    await until(async () => (await ann.$$eval("#move-log li", (els) => els.map((el) => el.textContent)))
      .includes("Your clock ran out: the server played for you."), "Ann's log to say her clock ran out");
    assert.deepEqual(ann.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("without crypto.subtle (plain http on a LAN) the shuffle check still verifies; Play again starts a new match",
     { timeout: 150_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser);
    // What a page served over plain http from a LAN address gets: no WebCrypto (127.0.0.1 counts as secure).
    await ann.addInitScript(() => Object.defineProperty(globalThis.crypto, "subtle", { value: undefined, configurable: true }));
    const code = await createTable(ann, server.url, { name: "Ann", preset: "four-card", seats: 2, rules: { holes: "1" } });
    await ann.click('[data-key="add-bot-1"]');
    await ann.waitForSelector("#start-match:not([disabled])");
    await ann.click("#start-match");
    await ann.waitForSelector(".play");
    const random = seeded(31);
    const deadline = Date.now() + 100_000;
    const state = () => ann.evaluate(() => window.golf.update.state);
    for (let i = 0; i < 2_000 && (await state()) !== FINISHED; ++i) {
      assert.ok(Date.now() < deadline, "the match never ended");
      if (!(await playOne(ann, random))) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(await state(), FINISHED);
    assert.equal(await ann.evaluate(() => globalThis.crypto.subtle), undefined, "the page has no WebCrypto");
    await ann.waitForSelector('#fairness [data-hole="1"][data-verdict="verified"]');
    await ann.waitForSelector("#winner #rematch");
    await screenshot(ann, "settings-03-match-over");
    await ann.click("#rematch");
    await until(() => ann.evaluate((p) => {
      const u = window.golf.update;
      return u.state === p && u.hand && (u.scorecard?.holes.length ?? 0) === 0;
    }, PLAYING), "a new match to start");
    assert.equal((await ann.textContent("#table-code")).trim(), code, "at the same table");
    assert.equal(await ann.$("#winner"), null, "the winner banner is gone");
    assert.deepEqual(ann.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});
