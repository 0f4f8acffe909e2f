"""A compact, picklable description of a spot, as sent to workers (cards are indices 0-51)."""

from __future__ import annotations

from functools import lru_cache
from itertools import chain, combinations
from math import comb, prod
from typing import Final

import attrs

from pokerrules.cards import STANDARD_CARDS, Card
from pokerrules.equity.spot import BOARD_SIZE, Spot

#: Cards by index (``Card.index``).
CARDS_BY_INDEX: Final[tuple[Card, ...]] = tuple(sorted(STANDARD_CARDS, key=lambda c: c.index))


_INDEX: Final[dict[Card, int]] = {card: card.index for card in STANDARD_CARDS}


@lru_cache(maxsize=16)
def _encode(combos: tuple[tuple[Card, ...], ...]) -> bytes:
    return bytes(map(_INDEX.__getitem__, chain.from_iterable(combos)))


@attrs.frozen
class Spec:
    """The spot as plain bytes: each range is its combos' card indices, run together.

    A range of every hand (``random``) is not listed: its entry in ``ranges`` is empty and its
    entry in ``every`` holds the cards removed from it (``None`` for a listed range)."""

    hole_cards: int
    exactly_two: bool
    hi_lo: bool
    ranges: tuple[bytes, ...]
    board: bytes
    dead: bytes
    every: tuple[bytes | None, ...] = ()

    @classmethod
    def of(cls, spot: Spot) -> Spec:
        """Encode a checked spot."""
        return cls(
            hole_cards=spot.game.hole_cards,
            exactly_two=spot.game.exactly_two,
            hi_lo=spot.game.hi_lo,
            ranges=tuple(b"" if r.every else _encode(r.combos) for r in spot.ranges),
            board=bytes(c.index for c in spot.board),
            dead=bytes(c.index for c in spot.dead),
            every=tuple(
                bytes(sorted(c.index for c in r.removed)) if r.every else None for r in spot.ranges
            ),
        )

    def is_every(self, player: int) -> bool:
        """Whether the player's range is every hand, unlisted."""
        return bool(self.every) and self.every[player] is not None

    def _every_cards(self, player: int) -> list[int]:
        removed = self.every[player] or b""
        return [i for i in range(52) if i not in removed]

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.ranges)

    @property
    def runout_cards(self) -> int:
        """Board cards still to come."""
        return BOARD_SIZE - len(self.board)

    def combo_count(self, player: int) -> int:
        """How many combos the player's range holds."""
        if self.is_every(player):
            return comb(len(self._every_cards(player)), self.hole_cards)
        return len(self.ranges[player]) // self.hole_cards

    def encoded(self, player: int) -> bytes:
        """The player's combos' card indices run together (a range of every hand listed now)."""
        if self.is_every(player):
            hands = combinations(self._every_cards(player), self.hole_cards)
            return bytes(chain.from_iterable(hands))
        return self.ranges[player]

    def combos(self, player: int) -> list[tuple[int, ...]]:
        """The player's combos as tuples of card indices."""
        if self.is_every(player):
            return list(combinations(self._every_cards(player), self.hole_cards))
        raw, size = self.ranges[player], self.hole_cards
        return [tuple(raw[i : i + size]) for i in range(0, len(raw), size)]

    @property
    def known(self) -> frozenset[int]:
        """Cards out of the deck on every runout: board, dead cards and known hands."""
        cards = set(self.board) | set(self.dead)
        for p in range(self.players):
            if self.combo_count(p) == 1:
                cards.update(self.encoded(p))
        return frozenset(cards)

    @property
    def deck(self) -> tuple[int, ...]:
        """The cards runouts are drawn from (range players' cards included), in index order."""
        return tuple(i for i in range(52) if i not in self.known)

    @property
    def all_known(self) -> bool:
        """Whether every player's hand is known."""
        return all(self.combo_count(p) == 1 for p in range(self.players))

    def assignment_bound(self) -> int:
        """An upper bound on the number of ways to deal the ranges (before conflicts)."""
        return prod(self.combo_count(p) for p in range(self.players))

    def pairs(self) -> list[tuple[int, int]]:
        """Positions of the hole-card pairs an Omaha hand is made with."""
        return list(combinations(range(self.hole_cards), 2))
