// A refresh mid-hand and a dropped connection both give the player their seat back without a word from them:
// the page keeps the seat token in localStorage and sends ReclaimSeat on every (re)connection. Checked with the
// hand in the middle of a turn (a drawn card in hand), so the restored view must match the one before exactly.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import test from "node:test";
import { register } from "./accounts_support.mjs";
import {
  checkScreen, createTable, joinByLink, launchBrowser, newPlayer, offered, openPanel, playOne, screenshot, seeded, sleep,
  startServer, until,
} from "./support.mjs";

const view = (page) => page.evaluate(() => ({
  seat: window.golf.update?.yourSeat,
  held: document.querySelector("#held [data-card]")?.dataset.card ?? null,
  mine: [...document.querySelectorAll(`.seat.me .slot`)].map((el) => el.dataset.card ?? "back").join(" "),
  moves: [...document.querySelectorAll(".play [data-action]")].map((el) => el.dataset.action).sort().join(" "),
}));

test("a refresh mid-hand and a dropped connection resume the seat", { timeout: 150_000 }, async () => {
  const server = await startServer(["--seat-grace", "60"]);
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser, { width: 360, height: 800 });
    // The peeked cards stay in the view (not the memory game four-card now plays by default), so the view restored
    // after a refresh must hold them again.
    const code = await createTable(ann, server.url, { name: "Ann", preset: "four-card", seats: 2,
                                                      rules: { holes: "1", peeks_shown_once: "false" }, clock: 60 });
    const token = await ann.evaluate((c) => JSON.parse(localStorage.getItem("golf.seats"))[c], code);
    assert.ok(token, "the seat token is kept in the browser");
    await ann.click('[data-key="add-bot-1"]');
    await ann.waitForSelector("#start-match:not([disabled])");
    await ann.click("#start-match");
    await ann.waitForSelector(".play");
    // The turn clock counts down on the page.
    const first = await until(async () => /^(start|you|bot 1 \(heuristic\)): (\d+)s$/.exec((await ann.textContent("#clock")) ?? ""),
                              "the turn clock");
    assert.ok(Number(first[2]) <= 60 && Number(first[2]) > 0, `a clock of at most 60 s shows (${first[0]})`);

    // Play until Ann holds a drawn card (or took the discard): the middle of a turn.
    const random = seeded(99);
    const deadline = Date.now() + 60_000;
    while (!(await offered(ann)).some((m) => m.startsWith("place:"))) {
      assert.ok(Date.now() < deadline, "Ann never got to hold a card");
      if (!(await playOne(ann, random))) await new Promise((r) => setTimeout(r, 50));
    }
    const before = await view(ann);
    assert.ok(before.held, "Ann sees the card she holds");

    await ann.reload();
    await ann.waitForSelector(".play");
    const after = await until(async () => {
      const v = await view(ann);
      return v.moves === before.moves ? v : undefined;
    }, "the same moves after the refresh");
    assert.deepEqual(after, before, "after a refresh the page shows exactly the seat, cards and moves it showed before");
    assert.equal(await ann.textContent("#table-code"), code);
    await screenshot(ann, "11-after-refresh");

    // A dropped connection: the page reconnects by itself and reclaims the seat.
    await ann.evaluate(() => { window.__old = window.golf.update; window.golf.conn.drop(); });
    await until(() => ann.evaluate(() => window.golf.status === "open" && window.golf.update !== window.__old
                                          && window.golf.update.seats[0].connected), "the seat reclaimed after a drop");
    assert.deepEqual(await view(ann), before, "after a reconnect the page shows the same seat, cards and moves");

    // The hand goes on to its end from the restored page.
    while (!(await ann.$("#hole-result"))) {
      assert.ok(Date.now() < deadline + 60_000, "the hole did not end in time");
      if (!(await playOne(ann, random))) await new Promise((r) => setTimeout(r, 50));
    }
    const seats = await ann.evaluate(() => window.golf.update.seats.map((s) => ({ name: s.name, standIn: s.botStandingIn })));
    assert.deepEqual(seats[0], { name: "Ann", standIn: false }, "no bot ever had to stand in for Ann");

    // The start page offers the way back, too.
    const other = await ann.context().newPage();
    await other.goto(server.url);
    await other.waitForSelector(".resume a");
    assert.equal(await other.getAttribute(".resume a", "href"), `${server.url}/t/${code}`);
    assert.deepEqual(ann.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("a player who left mid-match takes the seat back from the table's link", { timeout: 120_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser, { width: 1280, height: 800 });
    const code = await createTable(ann, server.url, { name: "Ann", preset: "six-card", seats: 2, isPublic: false });
    await ann.click('[data-key="add-bot-1"]');
    await ann.waitForSelector("#start-match:not([disabled])");
    await ann.click("#start-match");
    await ann.waitForSelector(".play .seat.me");

    let asked = "";
    ann.once("dialog", (dialog) => { asked = dialog.message(); void dialog.accept(); });
    await ann.click("#leave");
    await ann.waitForSelector(".resume a");
    assert.match(asked, /bot plays your seat/, "the Leave dialog says what happens to the seat");
    assert.match(asked, /link again/, "and how to come back");

    // The seat is played by a bot meanwhile; the link takes it back.
    await ann.goto(`${server.url}/t/${code}`);
    await until(() => ann.evaluate(() => {
      const u = window.golf.update;
      return u && u.yourSeat === 0 && u.seats[0].name === "Ann" && u.seats[0].connected && !u.seats[0].botStandingIn;
    }), "Ann back in her seat, no bot standing in");
    await ann.waitForSelector(".play .seat.me");
    assert.deepEqual(ann.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("the host gives an away player's seat to a newcomer, who sits down from the link, reports and removes her", { timeout: 150_000 }, async () => {
  const db = join(mkdtempSync(join(tmpdir(), "golf-web-db-")), "golf.db");
  const server = await startServer(["--bot-delay-ms", "400"], { db });
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser, { width: 1280, height: 800 });
    const bob = await newPlayer(browser, { width: 360, height: 800 });
    const cat = await newPlayer(browser, { width: 360, height: 800 });
    const code = await createTable(ann, server.url, { name: "Ann", preset: "six-card", seats: 3, isPublic: false });
    await joinByLink(bob, server.url, code, "Bob");
    await ann.click('[data-key="add-bot-2"]');
    await ann.waitForSelector("#start-match:not([disabled])");
    await ann.click("#start-match");
    // The deal reaches Bob's page (given longer: CI has once seen it take over 10 s while a sanitizer build ran).
    await bob.waitForSelector(".play .seat.me", { timeout: 30_000 }).catch(async (error) => {
      const seen = (page) => page.evaluate(() => JSON.stringify({ status: window.golf.status, atTable: window.golf.atTable,
                                                                  state: window.golf.update?.state, flash: document.querySelector("#flash")?.textContent }));
      console.log(`# Bob's page: ${await seen(bob)}; Ann's page: ${await seen(ann)}`);
      throw error;
    });

    bob.once("dialog", (dialog) => void dialog.accept());
    await bob.click("#leave");
    await bob.waitForSelector(".resume a");

    // Ann, the host, sees Bob away and gives his seat away; it is marked open.
    ann.once("dialog", (dialog) => void dialog.accept());
    await ann.click("#open-seat-1");
    await ann.waitForSelector("#open-1");
    assert.match(await ann.textContent('.play .seat[data-seat="1"]'), /open seat/);

    // Cat follows the link and sits in the open seat mid-match; Bob's link no longer takes it back.
    await joinByLink(cat, server.url, code, "Cat");
    await until(() => cat.evaluate(() => window.golf.update?.yourSeat === 1), "Cat in seat 2");
    await cat.waitForSelector(".play .seat.me");
    await bob.goto(`${server.url}/t/${code}`);
    await bob.waitForSelector("#join-form");
    assert.match(await bob.textContent("#flash"), /Could not take your seat back/);

    // Cat sends a quick reaction: Ann sees it on Cat's seat for a moment and in the chat, in words.
    await openPanel(cat, "chat");
    await screenshot(cat, "reaction-bar-360");
    await cat.click('[data-key="react-1"]');
    await ann.waitForSelector('.play .seat[data-seat="1"] .reaction-bubble[data-reaction="1"]');
    await until(async () => /Cat.*: \u{1F44D} Nice!/u.test(await ann.textContent("#chat-lines")), "the reaction in Ann's chat");
    await sleep(300);  // the bubble's pop
    await screenshot(ann, "reaction-1280");
    await ann.waitForSelector('.play .seat[data-seat="1"] .reaction-bubble', { state: "detached", timeout: 6_000 });

    // Ann reports Cat to the moderators: the dialog asks what is wrong, and the table's chat goes with it.
    await ann.click("#report-1");
    await ann.waitForSelector("#report[open]");
    await ann.check(`#report-reason-1`);
    await ann.fill("#report-text", "kept insulting us");
    await screenshot(ann, "report-1-dialog-1280");
    await ann.click("#report-send");
    await ann.waitForSelector("#report", { state: "detached" });
    await until(async () => /the moderators will read your report about Cat/.test(await ann.textContent("#flash")),
                "Ann thanked for the report");

    // Ann removes Cat, giving a reason: Cat's page says so and leaves the table, whose link no longer seats her;
    // a bot plays the seat, open again. Ann, at a private table, has no vote buttons, only her own.
    assert.equal(await ann.locator('[id^="vote-kick-"]').count(), 0, "no votes at a private table");
    await screenshot(ann, "remove-1-people-1280");
    ann.once("dialog", (dialog) => void dialog.accept("rude in chat"));
    await ann.click("#kick-1");
    await cat.waitForSelector("#new-table");
    await until(async () => /The host removed you from that table: rude in chat/.test(await cat.textContent("#flash")),
                "Cat's page saying why");
    await screenshot(cat, "remove-2-removed-360");
    await ann.waitForSelector("#open-1");
    await cat.goto(`${server.url}/t/${code}`);
    await cat.waitForSelector("#join-form");
    await cat.fill("#name", "Cat");
    await cat.click("#join");
    await until(async () => /you were removed from this table/.test(await cat.textContent("#join-form")),
                "the join form saying Cat was removed");
    await screenshot(cat, "remove-3-refused-360");

    // The moderators' page: a player is refused in words; a moderator reads the report with the chat and closes it.
    const moe = await newPlayer(browser);
    await moe.goto(server.url);
    await register(moe, "Moe", "a long password");
    await moe.goto(`${server.url}/admin`);
    await moe.waitForSelector("#reports-refused");
    assert.match(await moe.textContent("#reports-refused"), /for the server's moderators/);
    execFileSync(process.env.GOLF_CLI, ["admin", "grant", "Moe", "moderator", "--db", db]);
    await moe.reload();
    await moe.waitForSelector(".report");
    assert.match(await moe.textContent(".report h2"), /Cat \(guest\): chat/);
    assert.match(await moe.textContent(".report"), /Reported by Ann \(guest\).*kept insulting us/s);
    await moe.click(".report summary");
    assert.match(await moe.textContent(".report-chat"), /Cat: \(reaction NICE\)/);
    // Cat is a guest: her report offers the guests at her address, which the page never shows.
    await moe.click('[id^="aim-"]');
    assert.match(await moe.inputValue("#sanction-name"), /^guests at Cat's address \(report \d+\)$/);
    await moe.selectOption("#sanction-length", "60");
    await moe.fill("#sanction-reason", "insults");
    await moe.click("#sanction-give");
    await until(async () => /guests at 127\.0\.0\.x: mute/.test(await moe.textContent("#sanctions")), "the guests' mute listed");
    assert.doesNotMatch(await moe.textContent("body"), /127\.0\.0\.1/, "the address itself never shown");
    await moe.fill('[id^="resolution-"]', "warned her");
    await moe.click('[id^="close-"]');
    await moe.waitForSelector("#reports-empty");
    await moe.check("#reports-closed");
    await until(async () => /Closed .* by Moe: warned her/.test(await moe.textContent("#reports")), "the closed report");

    // A sanction from the page: refused in words for an unknown name, given to an account, lifted, all logged.
    const zed = await newPlayer(browser);
    await zed.goto(server.url);
    await register(zed, "Zed", "a long password");
    await moe.fill("#sanction-name", "Zedd");
    await moe.fill("#sanction-reason", "spamming the chat");
    await moe.click("#sanction-give");
    await until(async () => /no account is named 'Zedd'/.test(await moe.textContent("#sanction-error")), "the refusal");
    await moe.fill("#sanction-name", "Zed");
    await moe.fill("#sanction-reason", "spamming the chat");
    await moe.click("#sanction-give");
    await until(async () => /Zed: mute.*in force until/s.test(await moe.textContent("#sanctions")), "the mute listed");
    await moe.waitForSelector(`#live-${code}`);
    const problems = await checkScreen(moe, "admin");
    assert.deepEqual(problems, [], "the moderators' page reads well at 360 and 1280 px");
    await moe.click('[id^="lift-"]');
    await until(async () => /lifted .* by Moe/.test(await moe.textContent("#sanctions")), "the mute lifted");
    await until(async () => /Moe · lift · Zed/.test(await moe.textContent("#moderation-log")), "the lift logged");

    // The tables now: who sits where (never a card); an announcement reaches Ann's table; ending the table tells
    // Ann why and sends her back to the start; both are logged.
    assert.match(await moe.textContent(`#live-${code}`), /six card, private: playing, hole 1.*1\. Ann \(host, guest\)/s);
    assert.match(await moe.textContent("#live-people"), /Signed in now \(\d+\): .*Moe/, "the accounts signed in");
    await moe.fill("#announce-text", "restart in five minutes");
    await moe.click("#announce-send");
    await until(async () => /Moe \(moderator\): restart in five minutes/.test(await ann.textContent("#flash")),
                "Ann reading the announcement");
    await screenshot(ann, "announcement-1280");
    await moe.click(`#live-${code} .end-table summary`);
    await moe.fill(`#end-reason-${code}`, "stuck for an hour");
    await moe.click(`#end-${code}`);
    await ann.waitForSelector("#new-table");
    await until(async () => /A moderator ended that table: stuck for an hour/.test(await ann.textContent("#flash")),
                "Ann told why the table ended");
    await moe.waitForSelector("#live-empty");
    await until(async () => /Moe · end_table · \w+: stuck for an hour/.test(await moe.textContent("#moderation-log")),
                "the ending logged");
    await screenshot(moe, "admin-ended-1280");
    for (const page of [ann, bob, cat, moe, zed]) assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dirname(db), { recursive: true, force: true });
  }
});
