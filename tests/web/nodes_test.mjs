// Several nodes behind HAProxy: a table made on n1 is joined by its code, and watched by its link, from pages pinned
// to n2 (the page passes its own ?node= on to its WebSocket). The server answers with ERROR_CODE_TABLE_ELSEWHERE
// naming n1; the page connects again with ?node=n1 and asks there, showing only a short "moving" status, never an
// error. A reload goes straight back to n1 (the node
// is kept with the seat token); a node kept from before that no longer plays the table, or that has gone away,
// still leads to the seat.
import assert from "node:assert/strict";
import test from "node:test";
import { checkScreen, createTable, joinByLink, launchBrowser, newPlayer, openDetails, playOne, screenshot, seeded, until } from "./support.mjs";
import { psql, startNodes } from "./nodes_support.mjs";
import { playNow } from "./accounts_support.mjs";

// What the page's status line and flash said, from the moment this is installed.
async function recordNotices(page) {
  await page.evaluate(() => {
    window.__notices = [];
    const note = (el) => { if (!el.hidden && el.textContent) window.__notices.push(`${el.id}:${el.dataset.kind ?? el.dataset.state}:${el.textContent}`); };
    for (const id of ["connection", "flash"]) {
      const el = document.getElementById(id);
      new MutationObserver(() => note(el)).observe(el, { childList: true, characterData: true, subtree: true, attributes: true });
    }
  });
}

const nodeOf = (page) => page.evaluate(() => window.golf.conn.reachedNode);
const seatsOf = (page) => page.evaluate(() => window.golf.update?.seats.map((s) => `${s.name}:${s.connected}`).join(" "));

// Both pages show the same hand at the same move (a move made moments ago may still be on its way to one of them).
async function sameHand(a, b) {
  const version = (page) => page.evaluate(() => String(window.golf.update.handVersion));
  await until(async () => (await version(a)) === (await version(b)) && (await version(a)) !== "0", "both pages on the same move");
  const cards = (page) => page.evaluate(() => `${window.golf.update.hand.topDiscard?.rank}:${window.golf.update.hand.topDiscard?.suit}:${window.golf.update.hand.stockCount}`);
  assert.equal(await cards(a), await cards(b), "both see the same discard pile and stock");
}

// On a page connected to n2, clicks `button` (join or watch) of a table played on n1, under a slow network so that
// the moment of moving lasts long enough to be screenshot as `shot`; checks the page followed the table to n1 and
// showed nothing but the moving status on its way.
async function joinThroughN2(page, button, shot) {
  await until(() => page.evaluate(() => window.golf.status === "open"), "the page connected");
  assert.equal(await nodeOf(page), "n2");
  await recordNotices(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: -1 });
  await page.click(button);
  await until(() => page.evaluate(() => window.golf.moving || window.golf.atTable), "the join under way");
  await screenshot(page, shot);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.detach();
  await page.waitForSelector("#table-code");
  assert.equal(await nodeOf(page), "n1", "the page followed the table to n1");
  assert.equal(await page.evaluate(() => window.golf.hops), 1);
  const notices = await page.evaluate(() => window.__notices);
  assert.ok(notices.includes("connection:moving:Moving to the table's server..."), notices.join("\n"));
  assert.deepEqual(notices.filter((n) => !n.startsWith("connection:moving")), [], "nothing but the moving status was shown");
}

// Reloads the page and waits until it is back at its seat; resolves to the node it reached and its hops.
async function reloadToSeat(page, code) {
  await page.reload();
  await page.waitForSelector("#table-code");
  assert.equal((await page.textContent("#table-code")).trim(), code);
  await until(() => page.evaluate(() => window.golf.atTable && window.golf.update?.yourSeat === 1), "the seat taken back");
  return { node: await nodeOf(page), hops: await page.evaluate(() => window.golf.hops) };
}

