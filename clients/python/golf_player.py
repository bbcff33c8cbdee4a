#!/usr/bin/env python3
"""A small third-party golf-server client: joins a table by its code and plays legal moves until the match ends.

Written from the protocol guide (docs/protocol.md) and the proto/golf/v1/*.proto files alone. It needs
Debian's python3-websockets and python3-protobuf, and the Python code protoc generates from the .proto files:

    protoc --python_out=OUT -I proto proto/golf/v1/*.proto
    PYTHONPATH=OUT python3 golf_player.py --url ws://127.0.0.1:8080/ws --join K7QM2X

Exit status: 0 when the match is over, 1 when the server refuses us, goes away or falls silent, 2 bad arguments.
"""

import argparse
import asyncio
import random
import sys
import urllib.parse

import websockets

from golf.v1 import messages_pb2

# Errors that only mean our view was behind: a newer TableUpdate is on its way.
BEHIND = {messages_pb2.ERROR_CODE_STALE, messages_pb2.ERROR_CODE_NOT_YOUR_TURN}


class Failure(Exception):
    """The server refused us or went away."""


class Elsewhere(Exception):
    """The table is played on another node (ERROR_CODE_TABLE_ELSEWHERE)."""

    def __init__(self, node):
        super().__init__(f"the table is played on node {node}")
        self.node = node


class Player:
    def __init__(self, ws, rng):
        self.ws = ws
        self.rng = rng
        self.next_id = 1
        self.seat = -1
        self.latest = None    # the latest TableUpdate: the whole table as we may see it
        self.acted_on = None  # the hand_version we last sent a move for
        self.refusals = 0

    async def send(self, **body):
        """Sends a ClientMessage with one body field set, e.g. send(hello=...); returns its request_id."""
        message = messages_pb2.ClientMessage(request_id=self.next_id, **body)
        self.next_id += 1
        await self.ws.send(message.SerializeToString())  # always a binary frame
        return message.request_id

    async def receive(self, timeout):
        frame = await asyncio.wait_for(self.ws.recv(), timeout)
        message = messages_pb2.ServerMessage()
        message.ParseFromString(frame)
        return message

    async def request(self, timeout, **body):
        """Sends a request and returns its reply, handling pushes that arrive first."""
        request_id = await self.send(**body)
        while True:
            message = await self.receive(timeout)
            if message.request_id == request_id:
                if message.WhichOneof("body") == "error":
                    if message.error.code == messages_pb2.ERROR_CODE_TABLE_ELSEWHERE and message.error.node:
                        raise Elsewhere(message.error.node)
                    raise Failure(f"refused: {messages_pb2.ErrorCode.Name(message.error.code)}: "
                                     f"{message.error.message}")
                return message
            await self.on_message(message)

    async def on_message(self, message):
        kind = message.WhichOneof("body")
        if kind == "table_update":
            return await self.on_update(message.table_update)
        if kind == "error":  # the reply to one of our moves
            if message.error.code not in BEHIND:
                print(f"move refused: {message.error.message}", flush=True)
                self.refusals += 1
                if self.refusals > 10:
                    raise Failure("too many moves refused")
                self.acted_on = None  # choose again from the same view
                if self.latest is not None:
                    return await self.on_update(self.latest)
        elif kind == "chat":
            print(f"chat: {message.chat.name}: {message.chat.text}", flush=True)
        elif kind == "closing":
            raise Failure(f"the server closed the connection: {message.closing.reason}")
        return False

    async def on_update(self, update):
        """Plays when the update lists moves for us; returns True once the match is over."""
        self.latest = update
        if update.state == messages_pb2.TABLE_STATE_FINISHED:
            print_scorecard(update)
            return True
        hand = update.hand
        if (update.state == messages_pb2.TABLE_STATE_PLAYING and update.HasField("hand") and hand.legal
                and update.hand_version != self.acted_on):
            move = self.rng.choice(hand.legal)
            self.acted_on = update.hand_version
            await self.send(act=messages_pb2.Act(action=move, hand_version=update.hand_version))
        return False


def print_scorecard(update):
    names = [seat.name or f"seat {seat.seat}" for seat in update.seats]
    print("hole  " + "  ".join(f"{n:>8}" for n in names))
    for hole in update.scorecard.holes:
        print(f"{hole.number:<4}  " + "  ".join(f"{s:>8}" for s in hole.scores))
    print("total " + "  ".join(f"{t:>8}" for t in update.scorecard.totals))
    print("winners: " + ", ".join(names[w] for w in update.scorecard.winners), flush=True)


def with_node(url, node):
    """The same URL with its node query parameter set: the proxy in front of several nodes routes it there."""
    parts = urllib.parse.urlsplit(url)
    query = [(k, v) for k, v in urllib.parse.parse_qsl(parts.query) if k != "node"] + [("node", node)]
    return urllib.parse.urlunsplit(parts._replace(path=parts.path or "/ws", query=urllib.parse.urlencode(query)))


async def play(args):
    # Several nodes: a table played on another one is answered by TABLE_ELSEWHERE naming it; connect there.
    url = args.url
    for _ in range(3):
        try:
            return await play_at(url, args)
        except Elsewhere as moved:
            print(f"the table is played on node {moved.node}: connecting there", flush=True)
            url = with_node(args.url, moved.node)
    raise Failure("the table kept moving between nodes")


async def play_at(url, args):
    async with websockets.connect(url, open_timeout=args.timeout) as ws:
        player = Player(ws, random.Random(args.seed))
        # update_answers_act: an accepted move is answered by the TableUpdate it causes (on_message handles it
        # like any update) instead of an Ok; a refused one still gets its Error.
        welcome = await player.request(args.timeout, hello=messages_pb2.Hello(client_name="golf_player.py",
                                                                                protocol_version=1,
                                                                                update_answers_act=True))
        print(f"connected to golf-server {welcome.welcome.server_version}", flush=True)
        joined = await player.request(args.timeout,
                                      join_table=messages_pb2.JoinTable(code=args.join, player_name=args.name))
        player.seat = joined.table_joined.seat
        print(f"joined table {joined.table_joined.code} at seat {player.seat} "
              f"({joined.table_joined.preset})", flush=True)
        while True:
            if await player.on_message(await player.receive(args.timeout)):
                return 0


def main():
    parser = argparse.ArgumentParser(description="Join a golf-server table and play it to the end of the match.")
    parser.add_argument("--url", required=True, help="the server's WebSocket, e.g. ws://127.0.0.1:8080/ws")
    parser.add_argument("--join", required=True, metavar="CODE", help="the table's 6-character code")
    parser.add_argument("--name", default="python", help="the name shown at the table")
    parser.add_argument("--seed", type=int, default=None, help="seed for the random choice of moves")
    parser.add_argument("--timeout", type=float, default=60, help="longest wait for anything, in seconds")
    args = parser.parse_args()
    try:
        return asyncio.run(play(args))
    except asyncio.TimeoutError:
        print(f"golf_player.py: nothing arrived within {args.timeout} s", file=sys.stderr)
    except (OSError, websockets.exceptions.WebSocketException) as e:
        print(f"golf_player.py: {e}", file=sys.stderr)
    except Failure as e:
        print(f"golf_player.py: {e}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
