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

import attrs

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


@attrs.frozen(kw_only=True)
class ScoreEntry:
    """Points scored by one player for one reason in one deal."""

    deal: int
    seat: int
    points: int
    reason: ScoreReason
    detail: str = ""
    hand: HandValue | None = None

    def __str__(self) -> str:
        detail = f": {self.detail}" if self.detail else ""
        return f"{self.points:+d} {self.reason.value}{detail}"


@attrs.frozen(kw_only=True)
class ScoreSheet:
    """The scores of a game: ``start`` the scores it began with (zero, unless a game was
    resumed), ``dealers[d - 1]`` dealt deal ``d``; ``entries`` in the order the points were
    scored."""

    names: tuple[str, ...]
    start: tuple[int, ...] = attrs.field()
    dealers: tuple[int, ...] = ()
    entries: tuple[ScoreEntry, ...] = ()

    @start.default
    def _no_points(self) -> tuple[int, ...]:
        return (0,) * len(self.names)

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
        points = [0] * len(self.names)
        for entry in self.entries:
            if entry.deal == deal:
                points[entry.seat] += entry.points
        return tuple(points)

    def deal_entries(self, deal: int) -> tuple[ScoreEntry, ...]:
        """The entries of deal ``deal``, in scoring order."""
        return tuple(e for e in self.entries if e.deal == deal)

    def format(self) -> str:
        """The sheet as text: a table of points per deal and player, then each deal's
        reasons."""
        width = max(5, *(len(n) + 1 for n in self.names))
        left = max(6, *(len(n) for n in self.names))
        lines = [f"Deal  {'Dealer':<{left}} |" + "".join(f"{n:>{width}}" for n in self.names)]
        if any(self.start):
            start = "".join(f"{p:>{width}}" for p in self.start)
            lines.append(f"{'Start':<{left + 7}}|{start}")
        for deal, dealer in enumerate(self.dealers, start=1):
            cells = "".join(
                f"{(f'{p:+d}' if p else '.'):>{width}}" for p in self.deal_points(deal)
            )
            lines.append(f"{deal:>4}  {self.names[dealer]:<{left}} |{cells}")
        lines.append("-" * (left + 7) + "+" + "-" * (width * len(self.names)))
        totals = "".join(f"{t:>{width}}" for t in self.totals)
        lines.append(f"{'Total':<{left + 7}}|{totals}")
        name_width = max(len(n) for n in self.names)
        for deal, dealer in enumerate(self.dealers, start=1):
            entries = self.deal_entries(deal)
            if not entries:
                continue
            lines.append("")
            lines.append(f"Deal {deal} (dealer {self.names[dealer]})")
            lines.extend(
                f"  {self.names[e.seat]:<{name_width}} {e.points:>+4d}  {e.reason.value}"
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