test("a table on n1 joined through n2 is followed there, played and resumed", { timeout: 200_000 }, async () => {
  const cluster = await startNodes(["n1", "n2"]);
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser);
    const code = await createTable(ann, `${cluster.url}/?node=n1`, { name: "Ann", preset: "six-card", seats: 2,
                                                                      rules: { holes: "1" } });
    assert.equal(await nodeOf(ann), "n1", "the page's ?node= pins its connection");
    assert.equal(psql(cluster.db, `SELECT owner_node FROM tables WHERE code = '${code}'`), "n1");

    // Bob opens the start page on n2 and types the code; Cat follows the link to watch, on n2 as well.
    const bob = await newPlayer(browser, { width: 360, height: 800 });
    await bob.goto(`${cluster.url}/?node=n2`);
    await bob.fill("#name", "Bob");
    await openDetails(bob, "#join-by-code");
    await bob.fill("#code", code);
    await joinThroughN2(bob, "#join", "nodes-1-moving-360");
    const cat = await newPlayer(browser, { width: 1280, height: 900 });
    await cat.goto(`${cluster.url}/t/${code}?node=n2`);
    await cat.fill("#name", "Cat");
    await joinThroughN2(cat, "#watch", "nodes-1-moving-1280");
    assert.equal(await cat.evaluate(() => window.golf.update?.yourSeat), -1, "Cat watches");

    await until(async () => (await seatsOf(ann)) === "Ann:true Bob:true" && (await seatsOf(bob)) === "Ann:true Bob:true" &&
                            (await seatsOf(cat)) === "Ann:true Bob:true", "every page showing both players");
    await until(() => ann.evaluate(() => window.golf.update.spectators === 1), "Ann seeing Cat watch");
    assert.deepEqual(await checkScreen(bob, "nodes-2-joined"), []);

    // The hand is played from both pages.
    await ann.click("#start-match");
    await bob.waitForSelector(".play");
    const random = seeded(7);
    const playSome = async (moves) => {
      for (let made = 0, tries = 0; made < moves && tries < 400; ++tries)
        for (const page of [ann, bob]) if (await playOne(page, random)) ++made;
    };
    await playSome(6);
    await sameHand(ann, bob);

    // A reload goes straight back to the node kept with the seat token.
    assert.equal(await bob.evaluate((c) => JSON.parse(localStorage.getItem("golf.nodes"))[c], code), "n1");
    assert.deepEqual(await reloadToSeat(bob, code), { node: "n1", hops: 0 });
    // A node kept from before that no longer plays the table: the page is sent on from there.
    await bob.evaluate((c) => localStorage.setItem("golf.nodes", JSON.stringify({ [c]: "n2" })), code);
    assert.deepEqual(await reloadToSeat(bob, code), { node: "n1", hops: 1 });
    // A node kept from before that is gone: the proxy (or the page, when it cannot connect) chooses another.
    await cluster.nodes.n2.stop();
    await bob.evaluate((c) => localStorage.setItem("golf.nodes", JSON.stringify({ [c]: "n2" })), code);
    assert.equal((await reloadToSeat(bob, code)).node, "n1");

    await playSome(4);
    await sameHand(ann, bob);
    await screenshot(bob, "nodes-3-played-360");
    for (const page of [ann, bob, cat]) assert.deepEqual(page.errors, [], "no script errors");
  } catch (error) {
    console.log(cluster.logs());
    throw error;
  } finally {
    await browser.close();
    await cluster.stop();
  }
});

