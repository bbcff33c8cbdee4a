// The peer golf-server's cost per move is measured against (docs/PERFORMANCE.md): Colyseus 0.18 playing
// four-seat six-card Golf as a Colyseus developer would write it. Each seat's hidden cards are filtered by its own
// StateView, a patch is broadcast after every move, nothing is persisted. The rules are the load's, not the whole
// game: a turn draws from the stock or the discard pile, then places the card over one of six (which turns face up)
// or discards it; a hole ends when a player's six are face up or the stock is out, and the next is dealt.
//   node server.mjs [PORT]    prints "listening on 127.0.0.1:PORT pid PID" (PORT 0 or none: any free port);
//                             DEBUG=1 logs every move
import { Server, Room } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { schema, t, StateView } from "@colyseus/schema";

// A card's rank and suit reach only the views it was added to: its owner's once looked at, everyone's once face up.
const Card = schema({ rank: t.uint8().view(), suit: t.uint8().view(), faceUp: t.boolean() }, "Card");
const Player = schema({ cards: t.array(Card), drawn: t.ref(Card), score: t.int16() }, "Player");
const Shown = schema({ rank: t.uint8(), suit: t.uint8() }, "Shown");
const GolfState = schema(
  {
    players: t.array(Player),
    discard: t.ref(Shown),
    stock: t.uint8(),
    turn: t.uint8(),
    drawnFrom: t.uint8(), // 0: nothing drawn yet, 1: the stock, 2: the discard pile
    moves: t.uint32(),
    hole: t.uint16(),
  },
  "GolfState",
);

const points = (rank) => (rank === 13 ? 0 : rank > 10 ? 10 : rank); // king 0, queen and jack 10, ace 1

class GolfRoom extends Room {
  maxClients = 4;
  onCreate() {
    this.state = new GolfState();
    Object.assign(this.state, { stock: 0, turn: 0, drawnFrom: 0, moves: 0, hole: 0 });
    this.setPatchRate(null); // a patch after every move, not on a timer
    this.onMessage("act", (client, act) => this.act(client, act));
  }
  onJoin(client) {
    client.view = new StateView();
    if (this.clients.length === 4) {
      this.lock();
      this.deal();
      this.broadcastPatch();
    }
  }
  seat(client) {
    return this.clients.indexOf(client);
  }
  showAll(card) {
    for (const c of this.clients) c.view.add(card);
  }
  deal() {
    const deck = [];
    for (let suit = 0; suit < 4; ++suit) for (let rank = 1; rank <= 13; ++rank) deck.push({ rank, suit });
    for (let i = deck.length - 1; i > 0; --i) {
      const j = Math.floor(Math.random() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    this.deck = deck;
    const s = this.state;
    s.players.clear();
    this.clients.forEach((client, seat) => {
      const p = new Player();
      p.score = 0;
      for (let i = 0; i < 6; ++i) {
        const card = new Card(this.deck.pop());
        card.faceUp = false;
        p.cards.push(card);
      }
      s.players.push(p);
      client.view.add(p.cards[0]); // each player looks at two of its own
      client.view.add(p.cards[1]);
    });
    s.discard = new Shown(this.deck.pop());
    s.stock = this.deck.length;
    s.turn = s.hole % 4;
    s.drawnFrom = 0;
    s.hole += 1;
  }
  act(client, act) {
    const s = this.state;
    const seat = this.seat(client);
    if (process.env.DEBUG) console.log("act", seat, s.turn, JSON.stringify(act), s.drawnFrom);  // DEBUG=1
    if (seat !== s.turn || !act) return;
    const p = s.players[seat];
    if (s.drawnFrom === 0 && act.draw === "stock") {
      const card = new Card(this.deck.pop());
      card.faceUp = false;
      p.drawn = card;
      client.view.add(card); // the drawer alone sees it
      s.stock = this.deck.length;
      s.drawnFrom = 1;
    } else if (s.drawnFrom === 0 && act.draw === "discard") {
      const card = new Card({ rank: s.discard.rank, suit: s.discard.suit });
      card.faceUp = true;
      p.drawn = card;
      this.showAll(card);
      s.drawnFrom = 2;
    } else if (s.drawnFrom !== 0 && Number.isInteger(act.place) && act.place >= 0 && act.place < 6) {
      const old = p.cards[act.place];
      const card = new Card({ rank: p.drawn.rank, suit: p.drawn.suit });
      card.faceUp = true;
      p.cards[act.place] = card;
      this.showAll(card);
      s.discard = new Shown({ rank: old.rank, suit: old.suit });
      this.endTurn(p);
    } else if (s.drawnFrom === 1 && act.discard) {
      s.discard = new Shown({ rank: p.drawn.rank, suit: p.drawn.suit });
      this.endTurn(p);
    } else {
      return;
    }
    s.moves += 1;
    this.broadcastPatch();
  }
  endTurn(p) {
    const s = this.state;
    p.drawn = undefined;
    s.drawnFrom = 0;
    s.turn = (s.turn + 1) % 4;
    if (p.cards.every((c) => c.faceUp) || this.deck.length === 0) {
      for (const q of s.players) {
        q.score += q.cards.reduce((sum, c) => sum + points(c.rank), 0);
        for (const c of q.cards) if (!c.faceUp) { c.faceUp = true; this.showAll(c); }
      }
      this.deal();
    }
  }
}

const server = new Server({ transport: new WebSocketTransport(), greet: false });
server.define("golf", GolfRoom);
await server.listen(Number(process.argv[2] || 0), "127.0.0.1");
console.log(`listening on 127.0.0.1:${server.transport.server.address().port} pid ${process.pid}`);
