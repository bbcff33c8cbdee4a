// The web client under golf-server's Content-Security-Policy: the start page, "Play now against bots" and a few
// moves (the table's layout variables, the animations, the WebSocket) without one securitypolicyviolation event
// and without a console error about the policy. A style attribute set on purpose at the end is refused, which
// shows the policy was enforced and the listener heard it. On the way, the table's sounds: with the Sound box
// ticked a draw and the turn each make theirs (Web Audio's oscillators, counted by a wrapper) and the turn buzzes
// the phone (navigator.vibrate, recorded); with it cleared, nothing sounds and nothing buzzes; under reduced
// motion the turn sounds without a buzz.
import assert from "node:assert/strict";
import test from "node:test";
import { launchBrowser, newPlayer, offered, playOne, seeded, startServer, until } from "./support.mjs";

// The first tone of each sound (clients/web/src/table/sounds.ts).
const TURN = 660, DRAW = 520;

test("the start page and a table against bots keep to the Content-Security-Policy; the table's sounds",
     { timeout: 90_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPlayer(browser);
    const consoleErrors = [];
    page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
    await page.addInitScript(() => {
      window.__violations = [];
      document.addEventListener("securitypolicyviolation",
                                (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
      // Every tone the page starts (its frequency) and every buzz it asks for.
      window.__tones = [];
      window.__buzzes = [];
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...args) {
        window.__tones.push(this.frequency.value);
        return start.apply(this, args);
      };
      Object.defineProperty(navigator, "vibrate", { configurable: true,
                                                    value: (pattern) => { window.__buzzes.push(pattern); return true; } });
    });

    const response = await page.goto(server.url);
    assert.match(response.headers()["content-security-policy"], /^default-src 'self'; script-src 'self'; style-src 'self';/);
    await page.waitForSelector("input[name=preset]", { state: "attached" });
    await page.fill("#name", "Pat");
    await page.click("#play-bots");
    await page.waitForSelector(".play");

    const random = seeded(7);
    let moves = 0;
    const mark = () => page.evaluate(() => ({ tones: window.__tones.length, buzzes: window.__buzzes.length }));
    const heardSince = (from) =>
      page.evaluate((f) => ({ tones: window.__tones.slice(f.tones), buzzes: window.__buzzes.slice(f.buzzes) }), from);
    // Plays moves (two at least) until `done` holds.
    const playUntil = async (done, what) => {
      const deadline = Date.now() + 20_000;
      for (let made = 0; made < 2 || !(await done()); ) {
        assert.ok(Date.now() < deadline, `${what} (${made} moves)`);
        if (await playOne(page, random)) made++, moves++;
        else await new Promise((r) => setTimeout(r, 40));
      }
    };

    // Sound on: the box plays the turn chime once as a sample; then a draw and the turn sound, and the turn buzzes.
    assert.equal(await page.isChecked("#turn-sound"), false, "off until switched on");
    await page.check("#turn-sound");
    await until(() => page.evaluate((t) => window.__tones.includes(t), TURN), "the sample chime");
    // The table drawn again while the box has the focus keeps the focus there, and throws nothing (a checkbox has no
    // text selection to put back).
    await page.focus("#turn-sound");
    await page.evaluate(() => new Promise((resolve) => {
      window.dispatchEvent(new Event("resize"));
      requestAnimationFrame(() => requestAnimationFrame(resolve));
    }));
    assert.equal(await page.evaluate(() => document.activeElement?.id), "turn-sound");
    assert.deepEqual(page.errors, []);
    let from = await mark();
    await playUntil(async () => {
      const h = await heardSince(from);
      return h.tones.includes(DRAW) && h.tones.includes(TURN) && h.buzzes.length > 0;
    }, `a draw and the turn sound, and a buzz: ${JSON.stringify(await heardSince(from))}`);

    // Sound off: Pat's turn ends and comes back, and not a tone or a buzz meanwhile.
    await page.uncheck("#turn-sound");
    from = await mark();
    const turnsTaken = () => page.evaluate(() => window.golf.update.hand.seats[window.golf.update.yourSeat].turnsTaken);
    const before = await turnsTaken();
    await playUntil(async () => (await turnsTaken()) > before && (await offered(page)).length > 0, "Pat's next turn");
    assert.deepEqual(await heardSince(from), { tones: [], buzzes: [] });

    // Reduced motion asked for: the turn still sounds, but the phone does not buzz.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.check("#turn-sound");
    from = await mark();
    const then = await turnsTaken();
    await playUntil(async () => (await turnsTaken()) > then && (await offered(page)).length > 0, "Pat's turn after that");
    const reduced = await heardSince(from);
    assert.ok(reduced.tones.includes(TURN), JSON.stringify(reduced.tones));
    assert.deepEqual(reduced.buzzes, []);
    assert.ok(moves >= 4, `Pat made moves (${moves})`);
    await page.waitForTimeout(500);  // the last animations and updates

    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(consoleErrors.filter((t) => /Content.Security.Policy/i.test(t)), []);
    assert.deepEqual(page.errors, []);

    await page.evaluate(() => document.body.setAttribute("style", "outline: 1px solid red"));
    await page.waitForFunction(() => window.__violations.length > 0, null, { timeout: 5_000 });
    assert.match((await page.evaluate(() => window.__violations))[0], /^style-src/);
  } finally {
    await browser.close();
    await server.stop();
  }
});
