"""Pure-Python equity kernels: the fallback when numpy is not installed.

On the compiled evaluation core (:mod:`._compiled`) each deal's runouts are enumerated, and
known hands' runouts sampled, in C instead.

They use the integer API (:mod:`pokerrules.evaluation.fast`): a hand's strength is a table
look-up of the sum of its cards, so the board's sum is computed once per runout and each
player's hole-card sum is added to it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from functools import cache
from itertools import combinations, product
from math import comb, prod
from typing import Final

from pokerrules.equity import _compiled
from pokerrules.equity._spec import CARDS_BY_INDEX, Spec
from pokerrules.equity.results import Tally, code_count
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation._tables import strengths_by_rank_key
from pokerrules.evaluation.fast import high_strength, low_strength, value_of
from pokerrules.evaluation.values import HandCategory, Scale

_KEY: Final = tuple(int(card) for card in CARDS_BY_INDEX)
#: After this many deals in a row that share a card, sampling gives up (see ``_deal``).
_MAX_REJECTIONS: Final = 1_000_000


@cache
def _qualifies() -> tuple[bool, ...]:
    """Per ace-to-five strength: whether the low is eight or better."""
    top = max(strengths_by_rank_key(Scale.ACE_TO_FIVE_LOW).values())
    out = [False]
    for strength in range(1, top + 1):
        value = value_of(strength, Scale.ACE_TO_FIVE_LOW)
        out.append(value.category is HandCategory.HIGH_CARD and value.ranks[0].low_value <= 8)
    return tuple(out)


def _low8(total: int) -> int:
    strength = low_strength(total)
    return strength if _qualifies()[strength] else 0


class _Player:
    """A player's combos as card sets and key sums (whole hand, and each Omaha pair)."""

    def __init__(self, spec: Spec, player: int) -> None:
        self.combos = spec.combos(player)
        self.cards = [frozenset(c) for c in self.combos]
        self.totals = [sum(_KEY[i] for i in combo) for combo in self.combos]
        pairs = spec.pairs()
        self.pairs = [[_KEY[c[a]] + _KEY[c[b]] for a, b in pairs] for c in self.combos]


def _codes(high: Sequence[int], low: Sequence[int] | None, side: int) -> list[int]:
    best = max(high)
    won = [h == best for h in high]
    winners = sum(won)
    codes = [winners if w else 0 for w in won]
    if low is None:
        return codes
    best_low = max(low)
    if not best_low:
        return [side * side + c for c in codes]
    low_won = [lo == best_low for lo in low]
    low_winners = sum(low_won)
    return [c * side + (low_winners if w else 0) for c, w in zip(codes, low_won, strict=True)]


