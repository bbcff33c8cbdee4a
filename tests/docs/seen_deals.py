#!/usr/bin/env python3
"""What a player at a live golf-server saw of each hole's deal, for docs/examples/check_shuffle.mjs to re-derive.

Creates a table (PRESET, SEATS, HOLES holes) on URL, fills it with random server bots, plays seat 0 with the
Python example's player (clients/python/golf_player.py) to the end of the match, and writes one JSON object: the
table's rules and, per hole, its dealer and revealed seed, the commitment shown while it was played, and what was
seen before any card moved: the first discard, the stock's count, every card in a layout ("SEAT:POSITION": card)
and the first card drawn from the stock when seat 0 drew it. The object is the last line of the output.
PYTHONPATH must hold the generated golf/v1/*_pb2.py and clients/python. Exit status 0, or 1 with the reason.
"""

import argparse
import asyncio
import json
import random
import sys

import websockets

from golf.v1 import game_pb2, messages_pb2
from golf_player import Player

RANKS = "A23456789TJQK"
SUITS = "CDHS"
# Events after which every card is still where it was dealt (the deal itself; flips and looks reveal, nothing moves).
STILL = {game_pb2.EVENT_KIND_HOLE_DEALT, game_pb2.EVENT_KIND_FLIPPED, game_pb2.EVENT_KIND_PEEKED,
         game_pb2.EVENT_KIND_READY, game_pb2.EVENT_KIND_LOOKED, game_pb2.EVENT_KIND_DREW_STOCK}


def card_text(card):
    return "X" if card.rank == 0 else RANKS[card.rank - 1] + SUITS[card.suit - 1]


class Seer(Player):
    """The example's random player, noting what each hole showed before anything moved."""

    def __init__(self, ws, rng):
        super().__init__(ws, rng)
        self.holes = {}        # hole number -> what was seen
        self.read_hole = 0     # the last hole whose review we have read (NextHole sent)

    async def on_update(self, update):
        if update.HasField("hand") and update.hand.hole > 0:
            self.note(update)
        if update.state == messages_pb2.TABLE_STATE_BETWEEN_HOLES and update.hand.hole > self.read_hole:
            self.read_hole = update.hand.hole
            await self.send(next_hole=messages_pb2.NextHole())
        # Claims race the bots and may lose, which the example's player counts as refusals: this one never claims.
        moves = [a for a in update.hand.legal if a.kind != game_pb2.ACTION_KIND_CLAIM]
        if len(moves) < len(update.hand.legal):
            del update.hand.legal[:]
            update.hand.legal.extend(moves)
        return await super().on_update(update)

    def note(self, update):
        hand = update.hand
        seen = self.holes.setdefault(hand.hole, {"seen": {}, "moved": False, "draws": 0})
        if update.fairness.hole == hand.hole and update.fairness.commitment:
            seen["commitment"] = update.fairness.commitment.hex()
        for event in update.events:
            seen["moved"] |= event.kind not in STILL
            seen["draws"] += event.kind == game_pb2.EVENT_KIND_DREW_STOCK
        if seen["moved"]:
            return
        if seen["draws"] == 0:
            seen["first_discard"] = card_text(hand.top_discard) if hand.HasField("top_discard") else None
            seen["stock_count"] = hand.stock_count
        for seat, layout in enumerate(hand.seats):
            for position, p in enumerate(layout.positions):
                if p.HasField("card"):
                    seen["seen"][f"{seat}:{position}"] = card_text(p.card)
        if seen["draws"] == 1 and hand.holding and hand.HasField("held") and not hand.held_from_discard:
            seen["first_stock_card"] = card_text(hand.held)


def rules_json(rules):
    return {"base_packs": rules.base_packs, "extra_pack_above": list(rules.extra_pack_above.values),
            "jokers_per_pack": rules.jokers_per_pack, "rows": rules.rows, "cols": rules.cols,
            "initial_discard": rules.initial_discard}


async def record(args):
    async with websockets.connect(args.url, open_timeout=args.timeout) as ws:
        seer = Seer(ws, random.Random(args.seed))
        await seer.request(args.timeout, hello=messages_pb2.Hello(client_name="seen_deals.py", protocol_version=1,
                                                                  update_answers_act=True))
        table = messages_pb2.CreateTable(player_name="Seer", preset=args.preset, seats=args.seats)
        table.house_rules.holes = args.holes
        joined = (await seer.request(args.timeout, create_table=table)).table_joined
        for _ in range(args.seats - 1):
            await seer.request(args.timeout, add_bot=messages_pb2.AddBot(level=messages_pb2.BOT_LEVEL_RANDOM))
        await seer.request(args.timeout, start_match=messages_pb2.StartMatch())
        while not await seer.on_message(await seer.receive(args.timeout)):
            pass
        holes = []
        for hole in seer.latest.scorecard.holes:
            seen = seer.holes.get(hole.number, {})
            kept = {key: seen[key] for key in ("commitment", "first_discard", "stock_count", "first_stock_card", "seen")
                    if key in seen}  # a key left out was not seen before something moved
            holes.append({"hole": hole.number, "dealer": hole.dealer, "seed": hole.seed.hex(), **kept})
        return {"preset": args.preset, "players": args.seats, "rules": rules_json(joined.rules), "holes": holes}


def main():
    parser = argparse.ArgumentParser(description="Record what a player saw of each deal at a live golf-server.")
    parser.add_argument("--url", required=True)
    parser.add_argument("--preset", required=True)
    parser.add_argument("--seats", type=int, required=True)
    parser.add_argument("--holes", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30)
    args = parser.parse_args()
    try:
        print(json.dumps(asyncio.run(record(args))), flush=True)  # the last line: the player prints the scorecard
        return 0
    except Exception as e:  # noqa: BLE001 - the test prints the reason whatever it is
        print(f"seen_deals.py: {type(e).__name__}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
