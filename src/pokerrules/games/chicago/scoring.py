"""The score sheet: every player's points in every deal, with the reason for each point.

>>> sheet = ScoreSheet(names=("Ann", "Bob"), dealers=(0,))
>>> sheet = sheet.add(
...     ScoreEntry(deal=1, seat=1, points=2, reason=ScoreReason.HAND,
...                detail="Two pair, Kings and Sevens, after exchange 1"),
...     ScoreEntry(deal=1, seat=0, points=5, reason=ScoreReason.LAST_TRICK, detail="won with Ah"),
... )
>>> sheet.totals
(5, 2)
>>> print(sheet.format())
Deal  Dealer |  Ann  Bob
   1  Ann    |   +5   +2
-------------+----------
Total        |    5    2
<BLANKLINE>
Deal 1 (dealer Ann)
  Bob   +2  best hand: Two pair, Kings and Sevens, after exchange 1
  Ann   +5  last trick: won with Ah
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from pokerrules._validators import is_instance, is_int, is_member, optional, shown
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import HandCategory, HandValue
from pokerrules.games.chicago.rules import EqualHands

__all__ = ["ScoreEntry", "ScoreReason", "ScoreSheet", "best_hand_seats"]


class ScoreReason(enum.Enum):
    """Why points were scored (or taken away)."""

    #: The best hand after a scoring exchange.
    HAND = "best hand"
    #: The best hand at the end of the deal, after the tricks.
    FINAL_HAND = "best final hand"
    #: The last trick.
    LAST_TRICK = "last trick"
    #: The last trick, won with a deuce.
    LAST_TRICK_DEUCE = "last trick with a deuce"
    #: A Chicago made: all five tricks.
    CHICAGO_WON = "Chicago"
    #: A Chicago made, its last trick won with a deuce.
    CHICAGO_WON_DEUCE = "Chicago with a deuce"
    #: A Chicago lost at the first trick the caller did not win.
    CHICAGO_LOST = "Chicago lost"
    #: Set back to zero by an opponent's big hand.
    RESET = "reset to zero"
    #: Raised to the target by a big hand.
    JUMP = "raised to the target"
    #: Kept at zero: scores may not go below zero under these rules.
    FLOOR = "kept at zero"
    #: Points past an exact target taken back (:class:`~pokerrules.games.chicago.rules.Overshoot`).
    OVERSHOOT = "past the target"


def _at_least(minimum: int, what: str) -> Any:
    """A validator: a whole number (not a bool) of at least ``minimum``."""

    def check(_instance: object, attribute: Any, value: Any) -> None:
        if not is_int(value) or value < minimum:
            raise InvalidDefinitionError(
                f"{attribute.name} must be {what} (a whole number >= {minimum}), "
                f"not {shown(value)}"
            )

    return check


def _signed(points: int) -> str:
    """``points`` with its sign, as ``f"{points:+d}"`` (a huge number by its size)."""
    return ("+" if points >= 0 else "") + shown(points)


def _points(_instance: object, attribute: Any, value: Any) -> None:
    if not is_int(value):
        raise InvalidDefinitionError(
            f"{attribute.name} must be a whole number of points, not {shown(value)}"
        )


@attrs.frozen(kw_only=True)
class ScoreEntry:
    """Points scored by one player for one reason in one deal."""

    deal: int = attrs.field(validator=_at_least(1, "a deal number"))
    seat: int = attrs.field(validator=_at_least(0, "a seat"))
    points: int = attrs.field(validator=_points)
    reason: ScoreReason = attrs.field(validator=is_member(ScoreReason))
    detail: str = attrs.field(default="", validator=is_instance(str))
    hand: HandValue | None = attrs.field(default=None, validator=optional(is_instance(HandValue)))

    def __str__(self) -> str:
        detail = f": {self.detail}" if self.detail else ""
        return f"{_signed(self.points)} {self.reason.value}{detail}"


def _as_tuple(value: Any) -> Any:
    # A list is read as a tuple; anything else is refused by the field's validator.
    return tuple(value) if isinstance(value, list) else value


def _tuple_of(value: Any, attribute: Any, kind: str) -> tuple[Any, ...]:
    if not isinstance(value, tuple):
        raise InvalidDefinitionError(
            f"{attribute.name} must be a tuple of {kind}, not {shown(value)}"
        )
    return value


def _names(_instance: object, attribute: Any, value: Any) -> None:
    names = _tuple_of(value, attribute, "player names")
    if not names or not all(isinstance(n, str) and n.strip() for n in names):
        raise InvalidDefinitionError(
            f"names must be one or more player names (text, not blank), not {shown(value)}"
        )
    if len(set(names)) != len(names):
        raise InvalidDefinitionError(f"names must be distinct, not {shown(value)}")


def _start(instance: Any, attribute: Any, value: Any) -> None:
    start = _tuple_of(value, attribute, "scores")
    if len(start) != len(instance.names) or not all(is_int(p) for p in start):
        raise InvalidDefinitionError(
            f"start must be {len(instance.names)} whole numbers, one per player, "
            f"not {shown(value)}"
        )


def _dealers(instance: Any, attribute: Any, value: Any) -> None:
    players = len(instance.names)
    for dealer in _tuple_of(value, attribute, "seats"):
        if not is_int(dealer) or not 0 <= dealer < players:
            raise InvalidDefinitionError(
                f"dealers must be seats 0-{players - 1}; {shown(dealer)} is not one"
            )


def _entries(instance: Any, attribute: Any, value: Any) -> None:
    players = len(instance.names)
    for entry in _tuple_of(value, attribute, "ScoreEntry values"):
        if not isinstance(entry, ScoreEntry):
            raise InvalidDefinitionError(f"entries must be ScoreEntry values, not {shown(entry)}")
        if entry.seat >= players:
            raise InvalidDefinitionError(
                f"a score entry names seat {shown(entry.seat)}; the seats are 0-{players - 1}"
            )


def _deal_number(deal: object) -> None:
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
        raise InvalidDefinitionError(f"deal must be a deal number (1 or more), not {shown(deal)}")


@attrs.frozen(kw_only=True)
class ScoreSheet:
    """The scores of a game: ``start`` the scores it began with (zero, unless a game was
    resumed), ``dealers[d - 1]`` dealt deal ``d``; ``entries`` in the order the points were
    scored."""

    names: tuple[str, ...] = attrs.field(converter=_as_tuple, validator=_names)
    start: tuple[int, ...] = attrs.field(converter=_as_tuple, validator=_start)
    dealers: tuple[int, ...] = attrs.field(default=(), converter=_as_tuple, validator=_dealers)
    entries: tuple[ScoreEntry, ...] = attrs.field(
        default=(), converter=_as_tuple, validator=_entries
    )

    @start.default
    def _no_points(self) -> tuple[int, ...]:
        return (0,) * len(self.names) if isinstance(self.names, tuple) else ()

    def add(self, *entries: ScoreEntry) -> ScoreSheet:
        """The sheet with more entries."""
        return attrs.evolve(self, entries=self.entries + entries)

    def new_deal(self, dealer: int) -> ScoreSheet:
        """The sheet with one more deal, dealt by ``dealer``."""
        return attrs.evolve(self, dealers=(*self.dealers, dealer))

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's score."""
        totals = list(self.start)
        for entry in self.entries:
            totals[entry.seat] += entry.points
        return tuple(totals)

    def deal_points(self, deal: int) -> tuple[int, ...]:
        """Each player's points in deal ``deal`` (1-based)."""
        _deal_number(deal)
        points = [0] * len(self.names)
        for entry in self.entries:
            if entry.deal == deal:
                points[entry.seat] += entry.points
        return tuple(points)

    def deal_entries(self, deal: int) -> tuple[ScoreEntry, ...]:
        """The entries of deal ``deal``, in scoring order."""
        _deal_number(deal)
        return tuple(e for e in self.entries if e.deal == deal)

    def format(self) -> str:
        """The sheet as text: a table of points per deal and player, then each deal's
        reasons."""
        width = max(5, *(len(n) + 1 for n in self.names))
        left = max(6, *(len(n) for n in self.names))
        lines = [f"Deal  {'Dealer':<{left}} |" + "".join(f"{n:>{width}}" for n in self.names)]
        if any(self.start):
            start = "".join(f"{shown(p):>{width}}" for p in self.start)
            lines.append(f"{'Start':<{left + 7}}|{start}")
        for deal, dealer in enumerate(self.dealers, start=1):
            cells = "".join(
                f"{(_signed(p) if p else '.'):>{width}}" for p in self.deal_points(deal)
            )
            lines.append(f"{deal:>4}  {self.names[dealer]:<{left}} |{cells}")
        lines.append("-" * (left + 7) + "+" + "-" * (width * len(self.names)))
        totals = "".join(f"{shown(t):>{width}}" for t in self.totals)
        lines.append(f"{'Total':<{left + 7}}|{totals}")
        name_width = max(len(n) for n in self.names)
        for deal, dealer in enumerate(self.dealers, start=1):
            entries = self.deal_entries(deal)
            if not entries:
                continue
            lines.append("")
            lines.append(f"Deal {deal} (dealer {self.names[dealer]})")
            lines.extend(
                f"  {self.names[e.seat]:<{name_width}} {_signed(e.points):>4}  {e.reason.value}"
                + (f": {e.detail}" if e.detail else "")
                for e in entries
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()


def best_hand_seats(
    hands: Sequence[tuple[int, HandValue]], equal_hands: EqualHands
) -> tuple[int, ...]:
    """The seats that score among ``hands`` (listed in turn order): the best hand of at least
    a pair; on an exact tie the earliest in turn, or all of them when hands are shared.

    >>> from pokerrules import evaluate_high, parse_cards
    >>> hands = [(2, evaluate_high(parse_cards("Kh Kd 7s 7c 2d"))),
    ...          (0, evaluate_high(parse_cards("Ks Kc 7h 7d 2h")))]
    >>> best_hand_seats(hands, EqualHands.EARLIER_IN_TURN), best_hand_seats(hands, EqualHands.SHARED)
    ((2,), (2, 0))
    """
    scoring = [(seat, value) for seat, value in hands if value.category >= HandCategory.PAIR]
    if not scoring:
        return ()
    best = max(value for _, value in scoring)
    seats = tuple(seat for seat, value in scoring if value == best)
    return seats if equal_hands is EqualHands.SHARED else seats[:1]
