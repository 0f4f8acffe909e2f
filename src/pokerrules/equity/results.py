"""Equity results: exact integer tallies of pot shares, and the per-player summary.

Every showdown gives each player a share of the pot: the whole pot, nothing, or a fraction
when hands tie or the pot is split high and low. A :class:`Tally` counts, per player, how
often each kind of share happened. Tallies are plain integers, so chunks computed anywhere
(other processes, other machines) add up to exactly the same result in any order.

A player's share is coded by how many players won each half. In a high-only game the code is
``k``, the number of players tied for the best hand if this player is one of them, else 0; the
share is ``1/k``. In a hi/lo game with a qualifying low the code is ``k_high * (n + 1) + k_low``
and the share ``1/(2 k_high) + 1/(2 k_low)`` (each term only when the player won that half);
when no low qualifies the code is ``(n + 1)**2 + k_high`` and the high hands split the whole
pot (Robert's Rules of Poker, "Split Pot Games"). So a hand that wins the high half alone and
ties for the low half with one other player gets ``1/2 + 1/4 = 3/4`` of the pot.

>>> share_parts(1 * 3 + 2, players=2, hi_lo=True)  # high alone, low shared by two
(Fraction(1, 2), Fraction(1, 4))
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import Final

import attrs

from pokerrules.cards import Card, format_cards
from pokerrules.equity.spot import BoardGame
from pokerrules.errors import InvalidDefinitionError

__all__ = ["EquityResult", "PlayerEquity", "Tally", "code_count", "share_parts"]

_ZERO: Final = Fraction(0)


def code_count(players: int, hi_lo: bool) -> int:
    """How many share codes there are for ``players`` players."""
    side = players + 1
    return side * side + side if hi_lo else side


@cache
def share_parts(code: int, *, players: int, hi_lo: bool) -> tuple[Fraction, Fraction]:
    """The fractions of the whole pot won with the high hand and with the low hand."""
    side = players + 1
    if not hi_lo:
        return (Fraction(1, code) if code else _ZERO), _ZERO
    if code >= side * side:
        k_high = code - side * side
        return (Fraction(1, k_high) if k_high else _ZERO), _ZERO
    k_high, k_low = divmod(code, side)
    return (
        Fraction(1, 2 * k_high) if k_high else _ZERO,
        Fraction(1, 2 * k_low) if k_low else _ZERO,
    )


@attrs.frozen
class Tally:
    """Per player, how many showdowns ended with each share code (see the module docs)."""

    hi_lo: bool
    counts: tuple[tuple[int, ...], ...]

    @classmethod
    def empty(cls, players: int, hi_lo: bool) -> Tally:
        """No showdowns yet."""
        return cls(hi_lo, ((0,) * code_count(players, hi_lo),) * players)

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.counts)

    @property
    def outcomes(self) -> int:
        """How many showdowns were counted."""
        return sum(self.counts[0]) if self.counts else 0

    def __add__(self, other: Tally) -> Tally:
        if not isinstance(other, Tally):
            return NotImplemented
        if other.hi_lo != self.hi_lo or [len(row) for row in other.counts] != [
            len(row) for row in self.counts
        ]:
            raise InvalidDefinitionError(
                "only tallies of the same spot add up: these differ in players or in hi/lo"
            )
        return Tally(
            self.hi_lo,
            tuple(
                tuple(a + b for a, b in zip(mine, theirs, strict=True))
                for mine, theirs in zip(self.counts, other.counts, strict=True)
            ),
        )


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


@attrs.frozen(kw_only=True)
class PlayerEquity:
    """One player's results.

    ``win`` is the chance of taking the whole pot alone (scooping, in hi/lo games), ``tie``
    the chance of a part of it (a tie, or a split with another player); ``equity`` is the
    expected fraction of the pot, ``high`` and ``low`` the parts of it won with the high and
    the low hand (``high + low == equity``). ``share`` is the equity as an exact fraction of
    the showdowns counted (for exact enumeration, the exact equity). ``std_error`` is the
    standard error of ``equity`` (0 for exact enumeration).
    """

    hand: str
    combos: int
    win: float
    tie: float
    equity: float
    high: float
    low: float
    share: Fraction
    std_error: float

    @classmethod
    def from_counts(
        cls,
        hand: str,
        combos: int,
        counts: tuple[int, ...],
        *,
        players: int,
        hi_lo: bool,
        exact: bool,
    ) -> PlayerEquity:
        """Summarise one player's share-code counts (``players`` at the table)."""
        total = sum(counts)
        if total == 0:
            return cls(
                hand=hand, combos=combos, win=0.0, tie=0.0, equity=0.0, high=0.0, low=0.0,
                share=_ZERO, std_error=0.0,
            )  # fmt: skip
        wins = ties = 0
        high = low = square = _ZERO
        for code, count in enumerate(counts):
            if not count:
                continue
            h, lo = share_parts(code, players=players, hi_lo=hi_lo)
            share = h + lo
            if share == 1:
                wins += count
            elif share:
                ties += count
            high += count * h
            low += count * lo
            square += count * share * share
        mean = (high + low) / total
        error = 0.0
        if not exact and total > 1:
            variance = (square - total * mean * mean) / (total - 1)
            error = math.sqrt(float(variance) / total)
        return cls(
            hand=hand,
            combos=combos,
            win=wins / total,
            tie=ties / total,
            equity=float(mean),
            high=float(high / total),
            low=float(low / total),
            share=mean,
            std_error=error,
        )


