// Accounts in the browser: creating one from the start page, signing out and in again with the password, a reload
// (and a dropped connection) that keeps the session and signs in again before the seat is reclaimed, a guest who
// cannot sit down under the registered name, refusals in words (a wrong password, a name taken, too many tries
// with the wait), the account page (a new password, API keys shown once and revoked, signing out everywhere), and
// the marks: an account's seat and chat lines link to its profile, a guest's carry a "guest" tag. The dialog and
// the account page are screenshotted and checked with axe-core at 360 and 1280 px.
import assert from "node:assert/strict";
import test from "node:test";
import { call, checkView, ready } from "./accounts_support.mjs";
import { joinByLink, launchBrowser, newPlayer, openDetails, openPanel, startServer, until } from "./support.mjs";

const PASSWORD = "a long password";

const session = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("golf.session") ?? "null"));
const signedInAs = (page) => page.evaluate(() => window.golf.account?.name ?? null);

async function submitDialog(page, name, password) {
  await page.fill("#account-name", name);
  await page.fill("#account-password", password);
  await page.click("#sign-in-submit");
}

test("register, sign out, sign in, a kept session, refusals in words, the account page and guest marks",
     { timeout: 200_000 }, async () => {
  const server = await startServer(["--seat-grace", "60"]);
  const browser = await launchBrowser();
  const problems = [];
  try {
    // Create an account from the start page: the dialog, then the name field shows the account's name.
    const ann = await newPlayer(browser);
    await ann.goto(server.url);
    await ann.waitForSelector("#register-open");
    assert.match(await ann.textContent("#account-line"), /Playing as a guest/);
    await ann.click("#register-open");
    await ann.waitForSelector("#sign-in[open]");
    assert.equal(await ann.textContent("#sign-in-title"), "Create an account");
    assert.equal(await ann.evaluate(() => document.activeElement?.id), "account-name", "the dialog's first field has focus");
    problems.push(...await checkView(ann, "account-01-register-dialog"));
    await submitDialog(ann, "Annabel", "short");
    assert.match(await ann.textContent("#sign-in-error"), /A password needs at least 8 characters/);
    await submitDialog(ann, "Annabel", PASSWORD);
    await ann.waitForSelector("#sign-in", { state: "hidden" });
    await ann.waitForSelector("#signed-in-as");
    assert.match(await ann.textContent("#account-line"), /Signed in as Annabel · Your account · Sign out/);
    assert.equal(await ann.inputValue("#name"), "Annabel");
    assert.equal(await ann.getAttribute("#name", "readonly"), "", "the name field cannot be edited while signed in");
    const kept = await session(ann);
    assert.ok(kept?.token?.startsWith("gs_") && kept.name === "Annabel", "the session token is kept in localStorage");

    // A reload signs in again with the kept token (no password).
    await ann.reload();
    await until(async () => (await signedInAs(ann)) === "Annabel", "signed in again after the reload");
    assert.equal(await ann.inputValue("#name"), "Annabel");
    assert.equal((await session(ann)).token, kept.token, "signing in with the token keeps it");

    // Sign out: a guest again, the token forgotten, the name field editable.
    await ann.click("#sign-out");
    await ann.waitForSelector("#sign-in-open");
    assert.equal(await session(ann), null);
    assert.equal(await ann.getAttribute("#name", "readonly"), null);

    // A guest cannot sit down under the registered name, nor one confusable with it.
    await ann.fill("#name", "Annabel");
    await openDetails(ann, "#new-table");
    await ann.click("#create");
    await until(async () => /registered name/.test(await ann.textContent("#create-form .form-error")), "the refusal of the name");
    assert.match(await ann.textContent("#create-form .form-error"), /'Annabel' is a registered name: sign in to use it/);
    await ann.fill("#name", "ANNABEL");
    await ann.click("#create");
    await until(async () => /too like/.test(await ann.textContent("#create-form .form-error")), "the refusal of a confusable name");

    // A wrong password, in words; then the right one.
    await ann.click("#sign-in-open");
    await ann.waitForSelector("#sign-in[open]");
    assert.equal(await ann.textContent("#sign-in-title"), "Sign in");
    await submitDialog(ann, "Annabel", "not the password");
    await until(async () => (await ann.textContent("#sign-in-error")) === "Wrong name or password.", "the wrong password's message");
    problems.push(...await checkView(ann, "account-02-sign-in-wrong-password"));
    await submitDialog(ann, "Annabel", PASSWORD);
    await ann.waitForSelector("#signed-in-as");
    assert.equal(await signedInAs(ann), "Annabel");

    // Someone else: the name is taken (as it is, or confusably); too many wrong passwords make them wait.
    const bob = await newPlayer(browser, { width: 360, height: 800 });
    await bob.goto(server.url);
    await bob.click("#register-open");
    await submitDialog(bob, "annabel", PASSWORD);
    await until(async () => /too like the registered name 'Annabel'\. Choose another name\./.test(await bob.textContent("#sign-in-error")),
                "the taken name's message");
    await bob.click("#sign-in-switch");
    assert.equal(await bob.textContent("#sign-in-title"), "Sign in");
    let waited;
    for (let i = 0; i < 8 && !waited; ++i) {
      await submitDialog(bob, "Nobody", `wrong ${i}`);  // another name: Annabel's own tries are not held up
      await until(async () => (await bob.textContent("#sign-in-error")) !== "", "an answer");
      const text = await bob.textContent("#sign-in-error");
      if (/^Too many tries: wait \d+ seconds?, then try again\.$/.test(text)) waited = text;
      else assert.equal(text, "Wrong name or password.");
    }
    assert.ok(waited, "after a few wrong passwords the page says how long to wait");
    assert.equal(await bob.isDisabled("#sign-in-submit"), true, "no more tries until the wait is over");
    await until(() => bob.isEnabled("#sign-in-submit"), "the button back once the wait is over", 20_000);
    await bob.click("#sign-in-cancel");

    // Signed in at a table: the seat and chat lines link to the profile; a guest's carry the guest tag.
    await openDetails(ann, "#new-table");
    await ann.fill("#seats", "2");
    await ann.click("#create");
    await ann.waitForSelector("#table-code");
    const code = (await ann.textContent("#table-code")).trim();
    await joinByLink(bob, server.url, code, "Bob");
    await ann.waitForSelector('.seat-list li[data-seat="1"] .badge.guest');
    assert.equal(await ann.getAttribute('.seat-list li[data-seat="0"] a.player-name', "href"), "/p/Annabel");
    assert.equal(await ann.$('.seat-list li[data-seat="0"] .badge.guest'), null, "no guest tag on an account's seat");
    assert.match(await ann.textContent('.seat-list li[data-seat="1"]'), /Bob guest/);
    await openPanel(bob, "chat");
    await openPanel(ann, "chat");
    await bob.fill("#chat-input", "hello");
    await bob.press("#chat-input", "Enter");
    await ann.fill("#chat-input", "hi Bob");
    await ann.press("#chat-input", "Enter");
    await until(async () => (await ann.$$("#chat-lines li")).length >= 2, "both chat lines");
    const lines = await ann.$$eval("#chat-lines li", (els) => els.map((el) => ({ text: el.querySelector(".said").textContent, guest: !!el.querySelector(".badge.guest"),
                                                                           link: el.querySelector("a.player-name")?.getAttribute("href") ?? null })));
    assert.deepEqual(lines, [{ text: "Bob guest: hello", guest: true, link: null },
                             { text: "Annabel (profile, opens in a new tab): hi Bob", guest: false, link: "/p/Annabel" }]);

    // A dropped connection: signed in again before the seat is reclaimed (the chat line after it is an account's).
    await ann.evaluate(() => { window.__old = window.golf.update; window.golf.conn.drop(); });
    await until(() => ann.evaluate(() => window.golf.status === "open" && window.golf.account?.name === "Annabel" &&
                                         window.golf.update !== window.__old && window.golf.update.seats[0].connected),
                "signed in and seated again after the drop");
    await ann.fill("#chat-input", "back");
    await ann.press("#chat-input", "Enter");
    await until(() => ann.evaluate(() => window.golf.chat.some((l) => l.text === "back" && l.registered)), "the account's line after the drop");

    // The account page: a new password, an API key shown once (and usable), revoked, signing out everywhere.
    ann.on("dialog", (d) => void d.accept());
    await ann.goto(`${server.url}/account`);
    await ann.waitForSelector("#account-summary");
    assert.match(await ann.textContent("#account-summary"), /Annabel\s*Member since/);
    await ann.fill("#old-password", "not it at all");
    await ann.fill("#new-password", "another long password");
    await ann.click("#change-password");
    await until(async () => (await ann.textContent("#password-error")) === "The current password is wrong.", "the wrong current password");
    await ann.fill("#old-password", PASSWORD);
    await ann.click("#change-password");
    await until(async () => /^Password changed/.test(await ann.textContent("#password-done")), "the password changed");
    await ann.fill("#key-label", "my bot");
    await ann.click("#create-key");
    await ann.waitForSelector("#new-key-value");
    const key = (await ann.textContent("#new-key-value")).trim();
    assert.match(key, /^gk_/);
    await ann.waitForSelector('#key-list tr[data-key-id]');
    assert.match(await ann.textContent("#key-list"), /my bot/);
    assert.ok((await ann.textContent("#key-list")).includes(key.slice(0, 10)), "the list shows the key's first characters");
    assert.ok(!(await ann.textContent("#key-list")).includes(key), "the list never shows the whole key");
    await ann.click("#copy-key");
    await until(async () => /copied|Copy the selected key/.test(await ann.textContent("#flash")), "the copy's answer");
    problems.push(...await checkView(ann, "account-03-panel"));
    const robot = await newPlayer(browser);
    await robot.goto(server.url);
    await ready(robot);
    const byKey = await call(robot, { case: "signIn", value: { apiKey: key } });
    assert.equal(byKey.case, "signedIn", `the key signs in: ${JSON.stringify(byKey)}`);
    await ann.click('#key-list button[data-key^="revoke-"]');
    await ann.waitForSelector("#key-list .empty-note");
    assert.equal(await ann.$("#new-key"), null, "the revoked key is no longer shown");
    const revoked = await call(robot, { case: "signIn", value: { apiKey: key } });
    assert.equal(revoked.error, 31, "a revoked key no longer signs in");

    // Signed in on a second device with the new password; "Sign out everywhere" ends that session too.
    const other = await newPlayer(browser);
    await other.goto(server.url);
    await other.click("#sign-in-open");
    await submitDialog(other, "Annabel", "another long password");
    await other.waitForSelector("#signed-in-as");
    await ann.click("#sign-out-everywhere");
    await ann.waitForSelector("#not-signed-in");
    await other.evaluate(() => window.golf.conn.drop());
    await until(async () => (await other.$("#sign-in-open")) !== null && (await session(other)) === null,
                "the other device signed out once it reconnects");
    assert.match(await other.textContent("#flash"), /session has ended/);

    for (const page of [ann, bob, other, robot]) assert.deepEqual(page.errors, [], "no script errors");
    assert.deepEqual(problems, [], "no serious or critical accessibility violation");
  } finally {
    await browser.close();
    await server.stop();
  }
});
