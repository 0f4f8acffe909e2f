"""Hand ranges in the standard notation: ``QQ+, AKs, A5s-A2s, KQo``.

A :class:`HandRange` is the set of specific hole-card combinations ("combos") a player may hold.
Each comma- or space-separated token of the notation adds combos:

======================  ==========================================================  ======
Token                   Meaning                                                     Combos
======================  ==========================================================  ======
``QQ``                  a pocket pair                                               6
``QQ+``                 that pair and every higher pair (QQ, KK, AA)                18
``TT-77`` (``77-TT``)   the pairs from one to the other, inclusive                  24
``AKs`` / ``AKo``       two ranks, suited / offsuit                                 4 / 12
``AK``                  two ranks, suited or offsuit                                16
``A2s+``                first rank fixed, second rank up to one below it            48
``A5s-A2s``             first rank fixed, second rank from one end to the other     16
``AsKd``                one specific combo (cards written run together)             1
``random`` (``any``)    every combo                                                 1326
======================  ==========================================================  ======

The ``s``/``o`` suffix works with every non-pair form (``KTo+``, ``K9-K6``). Ranks are written
``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` (either case); the higher rank may come second
(``KAs`` is ``AKs``). Games with more than two hole cards (Omaha) take specific hands of that
many cards (``AsAhKsKh``) and ``random``. Weights (``50%``) are not part of this notation.

``random`` on its own is every hand without listing them: its size, membership, card removal
and sampling cost nothing, so ``random`` with five hole cards (2,598,960 hands) is as cheap
as with two. Only :attr:`HandRange.combos` lists the hands, when asked.

>>> r = HandRange.parse("QQ+, AKs, A5s-A2s, KQo")
>>> len(r)  # 18 + 4 + 16 + 12
50
>>> HandRange.parse("AsKd").is_known
True
>>> len(HandRange.parse("QQ+").without(parse_cards("Qs Kd")))  # 3 QQ, 3 KK, 6 AA
12
>>> HandRange.parse("AKx")
Traceback (most recent call last):
...
pokerrules.errors.InvalidNotationError: 'AKx' is not a range token: expected a pair (QQ), a pair run (QQ+ or TT-77), two ranks with s or o (AKs, AKo, AK), a run (A2s+ or A5s-A2s), specific cards (AsKd) or 'random'
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import combinations, islice
from math import comb
from typing import Final

import attrs

from pokerrules._validators import is_instance, shown
from pokerrules.cards import STANDARD_CARDS, Card, Rank, Suit, parse_cards
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError

__all__ = ["Combo", "HandRange", "parse_range"]

#: One specific set of hole cards, highest card first.
Combo = tuple[Card, ...]

_RANKS: Final = "23456789TJQKA"
_TOKEN_HELP: Final = (
    "expected a pair (QQ), a pair run (QQ+ or TT-77), two ranks with s or o (AKs, AKo, AK), "
    "a run (A2s+ or A5s-A2s), specific cards (AsKd) or 'random'"
)
_RANDOM: Final = frozenset({"random", "any"})
#: The most hands ``random`` lists: every hand of five cards (2,598,960).
MAX_RANDOM_COMBOS: Final = comb(52, 5)
_CARDS: Final = re.compile(r"(?:(?:[2-9TJQKA]|10)[cdhs])+", re.IGNORECASE)
# Two ranks and an optional suitedness, optionally followed by '+'.
_CLASS: Final = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)", re.IGNORECASE)


def _rank(symbol: str) -> Rank:
    return Rank(_RANKS.index(symbol.upper()) + 2)


_STANDARD: Final = frozenset(STANDARD_CARDS)
_POSITION: Final[dict[Card, int]] = {card: card.index for card in STANDARD_CARDS}
#: The 52 cards, highest first: combinations of it come out canonical and in order.
_DESCENDING: Final = tuple(sorted(STANDARD_CARDS, key=_POSITION.__getitem__, reverse=True))


def _combo(cards: Iterable[Card]) -> Combo:
    return tuple(sorted(cards, key=_POSITION.__getitem__, reverse=True))


def _combo_order(combo: Combo) -> list[int]:
    return [_POSITION[c] for c in combo]


@lru_cache(maxsize=2)
def _every_hand(hole_cards: int, removed: frozenset[Card] = frozenset()) -> tuple[Combo, ...]:
    return tuple(combinations([c for c in _DESCENDING if c not in removed], hole_cards))


def _pair(rank: Rank) -> list[Combo]:
    cards = [Card(rank, suit) for suit in Suit]
    return [_combo(two) for two in combinations(cards, 2)]


def _two_ranks(high: Rank, low: Rank, suitedness: str) -> list[Combo]:
    out: list[Combo] = []
    for s1 in Suit:
        for s2 in Suit:
            if (suitedness == "s" and s1 != s2) or (suitedness == "o" and s1 == s2):
                continue
            out.append(_combo((Card(high, s1), Card(low, s2))))
    return out


def _parse_class(token: str) -> tuple[Rank, Rank, str, bool] | None:
    """``(high, low, suitedness, plus)`` of a token such as ``AKs`` or ``QQ+``, else None."""
    match = _CLASS.fullmatch(token)
    if match is None:
        return None
    first, second = _rank(match.group(1)), _rank(match.group(2))
    suitedness = match.group(3).lower()
    high, low = max(first, second), min(first, second)
    if high == low and suitedness:
        raise InvalidNotationError(
            f"{token!r} is not a range token: a pair cannot be suited or offsuit"
        )
    return high, low, suitedness, bool(match.group(4))


def _expand_class(high: Rank, low: Rank, suitedness: str, plus: bool) -> list[Combo]:
    if high == low:
        ranks = range(low, Rank.ACE + 1) if plus else range(low, low + 1)
        return [c for r in ranks for c in _pair(Rank(r))]
    kickers = range(low, high) if plus else range(low, low + 1)
    return [c for k in kickers for c in _two_ranks(high, Rank(k), suitedness)]


def _expand_run(token: str, left: str, right: str) -> list[Combo]:
    ends = [_parse_class(left), _parse_class(right)]
    if ends[0] is None or ends[1] is None or ends[0][3] or ends[1][3]:
        raise InvalidNotationError(f"{token!r} is not a range token: {_TOKEN_HELP}")
    (h1, l1, s1, _), (h2, l2, s2, _) = ends[0], ends[1]
    if h1 == l1 and h2 == l2:  # a run of pairs, TT-77
        bottom, top = sorted((h1, h2))
        return [c for r in range(bottom, top + 1) for c in _pair(Rank(r))]
    if h1 == l1 or h2 == l2:
        raise InvalidNotationError(
            f"{token!r} is not a range token: a run joins two pairs or two hands with the "
            "same first rank"
        )
    if h1 != h2:
        raise InvalidNotationError(
            f"{token!r} is not a range token: both ends of a run must share their first rank "
            f"({_RANKS[h1 - 2]} and {_RANKS[h2 - 2]} differ)"
        )
    if s1 != s2:
        raise InvalidNotationError(
            f"{token!r} is not a range token: both ends of a run must be suited, offsuit or "
            "neither alike"
        )
    bottom, top = sorted((l1, l2))
    return [c for k in range(bottom, top + 1) for c in _two_ranks(h1, Rank(k), s1)]


def _listable(hole_cards: int) -> int:
    """``hole_cards``, if every hand of that many cards can be listed; otherwise an error."""
    count = comb(len(STANDARD_CARDS), hole_cards)
    if count > MAX_RANDOM_COMBOS:
        raise InvalidDefinitionError(
            f"'random' with {hole_cards} hole cards is {count:,} hands, too many to list "
            f"(at most {MAX_RANDOM_COMBOS:,}: five hole cards)"
        )
    return hole_cards


def _cards_count(count: int) -> str:
    """``'1 card'``, ``'2 cards'``."""
    return f"{count} card{'' if count == 1 else 's'}"


def _expand_token(token: str, hole_cards: int) -> list[Combo]:
    if token.lower() in _RANDOM:
        return list(_every_hand(_listable(hole_cards)))
    if hole_cards == 2:
        if "-" in token:
            left, _, right = token.partition("-")
            return _expand_run(token, left, right)
        parsed = _parse_class(token)
        if parsed is not None:
            return _expand_class(*parsed)
    try:
        cards = parse_cards(token)
    except InvalidNotationError:
        if _CARDS.fullmatch(token):
            raise  # card notation with a problem of its own, such as a repeated card
        if hole_cards == 2:
            raise InvalidNotationError(f"{token!r} is not a range token: {_TOKEN_HELP}") from None
        raise InvalidNotationError(
            f"{token!r} is not a hand of {_cards_count(hole_cards)}: write the cards run together "
            "(AsAhKsKh) or 'random'"
        ) from None
    if len(cards) != hole_cards:
        raise InvalidNotationError(
            f"{token!r} holds {_cards_count(len(cards))}, but a hand here has {hole_cards}"
        )
    return [_combo(cards)]


def _combos(value: Iterable[Iterable[Card]]) -> tuple[Combo, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidDefinitionError(
            f"a range's combos are an iterable of hands (each an iterable of cards), "
            f"not {shown(value)}; use HandRange.parse for notation"
        )
    hands = []
    for hand in value:
        if isinstance(hand, str) or not isinstance(hand, Iterable):
            raise InvalidDefinitionError(
                f"{shown(hand)} is not a hand: give each hand as an iterable of cards"
            )
        hands.append(tuple(hand))
    for hand in hands:
        if not all(isinstance(c, Card) for c in hand) or len(set(hand)) != len(hand):
            raise InvalidDefinitionError(f"{shown(hand)} is not a hand of distinct cards")
    if len({len(hand) for hand in hands}) > 1:
        raise InvalidDefinitionError("every hand in a range must have the same number of cards")
    return tuple(sorted({_combo(c) for c in hands}, key=_combo_order, reverse=True))


def _every(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 52:
        raise InvalidDefinitionError(
            f"{attribute.name} must be a hand size 1-52 (or 0: the combos are listed), "
            f"not {shown(value)}"
        )


def _card_set(value: Iterable[Card]) -> frozenset[Card]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidDefinitionError(f"removed must be a set of cards, not {shown(value)}")
    cards = frozenset(value)
    odd = next((c for c in cards if not isinstance(c, Card)), None)
    if odd is not None:
        raise InvalidDefinitionError(f"removed must hold cards, not {shown(odd)}")
    return cards


@attrs.frozen
class HandRange:
    """A set of specific hands (combos) a player may hold, all of the same size.

    Build one with :meth:`parse` (standard notation), :meth:`of` (explicit hands) or
    :meth:`every_hand` (every hand of a size). ``notation`` remembers the text it came from, for
    display. Combos are sorted, highest first, and never repeated.

    A range of every hand lists nothing: ``every`` is its hand size and ``removed`` the cards
    taken out (dead cards, the board); its combos are listed only when :attr:`combos` is read.
    """

    _combos: tuple[Combo, ...] = attrs.field(default=(), converter=_combos)
    notation: str = attrs.field(default="", kw_only=True, validator=is_instance(str))
    every: int = attrs.field(default=0, kw_only=True, validator=_every)
    removed: frozenset[Card] = attrs.field(default=frozenset(), kw_only=True, converter=_card_set)

    def __attrs_post_init__(self) -> None:
        if self.every and self._combos:
            raise InvalidDefinitionError(
                "a range of every hand (every > 0) lists no combos; give one or the other"
            )
        if self.removed and not self.every:
            raise InvalidDefinitionError(
                "removed cards belong to a range of every hand; use without() on listed combos"
            )

    @classmethod
    def _trusted(cls, combos: tuple[Combo, ...], notation: str) -> HandRange:
        # Combos already canonical, distinct and in order (a subset of a valid range).
        instance = object.__new__(cls)
        object.__setattr__(instance, "_combos", combos)
        object.__setattr__(instance, "notation", notation)
        object.__setattr__(instance, "every", 0)
        object.__setattr__(instance, "removed", frozenset())
        return instance

    @classmethod
    def every_hand(cls, hole_cards: int, *, notation: str = "random") -> HandRange:
        """Every hand of ``hole_cards`` cards, unlisted.

        >>> r = HandRange.every_hand(5)
        >>> len(r), r.hole_cards, len(r.without(parse_cards("As Kd")))
        (2598960, 5, 2118760)
        """
        _every(None, attrs.fields(cls).every, hole_cards)
        if hole_cards == 0:
            raise InvalidDefinitionError("a hand needs at least one card, not 0")
        return cls(notation=notation, every=hole_cards)

    @property
    def combos(self) -> tuple[Combo, ...]:
        """Every combo, highest first (a range of every hand lists them now)."""
        if self.every:
            return _every_hand(_listable(self.every), self.removed)
        return self._combos

    def sample(self, rng: random.Random) -> Combo:
        """One combo drawn uniformly with ``rng``, without listing the range."""
        if not isinstance(rng, random.Random):
            raise InvalidDefinitionError(f"rng must be a random.Random, not {shown(rng)}")
        if not self.every:
            if not self._combos:
                raise InvalidDefinitionError("an empty range has no hand to draw")
            return self._combos[rng.randrange(len(self._combos))]
        cards = [c for c in _DESCENDING if c not in self.removed]
        if len(cards) < self.every:
            raise InvalidDefinitionError("an empty range has no hand to draw")
        return _combo(rng.sample(cards, self.every))

    @classmethod
    def parse(cls, text: str, *, hole_cards: int = 2) -> HandRange:
        """Parse the notation (see the module documentation); ``hole_cards`` is the hand size.

        Text that is exactly one hand of cards (``"As Ah"``, ``"AsAh"``) is a known hand.

        >>> HandRange.parse("TT-77, A5s-A2s").notation
        'TT-77, A5s-A2s'
        >>> [str(HandRange.of([c])) for c in HandRange.parse("AKs").combos[:2]]
        ['AsKs', 'AhKh']
        """
        if isinstance(hole_cards, bool) or not isinstance(hole_cards, int) or hole_cards < 1:
            raise InvalidDefinitionError(
                f"a hand needs at least one card, not {shown(hole_cards)}"
            )
        if hole_cards > len(STANDARD_CARDS):
            raise InvalidDefinitionError(
                f"a hand holds at most the deck's {len(STANDARD_CARDS)} cards, "
                f"not {shown(hole_cards)}"
            )
        if not isinstance(text, str):
            raise InvalidNotationError(
                f"a range is written as text such as 'QQ+, AKs', not {shown(text)}"
            )
        stripped = text.strip()
        if not stripped.strip(" ,"):
            raise InvalidNotationError("an empty range: give at least one hand or range token")
        try:
            whole = parse_cards(stripped, count=hole_cards)
        except InvalidNotationError:
            pass
        else:
            return cls([whole], notation=stripped)
        tokens = [t for t in re.split(r"[\s,]+", stripped) if t]
        notation = ", ".join(tokens)
        if len(tokens) == 1 and tokens[0].lower() in _RANDOM:
            return cls(notation=notation, every=_listable(hole_cards))
        combos = [c for token in tokens for c in _expand_token(token, hole_cards)]
        return cls(combos, notation=notation)

    @classmethod
    def of(cls, hands: Iterable[Iterable[Card]]) -> HandRange:
        """A range of explicit hands (each an iterable of cards)."""
        return cls(hands)

    @property
    def hole_cards(self) -> int:
        """The number of cards in each hand (0 for an empty range)."""
        if self.every:
            return self.every if len(self) else 0
        return len(self._combos[0]) if self._combos else 0

    @property
    def is_known(self) -> bool:
        """Whether the range is exactly one hand."""
        return len(self) == 1

    def without(self, cards: Iterable[Card]) -> HandRange:
        """The combos that hold none of ``cards`` (card removal: dead cards, the board)."""
        if isinstance(cards, str) or not isinstance(cards, Iterable):
            raise InvalidDefinitionError(
                f"without takes an iterable of cards (use parse_cards), not {shown(cards)}"
            )
        removed = set(cards)
        if not all(isinstance(c, Card) for c in removed):
            odd = next(c for c in removed if not isinstance(c, Card))
            raise InvalidDefinitionError(f"without takes cards, not {shown(odd)}")
        if self.every:
            return attrs.evolve(self, removed=self.removed | removed)
        kept = tuple(c for c in self._combos if removed.isdisjoint(c))
        return HandRange._trusted(kept, self.notation)

    def __len__(self) -> int:
        if self.every:
            return comb(len(STANDARD_CARDS) - len(self.removed & _STANDARD), self.every)
        return len(self._combos)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __iter__(self) -> Iterator[Combo]:
        if self.every:
            cards = [c for c in _DESCENDING if c not in self.removed]
            return combinations(cards, self.every)
        return iter(self._combos)

    def first(self, count: int) -> tuple[Combo, ...]:
        """The ``count`` highest combos (all of them when there are fewer), unlisted."""
        return tuple(islice(self, count))

    def __contains__(self, hand: object) -> bool:
        if not isinstance(hand, Iterable):
            return False
        cards = tuple(hand)
        if not all(isinstance(c, Card) for c in cards):
            return False
        if self.every:
            return (
                len(cards) == self.every == len(set(cards))
                and self.removed.isdisjoint(cards)
                and all(c in _STANDARD for c in cards)
            )
        return _combo(cards) in self._members()

    def _members(self) -> frozenset[Combo]:
        return _members(self._combos)

    def __str__(self) -> str:
        if self.notation:
            return self.notation
        if self.every:
            return "random"
        return ", ".join("".join(str(c) for c in combo) for combo in self._combos)


@lru_cache(maxsize=64)
def _members(combos: tuple[Combo, ...]) -> frozenset[Combo]:
    return frozenset(combos)


def parse_range(text: str, *, hole_cards: int = 2) -> HandRange:
    """Parse standard range notation; the same as :meth:`HandRange.parse`.

    >>> len(parse_range("random"))
    1326
    """
    return HandRange.parse(text, hole_cards=hole_cards)
