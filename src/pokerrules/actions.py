"""Betting actions as typed values, and the description of what is legal.

Every action a player takes in a betting round is a small frozen value -- never a string:

* :class:`Fold`, :class:`Check`, :class:`Call` -- no amount (a call is always for the amount
  the round says, or all-in for less);
* :class:`Bet` ``(amount)`` -- the first wager of a round, ``amount`` chips;
* :class:`Raise` ``(to=...)`` -- raise the wager *to* a total for this round (what the player
  will then have in front of them, blinds included);
* :class:`BringIn` -- post the stud bring-in (the low or high door card's forced bet);
* :class:`Complete` -- make the bring-in, or an all-in wager that is short of a full bet, up to
  a full bet.

Hand engines add their own actions (discards, declarations, ...) beside these.

:class:`LegalActions` says what the player to act may do, in every phase of a hand: its
``kind`` is ``'bet'`` (a betting round), ``'draw'`` (stand pat or discard), ``'showdown'``
(show or muck) or ``'runouts'`` (how many times to run the board out), and its fields say what is allowed, so a bot reads the fields it needs and
never asks which class it holds. ``action in legal`` checks an action against it, and
:meth:`LegalActions.describe` says it in words (the same words the errors use).

>>> from pokerrules.actions import Bet, Call, Check, Fold, LegalActions, Raise, Range
>>> legal = LegalActions(seat=3, fold=True, call=20, raise_to=Range(40, 40))
>>> legal.describe()
'fold, call 20, raise to 40'
>>> Raise(to=40) in legal, Raise(to=60) in legal, Check() in legal
(True, False, False)
>>> str(Raise(to=40)), str(Bet(20)), str(Fold())
('raise to 40', 'bet 20', 'fold')

A draw and a showdown (the engine's :class:`~pokerrules.engine.Discard`,
:class:`~pokerrules.engine.StandPat`, :class:`~pokerrules.engine.ShowHand` and
:class:`~pokerrules.engine.Muck` are checked the same way):

>>> from pokerrules.cards import parse_cards
>>> draw = LegalActions(seat=2, kind="draw", stand_pat=True, discard=Range(1, 3),
...                     held=parse_cards("As Kd 7c 4h 2s"))
>>> draw.describe()
'stand pat, or discard 1 to 3 of As Kd 7c 4h 2s'
>>> LegalActions(seat=0, kind="showdown", show=True).describe()
'show'

The players' choice of how many times to run the board out at an all-in (the engine's
:class:`~pokerrules.engine.ChooseRunouts`):

>>> LegalActions(seat=1, kind="runouts", runouts=Range(1, 3)).describe()
'run it 1 to 3 times'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, TypeAlias

import attrs

from pokerrules._validators import (
    is_chips,
    is_flag,
    is_instance,
    is_seat,
    is_whole,
    optional,
    shown,
)
from pokerrules.cards import AnyCard, card_tuple, format_cards
from pokerrules.errors import InvalidDefinitionError

__all__ = [
    "Bet",
    "BettingAction",
    "BringIn",
    "Call",
    "Check",
    "Complete",
    "Fold",
    "LegalActions",
    "LegalKind",
    "Raise",
    "Range",
]

#: What a :class:`LegalActions` describes: a betting round's choice, a draw's, the showdown's,
#: or the choice of how many times to run the board out at an all-in.
LegalKind: TypeAlias = Literal["bet", "draw", "showdown", "runouts"]
_KINDS: tuple[LegalKind, ...] = ("bet", "draw", "showdown", "runouts")


@attrs.frozen
class Fold:
    """Give up the hand; the chips already put in stay in the pot."""

    def __str__(self) -> str:
        return "fold"


@attrs.frozen
class Check:
    """Decline to wager when there is nothing to call."""

    def __str__(self) -> str:
        return "check"


@attrs.frozen
class Call:
    """Match the current wager (or go all-in for less when short)."""

    def __str__(self) -> str:
        return "call"


@attrs.frozen
class Bet:
    """Open the betting for ``amount`` chips."""

    amount: int = attrs.field(validator=is_chips)

    def __str__(self) -> str:
        return f"bet {shown(self.amount)}"


@attrs.frozen
class Raise:
    """Raise the wager *to* ``to`` chips in total for this round."""

    to: int = attrs.field(kw_only=True, validator=is_chips)

    def __str__(self) -> str:
        return f"raise to {shown(self.to)}"


@attrs.frozen
class BringIn:
    """Post the stud bring-in (a forced bet smaller than a full bet)."""

    def __str__(self) -> str:
        return "bring in"


@attrs.frozen
class Complete:
    """Bring the bring-in (or a short all-in opening wager) up to a full bet."""

    def __str__(self) -> str:
        return "complete"


#: Any betting action.
BettingAction: TypeAlias = Fold | Check | Call | Bet | Raise | BringIn | Complete


@attrs.frozen(repr=False, slots=False)
class Range:
    """The amounts from ``low`` to ``high`` inclusive, in steps of ``step`` from ``low``.

    ``step`` is 1 except in fixed-limit rounds that allow two sizes (a stud open pair on fourth
    street lets a player bet either the small or the big bet).

    >>> 50 in Range(40, 80), 90 in Range(40, 80), 60 in Range(40, 80, step=40)
    (True, False, False)
    """

    low: int = attrs.field(validator=is_whole)
    high: int = attrs.field(validator=is_whole)
    step: int = attrs.field(default=1, validator=is_chips)

    def __attrs_post_init__(self) -> None:
        if self.high < self.low:
            raise InvalidDefinitionError(
                f"high must be at least low ({shown(self.low)}), not {shown(self.high)}"
            )

    def __contains__(self, amount: object) -> bool:
        return (
            isinstance(amount, int)
            and self.low <= amount <= self.high
            and (amount - self.low) % self.step == 0
        )

    def __repr__(self) -> str:
        step = f", step={shown(self.step)}" if self.step != 1 else ""
        return f"Range({shown(self.low)}, {shown(self.high)}{step})"

    def __str__(self) -> str:
        low, high = shown(self.low), shown(self.high)
        if self.low == self.high:
            return low
        if self.step == self.high - self.low:
            return f"{low} or {high}"
        return f"{low}-{high}"


def _held(cards: Iterable[AnyCard]) -> tuple[AnyCard, ...]:
    return card_tuple(cards, "held")


def _is_kind(_instance: object, _attribute: object, value: object) -> None:
    if value not in _KINDS:
        raise InvalidDefinitionError(
            f"kind must be 'bet', 'draw', 'showdown' or 'runouts', not {value!r}"
        )


@attrs.frozen(kw_only=True, repr=False, slots=False)
class LegalActions:
    """What ``seat`` may do now, in any phase of a hand (``kind``).

    In a betting round (``kind='bet'``, the default): ``call`` is the number of chips a call
    puts in (``None`` when there is nothing to call); ``bet`` and ``raise_to`` are ranges of
    amounts (a bet's size; a raise's total); ``complete`` is the total a :class:`Complete`
    makes; ``bring_in`` the chips a :class:`BringIn` posts. When a player cannot cover the
    minimum, the range holds only their all-in amount.

    On a draw (``kind='draw'``): ``stand_pat`` says the player may keep every card, and
    ``discard`` how many of the ``held`` cards they may throw away (``None``: none).

    At the showdown (``kind='showdown'``, also when all-in hands are turned up): ``show`` says
    the player may turn the hand up, and ``muck`` whether they may give it up unseen.

    When the players choose how many times to run the board out (``kind='runouts'``, in a hand
    started with ``ask_runouts=True``): ``runouts`` is the range of counts the player may
    choose, from 1 to what the cards left can deal.

    A field that does not apply to the phase is ``False``, ``None`` or empty, so a bot loop
    reads the fields and needs no ``isinstance``::

        legal = hand.legal_actions()
        if legal.check:
            action = Check()
        elif legal.call is not None:
            action = Call()
        elif legal.stand_pat:
            action = StandPat()
        else:
            action = ShowHand()
    """

    seat: int = attrs.field(validator=is_seat)
    kind: LegalKind = attrs.field(default="bet", validator=_is_kind)
    fold: bool = attrs.field(default=False, validator=is_flag)
    check: bool = attrs.field(default=False, validator=is_flag)
    call: int | None = attrs.field(default=None, validator=optional(is_whole))
    bet: Range | None = attrs.field(default=None, validator=optional(is_instance(Range)))
    raise_to: Range | None = attrs.field(default=None, validator=optional(is_instance(Range)))
    complete: int | None = attrs.field(default=None, validator=optional(is_chips))
    bring_in: int | None = attrs.field(default=None, validator=optional(is_chips))
    stand_pat: bool = attrs.field(default=False, validator=is_flag)
    discard: Range | None = attrs.field(default=None, validator=optional(is_instance(Range)))
    held: tuple[AnyCard, ...] = attrs.field(default=(), converter=_held)
    show: bool = attrs.field(default=False, validator=is_flag)
    muck: bool = attrs.field(default=False, validator=is_flag)
    runouts: Range | None = attrs.field(default=None, validator=optional(is_instance(Range)))

    def __contains__(self, action: object) -> bool:
        match action:
            case Fold():
                return self.fold
            case Check():
                return self.check
            case Call():
                return self.call is not None
            case Bet(amount=amount):
                return self.bet is not None and amount in self.bet
            case Raise(to=to):
                return (self.raise_to is not None and to in self.raise_to) or (
                    self.complete is not None and to == self.complete
                )
            case Complete():
                return self.complete is not None
            case BringIn():
                return self.bring_in is not None
        # the engine's own actions (discards, showing, ...) say what allows them
        allowed = getattr(type(action), "allowed_by", None)
        return bool(allowed(action, self)) if allowed is not None else False

    def describe(self) -> str:
        """The legal actions in words: ``'fold, call 20, raise to 40-200'``, ``'stand pat, or
        discard 1 to 3 of As Kd 7c 4h 2s'``, ``'show, muck'``, ``'run it 1 to 3 times'``."""
        if self.kind == "draw":
            return self._describe_draw()
        if self.kind == "runouts":
            return self._describe_runouts()
        parts = []
        if self.bring_in is not None:
            parts.append(f"bring in {shown(self.bring_in)}")
        if self.fold:
            parts.append("fold")
        if self.check:
            parts.append("check")
        if self.call is not None:
            parts.append(f"call {shown(self.call)}")
        if self.bet is not None:
            parts.append(f"bet {self.bet}")
        if self.complete is not None:
            parts.append(f"complete to {shown(self.complete)}")
        if self.raise_to is not None:
            parts.append(f"raise to {self.raise_to}")
        if self.show:
            parts.append("show")
        if self.muck:
            parts.append("muck")
        return ", ".join(parts) if parts else "nothing"

    def _describe_draw(self) -> str:
        discard = self.discard
        if discard is None:
            return "stand pat" if self.stand_pat else "nothing"
        low, high = shown(discard.low), shown(discard.high)
        upto = low if discard.low == discard.high else f"{low} to {high}"
        cards = f"discard {upto} of {format_cards(self.held)}"
        return f"stand pat, or {cards}" if self.stand_pat else cards

    def _describe_runouts(self) -> str:
        runouts = self.runouts
        if runouts is None:
            return "nothing"
        low, high = runouts.low, runouts.high
        if low == high:
            return "run it once" if low == 1 else f"run it {shown(low)} times"
        return f"run it {shown(low)} to {shown(high)} times"

    def __repr__(self) -> str:
        fields = [f"seat={shown(self.seat)}"]
        if self.kind != "bet":
            fields.append(f"kind={self.kind!r}")
        for name in ("fold", "check", "stand_pat"):
            if getattr(self, name):
                fields.append(f"{name}=True")
        for name in ("call", "bet", "raise_to", "complete", "bring_in", "discard", "runouts"):
            value: Any = getattr(self, name)
            if value is not None:
                fields.append(
                    f"{name}={value!r}" if isinstance(value, Range) else f"{name}={shown(value)}"
                )
        if self.held:
            fields.append(f"held={self.held!r}")
        for name in ("show", "muck"):
            if getattr(self, name):
                fields.append(f"{name}=True")
        return f"LegalActions({', '.join(fields)})"

    def __str__(self) -> str:
        return f"seat {shown(self.seat)}: {self.describe()}"


# Fast constructors for values whose fields are already known valid (the betting round builds
# these on every query); the result is the same value the initializer makes. Each sets the new
# value's fields at once, with its class's own __dict__ setter.
_new = object.__new__
_set_range = Range.__dict__["__dict__"].__set__
_set_legal = LegalActions.__dict__["__dict__"].__set__


def _range(low: int, high: int, step: int) -> Range:
    new = _new(Range)
    _set_range(new, {"low": low, "high": high, "step": step})
    return new


def _legal_actions(  # noqa: PLR0917
    seat: int,
    fold: bool,
    check: bool,
    call: int | None,
    bet: Range | None,
    raise_to: Range | None,
    complete: int | None,
) -> LegalActions:
    new = _new(LegalActions)
    _set_legal(
        new,
        {
            "seat": seat,
            "fold": fold,
            "check": check,
            "call": call,
            "bet": bet,
            "raise_to": raise_to,
            "complete": complete,
            "bring_in": None,
            "kind": "bet",
            "stand_pat": False,
            "discard": None,
            "held": (),
            "show": False,
            "muck": False,
            "runouts": None,
        },
    )
    return new