@attrs.frozen(kw_only=True)
class EquityResult:
    """The outcome of an equity calculation: one :class:`PlayerEquity` per player, in order.

    ``exact`` tells whether every runout was enumerated; otherwise ``outcomes`` runouts were
    sampled with ``seed``. Index the result (``result[0]``) or iterate over it for the players.
    """

    game: BoardGame
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    players: tuple[PlayerEquity, ...]
    exact: bool
    outcomes: int
    seed: int | None = None
    tally: Tally = attrs.field(repr=False)

    @property
    def equities(self) -> tuple[float, ...]:
        """Each player's equity, in order."""
        return tuple(p.equity for p in self.players)

    def __getitem__(self, index: int) -> PlayerEquity:
        return self.players[index]

    def __len__(self) -> int:
        return len(self.players)

    def __iter__(self) -> Iterator[PlayerEquity]:
        return iter(self.players)

    def table(self) -> str:
        """The results as a small text table (what the command line prints)."""
        board = format_cards(self.board) if self.board else "none"
        how = (
            f"exact, {self.outcomes:,} outcomes"
            if self.exact
            else f"sampled, {self.outcomes:,} outcomes, seed {self.seed}"
        )
        lines = [f"{self.game.name}, board {board}: {how}"]
        if self.dead:
            lines[0] += f" (dead {format_cards(self.dead)})"
        width = max(4, *(len(p.hand) for p in self.players))
        head = f"{'#':>2}  {'hand':<{width}}  {'combos':>6}  {'win':>7}  {'tie':>7}  {'equity':>7}"
        if self.game.hi_lo:
            head += f"  {'high':>7}  {'low':>7}"
        if not self.exact:
            head += f"  {'± s.e.':>7}"
        lines.append(head)
        for i, p in enumerate(self.players, start=1):
            row = (
                f"{i:>2}  {p.hand:<{width}}  {p.combos:>6}  {_percent(p.win):>7}  "
                f"{_percent(p.tie):>7}  {_percent(p.equity):>7}"
            )
            if self.game.hi_lo:
                row += f"  {_percent(p.high):>7}  {_percent(p.low):>7}"
            if not self.exact:
                row += f"  {_percent(p.std_error):>7}"
            lines.append(row)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()
