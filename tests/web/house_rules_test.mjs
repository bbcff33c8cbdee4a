// The house rules and the rules panel speak to players, not in the engine's names. On the start page, New table ->
// House rules: folded groups each counting its changed rules, no engine identifier or raw range anywhere, a search
// that leaves only the rules with its words, a changed rule marked with the preset's value, reset for one rule and
// for all. At a table: the rules panel names a house rule in words with the preset's value, says nothing of
// callers or knocking where nobody knocks (six-card), describes the powers (cambio), and keeps the card values,
// jokers included, inside the panel at 360 and at 1280 px (four-card-jokers). axe-core finds no serious problem.
import assert from "node:assert/strict";
import test from "node:test";
import {
  checkScreen, createTable, elementScreenshot, launchBrowser, newPlayer, openDetails, openPanel, screenshot, startServer,
} from "./support.mjs";

const ENGINE_NAME = /[a-z]+_[a-z_]+/;

// Every word the editor shows, whether or not its group is open: labels, help, choices, summaries, buttons.
function editorWords() {
  const root = document.querySelector("#house-rules");
  return [...root.querySelectorAll("summary, label, .help, option, .hint, button, .preset-mark, .option-error")]
    .map((el) => el.textContent.trim()).filter(Boolean);
}

// The rules shown (their data-option names) and the text of each.
function shownRules() {
  return [...document.querySelectorAll("#house-rules .option")].filter((el) => el.checkVisibility())
    .map((el) => ({ name: el.dataset.option, text: el.textContent.toLowerCase() }));
}

async function openRulesPanel(page) {
  await openPanel(page, "rules");  // the drawer on a narrow screen; nothing to do on a wide one
  if (!(await page.$eval("#rules-panel", (el) => el.open))) await page.click("#rules-panel > summary");
}

// What of the card values lies outside the rules panel's box (empty when every pair is inside).
function valuesOutside() {
  const panel = document.querySelector("#rules-panel").getBoundingClientRect();
  return [...document.querySelectorAll("#rules-panel .card-value")].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width === 0 || r.left < panel.left - 0.5 || r.right > panel.right + 0.5;
  }).map((el) => el.textContent);
}

