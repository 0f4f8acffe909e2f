"""The parts of a hand's state that the engine modules share: the phase and the fixed setup."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final, TypeAlias, TypeVar

import attrs

from pokerrules.betting import BettingRound, BettingRules, Structure
from pokerrules.cards import AnyCard
from pokerrules.engine.actions import DealStep, PlayerAction
from pokerrules.engine.events import Acted, Dealt, Event, Posted
from pokerrules.engine.settle import Outcome, Settlement
from pokerrules.forced_bets import ForcedBets, KillPost, Posting
from pokerrules.showdown import Holding
from pokerrules.variants import LowballRules, SevensPenalty, Stakes, Variant

__all__ = [
    "Entry",
    "Facts",
    "Finished",
    "Log",
    "Phase",
    "Setup",
    "ShowdownPolicy",
    "State",
    "changed",
    "contributions",
    "event_of",
    "events",
    "made",
    "put",
    "stakes_facts",
    "street_name",
    "street_rules",
    "variant_facts",
]


class Phase(enum.Enum):
    """Where a hand is."""

    #: The dealer is dealing (in a hand dealt by hand: waiting for :class:`Deal`).
    DEAL = "deal"
    #: Players discard and draw.
    DRAW = "draw"
    #: Betting is over with a player all-in and board cards to come: the players choose how
    #: many times to run the board out (``Hand.start(ask_runouts=True)``).
    RUNOUTS = "runouts"
    #: A betting round.
    BET = "bet"
    #: Betting is over with a player all-in: hands are turned up before the rest is dealt.
    EXPOSE = "expose"
    #: Players show or muck.
    SHOWDOWN = "showdown"
    #: The hand is over: see :attr:`Hand.outcome`.
    COMPLETE = "complete"


class ShowdownPolicy(enum.Enum):
    """Who turns the hands up at the showdown (and when all-in hands are exposed)."""

    #: The players do: each shows or mucks with :class:`~pokerrules.engine.ShowHand` or
    #: :class:`~pokerrules.engine.Muck` in turn (a hand must be shown when the rules require
    #: it). The default.
    MANUAL = "manual"
    #: The dealer turns every hand up.
    SHOW_ALL = "show all"
    #: The dealer turns the hands up in showdown order, and mucks a hand that a hand already
    #: shown beats in every pot it contests, when the rules let it be mucked.
    MUCK_LOSERS = "muck losers"


@attrs.frozen(slots=False)
class Setup:
    """What stays fixed through a hand."""

    variant: Variant
    stakes: Stakes
    seats: tuple[int, ...]
    index: dict[int, int]
    order: tuple[int, ...]
    button: int
    initial: tuple[int, ...]
    forced: ForcedBets
    kill: KillPost | None
    straddles: int
    owed: dict[int, int]
    missed: dict[int, int]
    auto: bool
    seed: object
    expose: bool
    carried: int
    rules: tuple[BettingRules, ...]
    first_betting: int
    first_draw: int
    deck: frozenset[AnyCard]
    #: each street's betting structure at these stakes
    structures: tuple[Structure, ...]
    showdown: ShowdownPolicy
    #: The stub as the hand began, in order (empty for a hand dealt by hand).
    stub: tuple[AnyCard, ...] = ()
    #: The seat of a Mississippi straddle, or ``None``.
    straddle_seat: int | None = None
    #: How many times the players agreed to run the board out after an all-in.
    runouts: int = 1
    #: Whether the players choose the number of runouts at the all-in instead.
    ask_runouts: bool = False
    #: The variant's lowball rules (``None`` in most games), kept at hand for every action.
    lowball: LowballRules | None = None


#: A log entry the engine stores as plain values, made an event only when the log is read:
#: ``(seat, action, street)`` for an :class:`Acted`, ``(seat, cards, up, street)`` for a
#: :class:`Dealt`, ``(seat, kind, amount, live, street)`` for a :class:`Posted`, and
#: ``(kind, (*values, street))`` for any other event: ``kind(*values, street=street)``.
Entry: TypeAlias = (
    tuple[int, PlayerAction, int]
    | tuple[int | None, tuple[AnyCard, ...], tuple[bool, ...], int]
    | tuple[int, str, int, bool, int]
    | tuple[Callable[..., Event], tuple[Any, ...]]
)

#: A finished hand's outcome as the engine stores it, made an :class:`Outcome` only when it is
#: read (:func:`pokerrules.engine.finish.outcome_of`): the settlement, the holdings that
#: contested the pots, whether the pots went uncontested, and each seat's chips in the pot
#: before the settlement.
Finished: TypeAlias = tuple[Settlement, dict[int, Holding], bool, dict[int, int]]

#: The log, cheap to append to: ``None`` (empty), or ``(earlier, entry)`` where an entry is an
#: event or one of the plain :data:`Entry` forms (made an event on demand).
Log: TypeAlias = "tuple[Log, Event | Entry] | None"


def event_of(entry: Event | Entry) -> Event:
    """The event a log entry stands for."""
    if type(entry) is not tuple:
        return entry  # type: ignore[return-value]
    if len(entry) == 2:
        make, values = entry
        return make(*values[:-1], street=values[-1])
    if len(entry) == 3:
        seat, action, street = entry
        return Acted(seat, action, street=street)
    if len(entry) == 4:
        to, cards, up, dealt_on = entry
        return Dealt(to, cards, up, street=dealt_on)
    poster, kind, amount, live, posted_on = entry
    return Posted(poster, kind, amount, live, street=posted_on)


def events(log: Log) -> tuple[Event, ...]:
    """The events of ``log``, in order."""
    entries: list[Event] = []
    while log is not None:
        log, entry = log
        entries.append(event_of(entry) if type(entry) is tuple else entry)  # type: ignore[arg-type]
    entries.reverse()
    return tuple(entries)


@attrs.frozen(slots=False, eq=False, repr=False)
class State:
    """A hand's whole state: one compact value of tuples and ints (by position in
    the setup's ``seats``) that the transitions of :mod:`pokerrules.engine.flow` map to the next
    state, sharing every part they leave unchanged."""

    game: Setup
    phase: Phase
    street: int
    stacks: tuple[int, ...]
    down: tuple[tuple[AnyCard, ...], ...]
    up: tuple[tuple[AnyCard, ...], ...]
    folded: tuple[bool, ...]
    mucked: tuple[bool, ...]
    live: tuple[int, ...]
    shown: tuple[bool, ...]
    board: tuple[AnyCard, ...]
    stub: tuple[AnyCard, ...]
    muck: tuple[AnyCard, ...]
    seen: frozenset[AnyCard]
    steps: tuple[DealStep, ...]
    queue: tuple[int, ...]
    round: BettingRound | None
    posting: Posting
    aggressor: int | None
    violators: frozenset[int]
    before_draw: tuple[int, ...] | None
    # the sevens rule: each violator that only called a short bet, with every seat's chips in
    # the pot just after that call
    short_calls: tuple[tuple[int, tuple[int, ...]], ...]
    discards: tuple[tuple[int, tuple[AnyCard, ...]], ...]
    reshuffles: int
    # dealt by hand: the cards that may be in the stub or among the cards burned since the last
    # reshuffle (which the hand does not see), and how many were burned: the stub holds
    # len(pool) - burns cards
    pool: frozenset[AnyCard]
    burns: int
    log: Log
    #: The outcome once the hand is over, kept as plain values until it is read.
    outcome: Outcome | Finished | None
    #: The whole boards of the runouts after the first, when the board was run more than once
    #: (in a game of several boards: the boards after the first, as dealt so far).
    runs: tuple[tuple[AnyCard, ...], ...] = ()
    #: Dealt by hand: the board cards each runout still to deal keeps from the first runout's
    #: board (``None`` unless runouts are being dealt).
    running: tuple[AnyCard, ...] | None = None
    #: The players' choices of runouts so far, in turn, when they choose at the all-in.
    chosen: tuple[int, ...] = ()
    #: The runouts the players agreed on at the all-in (``None`` until they have chosen).
    agreed: int | None = None


_new = object.__new__
_set_attr = object.__setattr__

# The phases and showdown policies as module constants, for the transitions, which test them
# at every step: reading a member off its enum class costs a descriptor call each time.
DEAL: Final = Phase.DEAL
DRAW: Final = Phase.DRAW
RUNOUTS: Final = Phase.RUNOUTS
BET: Final = Phase.BET
EXPOSE: Final = Phase.EXPOSE
SHOWDOWN: Final = Phase.SHOWDOWN
COMPLETE: Final = Phase.COMPLETE
MANUAL: Final = ShowdownPolicy.MANUAL
SHOW_ALL: Final = ShowdownPolicy.SHOW_ALL
MUCK_LOSERS: Final = ShowdownPolicy.MUCK_LOSERS


_T = TypeVar("_T", "Setup", "State")

#: Sets a new :class:`State`'s fields, all at once: its ``__dict__``'s own setter, which skips
#: the frozen class's ``__setattr__`` and the attribute lookup by name.
set_fields: Final = State.__dict__["__dict__"].__set__


def made(cls: type[_T], **fields: Any) -> _T:
    """A :class:`Setup` or :class:`State` (frozen attrs classes kept in a ``__dict__``) from
    every one of its ``fields``, which the engine built and knows valid, in one step."""
    new = _new(cls)
    _set_attr(new, "__dict__", fields)  # a Setup or a State: either class's __dict__ slot
    return new


def changed(state: State, **changes: Any) -> State:
    """``state`` with ``changes``: a new state sharing every other field (all immutable)."""
    fields = state.__dict__.copy()
    fields.update(changes)
    new = _new(State)
    set_fields(new, fields)
    return new


def contributions(state: State) -> dict[int, int]:
    """Each seat's chips in the pot this hand (forced bets included)."""
    game = state.game
    return {s: a - b for s, a, b in zip(game.seats, game.initial, state.stacks, strict=True)}


