"""The engine's own actions and choices, beside the betting actions of :mod:`pokerrules.actions`.

* :class:`Discard` ``(cards)`` and :class:`StandPat` -- a player's choice on a draw;
* :class:`ShowHand` and :class:`Muck` -- a player's choice at the showdown (and
  :class:`ShowHand` when all-in hands are turned up);
* :class:`ChooseRunouts` ``(count)`` -- a player's choice of how many times to run the board
  out, when the hand lets the players agree at the all-in (``Hand.start(ask_runouts=True)``);
* :class:`Deal` ``(cards)`` -- the dealer's action when the hand is dealt by hand (physical
  cards, or a recorded history): the cards for the next dealing step.

What a player may do, in every phase, is one :class:`~pokerrules.actions.LegalActions`
(``kind`` ``'bet'``, ``'draw'``, ``'showdown'`` or ``'runouts'``); ``action in legal`` checks
these actions against it too.

>>> from pokerrules.actions import LegalActions, Range
>>> from pokerrules.cards import parse_cards
>>> legal = LegalActions(seat=2, kind="draw", stand_pat=True, discard=Range(1, 3),
...                      held=parse_cards("As Kd 7c 4h 2s"))
>>> Discard(parse_cards("7c 4h")) in legal, Discard(parse_cards("Qs")) in legal
(True, False)
>>> StandPat() in legal, ShowHand() in legal
(True, False)
>>> runouts = LegalActions(seat=1, kind="runouts", runouts=Range(1, 3))
>>> ChooseRunouts(2) in runouts, ChooseRunouts(4) in runouts, StandPat() in runouts
(True, False, False)

:class:`DrawChoices` and :class:`ShowdownChoices`, which described a draw and a showdown
before, are deprecated (see :class:`DrawChoices`).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import Any, TypeAlias

import attrs

from pokerrules._validators import is_count, is_flag, is_instance, is_seat, optional
from pokerrules.actions import BettingAction, LegalActions
from pokerrules.cards import AnyCard, card_tuple, format_cards
from pokerrules.runouts import check_boards, check_runouts

__all__ = [
    "Action",
    "Choices",
    "ChooseRunouts",
    "Deal",
    "DealStep",
    "Discard",
    "DrawChoices",
    "Muck",
    "PlayerAction",
    "ShowHand",
    "ShowdownChoices",
    "StandPat",
]


def _discarded(cards: Iterable[AnyCard]) -> tuple[AnyCard, ...]:
    return card_tuple(cards, "Discard cards")


def _dealt(cards: Iterable[AnyCard]) -> tuple[AnyCard, ...]:
    return card_tuple(cards, "Deal cards")


def _held(cards: Iterable[AnyCard]) -> tuple[AnyCard, ...]:
    return card_tuple(cards, "held")


@attrs.frozen
class Discard:
    """Throw away these cards on a draw and be dealt as many."""

    cards: tuple[AnyCard, ...] = attrs.field(converter=_discarded)

    def allowed_by(self, legal: LegalActions) -> bool:
        """Whether ``legal`` allows this discard: as many cards as its ``discard`` range
        allows, each of them ``held`` and named once."""
        cards = self.cards
        return (
            legal.discard is not None
            and len(cards) in legal.discard
            and len(set(cards)) == len(cards)
            and all(c in legal.held for c in cards)
        )

    def __str__(self) -> str:
        return f"discard {format_cards(self.cards)}"


@attrs.frozen
class StandPat:
    """Keep every card on a draw."""

    def allowed_by(self, legal: LegalActions) -> bool:
        """Whether ``legal`` lets the player stand pat."""
        return legal.stand_pat

    def __str__(self) -> str:
        return "stand pat"


@attrs.frozen
class ShowHand:
    """Turn the hand face up (to claim the pot at the showdown)."""

    def allowed_by(self, legal: LegalActions) -> bool:
        """Whether ``legal`` lets the player show."""
        return legal.show

    def __str__(self) -> str:
        return "show"


@attrs.frozen
class Muck:
    """Give up the hand at the showdown without showing it."""

    def allowed_by(self, legal: LegalActions) -> bool:
        """Whether ``legal`` lets the player muck."""
        return legal.muck

    def __str__(self) -> str:
        return "muck"


def _runouts(_instance: object, _attribute: Any, value: Any) -> None:
    check_runouts(value)


def _board_number(_instance: object, _attribute: Any, value: Any) -> None:
    check_boards(value)


@attrs.frozen
class ChooseRunouts:
    """Choose to run the rest of the board out ``count`` times (1 to
    :data:`~pokerrules.runouts.MAX_RUNOUTS`), when the players agree at the all-in: the board
    runs ``count`` times only if every player still in chooses the same count."""

    count: int = attrs.field(validator=_runouts)

    def allowed_by(self, legal: LegalActions) -> bool:
        """Whether ``legal`` lets the player choose this count: its ``runouts`` range holds
        it."""
        return legal.runouts is not None and self.count in legal.runouts

    def __str__(self) -> str:
        return "run it once" if self.count == 1 else f"run it {self.count} times"


@attrs.frozen
class Deal:
    """The dealer deals these cards for the next dealing step (hands dealt by hand)."""

    cards: tuple[AnyCard, ...] = attrs.field(converter=_dealt)

    def __str__(self) -> str:
        return f"deal {format_cards(self.cards)}"


#: Anything a player does.
PlayerAction: TypeAlias = BettingAction | Discard | StandPat | ShowHand | Muck | ChooseRunouts
#: Anything applied to a hand.
Action: TypeAlias = PlayerAction | Deal


def _deprecated(name: str) -> None:
    warnings.warn(
        f"{name} is deprecated and will be removed in pokerrules 0.3: a hand's "
        f"legal_actions() is a LegalActions in every phase (use LegalActions(kind=...))",
        DeprecationWarning,
        stacklevel=3,
    )


@attrs.frozen(kw_only=True)
class DrawChoices:
    """A draw: ``seat`` may stand pat or discard 1 to ``max_discard`` of the ``held`` cards.

    .. deprecated:: 0.2
       :meth:`Hand.legal_actions <pokerrules.engine.Hand.legal_actions>` describes a draw with
       a :class:`~pokerrules.actions.LegalActions` of ``kind='draw'``; this class is no longer
       returned, warns when made, and goes in 0.3.
    """

    seat: int = attrs.field(validator=is_seat)
    max_discard: int = attrs.field(validator=is_count)
    held: tuple[AnyCard, ...] = attrs.field(converter=_held)

    def __attrs_post_init__(self) -> None:
        _deprecated("DrawChoices")

    def __contains__(self, action: object) -> bool:
        if isinstance(action, StandPat):
            return True
        if isinstance(action, Discard):
            cards = action.cards
            return (
                0 < len(cards) <= self.max_discard
                and len(set(cards)) == len(cards)
                and all(c in self.held for c in cards)
            )
        return False

    def describe(self) -> str:
        """``'stand pat, or discard 1 to 3 of As Kd 7c 4h 2s'``."""
        if not self.max_discard:
            return "stand pat"
        upto = "1" if self.max_discard == 1 else f"1 to {self.max_discard}"
        return f"stand pat, or discard {upto} of {format_cards(self.held)}"

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.describe()}"


@attrs.frozen(kw_only=True)
class ShowdownChoices:
    """The showdown: ``seat`` shows, or mucks when ``muck`` (a player must show when all-in
    hands are turned up, or when mucking would leave a pot with no hand to claim it).

    .. deprecated:: 0.2
       :meth:`Hand.legal_actions <pokerrules.engine.Hand.legal_actions>` describes the
       showdown with a :class:`~pokerrules.actions.LegalActions` of ``kind='showdown'``; this
       class is no longer returned, warns when made, and goes in 0.3.
    """

    seat: int = attrs.field(validator=is_seat)
    muck: bool = attrs.field(default=True, validator=is_flag)

    def __attrs_post_init__(self) -> None:
        _deprecated("ShowdownChoices")

    def __contains__(self, action: object) -> bool:
        return isinstance(action, ShowHand) or (self.muck and isinstance(action, Muck))

    def describe(self) -> str:
        """``'show, muck'`` or ``'show'``."""
        return "show, muck" if self.muck else "show"

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.describe()}"


#: What the player to act may do: another name of :class:`~pokerrules.actions.LegalActions`,
#: which describes every phase (deprecated: name ``LegalActions``; goes in 0.3).
Choices: TypeAlias = LegalActions


@attrs.frozen(kw_only=True)
class DealStep:
    """The next dealing step: ``down`` and ``up`` cards to ``seat``, or ``board`` cards to the
    middle (``seat`` is ``None``; in a game of several boards, to board ``to_board``);
    ``street`` names the street."""

    street: str = attrs.field(validator=is_instance(str))
    seat: int | None = attrs.field(default=None, validator=optional(is_seat))
    down: int = attrs.field(default=0, validator=is_count)
    up: int = attrs.field(default=0, validator=is_count)
    board: int = attrs.field(default=0, validator=is_count)
    to_board: int = attrs.field(default=1, validator=_board_number)

    @property
    def count(self) -> int:
        """How many cards the step deals."""
        return self.down + self.up + self.board

    def __str__(self) -> str:
        if self.seat is None:
            where = "the board" if self.to_board == 1 else f"board {self.to_board}"
            return f"{self.street}: {self.board} card(s) to {where}"
        parts = [f"{n} {kind}" for n, kind in ((self.down, "down"), (self.up, "up")) if n]
        return f"{self.street}: {' and '.join(parts)} to seat {self.seat}"
