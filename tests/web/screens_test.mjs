// Every screen as a new player meets it, at 360 and 1280 px: screenshots into the artifacts and axe-core's WCAG 2
// A/AA rules with no serious or critical violation (start, lobby, waiting room, a table mid-hole, the hole
// review, the match over). On the way: "Play now" with bots at once is one click from the start page to a dealt hole;
// the hole review stays up, counting down, until the player presses "Next hole"; the rules panel describes the
// table's own ruleset; the tab title says when it is your turn; moves animate (not under reduced motion) and what
// the others changed is highlighted on your turn. Every screen in the dark theme too (checkScreen), and the theme's
// toggle.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import {
  checkScreen, createTable, launchBrowser, newPlayer, playOne, seeded, startServer, until,
} from "./support.mjs";

const PLAYING = 2;
const FINISHED = 4;

// Plays Ann's moves (bots fill the other seats) until `done` says stop; bounded.
async function playUntil(page, done, what, random, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    assert.ok(Date.now() < deadline, `timed out playing until ${what}`);
    if (!(await playOne(page, random))) await new Promise((r) => setTimeout(r, 40));
  }
}

test("every screen at 360 and 1280 px passes axe-core; play now, the hole review and the rules panel work",
     { timeout: 220_000 }, async () => {
  const server = await startServer([], { holeWait: true });  // the server's own wait between holes, as people get
  const browser = await launchBrowser();
  const problems = [];
  try {
    const ann = await newPlayer(browser);
    await ann.goto(server.url);
    await ann.waitForSelector("input[name=preset]", { state: "attached" });
    // The start page fits a phone's screen with every way to play folded; the first panel plays at once.
    await ann.setViewportSize({ width: 360, height: 800 });
    assert.ok(await ann.evaluate(() => document.scrollingElement.scrollHeight <= 800), "the start page fits 360x800");
    assert.match(await ann.textContent("#how-to-play"), /Everyone is dealt six cards face down in two rows of three/);
    // Which builds are talking, for a bug report: the page's version and the Welcome's.
    const web = JSON.parse(readFileSync(new URL("../../clients/web/package.json", import.meta.url), "utf8"));
    assert.match(await ann.textContent("#versions"),
                 new RegExp(`^golf-web ${web.version.replaceAll(".", "\\.")} · server \\d+\\.\\d+\\.\\d+ · protocol golf\\.v1$`));
    await ann.setViewportSize({ width: 1280, height: 900 });
    // New table lists the presets one line each, a summary with each, and says which source the chosen one follows.
    await ann.click("#new-table > summary");
    const presets = await ann.$$eval(".preset", (els) => els.map((el) => el.querySelector(".preset-summary").textContent));
    assert.ok(presets.length > 3 && presets.every((summary) => summary.length > 10));
    assert.match(await ann.textContent("#preset-source"), /^six card follows 000 pagat/);
    assert.equal(await ann.$eval("#between-holes", (el) => el.value), "60", "a minute between holes by default");
    problems.push(...await checkScreen(ann, "screen-01-start"));

    // A table with friends: the waiting room, and the lobby listing it.
    const code = await createTable(ann, server.url, { name: "Ann", preset: "four-card", seats: 2, rules: { holes: "1" } });
    problems.push(...await checkScreen(ann, "screen-02-waiting-room"));
    const lobby = await newPlayer(browser);
    await lobby.goto(`${server.url}/lobby`);
    await lobby.waitForSelector(`tr[data-code="${code}"]`);
    problems.push(...await checkScreen(lobby, "screen-03-lobby"));

    // The theme follows the browser's prefers-color-scheme; the toggle, by keyboard, overrides it, and the choice is
    // kept across a reload (applied before the page is drawn).
    await lobby.goto(server.url);
    const toggle = "#main .theme-toggle";
    await lobby.waitForSelector(toggle);
    const look = () => lobby.evaluate((t) => ({ page: getComputedStyle(document.documentElement).backgroundColor,
                                               pressed: document.querySelector(t).getAttribute("aria-pressed") }), toggle);
    const light = await look();
    await lobby.emulateMedia({ colorScheme: "dark" });
    // The toggle hears of the browser's change at its next frame.
    await until(() => lobby.evaluate((t) => document.querySelector(t).ariaPressed === "true", toggle), "the toggle to say dark");
    const dark = await look();
    assert.notEqual(dark.page, light.page, "dark when the browser prefers dark");
    assert.deepEqual([light.pressed, dark.pressed], ["false", "true"]);
    await lobby.emulateMedia({ colorScheme: "light" });
    await lobby.getByRole("button", { name: "Dark theme", exact: true }).focus();
    await lobby.keyboard.press("Enter");
    assert.deepEqual(await look(), dark, "the toggle shows the dark theme");
    assert.equal(await lobby.evaluate(() => localStorage.getItem("golf.theme")), "dark");
    // What the first frame drawn shows: the page's entry script blocks rendering until it has set the theme.
    await lobby.addInitScript(() => requestAnimationFrame(() => {
      window.__firstFrame = document.documentElement.dataset.theme ?? "none";
    }));
    await lobby.reload();
    await lobby.waitForSelector(toggle);
    assert.deepEqual(await look(), dark, "still dark after a reload");
    assert.equal(await lobby.evaluate(() => window.__firstFrame), "dark", "no frame in the light theme first");
    await lobby.focus(toggle);
    await lobby.keyboard.press("Space");
    await lobby.emulateMedia({ colorScheme: "dark" });
    assert.deepEqual(await look(), light, "the toggle's light wins over the browser's dark");

    // The rules panel: this table's own rules, its house rule named as one.
    await ann.click("#rules-panel > summary");
    const rulesText = await ann.textContent("#rules-panel");
    assert.match(rulesText, /Card values/);
    assert.match(rulesText, /House rules\s*House rule: Holes in a match: 1 hole \(the preset: \d+ holes\)/);
    const values = await ann.$$eval("#rules-panel .card-value dd", (els) => els.map((el) => el.textContent.replace("\u2212", "-")));
    const expected = await ann.evaluate(() => {
      const r = window.golf.joined.rules;
      return [r.valueAce, r.valueTwo, r.valueThree, r.valueFour, r.valueFive, r.valueSix, r.valueSeven, r.valueEight,
              r.valueNine, r.valueTen, r.valueJack, r.valueQueen, r.valueKing].map(String);
    });
    assert.deepEqual(values.slice(0, 13), expected, "the card values are the table's");
    await ann.click('[data-key="add-bot-1"]');
    await ann.waitForSelector("#start-match:not([disabled])");
    await ann.click("#start-match");
    await ann.waitForSelector(".play");
    const random = seeded(424242);
    // The tab title says whose turn it is.
    await until(() => ann.evaluate(() => document.title.startsWith("(Your turn) Golf")), "the title to say it is Ann's turn");
    await playUntil(ann, async () => (await ann.$$(".play .card.face")).length >= 2, "a few cards are up", random);
    problems.push(...await checkScreen(ann, "screen-04-table-mid-hole"));
    // Every card position is a control named for whose card it is, where, and what is known of it.
    const cards = await ann.$$eval(".play .slot", (els) => els.map((el) => ({ tag: el.tagName, name: el.getAttribute("aria-label") })));
    assert.ok(cards.length >= 8, `every card is drawn (${cards.length})`);
    for (const c of cards) {
      assert.equal(c.tag, "BUTTON", `a control: ${c.name}`);
      assert.match(c.name, /^(?:[A-Z][a-z ]+: )?(?:your card|bot 1 \(medium\)'s card), (?:top|bottom)-(?:left|right), (?:face down|[0-9AJQK]{1,2}[\u2660-\u2666], face (?:up|down \(you know it\))|face down, you just saw it: .+)$/u);
    }
    // The keyboard reaches every card: Tab to a layout, the arrow keys within it.
    await ann.focus('.play .slot[data-seat="1"][data-pos="0"]');
    await ann.keyboard.press("ArrowRight");
    assert.equal(await ann.evaluate(() => document.activeElement?.dataset.key), "pos-1-1", "ArrowRight moves to the next card");
    await ann.keyboard.press("ArrowDown");
    assert.equal(await ann.evaluate(() => document.activeElement?.dataset.key), "pos-1-3", "ArrowDown to the card below");
    // The turn sound is off until switched on, and the choice is kept.
    assert.equal(await ann.isChecked("#turn-sound"), false);
    await ann.check("#turn-sound");
    assert.equal(await ann.evaluate(() => localStorage.getItem("golf.turn-sound")), "on");
    await playUntil(ann, () => ann.evaluate((f) => window.golf.update.state === f, FINISHED), "the match is over", random);
    await ann.waitForSelector("#winner");
    problems.push(...await checkScreen(ann, "screen-06-match-over"));

    // Play now: one click from the start page to a six-card hole against three server bots.
    const pat = await newPlayer(browser);
    await pat.goto(server.url);
    await pat.waitForSelector("input[name=preset]", { state: "attached" });
    await pat.fill("#name", "Pat");
    await pat.click("#play-bots");
    await pat.waitForSelector(".play", { timeout: 10_000 });
    const table = await pat.evaluate(() => ({ preset: window.golf.joined.preset, seats: window.golf.update.seats.length,
                                              bots: window.golf.update.seats.filter((s) => s.bot !== 0).length,
                                              state: window.golf.update.state }));
    assert.deepEqual(table, { preset: "six-card", seats: 4, bots: 3, state: PLAYING });
    assert.match(await pat.textContent("#rules-panel"), /None: the preset as it is/);

    // Moves are seen happening: the page animates them (Web Animations), highlights what the others changed while
    // it is Pat's turn, and animates nothing when the reader asks for reduced motion.
    await pat.evaluate(() => {
      window.__animations = 0;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) { window.__animations++; return animate.apply(this, args); };
    });
    let sawChanged = false;
    await playUntil(pat, async () => {
      sawChanged ||= await pat.evaluate(() => document.querySelectorAll(".play .card.changed").length > 0 &&
                                              document.title.startsWith("(Your turn)"));
      return sawChanged && (await pat.evaluate(() => window.__animations)) > 3;
    }, "moves are animated and highlighted", random, 60_000);
    await pat.emulateMedia({ reducedMotion: "reduce" });
    const version = await pat.evaluate(() => String(window.golf.update.handVersion));
    await pat.evaluate(() => { window.__animations = 0; });
    await playUntil(pat, () => pat.evaluate((v) => String(window.golf.update.handVersion) !== v || window.golf.update.hand.phase === 5,
                                            version), "a move under reduced motion", random, 30_000);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await pat.evaluate(() => window.__animations), 0, "nothing moves under prefers-reduced-motion");
    await pat.emulateMedia({ reducedMotion: "no-preference" });

    // The hole review stays up until Pat presses "Next hole", counting down the server's minute.
    await playUntil(pat, async () => (await pat.$("#hole-result")) !== null, "the hole is over", random);
    const ended = Date.now();
    // The review lies over the table, in view without scrolling, on a wide screen and on a phone.
    const reviewInView = () => pat.evaluate(() => {
      const r = document.querySelector("#hole-result").getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + 12);
      return r.top >= 0 && r.top < innerHeight - 40 && hit?.closest("#hole-result") !== null;
    });
    assert.ok(await reviewInView(), "the review is in view, over the table");
    await pat.setViewportSize({ width: 360, height: 800 });
    await pat.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.ok(await reviewInView(), "in view on a phone too");
    await pat.setViewportSize({ width: 1280, height: 900 });
    const lines = await pat.$$eval("#hole-result .result-seat .breakdown li", (els) => els.map((el) => el.textContent));
    assert.ok(lines.some((l) => /^Cards by column: /.test(l)) && lines.some((l) => /this hole/.test(l)), lines.join(" | "));
    const countdown = await until(() => pat.evaluate(() => /dealt in (\d+) s/.exec(document.querySelector("#next-hole-clock")?.textContent ?? "")?.[1]),
                                  "the countdown to the next hole");
    assert.ok(Number(countdown) > 45 && Number(countdown) <= 60, `about a minute to read (${countdown})`);
    problems.push(...await checkScreen(pat, "screen-05-hole-review"));
    const hole = await pat.evaluate(() => window.golf.update.hand.hole);
    await new Promise((r) => setTimeout(r, Math.max(0, ended + 20_000 - Date.now())));
    assert.ok(await pat.$("#hole-result"), "the review is still up 20 s after the hole ended");
    assert.equal(await pat.evaluate(() => window.golf.update.hand.hole), hole, "no new hole was dealt while Pat reads");
    await pat.click("#next-hole");
    await until(() => pat.evaluate((h) => window.golf.update.hand?.hole === h + 1, hole), "the next hole after Next hole", 10_000);
    assert.equal(await pat.$("#hole-result"), null, "the review is gone");

    for (const page of [ann, lobby, pat]) assert.deepEqual(page.errors, [], "no script errors");
    assert.deepEqual(problems, [], "no serious or critical accessibility violation");
  } finally {
    await browser.close();
    await server.stop();
  }
});
