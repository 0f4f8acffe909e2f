"""The hand's log: every forced bet, card dealt, action and award, in order.

Dealing is an event like any other, so the log replays the hand exactly
(:meth:`pokerrules.engine.Hand.replay`).

Every event says which street it happened on: ``street`` is the street's index in the
variant's ``streets`` (``hand.variant.streets[e.street].name`` names it). The forced bets are posted on street 0; a burn, a deal or an action is on the
street being dealt or played (a draw's discards and replacement cards on the draw's street; a
second board's cards, :class:`BoardDealt`, on the street that deals them; the players' choice
of how many times to run the board out, when they are asked, on the street whose betting ended
with the all-in -- the first street when the forced bets put them all-in -- before any card of
the rest of the board is dealt; the runouts after the first,
:class:`RanOut`, on the last street, once the first runout has been dealt);
the showdown and the settlement -- the cards shown or mucked, the uncalled bets returned, the
rake, the pots won, the chips carried over -- are on the street the hand ended on: the last
street dealt, or the one on which everyone else folded. So a server or a hand-history tool can
group the log by street without replaying it (``itertools.groupby(hand.log,
key=operator.attrgetter("street"))``). Two events are equal only on the same street. An event
built by hand without a ``street`` is on street 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from pokerrules.cards import AnyCard, format_cards
from pokerrules.engine.actions import PlayerAction

__all__ = [
    "Acted",
    "BoardDealt",
    "Burned",
    "CarriedOver",
    "Dealt",
    "Event",
    "Posted",
    "Raked",
    "RanOut",
    "Reshuffled",
    "Returned",
    "Won",
]


def _cards(cards: Iterable[AnyCard]) -> tuple[AnyCard, ...]:
    return tuple(cards)


def _flags(flags: Iterable[bool]) -> tuple[bool, ...]:
    return tuple(flags)


@attrs.frozen
class Posted:
    """A forced bet: ``kind`` is ``'ante'``, ``'small blind'``, ``'big blind'``, ``'kill'``, ..."""

    seat: int
    kind: str
    amount: int
    live: bool = True
    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        return f"seat {self.seat} posts {self.kind} {self.amount}{'' if self.live else ' (dead)'}"


@attrs.frozen
class Dealt:
    """Cards dealt to ``seat`` (``None``: the board); ``up`` flags the face-up cards."""

    seat: int | None
    cards: tuple[AnyCard, ...] = attrs.field(converter=_cards)
    up: tuple[bool, ...] = attrs.field(converter=_flags, default=())
    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        if self.seat is None:
            return f"board: {format_cards(self.cards)}"
        shown = " ".join(
            f"[{c}]" if u else str(c) for c, u in zip(self.cards, self.up, strict=True)
        )
        return f"seat {self.seat} is dealt {shown}"


@attrs.frozen
class Burned:
    """The dealer burns a card."""

    card: AnyCard
    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        return "burn"


@attrs.frozen
class Reshuffled:
    """The stub ran out: the discards were shuffled into a new stub (in this order)."""

    cards: tuple[AnyCard, ...] = attrs.field(converter=_cards)
    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        return f"the discards are reshuffled ({len(self.cards)} cards)"


@attrs.frozen
class Acted:
    """A player's action."""

    seat: int
    action: PlayerAction
    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.action}"


@attrs.frozen
class Returned:
    """An uncalled bet (or void action, under the sevens rule) given back."""

    seat: int
    amount: int
    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        return f"seat {self.seat} takes back {self.amount}"


@attrs.frozen
class Won:
    """Chips won from a pot (``pot``: ``'main pot'``, ``'side pot 1'``, ...)."""

    seat: int
    amount: int
    pot: str = "main pot"
    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        return f"seat {self.seat} wins {self.amount} from the {self.pot}"


@attrs.frozen
class CarriedOver:
    """Chips left in the middle for the next pot (Chicago's spade half with no hole spade)."""

    amount: int
    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        return f"{self.amount} carries over to the next pot"


@attrs.frozen
class Raked:
    """The house's rake, taken from the pots before they were awarded."""

    amount: int
    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        return f"the house rakes {self.amount}"


@attrs.frozen
class RanOut:
    """The board cards of a runout after the first, when the players run it more than once
    (:mod:`pokerrules.runouts`): ``runout`` counts from 2; ``cards`` are the cards this runout
    deals in place of the first runout's last cards."""

    runout: int
    cards: tuple[AnyCard, ...] = attrs.field(converter=_cards)
    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        return f"runout {self.runout}: {format_cards(self.cards)}"


@attrs.frozen
class BoardDealt:
    """Board cards dealt to the ``board``-th board (from 2) of a game of several boards
    (``Variant(boards=2)``: the double-board games); the first board's cards are
    :class:`Dealt` to ``None``. Like those, they are on the street being dealt."""

    board: int
    cards: tuple[AnyCard, ...] = attrs.field(converter=_cards)
    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        return f"board {self.board}: {format_cards(self.cards)}"


#: Any entry of the log.
Event: TypeAlias = (
    Posted
    | Dealt
    | Burned
    | Reshuffled
    | Acted
    | Returned
    | Raked
    | Won
    | CarriedOver
    | RanOut
    | BoardDealt
)
