"""The home-game web table end to end (examples/home_game): the server on 127.0.0.1 at a free
port, websocket clients playing random legal actions. No client may ever receive another
seat's hidden card; chips are conserved; malformed and out-of-turn messages get an error reply
and the game goes on."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from examples.home_game.server import MOST_MESSAGE, HomeGame, create_app

TIMEOUT = 20.0  # seconds any one client may wait for a message


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serving(game: HomeGame) -> Iterator[str]:
    """Run ``game`` on 127.0.0.1 at a free port, in a thread; yield its websocket URL."""
    port = _free_port()
    config = uvicorn.Config(
        create_app(game), host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + TIMEOUT
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"ws://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(TIMEOUT)


def random_move(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action from a view's buttons."""
    move = dict(rng.choice(view["legal"]))
    name = move["action"]
    if "min" in move and name != "discard":
        low, high, step = move["min"], move["max"], move.get("step", 1)
        return {
            "type": "act",
            "action": name,
            "amount": low + step * rng.randint(0, (high - low) // step),
        }
    if name == "discard":
        me = next(s for s in view["seats"] if s["seat"] == view["seat"])
        held = me["down"] + me["up"]
        count = rng.randint(1, min(move["max"], len(held)))
        return {"type": "act", "action": name, "cards": rng.sample(held, count)}
    return {"type": "act", "action": name}


class Player:
    """One websocket client: it sits, then answers its turns with random legal actions and
    keeps every view it receives."""

    def __init__(self, url: str, seed: int) -> None:
        self.url, self.rng = url, random.Random(seed)
        self.seat: int | None = None
        self.views: list[dict[str, Any]] = []
        self.errors: list[str] = []

    async def receive(self, ws: ClientConnection) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        return message

    async def play(self) -> None:
        async with connect(self.url + "/ws") as ws:
            await ws.send(json.dumps({"type": "sit"}))
            while True:
                message = await self.receive(ws)
                if message["type"] == "seated":
                    self.seat = message["seat"]
                elif message["type"] == "error":
                    self.errors.append(message["message"])
                elif message["type"] == "over":
                    return
                elif message["type"] == "state":
                    view = message["view"]
                    self.views.append(view)
                    if view["actor"] == self.seat and view["legal"]:
                        await ws.send(json.dumps(random_move(view, self.rng)))


def _hole_cards(players: list[Player]) -> dict[tuple[int, int], set[str]]:
    """Each (hand, seat)'s face-down cards, as its own views named them."""
    holes: dict[tuple[int, int], set[str]] = defaultdict(set)
    for player in players:
        for view in player.views:
            for s in view["seats"]:
                if s["seat"] == player.seat and s.get("down"):
                    holes[view["hand"], s["seat"]].update(s["down"])
    return holes


def _check_views(players: list[Player]) -> int:
    """No view names another seat's hidden card before that seat shows it; chips in every
    view add up to the chips in play. The hands completed."""
    holes = _hole_cards(players)
    finished = set()
    for player in players:
        for view in player.views:
            named: set[str] = set(view["board"])
            for s in view["seats"]:
                named.update(s.get("up") or [])
                if s["seat"] != player.seat:
                    if s.get("down") is not None:
                        assert s["shown"], f"seat {player.seat} was sent seat {s['seat']}'s cards"
                    else:
                        named_hidden = holes[view["hand"], s["seat"]] & named
                        assert not named_hidden, f"seat {player.seat} saw {named_hidden}"
            if view.get("seats") and "stack" in view["seats"][0]:
                total = sum(s["stack"] for s in view["seats"]) + view["pot"]
                assert total == view["chips_in_play"], "chips were not conserved"
            if view["complete"] and "street" in view:
                finished.add(view["hand"])
                won = sum(sum(p["payouts"].values()) for p in view["pots"])
                assert won == sum(p["amount"] for p in view["pots"])
    return len(finished)


def test_six_websocket_clients_play_200_hands_and_never_see_a_hidden_card() -> None:
    game = HomeGame("no-limit hold'em", players=6, humans=6, bots=False, hands=200, seed=1)
    with serving(game) as url:
        players = [Player(url, seed) for seed in range(6)]

        async def everyone() -> None:
            await asyncio.wait_for(asyncio.gather(*(p.play() for p in players)), 240)

        asyncio.run(everyone())
    assert sorted(p.seat for p in players if p.seat is not None) == list(range(6))
    assert game.number == 200 and game.over
    assert _check_views(players) == 200
    table = game.table
    assert table.hands == 200
    assert table.brought_in == table.chips + table.taken_out + table.raked
    assert not any(p.errors for p in players), "a random legal action was refused"


@pytest.mark.parametrize(
    ("variant", "players"), [("seven-card stud", 4), ("deuce-to-seven triple draw", 3)]
)
def test_stud_and_draw_games_play_through_the_websocket(variant: str, players: int) -> None:
    game = HomeGame(variant, players=players, humans=players, bots=False, hands=15, seed=2)
    with serving(game) as url:
        clients = [Player(url, 10 + k) for k in range(players)]

        async def everyone() -> None:
            await asyncio.wait_for(asyncio.gather(*(p.play() for p in clients)), 120)

        asyncio.run(everyone())
    assert _check_views(clients) == 15
    assert not any(p.errors for p in clients)


async def _expect_error(
    ws: ClientConnection, text: str, views: list[dict[str, Any]] | None = None
) -> str:
    """Send ``text`` and return the error reply (keeping any view received meanwhile)."""
    await ws.send(text)
    for _ in range(50):
        message = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        if message["type"] == "state" and views is not None:
            views.append(message["view"])
        if message["type"] == "error":
            reply: str = message["message"]
            return reply
    raise AssertionError("no error reply")


def test_malformed_and_out_of_turn_messages_get_an_error_and_hurt_nothing() -> None:
    game = HomeGame("limit hold'em", players=3, humans=1, bots=True, hands=3, seed=3)
    with serving(game) as url:

        async def probe() -> list[str]:
            async with connect(url + "/ws") as ws:
                replies = [await _expect_error(ws, '{"type": "act", "action": "fold"}')]
                for text in (
                    "not json",
                    "[1, 2]",
                    '{"type": "dance"}',
                    "x" * (MOST_MESSAGE + 1),
                    '{"type": "sit", "seat": 99}',
                    '{"type": "sit", "seat": true}',
                ):
                    replies.append(await _expect_error(ws, text))
                await ws.send(json.dumps({"type": "sit", "seat": 0}))
                seen: list[dict[str, Any]] = []
                replies.append(await _expect_error(ws, '{"type": "sit"}', seen))
                # the bots play until it is our turn
                view: dict[str, Any] | None = seen[-1] if seen else None
                while view is None or view["actor"] != 0:
                    message = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                    if message["type"] == "state":
                        view = message["view"]
                for text in (
                    '{"type": "act", "action": "raise", "amount": "lots"}',
                    '{"type": "act", "action": "raise", "amount": 1}',
                    '{"type": "act", "action": "discard", "cards": ["Zz"]}',
                    '{"type": "act", "action": "jump"}',
                    '{"type": "act", "action": "bet", "amount": 10}',
                ):
                    replies.append(await _expect_error(ws, text))
                # the hand goes on: a legal action is still accepted
                await ws.send(json.dumps(random_move(view, random.Random(1))))
                # play the rest out by calling and checking
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                    if message["type"] == "over":
                        return replies
                    if message["type"] == "state" and message["view"]["actor"] == 0:
                        await ws.send(json.dumps(random_move(message["view"], random.Random(2))))

        replies = asyncio.run(probe())
    assert replies[0] == "sit down first"
    assert "JSON" in replies[1] and "JSON" in replies[2]
    assert "unknown message type 'dance'" in replies[3]
    assert "at most" in replies[4]
    assert "not free" in replies[5] and "not free" in replies[6]
    assert "already sit" in replies[7]
    assert "whole number" in replies[8]
    assert "cannot raise" in replies[9] and "legal" in replies[9]
    assert "Zz" in replies[10] or "card" in replies[10]
    assert "unknown action 'jump'" in replies[11]
    assert "cannot bet" in replies[12] or "legal" in replies[12]
    assert game.number == 3 and game.table.hands == 3
    table = game.table
    assert table.brought_in == table.chips + table.taken_out + table.raked


def test_out_of_turn_action_is_refused() -> None:
    game = HomeGame("no-limit hold'em", players=2, humans=2, bots=False, hands=1, seed=4)
    with serving(game) as url:

        async def two() -> str:
            async with connect(url + "/ws") as a, connect(url + "/ws") as b:
                await a.send(json.dumps({"type": "sit", "seat": 0}))
                await b.send(json.dumps({"type": "sit", "seat": 1}))
                views: dict[int, dict[str, Any]] = {}
                for seat, ws in ((0, a), (1, b)):
                    while seat not in views:  # until the first hand is dealt
                        message = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                        if message["type"] == "state" and "street" in message["view"]:
                            views[seat] = message["view"]
                actor = views[0]["actor"]
                idle = b if actor == 0 else a
                return await _expect_error(idle, '{"type": "act", "action": "call"}')

        reply = asyncio.run(two())
    assert reply.startswith("it is not your turn")
    hand = game.hand
    assert hand is not None and not hand.is_complete
    assert not any(e.__class__.__name__ == "Acted" for e in hand.log)  # nobody has acted
