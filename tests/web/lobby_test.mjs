// The lobby lists the public tables that exist when it is opened. Regression: the list that answers WatchLobby
// comes back as the request's reply (it carries the request_id), and the page used to drop it, so /lobby stayed
// on "Loading the tables..." until some table changed. Nothing changes at the table here after the lobby opens.
import assert from "node:assert/strict";
import test from "node:test";
import { createTable, launchBrowser, newPlayer, startServer } from "./support.mjs";

test("the lobby shows the public tables that exist when it opens, without waiting for a change",
     { timeout: 60_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ann = await newPlayer(browser);
    const code = await createTable(ann, server.url, { name: "Ann", preset: "six-card", seats: 2 });
    const hidden = await createTable(await newPlayer(browser), server.url, { name: "Pat", preset: "six-card", seats: 2,
                                                                             isPublic: false });

    const lobby = await newPlayer(browser, { width: 360, height: 700 });
    await lobby.goto(`${server.url}/lobby`);
    await lobby.waitForSelector(`tr[data-code="${code}"]`, { timeout: 5_000 });
    assert.match(await lobby.textContent(`tr[data-code="${code}"]`), /Ann/);
    assert.equal(await lobby.$(`tr[data-code="${hidden}"]`), null, "a private table is not listed");
    assert.doesNotMatch(await lobby.textContent(".lobby-list"), /Loading/);

    // Reached from the start page (the route changes without a reload), the list is there too.
    const other = await newPlayer(browser);
    await other.goto(server.url);
    await other.click("#join-by-code > summary");
    await other.click("#join-form a[href='/lobby']");
    await other.waitForSelector(`tr[data-code="${code}"]`, { timeout: 5_000 });
    for (const page of [ann, lobby, other]) assert.deepEqual(page.errors, [], "no script errors");
  } finally {
    await browser.close();
    await server.stop();
  }
});
