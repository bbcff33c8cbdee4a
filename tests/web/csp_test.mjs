// The web client under golf-server's Content-Security-Policy: the start page, "Play now against bots" and a few
// moves (the table's layout variables, the animations, the WebSocket) without one securitypolicyviolation event
// and without a console error about the policy. A style attribute set on purpose at the end is refused, which
// shows the policy was enforced and the listener heard it.
import assert from "node:assert/strict";
import test from "node:test";
import { launchBrowser, newPlayer, playOne, seeded, startServer } from "./support.mjs";

test("the start page and a table against bots keep to the Content-Security-Policy", { timeout: 60_000 }, async () => {
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
    });

    const response = await page.goto(server.url);
    assert.match(response.headers()["content-security-policy"], /^default-src 'self'; script-src 'self'; style-src 'self';/);
    await page.waitForSelector("input[name=preset]", { state: "attached" });
    await page.fill("#name", "Pat");
    await page.click("#play-bots");
    await page.waitForSelector(".play");

    const random = seeded(7);
    let moves = 0;
    const deadline = Date.now() + 15_000;
    while (moves < 4 && Date.now() < deadline) {
      if (await playOne(page, random)) moves++;
      else await new Promise((r) => setTimeout(r, 40));
    }
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
