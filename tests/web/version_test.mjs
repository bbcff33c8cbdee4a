// A page whose protocol the server no longer speaks (its Hello refused as UNSUPPORTED_VERSION) reloads itself once
// to fetch the server's new build; refused again within the minute, it says so instead of reloading in a loop. A
// Welcome from another server build that still accepts the page's protocol changes nothing. The refusal is real
// (the page's Hello rewritten on its way to a real golf-server by playwright's routeWebSocket); so is the Welcome.
// And the site as an installed app: its manifest and icons, the service worker, a new build taken on the next load
// whatever the worker keeps, and the offline page while the server is away.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "node:test";
import { checkScreen, launchBrowser, newPlayer, startServer, until, WEB_ROOT } from "./support.mjs";

const CANNOT_CATCH_UP = "The server was updated and this page could not catch up: reload it";

// The fields of one protobuf message: number, wire type, and where each value lies (varints and lengths only).
function fields(bytes, from = 0, to = bytes.length) {
  const out = [];
  const varint = (at) => {
    let value = 0, shift = 0, i = at;
    for (;;) {
      const b = bytes[i++];
      value += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if (b < 0x80) return [value, i];
    }
  };
  for (let at = from; at < to;) {
    const [tag, next] = varint(at);
    const number = Math.floor(tag / 8), type = tag % 8;
    if (type === 0) {
      const [, end] = varint(next);
      out.push({ number, type, start: next, end });
      at = end;
    } else if (type === 2) {
      const [length, start] = varint(next);
      out.push({ number, type, start, end: start + length });
      at = start + length;
    } else {
      throw new Error(`wire type ${type} is not expected here`);
    }
  }
  return out;
}

// The page's Hello (ClientMessage.hello = 10) with protocol_version (2) set to `version` (a one-byte varint).
function helloSpeaking(frame, version) {
  const bytes = Buffer.from(frame);
  const hello = fields(bytes).find((f) => f.number === 10);
  const spoken = hello && fields(bytes, hello.start, hello.end).find((f) => f.number === 2 && f.type === 0);
  if (!spoken || spoken.end - spoken.start !== 1) return frame;
  bytes[spoken.start] = version;
  return bytes;
}

// The server's Welcome (ServerMessage.welcome = 10) with server_version (1) made into 9s of the same length.
function welcomeFromAnotherBuild(frame) {
  const bytes = Buffer.from(frame);
  const welcome = fields(bytes).find((f) => f.number === 10);
  const version = welcome && fields(bytes, welcome.start, welcome.end).find((f) => f.number === 1 && f.type === 2);
  if (!version) return frame;
  for (let i = version.start; i < version.end; ++i) if (bytes[i] !== 0x2e) bytes[i] = 0x39;
  return bytes;
}

// Opens the start page through a WebSocket route: the n-th connection's Hello speaks `speak(n)` (undefined: as
// sent), and `answer` rewrites what the server sends. Resolves with the page and a count of its loads.
async function openThroughRoute(browser, url, { speak = () => undefined, answer = (m) => m } = {}) {
  const page = await newPlayer(browser);
  let connections = 0;
  await page.context().routeWebSocket(/\/ws/, (ws) => {
    const n = ++connections;
    const server = ws.connectToServer();
    let first = true;
    ws.onMessage((message) => {
      const version = first ? speak(n) : undefined;
      first = false;
      server.send(version === undefined || typeof message === "string" ? message : helloSpeaking(message, version));
    });
    server.onMessage((message) => ws.send(typeof message === "string" ? message : answer(message)));
  });
  const loads = { count: 0 };
  page.on("load", () => { loads.count += 1; });
  await page.goto(url);
  return { page, loads, connections: () => connections };
}

// The connection line's words ("" while hidden, or while the page is between loads).
const connectionText = (page) => page.evaluate(() => {
  const el = document.querySelector("#connection");
  return el && !el.hidden ? el.textContent : "";
}).catch(() => "");
const welcomed = (page) => page.evaluate(() => document.querySelector("#connection")?.hidden === true).catch(() => false);

