// Lighthouse (pinned in package.json) on the start page and on a table page, with its desktop and its mobile
// settings, in Debian's chromium against a real golf-server. It asserts what does not depend on the machine's
// speed (accessibility and best practices at least 95, cumulative layout shift under 0.1) and prints every figure,
// performance included: scripts/lighthouse.sh runs it alone for the figures docs/PERFORMANCE.md quotes. On a quiet
// machine GOLF_LIGHTHOUSE_MIN_PERFORMANCE (say 90) asserts a performance floor too. Lighthouse 12 dropped the
// installability audits; version_test.mjs asks Chromium itself.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "node:test";
import lighthouse, { desktopConfig } from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM, startServer, until } from "./support.mjs";

const PORT = 9200 + (process.pid % 500);  // the DevTools port Lighthouse drives the browser through
const MIN_PERFORMANCE = Number(process.env.GOLF_LIGHTHOUSE_MIN_PERFORMANCE ?? 0);

// A run Lighthouse itself could not finish (its runtimeError: no paint in time on a busy machine, say) scores
// nothing at all; it is said and run once more, so only the page's own faults fail the test.
async function audit(url, desktop) {
  const flags = { port: PORT, output: "json", logLevel: "error", disableStorageReset: true,
                  onlyCategories: ["performance", "accessibility", "best-practices"] };
  let { lhr } = await lighthouse(url, flags, desktop ? desktopConfig : undefined);
  if (lhr.runtimeError) {
    console.log(`# ${url} (${desktop ? "desktop" : "mobile"}): Lighthouse could not finish (${lhr.runtimeError.code}: ` +
                `${lhr.runtimeError.message}); once more`);
    ({ lhr } = await lighthouse(url, flags, desktop ? desktopConfig : undefined));
  }
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  return { performance: score("performance"), accessibility: score("accessibility"), bestPractices: score("best-practices"),
           cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
           // The timings the performance score is made of, in ms: what to look at when it drops.
           timings: ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "speed-index"]
             .map((id) => `${id.split("-").map((w) => w[0]).join("").toUpperCase()} ${Math.round(lhr.audits[id]?.numericValue ?? NaN)}`)
             .join(", "),
           failed: Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 &&
                                                           ["accessibility", "best-practices"].some((c) => lhr.categories[c]?.auditRefs.some((r) => r.id === a.id)))
             .map((a) => a.id) };
}

test("Lighthouse: the start page and a table page, desktop and mobile", { timeout: 240_000 }, async () => {
  const server = await startServer(["--bot-delay-ms", "1500"], { holeWait: true });
  const profile = mkdtempSync(join(tmpdir(), "golf-lighthouse-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, timeout: 30_000,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
           "--disable-sync", `--remote-debugging-port=${PORT}`],
  });
  try {
    // A seat at a table of bots, kept in this profile's storage: the table page opens on it.
    const page = await context.newPage();
    await page.goto(server.url);
    await page.fill("#name", "Ann");
    await until(() => page.evaluate(() => (window.golf?.presets.length ?? 0) > 0), "the presets");
    await page.click("#play-bots");
    await page.waitForSelector(".play .seat.me");
    const code = await page.evaluate(() => window.golf.update.code);
    await page.close();

    const rows = [];
    for (const [name, url] of [["start", `${server.url}/`], ["table", `${server.url}/t/${code}`]])
      for (const desktop of [true, false]) rows.push({ page: name, settings: desktop ? "desktop" : "mobile", ...await audit(url, desktop) });
    console.log(rows.map((r) => `${r.page.padEnd(6)} ${r.settings.padEnd(8)} performance ${r.performance}, accessibility ` +
                                `${r.accessibility}, best practices ${r.bestPractices}, CLS ${r.cls.toFixed(3)} (${r.timings} ms)` +
                                `${r.failed.length ? ` (below 90: ${r.failed.join(", ")})` : ""}`).join("\n"));
    for (const r of rows) {
      const where = `${r.page}, ${r.settings}`;
      assert.ok(r.accessibility >= 95, `${where}: accessibility ${r.accessibility} (${r.failed.join(", ")})`);
      assert.ok(r.bestPractices >= 95, `${where}: best practices ${r.bestPractices} (${r.failed.join(", ")})`);
      assert.ok(r.cls < 0.1, `${where}: cumulative layout shift ${r.cls}`);
      assert.ok(r.performance >= MIN_PERFORMANCE, `${where}: performance ${r.performance}`);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
});
