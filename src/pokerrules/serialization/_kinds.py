"""The kinds of value a document may hold, and how the stateful ones are rebuilt.

Most values are written field by field. Two are written by what defines them instead, so that
the format never depends on how the engine keeps its state:

* a :class:`~pokerrules.engine.Hand` is its variant, stakes, starting stacks, button, the deck
  order it was dealt from (with the seed of its reshuffles) or the cards it is dealt from by
  hand, the table options of :attr:`~pokerrules.engine.Hand.start_options`, and its log;
  reading starts the hand again and applies the log's actions (and deals), and the rebuilt
  log must be the one written;
* a :class:`~pokerrules.games.chicago.ChicagoGame` is its log, which
  :meth:`~pokerrules.games.chicago.ChicagoGame.replay` takes back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NoReturn

import attrs

from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, LegalActions, Raise
from pokerrules.cards import AnyCard, Card, Deck, Joker
from pokerrules.engine import (
    Acted,
    BoardDealt,
    Burned,
    CarriedOver,
    ChooseRunouts,
    Deal,
    Dealt,
    Discard,
    Event,
    Hand,
    Muck,
    Outcome,
    Posted,
    Raked,
    RanOut,
    Reshuffled,
    Returned,
    ShowdownPolicy,
    ShowHand,
    StandPat,
    Won,
)
from pokerrules.errors import InvalidNotationError, PokerRulesError
from pokerrules.forced_bets import KillPost
from pokerrules.games.caribbean import CaribbeanRound, CaribbeanRules
from pokerrules.games.chicago import ChicagoGame, ChicagoRules, LogEntry
from pokerrules.kill import KillRules, KillTracker
from pokerrules.money import Currency
from pokerrules.rake import Rake
from pokerrules.serialization._convert import CONVERTER, first_error
from pokerrules.table import Table
from pokerrules.tournament import Finish, LevelClock, PrizeTable, Structure, Tournament
from pokerrules.tournament.structure import Level
from pokerrules.variants import Stakes, Street, Variant
from pokerrules.views import HandView, SeatView

__all__ = ["KINDS", "Kind", "kind_of"]


@attrs.frozen(kw_only=True)
class WrittenHand:
    """A hand as written: what defines it."""

    variant: Variant
    stakes: Stakes
    stacks: dict[int, int]
    button: int
    #: The deck order the hand was dealt from, or ``None`` for a hand dealt by hand.
    deck: Deck | None
    #: The seed of the hand's reshuffles (``None`` for a hand dealt by hand).
    seed: int | None
    #: The cards a hand dealt by hand is dealt from (``None`` when it has a deck).
    cards: tuple[AnyCard, ...] | None
    kill: KillPost | None
    straddles: int
    owed: dict[int, int]
    missed: dict[int, int]
    carried: int
    expose_all_ins: bool
    #: Who turns the hands up at the showdown (the players, unless the dealer shows them).
    showdown: ShowdownPolicy = ShowdownPolicy.MANUAL
    log: tuple[Event, ...]
    #: The seat of a Mississippi straddle, or ``None``.
    straddle_seat: int | None = None
    #: How many times the players agreed to run the board out after an all-in.
    runouts: int = 1
    #: Whether the players choose the number of runouts at the all-in.
    ask_runouts: bool = False


def _written_hand(hand: Hand) -> WrittenHand:
    options = hand.start_options
    cards = options.get("cards")
    return WrittenHand(
        variant=hand.variant,
        stakes=hand.stakes,
        stacks=hand.starting_stacks,
        button=hand.button,
        deck=options.get("deck"),
        seed=options.get("seed"),
        cards=None if cards is None else tuple(cards),
        kill=options["kill"],
        straddles=options["straddles"],
        owed=options["owed"],
        missed=options["missed"],
        carried=options["carried"],
        expose_all_ins=options["expose_all_ins"],
        showdown=options["showdown"],
        log=hand.log,
        straddle_seat=options["straddle_seat"],
        runouts=options["runouts"],
        ask_runouts=options["ask_runouts"],
    )


def _differs(played: tuple[Event, ...], i: int) -> NoReturn:
    entry = str(played[i]) if i < len(played) else "the end of the log"
    raise InvalidNotationError(
        f".log[{i}]: the hand's deck and actions give {entry!r} here, not the entry written"
    )


def _hand(record: WrittenHand) -> Hand:
    if (record.deck is None) == (record.cards is None):
        raise InvalidNotationError(
            "a hand has a deck (dealt from it) or cards (dealt by hand), one of the two"
        )
    if (record.deck is None) != (record.seed is None):
        raise InvalidNotationError(".seed: a hand with a deck has a seed, one dealt by hand none")
    dealing: dict[str, Any] = (
        {"deck": record.deck, "seed": record.seed}
        if record.deck is not None
        else {"cards": record.cards}
    )
    try:
        hand = Hand.start(
            record.variant,
            stakes=record.stakes,
            stacks=record.stacks,
            button=record.button,
            kill=record.kill,
            straddles=record.straddles,
            owed=record.owed,
            missed=record.missed,
            carried=record.carried,
            expose_all_ins=record.expose_all_ins,
            showdown=record.showdown,
            straddle_seat=record.straddle_seat,
            runouts=record.runouts,
            ask_runouts=record.ask_runouts,
            **dealing,
        )
    except PokerRulesError as error:
        raise InvalidNotationError(f"the hand cannot start: {error}") from None
    by_hand = record.deck is None
    played = hand.log
    for i, event in enumerate(record.log):
        # an entry the engine made itself (a post, a deal, a dealer's show) is only checked
        if i >= len(played) and (
            isinstance(event, Acted)
            or (by_hand and isinstance(event, Dealt | RanOut | BoardDealt))
        ):
            try:
                if isinstance(event, Acted):
                    hand = hand.apply(event.action, seat=event.seat)
                else:
                    hand = hand.apply(Deal(event.cards))
            except PokerRulesError as error:
                raise InvalidNotationError(f".log[{i}]: {error}") from None
            played = hand.log
        if i >= len(played) or played[i] != event:
            _differs(played, i)
    if len(played) != len(record.log):
        _differs(played, len(record.log))
    return hand


@attrs.frozen(kw_only=True)
class ChicagoRecord:
    """A Chicago game as written: its log."""

    log: tuple[LogEntry, ...]


def _chicago(record: ChicagoRecord) -> ChicagoGame:
    try:
        return ChicagoGame.replay(record.log)
    except PokerRulesError as error:
        raise InvalidNotationError(f".log: {error}") from None


@attrs.frozen(kw_only=True)
class LogRecord:
    """A hand's log on its own."""

    events: tuple[Event, ...]


