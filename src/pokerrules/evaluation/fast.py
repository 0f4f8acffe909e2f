"""The integer API, for hot loops such as equity enumeration.

A card *is* its key (``Card`` subclasses ``int``), so a hand's key is the plain sum of its
cards. Loops that share cards (a board, a player's hole cards) add partial sums once and look
up many totals. :func:`high_strength` returns a bare ``int`` (greater is better; equal exactly
when the hands tie) and allocates nothing. :func:`high_strength` and :func:`low_strength`
trust their input: the total must be the sum of five to seven distinct standard cards.
:func:`high_strength_of` and :func:`low_strength_of` take the cards' indices instead
(``Card.index``) and check them; on the compiled core they are the fastest per-hand calls.

>>> from pokerrules import parse_cards
>>> board = sum(parse_cards("Ac Kd Td 7s 2h"))
>>> nines, eight_seven = sum(parse_cards("9c 9s")), sum(parse_cards("8d 7d"))
>>> high_strength(board + nines) > high_strength(board + eight_seven)
True
>>> value_of(high_strength(board + nines)).describe()
'Pair of Nines'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pokerrules._validators import shown
from pokerrules.cards import CARD_SHIFT, RANK_KEY_MASK, STANDARD_CARDS, SUIT_SHIFT
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation._core import HASH_BUCKETS, HASH_MASK, compiled, make_value, value_cache
from pokerrules.evaluation._tables import JOKER_STATE, SUIT_STATE, core_view, strengths_by_rank_key
from pokerrules.evaluation.badugi import badugi_values
from pokerrules.evaluation.short_deck import short_deck_values
from pokerrules.evaluation.values import HandValue, Scale

__all__ = ["high_strength", "high_strength_of", "low_strength", "low_strength_of", "value_of"]

#: Card keys by index (``Card.index``).
_KEYS: Final = tuple(int(c) for c in sorted(STANDARD_CARDS, key=lambda c: c.index))

_STATE: Final = SUIT_STATE
# Bound on first use (views of the shipped tables, see evaluators.py): slots of the high scale's
# perfect hash holding bare strengths, the displacements, and the flush strengths. Until then
# every strength reads 0, which sends the call to the loader.
_SLOTS: Sequence[int] = bytes(HASH_MASK + 1)
_SHIFT: Sequence[int] = bytes(HASH_BUCKETS)
_FLUSH: Sequence[int] = bytes(8192)


def _load() -> None:
    global _SLOTS, _SHIFT, _FLUSH
    view = core_view()
    _SHIFT, _SLOTS, _FLUSH = view.displacement, view.slots[0], view.high_flush


@compiled("HIGH_TOTAL")
def high_strength(total: int) -> int:
    """The high-hand strength (1-7462) of the hand whose cards sum to ``total``."""
    try:
        state = _STATE[total >> SUIT_SHIFT & 0xFFFF]
    except TypeError:
        raise _not_a_key(total) from None
    if not state:
        key = total & RANK_KEY_MASK
        strength = _SLOTS[(key + _SHIFT[key % HASH_BUCKETS]) & HASH_MASK]
        if strength:
            return strength
    elif state < JOKER_STATE:
        strength = _FLUSH[total >> (CARD_SHIFT + 13 * state - 13) & 0x1FFF]
        if strength:
            return strength
    elif state == JOKER_STATE:
        raise InvalidDefinitionError("the integer API does not take the joker; use evaluate_high")
    if _FLUSH[0x1F00]:  # loaded, so the total is not five to seven distinct cards
        raise _not_a_key(total)
    _load()
    return high_strength(total)


def _not_a_key(total: object) -> InvalidDefinitionError:
    return InvalidDefinitionError(
        f"total must be the key (the sum) of five to seven distinct cards, not {shown(total)}"
    )


def low_strength(total: int) -> int:
    """The ace-to-five low strength (greater is the better low) of a hand's key ``total``."""
    try:
        state = _STATE[total >> SUIT_SHIFT & 0xFFFF]
    except TypeError:
        raise _not_a_key(total) from None
    if state == JOKER_STATE:
        raise InvalidDefinitionError(
            "the integer API does not take the joker; use evaluate_ace_to_five_low"
        )
    strength = strengths_by_rank_key(Scale.ACE_TO_FIVE_LOW).get(total & RANK_KEY_MASK)
    if strength is None:
        raise _not_a_key(total)
    return strength


def _total_of(indices: Sequence[int]) -> int:
    """The key of the hand of these card indices, checked: five to seven distinct of 0-51."""
    if isinstance(indices, (str, bytes)) or not isinstance(indices, Sequence):
        raise InvalidDefinitionError(
            f"indices must be a sequence of card indices (0-51), not {shown(indices)}"
        )
    if not 5 <= len(indices) <= 7:
        raise InvalidDefinitionError(
            f"a hand is five to seven card indices, not {len(indices)}: {shown(indices)}"
        )
    total, seen = 0, 0
    for index in indices:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= 51:
            raise InvalidDefinitionError(
                f"a card index is a whole number from 0 to 51, not {shown(index)}"
            )
        if seen >> index & 1:
            raise InvalidDefinitionError(f"card index {index} appears twice in {shown(indices)}")
        seen |= 1 << index
        total += _KEYS[index]
    return total


@compiled("HIGH_OF")
def high_strength_of(indices: Sequence[int]) -> int:
    """The high-hand strength of five to seven distinct cards given by index (``Card.index``,
    ``4 * (rank - 2) + suit``), checked: the integer API for callers that hold indices.

    >>> from pokerrules import parse_cards
    >>> high_strength_of([c.index for c in parse_cards("As Ks Qs Js Ts")])
    7462
    """
    return high_strength(_total_of(indices))


@compiled("LOW_OF")
def low_strength_of(indices: Sequence[int]) -> int:
    """The ace-to-five low strength of five to seven distinct cards given by index, checked.

    >>> from pokerrules import parse_cards
    >>> value_of(low_strength_of([c.index for c in parse_cards("5c 4d 3h 2s Ac")]),
    ...          Scale.ACE_TO_FIVE_LOW).describe()
    '5-4-3-2-A'
    """
    return low_strength(_total_of(indices))


def value_of(strength: int, scale: Scale = Scale.HIGH) -> HandValue:
    """The prebuilt :class:`HandValue` with this strength on ``scale``."""
    if not isinstance(scale, Scale):
        names = ", ".join(f"Scale.{s.name}" for s in Scale)
        raise InvalidDefinitionError(f"scale must be one of {names}, not {shown(scale)}")
    if scale in value_cache:  # made one by one, as the compiled core does
        top = len(value_cache[scale]) - 1  # on the high scale the last is five aces (joker)
    elif scale is Scale.BADUGI:
        values = badugi_values()
        top = len(values) - 1
    else:
        values = short_deck_values(scale)
        top = len(values) - 1
    if isinstance(strength, bool) or not isinstance(strength, int) or not 1 <= strength <= top:
        raise InvalidDefinitionError(
            f"strength {shown(strength)} is not a {scale.value} strength (1-{top})"
        )
    if scale in value_cache:
        return make_value(scale, strength)
    return values[strength]
