#!/usr/bin/env node
// Checking a shuffle from the protocol guide's words alone (docs/protocol.md, "Checking a shuffle"): the
// commitment is SHA-256 of the seed's 8 big-endian bytes, and the deal follows from the seed, the ruleset and the
// seating. Plain Node.js 20, nothing but node:crypto.
//
//   node check_shuffle.mjs --rules RULES.json --players 4 --dealer 2 --seed 0x8c3f09d1a2b4e670
//
// RULES.json is what `golf rules PRESET --json` prints (or a ruleset with the protocol's field names); only
// base_packs, extra_pack_above, jokers_per_pack, rows, cols and initial_discard matter. It prints
// the deal as `golf deal --json` does: the commitment, each seat's layout, the first discard and the stock.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const MASK = (1n << 64n) - 1n;
const RANKS = "A23456789TJQK";
const SUITS = "CDHS";  // clubs, diamonds, hearts, spades: a pack's order

// SHA-256 of the seed's 8 bytes, big-endian, as lowercase hex: the commitment shown before the hole.
export function commitment(seed) {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(seed);
  return createHash("sha256").update(bytes).digest("hex");
}

// The unshuffled deck: pack after pack, each the four suits ace to king and then that pack's jokers ("X").
export function deck(rules, players) {
  const extra = (rules.extra_pack_above ?? []).filter((above) => players > above).length;
  const packs = (rules.base_packs ?? 1) + extra;
  const cards = [];
  for (let pack = 0; pack < packs; ++pack) {
    for (const suit of SUITS) for (const rank of RANKS) cards.push(rank + suit);
    for (let j = 0; j < (rules.jokers_per_pack ?? 0); ++j) cards.push("X");
  }
  return cards;
}

const rotl = (x, k) => ((x << BigInt(k)) | (x >> BigInt(64 - k))) & MASK;

// xoshiro256** whose four words come from splitmix64 started at the seed.
export class Xoshiro256 {
  constructor(seed) {
    let s = BigInt.asUintN(64, seed);
    this.state = [0n, 0n, 0n, 0n].map(() => {
      s = (s + 0x9e3779b97f4a7c15n) & MASK;
      let z = s;
      z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
      z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
      return z ^ (z >> 31n);
    });
  }

  next() {
    const s = this.state;
    const result = (rotl((s[1] * 5n) & MASK, 7) * 9n) & MASK;
    const t = (s[1] << 17n) & MASK;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
  }

  // Uniform in [0, bound) without bias (Lemire): the high word of next() * bound, drawing again while the low word
  // is below 2^64 mod bound.
  below(bound) {
    const b = BigInt(bound);
    const threshold = ((1n << 64n) - b) % b;
    for (;;) {
      const product = this.next() * b;
      if ((product & MASK) >= threshold) return Number(product >> 64n);
    }
  }
}

// Fisher-Yates from the last card down: the card at i - 1 trades places with the one at below(i), for i from the
// deck's length down to 2.
export function shuffle(cards, random) {
  for (let i = cards.length; i > 1; --i) {
    const j = random.below(i);
    [cards[i - 1], cards[j]] = [cards[j], cards[i - 1]];
  }
  return cards;
}

// The hole's deal: cards leave from the end of the shuffled deck one at a time, to the seat on the dealer's left
// first, filling each seat's positions in row-major order; then the next card starts the discard pile.
export function deal(rules, players, dealer, seed) {
  const stock = shuffle(deck(rules, players), new Xoshiro256(seed));
  const slots = rules.rows * rules.cols;
  const layouts = Array.from({ length: players }, () => []);
  for (let slot = 0; slot < slots; ++slot)
    for (let i = 1; i <= players; ++i) layouts[(dealer + i) % players].push(stock.pop());
  const discard = rules.initial_discard === false ? null : stock.pop();
  return { seed, commitment: commitment(seed), layouts, discard, stock: stock.reverse() };  // stock: top first
}

// A layout as `golf deal` writes it: rows top to bottom separated by " / ".
export function layoutText(cards, cols) {
  const rows = [];
  for (let at = 0; at < cards.length; at += cols) rows.push(cards.slice(at, at + cols).join(" "));
  return rows.join(" / ");
}

function main(argv) {
  const flags = {};
  for (let i = 0; i < argv.length; i += 2) flags[argv[i].replace(/^--/, "")] = argv[i + 1];
  if (!flags.rules || !flags.players || !flags.dealer || !flags.seed) {
    console.error("usage: check_shuffle.mjs --rules RULES.json --players N --dealer SEAT --seed SEED");
    return 2;
  }
  const given = JSON.parse(readFileSync(flags.rules, "utf8"));
  const rules = given.rules ?? given;  // golf rules --json wraps the options in "rules"
  const d = deal(rules, Number(flags.players), Number(flags.dealer), BigInt(flags.seed));
  console.log(JSON.stringify({
    seed: d.seed.toString(16).padStart(16, "0"),
    commitment: d.commitment,
    layouts: d.layouts.map((cards) => layoutText(cards, rules.cols)),
    discard: d.discard,
    stock: d.stock,
  }));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
