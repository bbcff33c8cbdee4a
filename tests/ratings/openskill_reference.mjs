// Prints what openskill.js's rate() (PlackettLuce, the default model) makes of a fixed set of matches, the reference
// weng_lin_test.cpp holds ratings/weng_lin.cpp to. Regenerate from this folder with:
//   npm ci && node openskill_reference.mjs > openskill_reference.txt
// Output, one match a line, numbers separated by spaces (shortest round-trip spelling, so strtod reads them back
// exactly): beta kappa tau limit_sigma(0|1) n, then mu sigma rank of each of the n players, then mu sigma after.
import { readFileSync } from 'node:fs'
import { rate, rating } from 'openskill'

const version = JSON.parse(readFileSync(new URL('./node_modules/openskill/package.json', import.meta.url))).version
const defaults = { beta: 25 / 6, kappa: 0.0001, tau: 25 / 300, limitSigma: false }

// mulberry32: a small seeded generator, so the "random" matches are the same on every run.
const generator = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const fresh = (n) => Array.from({ length: n }, () => [25, 25 / 3])
const matches = [
  // The hand-worked cases of weng_lin_test.cpp: two new players, then three with the last two tied.
  { players: fresh(2), ranks: [1, 2] },
  { players: fresh(3), ranks: [1, 2, 2] },
  { players: fresh(2), ranks: [2, 1] },
  { players: fresh(2), ranks: [1, 1] },
  { players: fresh(4), ranks: [3, 3, 3, 3] },
  // Unsorted, sparse and negative ranks: only their order may matter.
  { players: [[30, 2], [20, 6], [25, 4], [18, 8.3]], ranks: [7, -2, 7, 0] },
  { players: [[10, 1], [40, 1], [25, 8], [25, 0.5], [33, 3]], ranks: [5, 4, 3, 2, 1] },
  // An upset: the weakest, least certain player wins.
  { players: [[45, 1.5], [40, 2], [5, 7.9]], ranks: [3, 2, 1] },
  // Established players: tau makes their sigma grow; limit_sigma stops it.
  { players: [[25, 1], [25, 1]], ranks: [1, 2] },
  { players: [[25, 1], [25, 1]], ranks: [1, 2], options: { limitSigma: true } },
  { players: [[25, 1], [27, 0.9], [22, 6]], ranks: [2, 1, 2], options: { limitSigma: true } },
  // Without tau, and with a different beta and kappa.
  { players: [[25, 1], [25, 1], [31, 3.3]], ranks: [1, 2, 3], options: { tau: 0 } },
  { players: [[28, 4], [21, 5], [26, 2], [24, 7]], ranks: [2, 1, 4, 2], options: { beta: 2, kappa: 0.01 } },
  // The kappa floor: a very uncertain player last among seven certain ones.
  { players: [...Array.from({ length: 7 }, () => [25, 1]), [-100, 1000]], ranks: [1, 2, 3, 4, 5, 6, 7, 8] },
]

// Seeded matches of 2 to 8 players: mu in [0, 50), sigma in [0.5, 10), ranks drawn from 1..n so ties are common.
const random = generator(20110101)
for (let n = 2; n <= 8; n += 1) {
  for (let k = 0; k < 4; k += 1) {
    const players = Array.from({ length: n }, () => [50 * random(), 0.5 + 9.5 * random()])
    const ranks = Array.from({ length: n }, () => 1 + Math.floor(n * random()))
    matches.push({ players, ranks })
  }
}

console.log(`# openskill ${version}, rate() with PlackettLuce; written by openskill_reference.mjs, do not edit`)
console.log('# beta kappa tau limit_sigma n, mu sigma rank for each player, mu sigma after for each player')
for (const { players, ranks, options = {} } of matches) {
  const o = { ...defaults, ...options }
  const teams = players.map(([mu, sigma]) => [rating({ mu, sigma })])
  const after = rate(teams, { ...o, rank: ranks })
  const fields = [o.beta, o.kappa, o.tau, o.limitSigma ? 1 : 0, players.length]
  players.forEach(([mu, sigma], i) => fields.push(mu, sigma, ranks[i]))
  after.forEach(([p]) => fields.push(p.mu, p.sigma))
  console.log(fields.join(' '))
}
