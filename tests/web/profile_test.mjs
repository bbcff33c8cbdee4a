// Ratings in the browser: two accounts play five rated matches (through the protocol, from their pages), then a
// guest opens /p/NAME: the account's name, since when it exists, the rating with the preset (conservative, mu +/-
// sigma, matches) as the server has it, the history plotted (uPlot's canvas) with a sentence that sums it up and
// every point as a table; the leaderboard by rating lists both, highest first, each linking to the profile. A
// name with a '.' gets a profile link the server serves. The profile is screenshotted and checked with axe-core
// at 360 and 1280 px.
import assert from "node:assert/strict";
import test from "node:test";
import { checkView, playRatedMatches, register } from "./accounts_support.mjs";
import { launchBrowser, newPlayer, startServer, until } from "./support.mjs";

const MATCHES = 5;
const one = (v) => v.toFixed(1);

test("a profile plots the rating history with its points as a table; the leaderboard ranks by rating",
     { timeout: 400_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const problems = [];
  try {
    const ann = await newPlayer(browser);
    const bob = await newPlayer(browser);
    for (const page of [ann, bob]) await page.goto(server.url);
    await register(ann, "Annabel", "ann's long password");
    await register(bob, "Bobby", "bob's long password");
    await playRatedMatches(ann, bob, MATCHES);

    // The ratings are written after each match: wait until the server's profile has all five.
    let answer = "";
    const api = await until(async () => {
      const reply = await fetch(`${server.url}/api/profiles/Annabel?history=50`);
      answer = await reply.text();
      const json = JSON.parse(answer);
      const points = json.history?.find((h) => h.preset === "four-card")?.points ?? [];
      return json.ratings?.[0]?.matches >= MATCHES && points.length >= MATCHES ? { rating: json.ratings[0], points } : undefined;
    }, "five rated matches in the profile", 30_000).catch((error) => {
      throw new Error(`${error.message}; the profile said ${answer}`);
    });

    // A guest opens the profile (the name's case as typed does not matter).
    const viewer = await newPlayer(browser);
    await viewer.goto(`${server.url}/p/annabel`);
    const panel = '.rating-panel[data-preset="four-card"]';
    await viewer.waitForSelector(`${panel} .plot canvas`);
    assert.equal(await viewer.textContent("#profile-name"), "Annabel");
    assert.equal(await viewer.evaluate(() => location.pathname), "/p/Annabel", "the address shows the name as registered");
    assert.match(await viewer.textContent("#member-since"), /^Member since \w+ \d+, \d{4}\.$|^Member since .+\d{4}.*\.$/);
    assert.equal(await viewer.textContent(`${panel} dd.conservative`), one(api.rating.conservative));
    assert.equal(await viewer.textContent(`${panel} dd.mu`), `${one(api.rating.mu)} ± ${one(api.rating.sigma)}`);
    assert.equal(await viewer.textContent(`${panel} dd.matches`), String(MATCHES));

    // The plot: uPlot's canvas, as wide as the panel; the figure is an image named by a summary of the history.
    const canvas = await viewer.$eval(`${panel} .plot canvas`, (el) => ({ width: el.clientWidth, height: el.clientHeight }));
    assert.ok(canvas.width > 300 && canvas.height >= 150, `the plot is drawn (${JSON.stringify(canvas)})`);
    const figure = await viewer.$eval(`${panel} figure`, (el) => ({ role: el.getAttribute("role"), label: el.getAttribute("aria-label") }));
    assert.equal(figure.role, "img");
    const first = api.points[0];
    const last = api.points[api.points.length - 1];
    assert.equal(figure.label, `Rating with four card over matches 1 to ${MATCHES}: from ${one(first.conservative)} to ${one(last.conservative)}; ` +
                               `skill estimate from ${one(first.mu)} to ${one(last.mu)}; uncertainty from ${one(first.sigma)} to ${one(last.sigma)}.`);
    // The text alternative lists every point: match, rating, mu, sigma.
    const rows = await viewer.$$eval("#rating-four-card-points tbody tr", (trs) => trs.map((tr) =>
      [...tr.querySelectorAll("td")].map((td) => td.textContent)));
    assert.equal(rows.length, MATCHES);
    rows.forEach((row, i) => {
      const p = api.points[i];
      assert.deepEqual([row[0], row[2], row[3], row[4]], [String(i + 1), one(p.conservative), one(p.mu), one(p.sigma)], `point ${i + 1}`);
    });
    await viewer.click(`${panel} details.plot-table summary`);
    problems.push(...await checkView(viewer, "profile-01-plot"));
    // After the 360 px shot the plot is redrawn to the panel's width again.
    const wide = await viewer.$eval(`${panel} .plot canvas`, (el) => el.clientWidth);
    assert.ok(wide > 600, `the plot follows the page's width (${wide})`);

    // A point's match opens as a replay: the deal as a watcher saw it (no card of a hand shown), a step at a time
    // to the end of the hole (every card turned up, the scores), the address naming the move; arrow keys step.
    await viewer.click("#rating-four-card-points tbody tr:first-child a");
    await viewer.waitForSelector(".replay-seat");
    assert.equal(await viewer.evaluate(() => location.pathname), `/replay/${api.points[0].match_id}`);
    assert.match(await viewer.textContent("#replay-summary"), /^Four card at table \w{6}: (Annabel, Bobby|Bobby, Annabel); ended /);
    assert.equal(await viewer.textContent("#replay-where"), "The deal");
    assert.equal(await viewer.$$eval(".replay-seat .card.face", (cards) => cards.length), 0, "the deal shows no card of a hand");
    await viewer.click("#replay-next");
    await until(async () => (await viewer.textContent("#replay-where")).startsWith("Move 1 of "), "the first move");
    assert.equal(await viewer.$$eval("#replay-log li", (items) => items.length), 1);
    await viewer.keyboard.press("ArrowRight");
    await until(async () => (await viewer.textContent("#replay-where")).startsWith("Move 2 of "), "a step by key");
    await viewer.click("#replay-last");
    await viewer.waitForSelector("#replay-scores");
    assert.equal(await viewer.$$eval(".replay-seat .card.back", (cards) => cards.length), 0, "every card turned up");
    const end = await viewer.textContent("#replay-where");
    assert.match(await viewer.evaluate(() => location.search), /^\?hole=1&move=\d+$/);
    await viewer.reload();
    await viewer.waitForSelector("#replay-scores");
    assert.equal(await viewer.textContent("#replay-where"), end, "a copied address opens the same move");
    if (await viewer.$("#replay-hole-2")) {
      await viewer.click("#replay-hole-2");
      await until(async () => (await viewer.textContent("#replay-where")) === "The deal", "hole 2's deal");
    }
    await viewer.click("#replay-last");
    problems.push(...await checkView(viewer, "replay-01-hole-end"));

    // The leaderboard by rating, from the start page: both accounts, highest rating first, linking to the profiles.
    await viewer.goto(server.url);
    await viewer.click("#leaderboard-link");
    await viewer.waitForSelector("#leaderboard-preset option", { state: "attached" });
    await viewer.selectOption("#leaderboard-preset", "four-card");
    await viewer.waitForSelector("#leaderboard-table tbody tr");
    assert.equal(await viewer.evaluate(() => location.pathname + location.search), "/leaderboard?rules=four-card");
    const board = await viewer.$$eval("#leaderboard-table tbody tr", (trs) => trs.map((tr) => tr.dataset.name));
    const ratings = await Promise.all(["Annabel", "Bobby"].map(async (name) => {
      const json = await (await fetch(`${server.url}/api/profiles/${name}`)).json();
      return { name, conservative: json.ratings[0].conservative };
    }));
    ratings.sort((a, b) => b.conservative - a.conservative || a.name.localeCompare(b.name));
    assert.deepEqual(board, ratings.map((r) => r.name), "highest rating first");
    assert.match(await viewer.textContent("#leaderboard-note"), /at least 5 rated matches/);
    problems.push(...await checkView(viewer, "profile-02-leaderboard"));
    await viewer.click('#leaderboard-table a[href="/p/Bobby"]');
    await viewer.waitForSelector('.rating-panel[data-preset="four-card"] .plot canvas');
    assert.equal(await viewer.textContent("#profile-name"), "Bobby");
    await viewer.goto(`${server.url}/leaderboard?rules=six-card`);
    await viewer.waitForSelector("#leaderboard-empty");

    // No such player; and a name with a '.', whose profile link escapes it so the server serves the page.
    await viewer.goto(`${server.url}/p/Nobody`);
    await viewer.waitForSelector("#profile-missing");
    const cat = await newPlayer(browser);
    await cat.goto(server.url);
    await register(cat, "Jo.Cat", "cat's long password");
    await cat.waitForSelector("#account-link");
    await cat.click("#account-link");
    await cat.waitForSelector("#own-profile");
    assert.equal(await cat.getAttribute("#own-profile", "href"), "/p/Jo%2ECat");
    await cat.click("#own-profile");
    await cat.waitForSelector("#no-ratings");
    await cat.reload();
    await cat.waitForSelector("#no-ratings");
    assert.equal(await cat.textContent("#profile-name"), "Jo.Cat");

    for (const page of [ann, bob, viewer, cat]) assert.deepEqual(page.errors, [], "no script errors");
    assert.deepEqual(problems, [], "no serious or critical accessibility violation");
  } finally {
    await browser.close();
    await server.stop();
  }
});
