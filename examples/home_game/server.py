"""The home-game web table: a cash :class:`~pokerrules.table.Table` of any catalogue variant
behind a websocket, one browser tab per seat, bots in the empty seats.

Run it with ``python -m examples.home_game.server --variant "seven-card stud" --players 5``
(the ``web`` extra) and open http://127.0.0.1:8000/ in a tab for each player.

The protocol is JSON over the websocket at ``/ws``:

* the browser sends ``{"type": "sit"}`` (or ``{"type": "sit", "seat": 3}``) and receives
  ``{"type": "seated", "seat": 3}``, then a ``{"type": "state", "view": ...}`` after every
  change -- only its own view, in the library's serialized view format
  (:func:`examples.home_game.views.state_message`);
* on its turn it sends ``{"type": "act", "action": "raise", "amount": 40}`` (or ``fold``,
  ``check``, ``call``, ``bet``, ``bring_in``, ``complete``, ``stand_pat``, ``discard`` with
  ``"cards": ["As", "7d"]``, ``show``, ``muck``); at a table that asks how many times to run
  the board (``--ask-runouts``), each player still in at an all-in answers with
  ``{"type": "act", "action": "runouts", "count": 2}``, a count within the view's
  ``legal.runouts``;
* anything malformed, out of turn or illegal gets ``{"type": "error", "message": ...}`` and
  changes nothing.

Players who bust rebuy for a full stack between hands; a player who leaves is replaced by a
bot (when bots are on) so that the hand goes on.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.responses import FileResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from examples.home_game.views import parse_action, state_message
from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, Raise
from pokerrules.catalogue import default_stakes
from pokerrules.engine import ChooseRunouts, Discard, Hand, PlayerAction, ShowHand, StandPat
from pokerrules.errors import PokerRulesError
from pokerrules.seating import BuyIn
from pokerrules.table import Table
from pokerrules.variants import find_variant

__all__ = ["HomeGame", "create_app", "main"]

STATIC = Path(__file__).parent / "static"
#: The longest message a browser may send, in characters.
MOST_MESSAGE = 2_000
#: The most actions one hand may take before the server gives up on it (no hand needs this).
MOST_ACTIONS = 5_000


class HomeGame:
    """The game: its table, the hand in play, who sits where (a websocket or a bot).

    ``players`` seats, each with ``stacks`` chips (default 100 big blinds or big bets); the
    first hand is dealt once ``humans`` people sit; ``bots`` play the seats nobody sits in;
    the game stops after ``hands`` hands (``None``: never); ``bot_delay`` and ``pause``
    (seconds) slow the bots and the end of each hand down for people to follow; with
    ``ask_runouts`` the players choose at each all-in how many times to run the board (the
    table is opened with ``ask_runouts=True``; bots choose at random)."""

    def __init__(
        self,
        variant: str,
        *,
        players: int = 6,
        humans: int = 1,
        bots: bool = True,
        hands: int | None = None,
        seed: int | None = None,
        bot_delay: float = 0.0,
        pause: float = 0.0,
        stacks: list[int] | None = None,
        ask_runouts: bool = False,
    ) -> None:
        self.variant = find_variant(variant)
        stakes = default_stakes(self.variant)
        unit = stakes.blinds[-1] if stakes.blinds else stakes.big_bet
        self.stack = 100 * unit
        chips = [self.stack] * players if stacks is None else stacks
        self.stack = max(chips)  # what a busted player rebuys for
        self.table = Table.open(
            self.variant,
            stakes=stakes,
            stacks=dict(enumerate(chips)),
            seat_count=players,
            buy_in=BuyIn(min(chips), max(chips)),
            ask_runouts=ask_runouts,
        )
        self.players, self.humans, self.bots = players, humans, bots
        self.hands, self.bot_delay, self.pause = hands, bot_delay, pause
        self.rng = random.Random(seed)
        self.sockets: dict[int, WebSocket] = {}
        self.hand: Hand | None = None
        self.number = 0
        self.lock = asyncio.Lock()
        self.over = False

    # -- messages --------------------------------------------------------------------------------

    async def send(self, socket: WebSocket, message: dict[str, Any]) -> None:
        # a closed socket's seat is dropped when its receive loop ends
        with contextlib.suppress(RuntimeError, WebSocketDisconnect, OSError):
            await socket.send_text(json.dumps(message))

    async def broadcast(self) -> None:
        for seat, socket in list(self.sockets.items()):
            await self.send(socket, state_message(self.table, self.hand, seat, self.number))

    async def error(self, socket: WebSocket, message: str) -> None:
        await self.send(socket, {"type": "error", "message": message})

    async def serve(self, socket: WebSocket) -> None:
        """One browser tab, from its connection to its leaving."""
        await socket.accept()
        seat: int | None = None
        try:
            while True:
                text = await socket.receive_text()
                seat = await self.receive(socket, seat, text)
        except WebSocketDisconnect:
            pass
        finally:
            if seat is not None and self.sockets.get(seat) is socket:
                del self.sockets[seat]
                async with self.lock:
                    await self.advance()

    async def receive(self, socket: WebSocket, seat: int | None, text: str) -> int | None:
        """Handle one message; the seat it leaves the tab in."""
        if len(text) > MOST_MESSAGE:
            await self.error(socket, f"messages are at most {MOST_MESSAGE} characters")
            return seat
        try:
            message = json.loads(text)
        except ValueError:
            await self.error(socket, "messages are JSON objects")
            return seat
        if not isinstance(message, dict):
            await self.error(socket, "messages are JSON objects")
            return seat
        kind = message.get("type")
        if kind == "sit":
            return await self.sit(socket, seat, message.get("seat"))
        if kind == "act":
            if seat is None:
                await self.error(socket, "sit down first")
            else:
                await self.act(socket, seat, message)
            return seat
        await self.error(socket, f"unknown message type {kind!r} (sit or act)")
        return seat

    async def sit(self, socket: WebSocket, seat: int | None, wanted: object) -> int | None:
        if seat is not None:
            await self.error(socket, f"you already sit in seat {seat}")
            return seat
        free = [s for s in range(self.players) if s not in self.sockets]
        if wanted is not None and (isinstance(wanted, bool) or wanted not in free):
            await self.error(socket, f"seat {wanted!r} is not free (free: {free})")
            return None
        if not free:
            await self.error(socket, "the table is full")
            return None
        seat = wanted if isinstance(wanted, int) else free[0]
        self.sockets[seat] = socket
        await self.send(socket, {"type": "seated", "seat": seat, "variant": self.variant.name})
        async with self.lock:
            if self.hand is None and len(self.sockets) >= self.humans and not self.over:
                self.deal()
            await self.advance()
        return seat

    async def act(self, socket: WebSocket, seat: int, message: dict[str, Any]) -> None:
        async with self.lock:
            hand = self.hand
            if hand is None or hand.is_complete:
                await self.error(socket, "no hand is being played")
                return
            if hand.actor != seat:
                await self.error(socket, f"it is not your turn (seat {hand.actor} is to act)")
                return
            try:
                self.hand = hand.apply(parse_action(message), seat=seat)
            except PokerRulesError as refused:
                await self.error(socket, str(refused))
                return
            await self.advance()

    # -- the game --------------------------------------------------------------------------------

    def deal(self) -> None:
        self.number += 1
        self.hand = self.table.deal(seed=self.rng.randrange(2**32))

    def bot_action(self, hand: Hand) -> PlayerAction:
        """A bot's move: a random legal action (checking or calling more often than not)."""
        legal = hand.legal_actions()
        if legal is None or legal.kind == "showdown":
            return ShowHand()
        if legal.kind == "runouts" and legal.runouts is not None:
            return ChooseRunouts(self.rng.randint(legal.runouts.low, legal.runouts.high))
        if legal.kind == "draw":
            most = legal.discard.high if legal.discard is not None else 0
            count = self.rng.randint(0, min(most, len(legal.held)))
            return Discard(tuple(self.rng.sample(legal.held, count))) if count else StandPat()
        options: list[tuple[str, Callable[[], PlayerAction]]] = []
        if legal.fold:
            options.append(("fold", Fold))
        if legal.check:
            options.append(("check", Check))
        if legal.call is not None:
            options.append(("call", Call))
        bets, raises = legal.bet, legal.raise_to
        if bets is not None:
            options.append(("bet", lambda: Bet(self.rng.choice((bets.low, bets.high)))))
        if raises is not None:
            options.append(("raise", lambda: Raise(to=self.rng.choice((raises.low, raises.high)))))
        if legal.bring_in is not None:
            options.append(("bring_in", BringIn))
        if legal.complete is not None:
            options.append(("complete", Complete))
        passive = [o for o in options if o[0] in ("check", "call", "bring_in")]
        _, make = self.rng.choice(passive if passive and self.rng.random() < 0.7 else options)
        return make()

    async def advance(self) -> None:
        """Play the bots' turns and the hands' ends until a person must act (called holding
        the lock)."""
        for _ in range(MOST_ACTIONS):
            hand = self.hand
            if hand is None:
                break
            if hand.is_complete:
                await self.broadcast()
                self.table = self.table.record(hand)
                for seat in self.table.busted:
                    self.table = self.table.rebuy(seat, self.stack)
                if self.hands is not None and self.number >= self.hands:
                    self.hand, self.over = None, True
                    for socket in list(self.sockets.values()):
                        await self.send(socket, {"type": "over", "hands": self.number})
                    return
                if self.pause:
                    await asyncio.sleep(self.pause)
                self.deal()
                continue
            actor = hand.actor
            if actor is None or actor in self.sockets:
                break
            if not self.bots:
                break  # an empty seat waits for its player
            await self.broadcast()
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            self.hand = hand.apply(self.bot_action(hand))
        await self.broadcast()