test("a refused protocol version reloads the page once, and the new page plays on", { timeout: 60_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    // The first connection speaks protocol 0, which the server refuses; after the reload the page's own (1) is sent.
    const { page, loads } = await openThroughRoute(browser, server.url, { speak: (n) => (n === 1 ? 0 : undefined) });
    await until(async () => loads.count >= 2, "the reload");
    await until(() => welcomed(page), "a welcome");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(loads.count, 2, "one reload, no more");
    assert.equal(await connectionText(page), "");
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("refused again after its reload, the page says it cannot catch up", { timeout: 60_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { page, loads, connections } = await openThroughRoute(browser, server.url, { speak: () => 0 });
    await until(async () => (await connectionText(page)) === CANNOT_CATCH_UP, "the sentence");
    const tried = connections();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.equal(loads.count, 2, "one reload, then no loop");
    assert.equal(connections(), tried, "no reconnecting to a server that will refuse again");
    assert.equal(await connectionText(page), CANNOT_CATCH_UP);
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("a Welcome from another server build that accepts the page's protocol changes nothing", { timeout: 60_000 },
     async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    let rewritten = 0;
    const answer = (frame) => {
      const out = welcomeFromAnotherBuild(frame);
      if (out !== frame) rewritten += 1;
      return out;
    };
    const { page, loads } = await openThroughRoute(browser, server.url, { answer });
    await until(() => welcomed(page), "a welcome");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.ok(rewritten >= 1, "the page was welcomed by another server_version");
    assert.equal(loads.count, 1, "no needless reload");
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

// A PNG's width and height, from its IHDR chunk.
const pngSize = (bytes) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

test("installable: a valid manifest, a worker that controls the page, a new build on the next load, the offline page",
     { timeout: 90_000 }, async () => {
  // A build of its own, so that a new one can be made by rewriting its index.html.
  const root = mkdtempSync(join(tmpdir(), "golf-web-root-"));
  cpSync(WEB_ROOT, root, { recursive: true });
  let server = await startServer(["--web-root", root]);
  const port = new URL(server.url).port;
  const browser = await launchBrowser();
  try {
    const page = await newPlayer(browser, { width: 360, height: 800 });
    await page.goto(server.url);

    // The manifest the page links, and every icon it names, with the types a browser installs by.
    const href = await page.getAttribute('link[rel="manifest"]', "href");
    const answer = await page.request.get(new URL(href, server.url).href);
    assert.equal(answer.headers()["content-type"], "application/manifest+json");
    const manifest = await answer.json();
    assert.equal(manifest.name, "Golf");
    assert.ok(manifest.short_name && manifest.short_name.length <= 12, manifest.short_name);
    assert.equal(manifest.start_url, "/");
    assert.equal(manifest.display, "standalone");
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
    assert.match(manifest.background_color, /^#[0-9a-f]{6}$/);
    const pngs = manifest.icons.filter((i) => i.type === "image/png");
    for (const icon of pngs) {
      const image = await page.request.get(new URL(icon.src, server.url).href);
      assert.equal(image.headers()["content-type"], "image/png", icon.src);
      assert.equal(pngSize(await image.body()).join("x"), icon.sizes, icon.src);
    }
    const has = (size, purpose) => pngs.some((i) => i.sizes === size && (i.purpose ?? "any").split(" ").includes(purpose));
    assert.ok(has("192x192", "any") && has("512x512", "any") && has("512x512", "maskable"), JSON.stringify(pngs));
    // The browser's bar follows the page's theme, the one chosen with the toggle included.
    const barColours = () => page.$$eval('meta[name="theme-color"]', (els) => els.map((el) => el.content));
    assert.deepEqual(await barColours(), ["#eef1ec", "#14181c"]);
    await page.click(".theme-toggle");
    assert.deepEqual(await barColours(), ["#14181c", "#14181c"]);
    await page.click(".theme-toggle");
    assert.deepEqual(await barColours(), ["#eef1ec", "#eef1ec"]);
    await page.evaluate(() => localStorage.removeItem("golf.theme"));  // the system's theme again

    // The worker takes the page over on its next load; the built files then come from its cache.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const fromWorker = [];
    page.on("response", (r) => { if (r.fromServiceWorker()) fromWorker.push(new URL(r.url()).pathname); });
    await page.reload();
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), `${server.url}/sw.js`);
    assert.ok(fromWorker.some((p) => /^\/assets\/index-.*\.js$/.test(p)), `the app's script from the cache: ${fromWorker}`);
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const keys = names.length === 1 ? await (await caches.open(names[0])).keys() : [];
      return keys.map((k) => new URL(k.url).pathname);
    });
    assert.ok(kept.includes("/offline.html"), `the offline page is kept: ${kept}`);
    assert.deepEqual(kept.filter((p) => p === "/" || p === "/index.html" || /^\/(api|healthz|ws|metrics)/.test(p)), []);
    // Chromium's own verdict: the manifest parses cleanly and nothing stops it installing the site (but the test's
    // browser context, which is a private one).
    const cdp = await page.context().newCDPSession(page);
    assert.deepEqual((await cdp.send("Page.getAppManifest")).errors, []);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    assert.deepEqual(installabilityErrors.filter((e) => e.errorId !== "in-incognito"), []);

    // A new build: its page is the one the next load shows, not a kept one.
    const index = join(root, "index.html");
    writeFileSync(index, readFileSync(index, "utf8").replace("<title>", '<meta name="golf-build" content="next" /><title>'));
    await page.reload();
    assert.equal(await page.getAttribute('meta[name="golf-build"]', "content"), "next");

    // The server stops: the page still loads, as the offline page, which says so and keeps trying.
    await server.stop();
    await page.goto(`${server.url}/t/ABCDEF`);
    await page.waitForSelector("#offline");
    assert.match(await page.textContent("h1"), /server cannot be reached/);
    assert.equal(new URL(page.url()).pathname, "/t/ABCDEF", "at the address asked for");
    await page.click("#retry");
    await until(async () => /Still no answer/.test(await page.textContent("#offline-status")), "a try by hand");
    const problems = await checkScreen(page, "offline");
    assert.deepEqual(problems, []);
    // The theme chosen with the toggle holds there too.
    await page.evaluate(() => localStorage.setItem("golf.theme", "dark"));
    await page.reload();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");

    // Back on the same port: the offline page finds it by itself and opens the page asked for.
    server = await startServer(["--web-root", root, "--port", port]);
    await until(() => page.evaluate(() => document.querySelector("#offline") === null && !!window.golf).catch(() => false),
                "the app again", 15_000);
    assert.equal(new URL(page.url()).pathname, "/t/ABCDEF");
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
