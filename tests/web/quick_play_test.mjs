// Quick play in the browser: "Play now" with the same rules and seats on two pages (an account's and a guest's)
// seats both at one table, which starts by itself, the seats marked (the account's name links to its profile, the
// guest's carries the tag); the waiting panel says how the wait goes and "Stop waiting" ends it; a wait survives a
// dropped connection (the page asks again); alone, with bots after 5 s (the least the server takes), the table
// starts with bots, and a reload takes the seat back as after any join. The waiting panel is screenshotted and
// checked with axe-core at 360 and 1280 px.
import assert from "node:assert/strict";
import test from "node:test";
import { checkView, playNow, register } from "./accounts_support.mjs";
import { launchBrowser, newPlayer, startServer, until } from "./support.mjs";

const PLAYING = 2;

const tableOf = (page) => page.evaluate(() => ({
  code: window.golf.update?.code, state: window.golf.update?.state, preset: window.golf.joined?.preset,
  seats: window.golf.update?.seats.map((s) => ({ name: s.name, bot: s.bot !== 0, registered: s.registered })),
}));

test("Play now seats two pages at one table; the waiting panel, Stop waiting, a dropped wait, bots after 5 s",
     { timeout: 200_000 }, async () => {
  const server = await startServer(["--seat-grace", "60"]);
  const browser = await launchBrowser();
  const problems = [];
  try {
    // Ann has an account; Cat is a guest. Ann waits first (bots only after a minute): the waiting panel.
    const ann = await newPlayer(browser);
    await ann.goto(server.url);
    await register(ann, "Annabel", "ann's long password");
    await playNow(ann, { preset: "six-card", seats: 2, bots: 60 });
    await ann.waitForSelector("#waiting-panel:not([hidden])");
    await until(async () => /^1 \(you included\)$/.test(await ann.textContent("#queue-waiting")), "the first queue update");
    assert.match(await ann.textContent("#queue-what"), /six card, 2 players/);
    assert.match(await ann.textContent("#queue-window"), /^± \d+\.\d/);
    assert.match(await ann.textContent("#queue-bots"), /^fill the table in \d+ s$/);
    assert.equal(await ann.evaluate(() => document.activeElement?.id), "stop-waiting", "the way out of the wait has focus");
    assert.equal(await ann.isDisabled("#play-now"), true, "no second wait while waiting");
    const waited = await ann.textContent("#queue-waited");
    await until(async () => (await ann.textContent("#queue-waited")) !== waited, "the time waited to count");
    problems.push(...await checkView(ann, "quick-01-waiting"));

    // Cat presses Play now with the same rules and seats: both land at the same table, which starts by itself.
    const cat = await newPlayer(browser, { width: 360, height: 800 });
    await cat.goto(server.url);
    await cat.fill("#name", "Cat");
    await playNow(cat, { preset: "six-card", seats: 2, bots: 0 });
    for (const page of [ann, cat]) await page.waitForSelector("#table-code", { timeout: 15_000 });
    const [a, c] = [await tableOf(ann), await tableOf(cat)];
    assert.equal(a.code, c.code, "the same table");
    assert.equal(await ann.evaluate(() => location.pathname), `/t/${a.code}`);
    await until(async () => (await tableOf(ann)).state === PLAYING, "the match to start by itself");
    assert.equal(a.preset, "six-card");
    assert.deepEqual([...a.seats].sort((x, y) => x.name.localeCompare(y.name)),
                     [{ name: "Annabel", bot: false, registered: true }, { name: "Cat", bot: false, registered: false }]);
    assert.equal(await ann.$("#waiting-panel:not([hidden])"), null, "the waiting panel is gone");
    // The marks at the table, seen by Ann: her name links to her profile, Cat's carries the guest tag.
    await ann.waitForSelector(".play .seat");
    const marks = await ann.$$eval(".play .seat", (els) => els.map((el) => ({
      name: el.querySelector(".seat-name").textContent, guest: !!el.querySelector(".badge.guest"),
      link: el.querySelector(".seat-name a")?.getAttribute("href") ?? null })));
    assert.deepEqual(marks.sort((x, y) => x.name.localeCompare(y.name)),
                     [{ name: "Annabel (profile, opens in a new tab)", guest: false, link: "/p/Annabel" },
                      { name: "Cat", guest: true, link: null }]);
    // The seat token is kept as after any join: a reload takes the seat back.
    assert.ok(await cat.evaluate((code) => JSON.parse(localStorage.getItem("golf.seats"))[code], a.code), "the seat token is kept");
    await cat.reload();
    await cat.waitForSelector(".play");
    assert.equal((await tableOf(cat)).code, a.code, "back at the table after a reload");

    // Dan waits alone; his connection drops: the page asks again, so he is still waiting; then he stops waiting.
    const dan = await newPlayer(browser);
    await dan.goto(server.url);
    await dan.fill("#name", "Dan");
    await playNow(dan, { preset: "four-card", seats: 3, bots: 0 });
    await dan.waitForSelector("#waiting-panel:not([hidden])");
    assert.equal(await dan.textContent("#queue-bots"), "not asked for: waiting for people");
    await until(() => dan.evaluate(() => (window.golf.queue?.waitedMs ?? 0) >= 1000), "a second of waiting");
    await dan.evaluate(() => window.golf.conn.drop());
    await until(() => dan.evaluate(() => window.golf.status === "open" && window.golf.queue && window.golf.queue.waitedMs < 1000),
                "a new wait after the drop");
    assert.equal(await dan.$("#waiting-panel[hidden]"), null, "still waiting after the drop");
    await dan.click("#stop-waiting");
    await dan.waitForSelector("#waiting-panel", { state: "hidden" });
    assert.equal(await dan.isEnabled("#play-now"), true);
    const quiet = await dan.evaluate(() => window.golf.queue);
    assert.equal(quiet, undefined, "no more queue updates once stopped");

    // Eve alone, bots after 5 s: the table starts with a bot in the other seat.
    const eve = await newPlayer(browser);
    await eve.goto(server.url);
    await eve.fill("#name", "Eve");
    const before = Date.now();
    await playNow(eve, { preset: "six-card", seats: 2, bots: 5 });
    await eve.waitForSelector("#waiting-panel:not([hidden])");
    await until(async () => /^fill the table in [1-5] s$/.test(await eve.textContent("#queue-bots")), "the bots' countdown");
    await eve.waitForSelector(".play", { timeout: 15_000 });
    const waitedMs = Date.now() - before;
    const e = await tableOf(eve);
    assert.ok(waitedMs >= 4_000, `the bots came after about 5 s (${waitedMs} ms)`);
    assert.equal(e.state, PLAYING);
    assert.deepEqual(e.seats.map((s) => s.bot), [false, true], "Eve and a bot");
    await eve.waitForSelector('.play .seat:not(.me) .badge');
    assert.match(await eve.textContent(".play .seat:not(.me) .seat-head"), /bot/);

    for (const page of [ann, cat, dan, eve]) assert.deepEqual(page.errors, [], "no script errors");
    assert.deepEqual(problems, [], "no serious or critical accessibility violation");
  } finally {
    await browser.close();
    await server.stop();
  }
});
