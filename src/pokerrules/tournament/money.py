"""Tournament money: payouts from a prize table, ties, and the ICM value of stacks.

**Payouts.** A :class:`PrizeTable` gives, for each field size, the share of the prize pool
each place wins (in percent). :func:`payouts` turns a pool into whole amounts: each place gets
its share rounded down to ``unit``, and what rounding leaves over goes to first place, so the
amounts always add up to the pool. Players who bust in the same hand finish in the order of the
chips they began the hand with; players who began it with equal stacks tie, and share the
prizes of the places they cover equally (PokerStars, "Simultaneous elimination"; the usual
tournament rule) -- :func:`split_places` does that sharing.

**ICM.** The Independent Chip Model (Malmuth-Harville) values a stack as its share of the prize
pool: a player finishes first with probability stack / all chips, and, given who has finished
ahead, each later place the same way among the players left. :func:`icm` computes it exactly
(in fractions, so the values add up to the prizes exactly) for up to :data:`EXACT_ICM_PLAYERS`
players, and samples finishing orders above that with an injected seed or
:class:`random.Random`, at most :data:`MAX_ICM_WORK` player-draws in all.

>>> from pokerrules.tournament.money import icm, payouts
>>> payouts(1000, (50, 30, 20))
(500, 300, 200)
>>> [str(v) for v in icm([5000, 3000, 2000], [500, 300, 200])]
['5375/14', '655/2', '2020/7']
>>> sum(icm([5000, 3000, 2000], [500, 300, 200]))
Fraction(1000, 1)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Final

import attrs

from pokerrules._validators import shown
from pokerrules.errors import InvalidDefinitionError

__all__ = [
    "DEFAULT_ICM_SAMPLES",
    "EXACT_ICM_PLAYERS",
    "MAX_ICM_WORK",
    "STANDARD_PRIZES",
    "PrizeTable",
    "icm",
    "payouts",
    "split_places",
]

#: Up to this many players :func:`icm` is exact; above it, sampled.
EXACT_ICM_PLAYERS: Final = 10
#: The finishing orders :func:`icm` samples unless told otherwise.
DEFAULT_ICM_SAMPLES: Final = 20_000
#: The most work :func:`icm` samples: finishing orders times the places drawn in each.
MAX_ICM_WORK: Final = 10**8


def _whole(value: object, name: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InvalidDefinitionError(
            f"{name} must be a whole number >= {least}, not {shown(value)}"
        )
    return value


def _percentages(value: Sequence[int | Fraction]) -> tuple[Fraction, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise InvalidDefinitionError(f"shares must be a sequence of percents, not {shown(value)}")
    shares = []
    for share in value:
        if isinstance(share, bool) or not isinstance(share, int | Fraction) or share < 0:
            raise InvalidDefinitionError(f"a share is a percent >= 0, not {shown(share)}")
        shares.append(Fraction(share))
    if not shares or sum(shares) != 100:
        raise InvalidDefinitionError(
            f"the shares of the places must add up to 100 percent, not {shown(sum(shares))}"
        )
    if any(later > earlier for earlier, later in itertools.pairwise(shares)):
        raise InvalidDefinitionError("a lower place cannot win more than a higher one")
    return tuple(shares)


def payouts(pool: int, shares: Sequence[int | Fraction], *, unit: int = 1) -> tuple[int, ...]:
    """The prize of each place: ``shares`` (percents, first place first, adding up to 100)
    of ``pool``, each rounded down to ``unit``, the remainder to first place.

    >>> payouts(999, (50, 30, 20), unit=5)
    (509, 295, 195)
    """
    _whole(pool, "pool")
    _whole(unit, "unit", 1)
    percents = _percentages(shares)
    amounts = [int(pool * share / 100) // unit * unit for share in percents]
    amounts[0] += pool - sum(amounts)
    return tuple(amounts)


def _table_rows(value: Mapping[int, Sequence[int | Fraction]]) -> dict[int, tuple[Fraction, ...]]:
    if not isinstance(value, Mapping):
        raise InvalidDefinitionError(
            f"rows must map the least field size to its shares, not {shown(value)}"
        )
    rows = {}
    for entries, shares in sorted(value.items()):
        _whole(entries, "a row's field size", 2)
        rows[entries] = _percentages(shares)
        if len(rows[entries]) > entries:
            raise InvalidDefinitionError(f"a field of {entries} cannot pay {len(shares)} places")
    if not rows:
        raise InvalidDefinitionError("a prize table needs at least one row")
    return rows


@attrs.frozen
class PrizeTable:
    """The shares paid by field size: ``rows`` maps the smallest field a row applies to onto
    its shares (percents, first place first).

    >>> STANDARD_PRIZES.shares(9), STANDARD_PRIZES.shares(6)
    ((Fraction(50, 1), Fraction(30, 1), Fraction(20, 1)), (Fraction(65, 1), Fraction(35, 1)))
    >>> STANDARD_PRIZES.payouts(entries=9, pool=900)
    (450, 270, 180)
    """

    rows: dict[int, tuple[Fraction, ...]] = attrs.field(converter=_table_rows)

    def shares(self, entries: int) -> tuple[Fraction, ...]:
        """The shares paid to a field of ``entries`` players."""
        _whole(entries, "entries", 2)
        fitting = [size for size in self.rows if size <= entries]
        if not fitting:
            raise InvalidDefinitionError(
                f"the prize table has no row for {entries} players (its smallest is "
                f"{min(self.rows)})"
            )
        return self.rows[max(fitting)]

    def payouts(self, *, entries: int, pool: int, unit: int = 1) -> tuple[int, ...]:
        """The prize of each paid place for a field of ``entries`` and a prize ``pool``."""
        return payouts(pool, self.shares(entries), unit=unit)


#: A common sit-and-go table: winner takes all heads-up, 65/35 from 4 players, 50/30/20
#: from 7, and ten places from 28.
STANDARD_PRIZES: Final = PrizeTable(
    {
        2: (100,),
        4: (65, 35),
        7: (50, 30, 20),
        11: (40, 25, 15, 12, 8),
        28: (30, 20, 12, 9, 7, 6, 5, 4, 4, 3),
    }
)


def split_places(prizes: Sequence[int], first_place: int, players: int) -> tuple[int, ...]:
    """What each of ``players`` tied players wins when they share the places from
    ``first_place`` (1 is the winner) on: the prizes of those places added up and split
    equally, the odd units to the first of them in order. Places past the paid ones win 0.

    >>> split_places([500, 300, 200], 2, 2)    # two tie for second: (300 + 200) / 2
    (250, 250)
    >>> split_places([500, 300, 200], 3, 2)    # third and fourth: 200 between them
    (100, 100)
    """
    _whole(first_place, "first_place", 1)
    _whole(players, "players", 1)
    for prize in prizes:
        _whole(prize, "a prize")
    total = sum(prizes[first_place - 1 : first_place - 1 + players])
    share, odd = divmod(total, players)
    return tuple(share + (1 if k < odd else 0) for k in range(players))


def _prizes(prizes: Sequence[int | Fraction]) -> tuple[Fraction, ...]:
    if isinstance(prizes, str) or not isinstance(prizes, Sequence):
        raise InvalidDefinitionError(f"prizes must be a sequence of amounts, not {shown(prizes)}")
    out = []
    for prize in prizes:
        if isinstance(prize, bool) or not isinstance(prize, int | Fraction) or prize < 0:
            raise InvalidDefinitionError(f"a prize is an amount >= 0, not {shown(prize)}")
        out.append(Fraction(prize))
    return tuple(out)


def _exact(stacks: Sequence[int], prizes: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """Malmuth-Harville by the probability of each set of players filling the top places."""
    n, places = len(stacks), min(len(prizes), len(stacks))
    total = sum(stacks)
    values = [Fraction(0)] * n
    # chance that exactly the players in the mask (a bit each) hold the top popcount places
    layer: dict[int, Fraction] = {0: Fraction(1)}
    taken: dict[int, int] = {0: 0}
    for place in range(places):
        following: dict[int, Fraction] = {}
        for mask, chance in layer.items():
            left = total - taken[mask]
            for j in range(n):
                bit = 1 << j
                if mask & bit or stacks[j] == 0:
                    continue
                step = chance * Fraction(stacks[j], left)
                values[j] += step * prizes[place]
                grown = mask | bit
                following[grown] = following.get(grown, Fraction(0)) + step
                taken[grown] = taken[mask] + stacks[j]
        layer = following
    return tuple(values)


def _sampled(
    stacks: Sequence[int], prizes: Sequence[Fraction], samples: int, rng: random.Random
) -> tuple[Fraction, ...]:
    """The mean prize of each player over ``samples`` finishing orders drawn by the model: the
    order of stack-scaled exponential clocks is the Harville order."""
    n, places = len(stacks), min(len(prizes), len(stacks))
    finishes = [[0] * places for _ in range(n)]  # how often each player took each place
    alive = [i for i in range(n) if stacks[i] > 0]
    draw, weight = rng.expovariate, {i: 1.0 / stacks[i] for i in alive}
    for _ in range(samples):
        clocks = [(draw(1.0) * weight[i], i) for i in alive]
        clocks.sort()
        for place in range(places):
            finishes[clocks[place][1]][place] += 1
    return tuple(
        sum((count * prizes[place] for place, count in enumerate(row)), Fraction(0)) / samples
        for row in finishes
    )


def icm(
    stacks: Sequence[int],
    prizes: Sequence[int | Fraction],
    *,
    samples: int = DEFAULT_ICM_SAMPLES,
    seed: int | random.Random = 0,
) -> tuple[Fraction, ...]:
    """The ICM (Malmuth-Harville) value of each stack: exact up to
    :data:`EXACT_ICM_PLAYERS` players, the mean over ``samples`` finishing orders drawn with
    ``seed`` above that. Either way the values add up exactly to the prizes of the places the
    players can take (a player with no chips is worth nothing and takes no place; places
    below the last player are already won). Prizes are first place first.

    >>> icm([100, 100], [70, 30])
    (Fraction(50, 1), Fraction(50, 1))
    >>> values = icm([100] * 12, [60, 40], samples=2000, seed=1)
    >>> sum(values), all(abs(v - Fraction(100, 12)) < 3 for v in values)
    (Fraction(100, 1), True)
    """
    if isinstance(stacks, str) or not isinstance(stacks, Sequence):
        raise InvalidDefinitionError(f"stacks must be a sequence of chips, not {shown(stacks)}")
    for chips in stacks:
        _whole(chips, "a stack")
    paid = _prizes(prizes)
    players = sum(1 for chips in stacks if chips > 0)
    if players == 0:
        raise InvalidDefinitionError("ICM needs at least one player with chips")
    if any(later > earlier for earlier, later in itertools.pairwise(paid)):
        raise InvalidDefinitionError("prizes must not grow down the places (first place first)")
    paid = paid[:players]  # places below the players left are not theirs to win
    if len(stacks) <= EXACT_ICM_PLAYERS:
        return _exact(stacks, paid)
    _whole(samples, "samples", 1)
    if samples * min(len(paid), players) > MAX_ICM_WORK // max(1, players.bit_length()):
        raise InvalidDefinitionError(
            f"{samples:,} samples of {players} players is too much work (at most about "
            f"{MAX_ICM_WORK:,} player-draws): take fewer samples"
        )
    rng = seed if isinstance(seed, random.Random) else random.Random(_whole(seed, "seed"))
    return _sampled(stacks, paid, samples, rng)