class _Showdown:
    """Evaluates one deal on one board and adds the share codes to the counts."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.side = spec.players + 1
        self.counts = [[0] * code_count(spec.players, spec.hi_lo) for _ in range(spec.players)]

    def add(self, deal: Sequence[int], players: Sequence[_Player], board: Sequence[int]) -> None:
        """One showdown: player ``i`` holds ``players[i].combos[deal[i]]``."""
        spec = self.spec
        if spec.exactly_two:
            pairs = [player.pairs[combo] for player, combo in zip(players, deal, strict=True)]
            self._omaha(pairs, board)
            return
        totals = [player.totals[combo] for player, combo in zip(players, deal, strict=True)]
        self._holdem(totals, board)

    def add_hands(self, hands: Sequence[Sequence[int]], board: Sequence[int]) -> None:
        """One showdown of explicit hands (card indices)."""
        if self.spec.exactly_two:
            pairs = [[_KEY[h[a]] + _KEY[h[b]] for a, b in self.spec.pairs()] for h in hands]
            self._omaha(pairs, board)
        else:
            self._holdem([sum(_KEY[i] for i in h) for h in hands], board)

    def _omaha(self, pairs: Sequence[Sequence[int]], board: Sequence[int]) -> None:
        threes = [_KEY[a] + _KEY[b] + _KEY[c] for a, b, c in combinations(board, 3)]
        high = [max(high_strength(p + t) for p in own for t in threes) for own in pairs]
        low = None
        if self.spec.hi_lo:
            low = [max(_low8(p + t) for p in own for t in threes) for own in pairs]
        self._count(high, low)

    def _holdem(self, totals: Sequence[int], board: Sequence[int]) -> None:
        total = sum(_KEY[i] for i in board)
        high = [high_strength(t + total) for t in totals]
        low = [_low8(t + total) for t in totals] if self.spec.hi_lo else None
        self._count(high, low)

    def _count(self, high: Sequence[int], low: Sequence[int] | None) -> None:
        for counts, code in zip(self.counts, _codes(high, low, self.side), strict=True):
            counts[code] += 1

    def tally(self) -> Tally:
        return Tally(self.spec.hi_lo, tuple(tuple(row) for row in self.counts))


def _deals(players: Sequence[_Player]) -> list[tuple[int, ...]]:
    out = []
    for deal in product(*(range(len(p.combos)) for p in players)):
        used: set[int] = set()
        for player, combo in zip(players, deal, strict=True):
            if not used.isdisjoint(player.cards[combo]):
                break
            used |= player.cards[combo]
        else:
            out.append(deal)
    return out


def exact(spec: Spec) -> Tally:
    """Count every deal of the ranges and every runout."""
    players = [_Player(spec, p) for p in range(spec.players)]
    if _compiled.supports(spec):  # each deal's runouts in one call into C
        flat = [0] * (spec.players * code_count(spec.players, spec.hi_lo))
        for deal in _deals(players):
            hands = [p.combos[c] for p, c in zip(players, deal, strict=True)]
            _compiled.add(flat, _compiled.exact_deal(spec, hands))
        return _compiled.tally_of(spec, flat)
    showdown = _Showdown(spec)
    board = tuple(spec.board)
    for deal in _deals(players):
        used = set().union(*(p.cards[c] for p, c in zip(players, deal, strict=True)))
        rest = [i for i in spec.deck if i not in used]
        for runout in combinations(rest, spec.runout_cards):
            showdown.add(deal, players, board + runout)
    return showdown.tally()


def chunk_seed(seed: int, chunk: int) -> int:
    """The seed of one chunk's generator: a hash of the run's seed and the chunk's number."""
    digest = hashlib.sha256(f"pokerrules-equity:{seed}:{chunk}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


def sample(spec: Spec, seed: int, chunk: int, count: int) -> Tally:
    """Sample ``count`` deals and runouts with the generator of chunk ``chunk`` of ``seed``.

    Players with narrow ranges are dealt first (from the list of deals that fit together, or
    by rejection); players whose range is every hand, and the runout, are then dealt from the
    cards left."""
    if spec.all_known and _compiled.supports(spec):
        return _compiled.sample_known(spec, seed, chunk, count)
    rng = random.Random(chunk_seed(seed, chunk))
    every = comb(len(spec.deck), spec.hole_cards)
    full = [p for p in range(spec.players) if spec.combo_count(p) == every > 1]
    narrow = [p for p in range(spec.players) if p not in full]
    players = {p: _Player(spec, p) for p in narrow}
    showdown = _Showdown(spec)
    board, deck, runout = tuple(spec.board), list(spec.deck), spec.runout_cards
    bound = prod(len(players[p].combos) for p in narrow)
    listed = _deals([players[p] for p in narrow]) if bound <= 1 << 16 else None
    need = runout + spec.hole_cards * len(full)
    for _ in range(count):
        for _attempt in range(_MAX_REJECTIONS):
            if listed is not None:
                picks = listed[rng.randrange(len(listed))]
            else:
                picks = tuple(rng.randrange(len(players[p].combos)) for p in narrow)
            cards = [players[p].cards[c] for p, c in zip(narrow, picks, strict=True)]
            used = frozenset().union(*cards)
            if len(used) != sum(len(c) for c in cards):
                continue
            if full:
                drawn = tuple(rng.sample([c for c in deck if c not in used], need))
                break
            drawn = tuple(rng.sample(deck, runout))
            if used.isdisjoint(drawn):
                break
        else:
            raise InvalidDefinitionError(
                "the players' ranges almost never fit together; narrow them or enumerate exactly"
            )
        hands = dict(
            zip(
                narrow,
                (players[p].combos[c] for p, c in zip(narrow, picks, strict=True)),
                strict=True,
            )
        )
        for j, p in enumerate(full):
            hands[p] = drawn[j * spec.hole_cards : (j + 1) * spec.hole_cards]
        showdown.add_hands([hands[p] for p in range(spec.players)], board + drawn[need - runout :])
    return showdown.tally()