def street_name(state: State) -> str:
    """The current street's name."""
    return state.game.variant.streets[state.street].name


def put(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*values[:i], value, *values[i + 1 :])


def street_rules(variant: Variant) -> tuple[BettingRules, ...]:
    rules = []
    lowball = variant.lowball
    first_bet = variant.betting_streets[0]
    first_draw = next((i for i, s in enumerate(variant.streets) if s.draw), len(variant.streets))
    for k in range(len(variant.streets)):
        r = variant.betting
        if lowball is not None:
            after_draw = k >= first_draw
            if after_draw and not lowball.check_raise_after_draw:
                r = attrs.evolve(r, check_raise=False)
            if (k == first_bet and not lowball.first_round_check) or (
                after_draw and lowball.sevens_rule is SevensPenalty.NO_CHECK
            ):
                r = attrs.evolve(r, fold_without_bet=True)
        rules.append(r)
    return tuple(rules)


@attrs.frozen
class Facts:
    """What a hand needs to know about its variant, worked out once per variant."""

    rules: tuple[BettingRules, ...]
    first_betting: int
    first_draw: int
    deck: frozenset[AnyCard]
    #: Cards dealt to each player and to the board, and the burns, when nothing is redrawn.
    per_player: int
    fixed: int

    def most_dealt(self, players: int) -> int | None:
        """The most cards a hand of ``players`` can take from the stub, or ``None`` when it
        may need the whole deck (draws)."""
        if self.first_draw >= len(self.rules):
            return self.per_player * players + self.fixed
        return None