@attrs.frozen
class Kind:
    """One kind of document: its name, the class it reads into, and how it is written."""

    name: str
    cls: type
    #: The class written (the value's own class, or a record of it).
    written: Any
    to_written: Callable[[Any], Any] = lambda value: value
    from_written: Callable[[Any], Any] = lambda value: value


def _direct(*classes: type, prefix: str = "") -> list[Kind]:
    return [Kind(prefix + cl.__name__, cl, cl) for cl in classes]


KINDS: Final[dict[str, Kind]] = {
    kind.name: kind
    for kind in [
        Kind("Card", Card, Card),
        Kind("Joker", Joker, Joker),
        *_direct(Deck, Variant, Street, Stakes, Rake, KillRules, KillTracker, KillPost),
        Kind("Hand", Hand, WrittenHand, _written_hand, _hand),
        Kind("Log", tuple, tuple[Event, ...]),
        *_direct(Posted, Dealt, Burned, Reshuffled, Acted, Returned, Raked, Won, CarriedOver),
        *_direct(RanOut, ChooseRunouts, BoardDealt),
        *_direct(Fold, Check, Call, Bet, Raise, BringIn, Complete),
        *_direct(Discard, StandPat, ShowHand, Muck, Deal),
        *_direct(LegalActions, Outcome),
        *_direct(Table, HandView, SeatView, Currency),
        *_direct(Tournament, Structure, Level, LevelClock, PrizeTable, Finish),
        Kind(
            "ChicagoGame",
            ChicagoGame,
            ChicagoRecord,
            lambda game: ChicagoRecord(log=game.log),
            _chicago,
        ),
        Kind("ChicagoRules", ChicagoRules, ChicagoRules),
        Kind("CaribbeanRound", CaribbeanRound, CaribbeanRound),
        Kind("CaribbeanRules", CaribbeanRules, CaribbeanRules),
    ]
}

_BY_CLASS: Final = {kind.cls: kind for kind in KINDS.values() if kind.cls is not tuple}


def kind_of(value: object) -> Kind:
    """The kind a value is written as; refuses a value of no known kind."""
    kind = _BY_CLASS.get(type(value))
    if kind is not None:
        return kind
    if isinstance(value, tuple | list) and all(isinstance(e, Event) for e in value):
        return KINDS["Log"]
    known = ", ".join(KINDS)
    raise InvalidNotationError(
        f"cannot write {type(value).__name__} values: the kinds written are {known}"
    )


def unstructure(kind: Kind, value: Any) -> Any:
    """``value`` as JSON-ready data."""
    written = kind.to_written(tuple(value) if kind.name == "Log" else value)
    return CONVERTER.unstructure(written, kind.written)


def structure(kind: Kind, data: Any) -> Any:
    """The value of ``kind`` that ``data`` describes; a problem raises
    :class:`InvalidNotationError` naming the path of the bad field."""
    try:
        written = CONVERTER.structure(data, kind.written)
    except Exception as error:
        leaf = first_error(error)
        raise InvalidNotationError(_clean(str(leaf))) from None
    try:
        return kind.from_written(written)
    except InvalidNotationError as error:
        raise InvalidNotationError(_clean(str(error))) from None


def _clean(message: str) -> str:
    """``'.stakes.blinds[1]: ...'`` -> ``'stakes.blinds[1]: ...'``."""
    return message[1:] if message.startswith(".") else message
