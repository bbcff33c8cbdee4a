// A newcomer's hole through a TLS proxy, as players on a public server meet it: https for the page, wss for the
// table. Run by docker/https_test.sh against docker/compose.https.yaml (Caddy with its own authority in front of the
// image), not by ctest: GOLF_URL (https://NAME:PORT/), GOLF_PROXY_NAME (NAME, mapped to 127.0.0.1), and HOME with
// a certificate store that trusts Caddy's root, so that nothing here ignores a certificate error. Checks the
// answer's security headers, plays a two-seat hole against a bot from the start page, and wants no page error and
// no Content-Security-Policy violation on the way.
import assert from "node:assert/strict";
import test from "node:test";
import { launchBrowser, newPlayer, playOne, screenshot, seeded, until } from "./support.mjs";

const url = process.env.GOLF_URL;
const name = process.env.GOLF_PROXY_NAME;

test("a hole from the start page over https and wss", { timeout: 120_000 }, async () => {
  assert.ok(url && name, "set GOLF_URL and GOLF_PROXY_NAME");
  const browser = await launchBrowser({ args: [`--host-resolver-rules=MAP ${name} 127.0.0.1`], env: process.env });
  try {
    const page = await newPlayer(browser, { width: 1280, height: 800 });
    const sockets = [];
    const violations = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    page.on("console", (m) => { if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text()); });
    await page.addInitScript(() => {
      window.__violations = [];
      document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(url);
    assert.equal(response.status(), 200);
    const headers = response.headers();
    assert.match(headers["strict-transport-security"] ?? "", /max-age=\d+/, "HSTS from the proxy");
    assert.match(headers["content-security-policy"] ?? "", /default-src 'self'/, "the server's CSP passes through");
    assert.equal(headers["x-content-type-options"], "nosniff");
    assert.equal(headers.server, undefined, "the proxy does not name itself");

    await page.fill("#name", "Over TLS");
    await page.waitForSelector("#quick-preset option[value=six-card]", { state: "attached" });
    await page.selectOption("#quick-seats", "2");
    await page.click("#play-bots");
    await page.waitForSelector(".play .seat.me");
    console.log(`table code: ${await page.evaluate(() => window.golf.update.code)}`);  // for the restore check
    const random = seeded(46);
    const holes = () => page.evaluate(() => window.golf.update?.scorecard?.holes?.length ?? 0);
    for (let i = 0; i < 400 && (await holes()) === 0; ++i) {
      if ((await playOne(page, random)) === undefined) await page.waitForTimeout(100);
    }
    await until(async () => (await holes()) >= 1, "the hole to end", 30_000);
    await screenshot(page, "through-proxy-hole-over");
    assert.ok(sockets.length >= 1 && sockets.every((s) => s.startsWith(`wss://${name}:`)), `the table over wss: ${sockets}`);
    assert.deepEqual(page.errors, []);
    assert.deepEqual([...violations, ...await page.evaluate(() => window.__violations)], [], "no CSP violation");
  } finally {
    await browser.close();
  }
});