// The table's node dies mid-hand (kill -9): each page says it is reconnecting (never a silent freeze, never an
// error), and within seconds both play on at the other node, on the hand as it was (no acknowledged move lost).
test("a table whose node is killed mid-hand moves to the other node while the pages say so", { timeout: 200_000 }, async () => {
  const cluster = await startNodes(["n1", "n2"], ["--durability", "moves"]);
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser, { width: 1280, height: 800 });
    const code = await createTable(ann, `${cluster.url}/?node=n1`, { name: "Ann", preset: "six-card", seats: 2,
                                                                      rules: { holes: "2" } });
    const bob = await newPlayer(browser, { width: 360, height: 800 });
    await joinByLink(bob, `${cluster.url}`, code, "Bob");
    await until(async () => (await nodeOf(bob)) === "n1", "Bob at the table's node");
    await ann.click("#start-match");
    await bob.waitForSelector(".play");
    const random = seeded(11);
    for (let made = 0, tries = 0; made < 6 && tries < 400; ++tries)
      for (const page of [ann, bob]) if (await playOne(page, random)) ++made;
    await sameHand(ann, bob);
    const before = await ann.evaluate(() => window.golf.update.hand.seats.map((s) => s.positions.map((p) => p.card?.rank ?? 0).join(",")).join("/"));
    for (const page of [ann, bob]) await recordNotices(page);

    const killed = Date.now();
    await cluster.nodes.n1.kill();
    await until(() => bob.evaluate(() => window.golf.status !== "open"), "Bob's page to notice");
    await screenshot(bob, "nodes-4-failover-360");
    await screenshot(ann, "nodes-4-failover-1280");
    // Until the seat is back on n2 the table stays in view with its moves held (the server would refuse them).
    for (const page of [ann, bob])
      await until(async () => {
        const [back, held, offers] = await page.evaluate(() => [
          window.golf.atTable && window.golf.status === "open" && window.golf.conn.reachedNode === "n2" && !window.golf.reclaiming,
          window.golf.held, document.querySelectorAll(".play [data-action]:not([disabled])").length]);
        if (held) assert.equal(offers, 0, "no move offered while the seat is being taken back");
        return back;
      }, "the page back at the table on n2", 30_000);
    console.log(`# kill -9 of the table's node to both pages back at the table on n2: ${Date.now() - killed} ms`);
    await sameHand(ann, bob);
    const after = await ann.evaluate(() => window.golf.update.hand.seats.map((s) => s.positions.map((p) => p.card?.rank ?? 0).join(",")).join("/"));
    assert.equal(after, before, "the hand as it was before the kill");
    for (const page of [ann, bob]) {
      const notices = await page.evaluate(() => window.__notices);
      assert.ok(notices.some((n) => n.startsWith("connection:")), `the page said it was reconnecting:\n${notices.join("\n")}`);
      assert.deepEqual(notices.filter((n) => n.startsWith("flash:error")), [], "no error shown");
    }
    for (let made = 0, tries = 0; made < 4 && tries < 400; ++tries)
      for (const page of [ann, bob]) if (await playOne(page, random)) ++made;
    await sameHand(ann, bob);
    for (const page of [ann, bob]) assert.deepEqual(page.errors, [], "no script errors");
  } catch (error) {
    console.log(cluster.logs());
    throw error;
  } finally {
    await browser.close();
    await cluster.stop();
  }
});

// Quick play across nodes: each queue is kept by one node; a page on the other is sent there (TABLE_ELSEWHERE) and
// the two people meet at one table, which starts by itself.
test("Play now from pages on n1 and n2 meets at the node that keeps the queue", { timeout: 200_000 }, async () => {
  const cluster = await startNodes(["n1", "n2"]);
  const browser = await launchBrowser();
  try {
    const pages = [];
    for (const [name, node] of [["Dan", "n1"], ["Eve", "n2"]]) {
      const page = await newPlayer(browser);
      await page.goto(`${cluster.url}/?node=${node}`);
      await page.fill("#name", name);
      await playNow(page, { preset: "six-card", seats: 2, bots: 60 });
      pages.push(page);
    }
    const tables = await until(async () => {
      const seen = await Promise.all(pages.map((p) => p.evaluate(() => window.golf.update?.state === 2 ? window.golf.update.code : "")));
      return seen.every((c) => c !== "") && seen;
    }, "both pages at a started table");
    assert.equal(tables[0], tables[1], "one table for both");
    const nodes = await Promise.all(pages.map((p) => nodeOf(p)));
    assert.equal(nodes[0], nodes[1], "both connections at the queue's node");
    const hops = await Promise.all(pages.map((p) => p.evaluate(() => window.golf.hops)));
    assert.equal(hops[0] + hops[1], 1, "the page on the other node followed once");
    for (const page of pages) assert.deepEqual(page.errors, [], "no script errors");
  } catch (error) {
    console.log(cluster.logs());
    throw error;
  } finally {
    await browser.close();
    await cluster.stop();
  }
});