test("the house-rules editor: plain words, folded groups, search, changed rules and reset", { timeout: 120_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPlayer(browser, { width: 360, height: 800 });
    await page.goto(server.url);
    await page.waitForSelector("input[name=preset]", { state: "attached" });
    await openDetails(page, "#new-table");
    await page.click("#house-rules > summary");
    await page.waitForSelector("#rule-search");
    const height = await page.$eval("#house-rules", (el) => Math.round(el.getBoundingClientRect().height));
    console.log(`house rules editor at 360x800, groups folded: ${height} px tall`);
    assert.ok(height < 1000, `the folded editor is short (${height} px)`);
    const groups = await page.$$eval("#house-rules .rule-group", (els) => els.map((el) => ({ open: el.open, text: el.querySelector("summary").textContent })));
    assert.ok(groups.length >= 8 && groups.every((g) => !g.open && /\d+ rules?/.test(g.text)), "every group is folded, with its count");
    await screenshot(page, "house-rules-folded-360");

    // No engine identifier, raw range or enum name is shown, in any group.
    await page.$$eval("#house-rules .rule-group", (els) => els.forEach((el) => { el.open = true; }));
    const words = await page.evaluate(editorWords);
    assert.ok(words.length > 300, `the editor shows its rules (${words.length} texts)`);
    assert.deepEqual(words.filter((t) => ENGINE_NAME.test(t) || t.includes("(0..")), [], "no engine identifier on screen");
    assert.match(await page.textContent('[data-option="knocking"] .help'), /knock/i);
    assert.match(await page.textContent('[data-option="holes"] .help'), /From 0 to 1,000 holes\./);
    await screenshot(page, "house-rules-open-360");
    await page.$$eval("#house-rules .rule-group", (els) => els.forEach((el) => { el.open = false; }));

    // The search leaves only the rules with its words, in open groups; clearing it folds them again.
    await page.fill("#rule-search", "joker");
    const jokers = await page.evaluate(shownRules);
    assert.ok(jokers.length >= 3, `some rules are about jokers (${jokers.map((r) => r.name)})`);
    assert.deepEqual(jokers.filter((r) => !r.text.includes("joker")), [], "only rules about jokers are shown");
    assert.ok(!(await page.isVisible("#opt-holes")), "the number of holes is not about jokers");
    await page.fill("#rule-search", "no such words");
    assert.ok(await page.isVisible("#rule-search-none"), "an empty search says so");
    await page.fill("#rule-search", "");
    assert.ok(await page.$$eval("#house-rules .rule-group", (els) => els.every((el) => !el.open && !el.hidden)));

    // A changed rule is marked, with the preset's value; its group and the editor count it; reset undoes it.
    await page.click('[data-group="match"] > summary');
    const presetHoles = await page.inputValue("#opt-holes");
    await page.fill("#opt-holes", "3");
    assert.ok(await page.$eval('[data-option="holes"]', (el) => el.classList.contains("changed")));
    assert.equal(await page.textContent('[data-option="holes"] .preset-value'), `Preset: ${presetHoles} holes.`);
    assert.equal(await page.textContent('[data-group="match"] .group-changed'), "1 changed");
    assert.match(await page.textContent("#house-rules > summary"), /\(1 changed\)/);
    await page.click('[data-group="turns"] > summary');
    await page.selectOption("#opt-discard_flip", "optional");
    assert.equal(await page.$eval("#opt-discard_flip", (el) => el.selectedOptions[0].textContent), "You may");
    assert.match(await page.textContent("#house-rules > summary"), /\(2 changed\)/);
    await screenshot(page, "house-rules-changed-360");
    await page.click('[data-option="holes"] .reset-one');
    assert.equal(await page.inputValue("#opt-holes"), presetHoles, "reset puts back the preset's value");
    assert.ok(!(await page.$eval('[data-option="holes"]', (el) => el.classList.contains("changed"))));
    assert.match(await page.textContent("#house-rules > summary"), /\(1 changed\)/);
    await page.click("#reset-all");
    assert.match(await page.textContent("#house-rules > summary"), /the preset as it is/);
    assert.equal(await page.$$eval("#house-rules .option.changed", (els) => els.length), 0);

    // A value out of range is refused in words that name the rule.
    await page.click('[data-group="layout"] > summary');
    await page.fill("#opt-rows", "9");
    assert.match(await page.textContent('[data-option="rows"] .option-error'), /^Rows of cards must be from 1 to \d rows$/);
    await page.fill("#opt-rows", "2");

    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "house-rules-1280");
    const problems = await checkScreen(page, "house-rules");
    assert.deepEqual(problems, []);
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("the rules panel: only this game's rules, house rules in words, card values inside the panel", { timeout: 150_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    // Six-card with one house rule: nobody knocks or calls, so nothing is said of either.
    const ann = await newPlayer(browser);
    await createTable(ann, server.url, { name: "Ann", preset: "six-card", seats: 2, rules: { holes: "3" } });
    await openRulesPanel(ann);
    const six = await ann.textContent("#rules-panel");
    assert.match(six, /How to play\s*Everyone is dealt six cards/);
    assert.match(six, /House rule: Holes in a match: 3 holes \(the preset: \d+ holes\)\./);
    assert.doesNotMatch(six, /call|knock/i, "no caller or knocking rule where nobody knocks or calls");
    assert.doesNotMatch(six, ENGINE_NAME);
    await elementScreenshot(ann, "#rules-panel", "rules-panel-six-card-1280");
    // A house rule makes the match unrated, and the header says so; a preset as it is says nothing.
    assert.equal(await ann.textContent("#not-rated"), "not rated");

    // Cambio: each power, in words.
    const bob = await newPlayer(browser);
    await createTable(bob, server.url, { name: "Bob", preset: "cambio", seats: 2 });
    await openRulesPanel(bob);
    const cambio = await bob.textContent("#rules-panel");
    assert.match(cambio, /J: the player looks at one of their own cards\./);
    assert.match(cambio, /Q: the player looks at another player's card\./);
    assert.match(cambio, /K: the player swaps one of their cards with another player's, unseen\./);
    assert.match(cambio, /Joker: the player shuffles another player's face-down cards\./);
    assert.match(cambio, /None: the preset as it is/);
    assert.doesNotMatch(cambio, ENGINE_NAME);
    assert.equal(await bob.$("#not-rated"), null, "the preset's own rules are rated");

    // Four-card with jokers: every rank and the joker inside the panel, at 360 (a drawer) and at 1280 (a column).
    const cat = await newPlayer(browser, { width: 360, height: 800 });
    await createTable(cat, server.url, { name: "Cat", preset: "four-card-jokers", seats: 2 });
    for (const width of [360, 1280]) {
      await cat.setViewportSize({ width, height: 800 });
      await openRulesPanel(cat);
      assert.equal(await cat.$$eval("#rules-panel .card-value", (els) => els.length), 14, "thirteen ranks and the joker");
      assert.deepEqual(await cat.evaluate(valuesOutside), [], `the card values fit the panel at ${width} px`);
      await elementScreenshot(cat, "#rules-panel", `rules-panel-four-card-jokers-${width}`);
    }
    const problems = await checkScreen(cat, "rules-panel");
    assert.deepEqual(problems, []);
    for (const page of [ann, bob, cat]) assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