def create_app(game: HomeGame) -> Starlette:
    """The ASGI app serving ``game``: the page, its script and the websocket."""

    async def page(request: Any) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    async def script(request: Any) -> FileResponse:
        return FileResponse(STATIC / "app.js", media_type="text/javascript")

    async def websocket(socket: WebSocket) -> None:
        await game.serve(socket)

    return Starlette(
        routes=[
            Route("/", page),
            Route("/app.js", script),
            WebSocketRoute("/ws", websocket),
        ]
    )


def main(argv: list[str] | None = None) -> None:
    """Serve a game from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", default="no-limit hold'em")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--humans", type=int, default=1, help="players to wait for")
    parser.add_argument("--no-bots", action="store_true", help="leave empty seats empty")
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument(
        "--ask-runouts",
        action="store_true",
        help="at each all-in the players choose how many times to run the board",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    game = HomeGame(
        args.variant,
        players=args.players,
        humans=args.humans,
        bots=not args.no_bots,
        hands=args.hands,
        seed=args.seed,
        ask_runouts=args.ask_runouts,
        bot_delay=0.6,
        pause=2.0,
    )
    uvicorn.run(
        create_app(game),
        host=args.host,
        port=args.port,
        log_level="warning",
        ws="websockets-sansio",
    )


if __name__ == "__main__":
    main()
