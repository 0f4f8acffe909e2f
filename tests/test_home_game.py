"""The home-game web table end to end (examples/home_game): the server on 127.0.0.1 at a free
port, websocket clients playing random legal actions. Every view a client receives is the
library's serialized seat view (it reads back with pokerrules.serialization); no client may
ever receive another seat's hidden card; chips are conserved; malformed and out-of-turn
messages get an error reply and the game goes on."""

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
from examples.home_game.views import parse_action
from pokerrules.actions import Call, Raise
from pokerrules.engine import ChooseRunouts
from pokerrules.errors import InvalidNotationError
from pokerrules.serialization import from_data
from pokerrules.views import HandView

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


def _value(message: dict[str, Any]) -> dict[str, Any] | None:
    """The seat view a state message holds (the value of its HandView document), if any."""
    document = message["view"]
    if document is None:
        return None
    assert document["schema"] == 1 and document["type"] == "HandView"
    value: dict[str, Any] = document["value"]
    return value


def _to_act(message: dict[str, Any], seat: int | None) -> bool:
    view = _value(message)
    return view is not None and view["actor"] == seat and view["legal"] is not None


def random_move(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action from the legal actions of a state message's view."""
    view = _value(message)
    assert view is not None
    legal = view["legal"]
    names = [n for n in ("fold", "check", "stand_pat", "show", "muck") if legal[n]]
    names += [n for n in ("call", "bring_in", "complete") if legal[n] is not None]
    spans = {"bet": legal["bet"], "raise": legal["raise_to"], "discard": legal["discard"]}
    names += [n for n, span in spans.items() if span is not None]
    if legal["runouts"] is not None:
        names.append("runouts")
    name = rng.choice(names)
    if name == "runouts":
        runs = legal["runouts"]
        return {"type": "act", "action": name, "count": rng.randint(runs["low"], runs["high"])}
    if name in ("bet", "raise"):
        span = spans[name]
        low, high, step = span["low"], span["high"], span["step"]
        return {
            "type": "act",
            "action": name,
            "amount": low + step * rng.randint(0, (high - low) // step),
        }
    if name == "discard":
        held = legal["held"]
        count = rng.randint(spans[name]["low"], min(spans[name]["high"], len(held)))
        return {"type": "act", "action": name, "cards": rng.sample(held, count)}
    return {"type": "act", "action": name}


class Player:
    """One websocket client: it sits, then answers its turns with random legal actions and
    keeps every view it receives."""

    def __init__(self, url: str, seed: int) -> None:
        self.url, self.rng = url, random.Random(seed)
        self.seat: int | None = None
        self.views: list[dict[str, Any]] = []  # the state messages received
        self.errors: list[str] = []

    def moves(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """The messages to send on a turn: one random legal action."""
        return [random_move(message, self.rng)]

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
                    self.views.append(message)
                    if _to_act(message, self.seat):
                        for move in self.moves(message):
                            await ws.send(json.dumps(move))


def _hole_cards(players: list[Player]) -> dict[tuple[int, int], set[str]]:
    """Each (hand, seat)'s face-down cards, as its own views named them."""
    holes: dict[tuple[int, int], set[str]] = defaultdict(set)
    for player in players:
        for message in player.views:
            view = _value(message)
            for s in view["seats"] if view else ():
                if s["seat"] == player.seat:
                    holes[message["hand"], s["seat"]].update(c for c in s["down"] if c)
    return holes


def _own(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """``view`` less what names the viewer's own cards: its seat, its deals, its discards and
    the cards its legal actions may discard."""
    rest = dict(view)
    rest["seats"] = [s for s in view["seats"] if s["seat"] != seat]
    rest["log"] = [
        e
        for e in view["log"]
        if not (e["type"] in ("SeenDeal", "Acted") and e.get("seat") == seat)
    ]
    rest["legal"] = None
    return rest


def _check_views(players: list[Player]) -> int:
    """Every view reads back as the library's HandView; no view names another seat's hidden
    card anywhere (seats, log, outcome, ...) before that seat shows it; chips in every view add
    up to the chips in play. The hands completed."""
    holes = _hole_cards(players)
    finished = set()
    for player in players:
        for message in player.views:
            view = _value(message)
            if view is None:
                continue
            assert isinstance(from_data(message["view"]), HandView)
            assert view["seat"] == player.seat
            text = json.dumps(_own(view, player.seat))
            for s in view["seats"]:
                if s["seat"] == player.seat or s["shown"]:
                    continue
                assert s["down"] == [None] * len(s["down"]), (
                    f"seat {player.seat} was sent seat {s['seat']}'s cards"
                )
                named_hidden = {c for c in holes[message["hand"], s["seat"]] if f'"{c}"' in text}
                assert not named_hidden, f"seat {player.seat} saw {named_hidden}"
            total = sum(s["stack"] for s in view["seats"]) + view["pot"]
            assert total == message["chips_in_play"], "chips were not conserved"
            if view["phase"] == "complete":
                finished.add(message["hand"])
                awards = view["outcome"]["awards"]
                won = sum(chips for award in awards for _, chips in award["payouts"])
                assert won == sum(award["pot"]["amount"] for award in awards)
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
            views.append(message)
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
                state: dict[str, Any] | None = seen[-1] if seen else None
                while state is None or not _to_act(state, 0):
                    message = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                    if message["type"] == "state":
                        state = message
                for text in (
                    '{"type": "act", "action": "raise", "amount": "lots"}',
                    '{"type": "act", "action": "raise", "amount": 1}',
                    '{"type": "act", "action": "discard", "cards": ["Zz"]}',
                    '{"type": "act", "action": "jump"}',
                    '{"type": "act", "action": "bet", "amount": 10}',
                ):
                    replies.append(await _expect_error(ws, text))
                # the hand goes on: a legal action is still accepted
                await ws.send(json.dumps(random_move(state, random.Random(1))))
                # play the rest out by calling and checking
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                    if message["type"] == "over":
                        return replies
                    if message["type"] == "state" and _to_act(message, 0):
                        await ws.send(json.dumps(random_move(message, random.Random(2))))

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
                        view = _value(message) if message["type"] == "state" else None
                        if view is not None:
                            views[seat] = view
                actor = views[0]["actor"]
                idle = b if actor == 0 else a
                return await _expect_error(idle, '{"type": "act", "action": "call"}')

        reply = asyncio.run(two())
    assert reply.startswith("it is not your turn")
    hand = game.hand
    assert hand is not None and not hand.is_complete
    assert not any(e.__class__.__name__ == "Acted" for e in hand.log)  # nobody has acted


def test_the_no_leak_check_fails_on_a_view_that_names_a_hidden_card() -> None:
    """The check above can fail: a view doctored to name another seat's hole card -- in its
    seat, in the log, or anywhere else -- is caught, and the honest views pass."""
    game = HomeGame("no-limit hold'em", players=3, humans=3, bots=False, hands=2, seed=5)
    with serving(game) as url:
        players = [Player(url, 30 + k) for k in range(3)]

        async def everyone() -> None:
            await asyncio.wait_for(asyncio.gather(*(p.play() for p in players)), 60)

        asyncio.run(everyone())
    assert _check_views(players) == 2
    spy = players[0]
    k, message = next(
        (k, m)
        for k, m in enumerate(spy.views)
        if (v := _value(m)) is not None and v["phase"] == "bet"
    )
    view = _value(message)
    assert view is not None
    other = next(s for s in view["seats"] if s["seat"] != spy.seat and not s["shown"])
    secret = sorted(_hole_cards(players)[message["hand"], other["seat"]])[0]
    doctored_seat = json.loads(json.dumps(message))
    seat = next(s for s in doctored_seat["view"]["value"]["seats"] if s["seat"] == other["seat"])
    seat["down"][0] = secret
    doctored_log = json.loads(json.dumps(message))
    entry = next(
        e
        for e in doctored_log["view"]["value"]["log"]
        if e["type"] == "SeenDeal" and e["seat"] == other["seat"]
    )
    entry["cards"][0] = secret
    for doctored in (doctored_seat, doctored_log):
        spy.views[k] = doctored
        with pytest.raises(AssertionError):
            _check_views(players)
    spy.views[k] = message
    assert _check_views(players) == 2


# -- running the board more than once ---------------------------------------------------------


class RunTwice(Player):
    """A client that, asked how many times to run the board, first sends a count out of range
    and a malformed one (each refused), then chooses to run it twice."""

    def moves(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        view = _value(message)
        assert view is not None
        runs = view["legal"]["runouts"]
        if runs is None:
            return super().moves(message)
        wrong = [
            {"type": "act", "action": "runouts", "count": runs["high"] + 1},
            {"type": "act", "action": "runouts", "count": "twice"},
        ]
        return [*wrong, {"type": "act", "action": "runouts", "count": 2}]


def test_players_choose_how_many_times_to_run_the_board_over_the_websocket() -> None:
    """A table opened with ask_runouts asks each player still in at an all-in how many times to
    run the board (the view's legal actions, kind 'runouts'); the clients answer over the
    websocket, the board runs twice when they all choose two, nothing is leaked and no chip is
    lost; a count out of range or malformed gets an error and changes nothing."""
    game = HomeGame(
        "no-limit hold'em",
        players=3,
        humans=3,
        bots=False,
        hands=30,
        seed=6,
        stacks=[6, 6, 6],
        ask_runouts=True,
    )
    with serving(game) as url:
        players: list[Player] = [RunTwice(url, 40 + k) for k in range(3)]

        async def everyone() -> None:
            await asyncio.wait_for(asyncio.gather(*(p.play() for p in players)), 120)

        asyncio.run(everyone())
    assert _check_views(players) == 30
    asked = [
        m
        for p in players
        for m in p.views
        if _to_act(m, p.seat) and (v := _value(m)) is not None and v["legal"]["kind"] == "runouts"
    ]
    assert asked, "no player was asked how many times to run the board"
    twice = {
        m["hand"]
        for p in players
        for m in p.views
        if (v := _value(m)) is not None
        and v["phase"] == "complete"
        and len(v["outcome"]["boards"]) == 2
    }
    assert twice, "no board ran twice"
    errors = [e for p in players for e in p.errors]
    assert len(errors) == 2 * len(asked)
    assert all("run it" in e or "whole number" in e for e in errors), errors
    table = game.table
    assert table.hands == 30 and table.brought_in == table.chips + table.taken_out + table.raked


def test_a_bot_chooses_a_runout_count_it_may() -> None:
    game = HomeGame("no-limit hold'em", players=2, stacks=[6, 6], seed=7, ask_runouts=True)
    hand = game.table.deal(seed=1).apply(Raise(to=6)).apply(Call())
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "runouts" and legal.runouts is not None
    choices = {game.bot_action(hand) for _ in range(60)}
    assert choices == {ChooseRunouts(k) for k in range(legal.runouts.low, legal.runouts.high + 1)}


def test_parse_action_reads_a_runout_choice_and_refuses_a_bad_count() -> None:
    assert parse_action({"type": "act", "action": "runouts", "count": 3}) == ChooseRunouts(3)
    for count in ("3", True, None, 0, 10**6):
        with pytest.raises(InvalidNotationError):
            parse_action({"type": "act", "action": "runouts", "count": count})