_FACTS: dict[int, tuple[Variant, Facts]] = {}


def variant_facts(variant: Variant) -> Facts:
    """The :class:`Facts` of ``variant`` (cached by identity: variants are immutable)."""
    cached = _FACTS.get(id(variant))
    if cached is not None and cached[0] is variant:
        return cached[1]
    facts = Facts(
        rules=street_rules(variant),
        first_betting=variant.betting_streets[0],
        first_draw=next(
            (i for i, s in enumerate(variant.streets) if s.draw), len(variant.streets)
        ),
        deck=frozenset(variant.deck.cards),
        per_player=variant.hole_cards,
        fixed=variant.board_cards * variant.boards + len(variant.streets),
    )
    if len(_FACTS) > 256:
        _FACTS.clear()
    _FACTS[id(variant)] = (variant, facts)
    return facts


_STAKES: dict[tuple[int, Stakes], tuple[Variant, ForcedBets, tuple[Structure, ...]]] = {}


def stakes_facts(variant: Variant, stakes: Stakes) -> tuple[ForcedBets, tuple[Structure, ...]]:
    """``variant``'s forced bets at ``stakes`` and each street's betting structure (cached:
    variants and stakes are immutable). Raises on stakes that do not fit the variant."""
    key = (id(variant), stakes)
    cached = _STAKES.get(key)
    if cached is not None and cached[0] is variant:
        return cached[1], cached[2]
    forced = variant.forced_bets.at(stakes)
    structures = tuple(variant.structure_for(street, stakes) for street in variant.streets)
    if len(_STAKES) > 256:
        _STAKES.clear()
    _STAKES[key] = (variant, forced, structures)
    return forced, structures
