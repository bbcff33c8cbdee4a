// Drives server.mjs as `golf load` drives golf-server: TABLES four-seat tables, each seat a client (Colyseus's own
// SDK) deciding from what it sees. A table moves one seat at a time; a move's latency runs from when it was sent to
// the last seat receiving its patch. Closed loop, or RATE moves per second over all tables (a table's next move
// waits for its last). The server's CPU comes from /proc/SERVER_PID/stat, as golf load reads golf-server's.
//   node load.mjs URL TABLES SECONDS SERVER_PID [RATE]     prints one JSON line (golf load's key names)
import { Client } from "@colyseus/sdk";
import { readFileSync } from "node:fs";

const [url, tablesText, secondsText, pidText, rateText] = process.argv.slice(2);
const tables = Number(tablesText);
const seconds = Number(secondsText);
const serverPid = Number(pidText);
const rate = rateText ? Number(rateText) : 0;
if (!url || !(tables > 0) || !(seconds > 0) || !(serverPid > 0) || rate < 0) {
  console.error("usage: node load.mjs URL TABLES SECONDS SERVER_PID [RATE]");
  process.exit(2);
}
const gapMs = rate ? (tables / rate) * 1000 : 0;
const latencies = [];
const rooms = [];
let moves = 0;
let errors = 0;
let firstError = "";
let measuring = false;

function error(what) {
  ++errors;
  if (!firstError) firstError = String(what);
}

function serverCpu() {  // seconds of user and system time
  const fields = readFileSync(`/proc/${serverPid}/stat`, "utf8").split(") ")[1].split(" ");
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

// A seat's bot: draw from the stock; put a low card (or a king) over its first face-down card, else discard it.
function nextAct(state, seat) {
  if (state.drawnFrom === 0) return { draw: "stock" };
  const me = state.players[seat];
  const slot = me.cards.findIndex((c) => !c.faceUp);
  if (slot >= 0 && (me.drawn.rank <= 6 || me.drawn.rank === 13)) return { place: slot };
  if (state.drawnFrom === 1) return { discard: true };
  return { place: Math.max(slot, 0) };
}

// The secrets at each table's first deal, before its first move: each seat then holds its two looked-at cards
// face down (the load's play soon replaces them, so a look at the end alone may find none).
const atDeal = { othersHidden: 0, ownLookedAt: 0 };
function firstDeal(seats) {
  const seen = secrets([seats]);
  atDeal.othersHidden += seen.othersHidden;
  atDeal.ownLookedAt += seen.ownLookedAt;
}

async function playTable() {
  const client = new Client(url);
  const seats = [await client.create("golf")];
  for (let i = 1; i < 4; ++i) seats.push(await client.joinById(seats[0].roomId));
  rooms.push(seats);
  let awaited = -1;  // the move count the move in flight brings; 0 with none in flight, -1 before the deal
  let sentAt = 0;
  let seen = 0;
  let nextAt = 0;
  const move = () => {
    const state = seats[0].state;
    awaited = state.moves + 1;
    seen = 0;
    sentAt = performance.now();
    seats[state.turn].send("act", nextAct(seats[state.turn].state, state.turn));
  };
  const schedule = () => {
    const now = performance.now();
    nextAt = Math.max(nextAt + gapMs, now);
    if (nextAt > now) setTimeout(move, nextAt - now);
    else setImmediate(move);
  };
  const dealt = () => seats.every((s) => s.state.players && s.state.players.length === 4);
  const begin = () => {  // once dealt: count the secrets as dealt, then play
    firstDeal(seats);
    awaited = 0;
    schedule();
  };
  for (const seat of seats) {
    seat.onError((code, message) => error(`room error ${code}: ${message}`));
    seat.onLeave((code) => error(`left the room (${code})`));
    seat.onStateChange((state) => {
      if (awaited === -1) {
        if (dealt()) begin();
        return;
      }
      if (awaited === 0 || state.moves !== awaited || ++seen < 4) return;
      awaited = 0;  // nothing in flight until the next move is sent
      if (measuring) {
        latencies.push(performance.now() - sentAt);
        ++moves;
      }
      schedule();
    });
  }
  if (awaited === -1 && dealt()) begin();  // the deal came with the last join, before any handler was there
}

// What a seat sees of the others' face-down cards (must be nothing) and of its own looked-at ones (two each), over
// the given tables.
function secrets(tablesSeen) {
  let othersHidden = 0;
  let ownLookedAt = 0;
  for (const seats of tablesSeen) {
    seats.forEach((room, seat) => {
      room.state.players.forEach((player, owner) => {
        for (const card of player.cards) {
          if (card.faceUp || card.rank === undefined) continue;
          if (owner === seat) ++ownLookedAt;
          else ++othersHidden;
        }
      });
    });
  }
  return { othersHidden, ownLookedAt };
}

await Promise.all(Array.from({ length: tables }, () => playTable().catch(error)));
await new Promise((r) => setTimeout(r, 2000));  // warm-up, as golf load's setup
const cpu0 = serverCpu();
const own0 = process.cpuUsage();
const t0 = performance.now();
measuring = true;
await new Promise((r) => setTimeout(r, seconds * 1000));
measuring = false;
const cpu1 = serverCpu();
const own = process.cpuUsage(own0);
const elapsed = (performance.now() - t0) / 1000;
latencies.sort((a, b) => a - b);
const quantile = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : 0);
const perMove = (s) => (moves ? (s * 1e6) / moves : 0);
const seen = secrets(rooms);
console.log(JSON.stringify({
  peer: "colyseus",
  tables,
  offered_per_s: rate || null,
  moves,
  moves_per_s: moves / elapsed,
  p50_ms: quantile(0.5),
  p99_ms: quantile(0.99),
  errors,
  first_error: firstError,
  server_cpu_us_per_move: perMove(cpu1.user - cpu0.user + cpu1.system - cpu0.system),
  server_cpu_system_us_per_move: perMove(cpu1.system - cpu0.system),
  client_cpu_us_per_move: perMove((own.user + own.system) / 1e6),
  others_face_down_seen: seen.othersHidden + atDeal.othersHidden,
  own_looked_at_seen: seen.ownLookedAt + atDeal.ownLookedAt,
}));
process.exit(0);
