// The protocol guide's shuffle check (docs/examples/check_shuffle.mjs, written from the guide's words) against
// `golf deal` for every preset at 2, 4 and 6 players, three seeds each, and against the holes a live golf-server
// dealt: what a player saw of each deal before anything moved, and the commitment shown during the hole.
// GOLF_CLI and GOLF_SERVER name the built programs; GOLF_PYTHON (Debian's, with python3-protobuf and
// python3-websockets) runs tests/docs/seen_deals.py, which finds the generated protocol code and the Python example
// on GOLF_PYTHONPATH.
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { commitment, deal, layoutText } from "../../docs/examples/check_shuffle.mjs";
import { spawnServer, stopServer } from "../support/server_process.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const { GOLF_CLI, GOLF_SERVER, GOLF_PYTHON = "/usr/bin/python3", GOLF_PYTHONPATH } = process.env;
const COUNTS = [2, 4, 6];
const SEEDS = [0x0123456789abcdefn, 0x8c3f09d1a2b4e670n, 0xfffffffffffffff5n];
const HOLES = 3;  // each live match: three holes (three seeds), fewer at a score limit, more for a tie played off

const golf = (...args) => JSON.parse(execFileSync(GOLF_CLI, args.map(String), { encoding: "utf8" }));
const presets = () => golf("rules", "--json").presets.map((p) => p.name);
const rulesOf = (preset) => golf("rules", preset, "--json").rules;
const allows = (rules, players) => players >= rules.min_players && players <= rules.max_players;

test("the guide's deal is golf deal's for every preset at 2, 4 and 6 players, three seeds each", (t) => {
  let deals = 0;
  for (const preset of presets()) {
    const rules = rulesOf(preset);
    for (const players of COUNTS) {
      if (!allows(rules, players)) {
        t.diagnostic(`${preset} does not allow ${players} players: skipped`);
        continue;
      }
      for (const [i, seed] of SEEDS.entries()) {
        const dealer = (2 * i + 1) % players;
        const hex = `0x${seed.toString(16).padStart(16, "0")}`;
        const expected = golf("deal", "--rules", preset, "--players", players, "--dealer", dealer, "--seed", hex, "--json");
        const d = deal(rules, players, dealer, seed);
        const got = { commitment: d.commitment, layouts: d.layouts.map((l) => layoutText(l, rules.cols)),
                      discard: d.discard, stock: d.stock };
        const { seed: _, ...want } = expected;
        assert.deepEqual(got, want, `${preset}, ${players} players, dealer ${dealer}, seed ${hex}`);
        ++deals;
      }
    }
  }
  assert.ok(deals >= 14 * 9, `only ${deals} deals checked`);
});

// The guide's commands, as a reader would type them.
test("the guide's example command prints golf deal's deal", () => {
  const dir = mkdtempSync(join(tmpdir(), "golf-docs-test-"));
  try {
    const rules = join(dir, "eight-card.json");
    writeFileSync(rules, execFileSync(GOLF_CLI, ["rules", "eight-card", "--json"]));
    const deal = ["--players", "4", "--dealer", "2", "--seed", "0x8c3f09d1a2b4e670"];
    const example = JSON.parse(execFileSync(process.execPath, [join(here, "../../docs/examples/check_shuffle.mjs"),
                                                                 "--rules", rules, ...deal], { encoding: "utf8" }));
    assert.deepEqual(example, golf("deal", "--rules", "eight-card", ...deal, "--json"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// golf-server on a free loopback port with a database of its own; bots move at once.
async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), "golf-docs-test-"));
  const { child, port } = await spawnServer(GOLF_SERVER, ["--db", join(dir, "golf.db"), "--bot-delay-ms", "0"]);
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    async stop() {
      await stopServer(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// One match played to its end at a live server: what seat 0 saw of each hole (tests/docs/seen_deals.py).
async function playAndRecord(url, preset, players) {
  const { stdout } = await promisify(execFile)(
    GOLF_PYTHON, [join(here, "seen_deals.py"), "--url", url, "--preset", preset, "--seats", String(players), "--holes", String(HOLES)],
    { env: { ...process.env, PYTHONPATH: GOLF_PYTHONPATH }, timeout: 90_000 });
  return JSON.parse(stdout.trim().split("\n").at(-1));
}

// Every fact seen of one hole against the guide's deal from its revealed seed; returns how many cards were compared.
function checkHole(match, hole) {
  const where = `${match.preset}, ${match.players} players, hole ${hole.hole}`;
  const seed = BigInt(`0x${hole.seed}`);
  const d = deal(match.rules, match.players, hole.dealer, seed);
  assert.equal(hole.commitment, commitment(seed), `${where}: the commitment shown during the hole`);
  let cards = 0;
  if ("first_discard" in hole) {
    assert.equal(hole.first_discard, d.discard, `${where}: the first discard`);
    assert.equal(hole.stock_count, d.stock.length, `${where}: the stock's count`);
    cards += d.discard !== null;
  }
  if ("first_stock_card" in hole) {
    assert.equal(hole.first_stock_card, d.stock[0], `${where}: the first card drawn from the stock`);
    ++cards;
  }
  for (const [at, card] of Object.entries(hole.seen ?? {})) {
    const [seat, position] = at.split(":").map(Number);
    assert.equal(card, d.layouts[seat][position], `${where}: seat ${seat}'s card at position ${position}`);
    ++cards;
  }
  return cards;
}

test("the guide's deal is what a live golf-server dealt, for every preset at 2, 4 and 6 players", async (t) => {
  const server = await startServer();
  try {
    const jobs = [];
    for (const preset of presets()) {
      const rules = rulesOf(preset);
      for (const players of COUNTS) {
        if (allows(rules, players)) jobs.push([preset, players]);
        else t.diagnostic(`${preset} does not allow ${players} players: skipped`);
      }
    }
    let holes = 0, cards = 0;
    for (let at = 0; at < jobs.length; at += 3) {  // three tables at a time
      const matches = await Promise.all(jobs.slice(at, at + 3).map(([p, n]) => playAndRecord(server.url, p, n)));
      for (const match of matches) {
        // A match may end sooner (a score limit) or go on past its holes (a tie played off, as Cactus does).
        assert.ok(match.holes.length >= 1, `${match.preset}, ${match.players} players: no hole was played`);
        for (const hole of match.holes) cards += checkHole(match, hole);
        holes += match.holes.length;
      }
    }
    t.diagnostic(`${holes} holes, ${cards} cards seen before anything moved`);
    assert.ok(cards >= holes, `only ${cards} cards compared over ${holes} holes`);
  } finally {
    await server.stop();
  }
});
