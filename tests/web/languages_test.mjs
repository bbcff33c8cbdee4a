// The page in each language it has, as a player whose browser speaks it meets it, in the dark theme at 360 px: the
// start page, a table in play against a bot, its rules panel and the hole's review say nothing in English (names
// aside), nothing scrolls sideways (German words are long), axe-core finds nothing; Arabic is laid out right to
// left. Then the language changes in one click and is kept for the next visit. One server, one browser.
import assert from "node:assert/strict";
import test from "node:test";
import { accessibilityProblems, launchBrowser, openPanel, playOne, screenshot, seeded, startServer, until, WAIT_MS } from "./support.mjs";

const LANGUAGES = [["fr", "fr-FR"], ["de", "de-DE"], ["es", "es-ES"], ["pl", "pl-PL"], ["ms", "ms-MY"], ["ar", "ar-EG"]];

// Words that are English and no word of the other languages: one of them on the page is English left over.
const ENGLISH = /\b(the|your|you|turn|cards?|draw|discard|player|seats?|hole|play|rules|with|this|waiting|sign|and|of|next)\b/i;

async function englishOn(page, names) {
  const text = await page.evaluate(() => document.body.innerText);
  return text
    .split("\n")
    .map((line) => names.reduce((l, name) => l.replaceAll(name, ""), line))
    .filter((line) => ENGLISH.test(line));
}

// The checks of one screen: English left, sideways scroll at 360 px, axe-core; and its screenshot.
async function checkLanguage(page, lang, screen, names) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await screenshot(page, `language-${lang}-${screen}`);
  const problems = (await englishOn(page, names)).map((line) => `${lang} ${screen}: English "${line}"`);
  const scroll = await page.evaluate(() => document.scrollingElement.scrollWidth);
  if (scroll > 360) problems.push(`${lang} ${screen}: the page scrolls sideways (${scroll} px wide)`);
  for (const problem of await accessibilityProblems(page)) problems.push(`${lang} ${screen}: ${problem}`);
  return problems;
}

async function playHole(page, seed) {
  const random = seeded(seed);
  const deadline = Date.now() + 60_000;
  while (!(await page.$("#hole-result"))) {
    assert.ok(Date.now() < deadline, "the hole did not end in time");
    if (!(await playOne(page, random))) await new Promise((r) => setTimeout(r, 40));
  }
}

test("each language's start page, table, rules and review, dark at 360 px", { timeout: 200_000 }, async () => {
  const server = await startServer([], { holeWait: true });
  const browser = await launchBrowser();
  const problems = [];
  try {
    for (const [i, [lang, locale]] of LANGUAGES.entries()) {
      const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale, colorScheme: "dark" });
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT_MS);
      const errors = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(server.url);
      await page.waitForSelector("#quick-preset option[value=four-card]", { state: "attached" });
      assert.equal(await page.getAttribute("html", "lang"), lang);
      assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
      problems.push(...(await checkLanguage(page, lang, "start", [])));

      await page.fill("#name", "Zoe");
      await page.selectOption("#quick-preset", "four-card");
      await page.selectOption("#quick-seats", "2");
      await page.click("#play-bots");
      await page.waitForSelector(".play .seat.me");
      const names = ["Zoe"];  // a server bot's name ("bot 1 (hard)") is said in the page's words
      problems.push(...(await checkLanguage(page, lang, "table", names)));
      // Wide, every side panel is in view (the moves, the chat, who is at the table, the rules, the shuffle check).
      for (const [width, height] of [[1280, 800], [1920, 1080]]) {
        await page.setViewportSize({ width, height });
        const english = await englishOn(page, names);
        problems.push(...english.map((line) => `${lang} table at ${width} px: English "${line}"`));
        if (lang === "ar") await screenshot(page, `language-ar-table-${width}`);
      }
      await page.setViewportSize({ width: 360, height: 800 });
      await openPanel(page, "rules");
      problems.push(...(await checkLanguage(page, lang, "rules", names)));
      await page.click("[data-key=close-panel]");  // the drawer covers the table at 360 px

      await playHole(page, 40 + i);
      await page.waitForSelector("#next-hole");
      problems.push(...(await checkLanguage(page, lang, "review", names)));
      assert.deepEqual(errors, [], `${lang}: no script errors`);
      await context.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("the language changes in one choice and is kept for the next visit", { timeout: 60_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForSelector("#play-bots");
    const english = await page.textContent("#play-bots");
    assert.ok((await englishOn(page, [])).length > 3, "the check for English words finds them on the English page");
    await page.selectOption(".language-picker", "pl");
    await until(async () => (await page.getAttribute("html", "lang")) === "pl", "the page in Polish");
    const polish = await page.textContent("#play-bots");
    assert.notEqual(polish, english);
    await page.reload();
    await page.waitForSelector("#play-bots");
    assert.equal(await page.getAttribute("html", "lang"), "pl");
    assert.equal(await page.textContent("#play-bots"), polish);
    assert.equal(await page.inputValue(".language-picker"), "pl");
    await page.selectOption(".language-picker", "en");
    await until(async () => (await page.textContent("#play-bots")) === english, "English again");
  } finally {
    await browser.close();
    await server.stop();
  }
});
