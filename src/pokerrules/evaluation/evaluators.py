"""Evaluate hands on every scale: high, ace-to-five low, deuce-to-seven low, eight-or-better.

The fast path never enumerates five-card subsets. A hand's key is the sum of its cards (each
:class:`~pokerrules.cards.Card` is an :class:`int` carrying its key; see
:mod:`pokerrules.cards` for the fields): one field counts the cards of each suit, which one
list look-up turns into "five to seven cards, no flush", "a flush in this suit", "the joker is
here" or "some other number of cards"; another is the multiset of ranks in base 5, which a
look-up turns into the prebuilt value (for the high scale through a shipped perfect hash into a
compact array, the lows through a dictionary); a third has one bit per card, whose count tells
whether any card is repeated. Flushes (about 3% of seven-card hands) take one more look-up by
the flush suit's rank mask. Hands of more than seven cards, and hands with the joker, take a
general path that follows the rules directly.

>>> from pokerrules import parse_cards
>>> evaluate_high(parse_cards("As Ks Qs Js Ts 2c 3d")).describe()
'Royal flush'
>>> evaluate_high(parse_cards("5d 4c 3h 2s Ac Kd")).describe()
'Straight, Five high'
>>> evaluate_ace_to_five_low(parse_cards("Jk 2c 3d 4h 5s", allow_joker=True)).describe()
'5-4-3-2-A'
>>> evaluate_deuce_to_seven_low(parse_cards("7c 5d 4h 3s 2c")).describe()
'7-5-4-3-2'
>>> evaluate_eight_or_better(parse_cards("9c 9d Kh Qs Jc")) is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import partial
from itertools import combinations
from typing import Any, Final, NoReturn, TypeVar, overload

from pokerrules._validators import shown
from pokerrules.cards import (
    _RANK_OF,
    CARD_SHIFT,
    JOKER,
    RANK_KEY_MASK,
    STANDARD_CARDS,
    SUIT_SHIFT,
    AnyCard,
    Rank,
    card_tuple,
)
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation._core import HASH_BUCKETS, HASH_MASK, compiled, make_value, value_cache
from pokerrules.evaluation._hands import check_distinct
from pokerrules.evaluation._tables import JOKER_STATE, OTHER_STATE, SUIT_STATE, core_view, tables
from pokerrules.evaluation.badugi import evaluate_badugi
from pokerrules.evaluation.short_deck import evaluate_short_deck
from pokerrules.evaluation.values import HandCategory, HandValue, Scale

__all__ = [
    "best_five",
    "best_hands",
    "evaluate",
    "evaluate_ace_to_five_low",
    "evaluate_deuce_to_seven_low",
    "evaluate_eight_or_better",
    "evaluate_high",
    "worst_hands",
]

# The high tables are bound on the first evaluation, so importing stays light. Until then the
# suit states are an empty list: every look-up fails, which sends the hand down the general path
# (which binds the tables), so the fast path never needs a "loaded yet?" test. The slots and the
# flush table hold strengths (views of the shipped file); the values are the shared
# ``HandValue`` objects by strength, made one by one as they are first met (``None`` until then).
_HIGH_STATE: list[int] = []
_HIGH_SLOTS: Sequence[int] = ()
_HIGH_SHIFT: Sequence[int] = ()
_HIGH_FLUSH: Sequence[int] = ()
_HIGH_VALUES: Final = value_cache[Scale.HIGH]
_STATE: Final = SUIT_STATE
_RANKS: Final = RANK_KEY_MASK
_STRAIGHTS_AND_FLUSHES: Final = frozenset(
    {HandCategory.STRAIGHT, HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH}
)


def _checked(cards: Iterable[AnyCard], scale: Scale, *, least: int = 5) -> tuple[AnyCard, ...]:
    """The general path's hand: ``cards`` (any iterable, a generator included) as a tuple of
    distinct cards, at least ``least`` of them."""
    hand = card_tuple(cards, "cards")
    check_distinct(hand, scale.value, least)
    return hand


# --- high -------------------------------------------------------------------------------------


@compiled("HIGH")
def evaluate_high(cards: Collection[AnyCard]) -> HandValue:
    """The best standard high hand from five or more distinct cards.

    The joker (if present) plays as an ace or completes a straight, flush or straight flush;
    four aces and the joker make five of a kind, the best hand (Robert's Rules of Poker,
    "Draw Poker").

    >>> from pokerrules import parse_cards
    >>> evaluate_high(parse_cards("Ah Ad Ac As Jk", allow_joker=True)).describe()
    'Five of a kind, Aces'
    """
    try:
        # ``len`` first: an iterator (or a value that is no collection) fails here unconsumed
        n = len(cards)
        total = sum(cards)
        state = _HIGH_STATE[total >> SUIT_SHIFT & 0xFFFF]
    except (TypeError, IndexError):  # no collection of cards, or the tables are not bound
        return _high_general(cards)
    # Five to seven standard cards (the state says so, and the tables are loaded), all
    # distinct: then the suit counts are right and the slot holds the rank key's strength.
    if not state:  # no flush
        if (total >> CARD_SHIFT).bit_count() == n < 8:
            key = total & _RANKS
            strength = _HIGH_SLOTS[(key + _HIGH_SHIFT[key % HASH_BUCKETS]) & HASH_MASK]
            return _HIGH_VALUES[strength] or _first_high(strength, cards)
    # a flush in suit ``state - 1`` (its mask has five or more ranks)
    elif state < JOKER_STATE and (total >> CARD_SHIFT).bit_count() == n < 8:
        strength = _HIGH_FLUSH[total >> (CARD_SHIFT + 13 * state - 13) & 0x1FFF]
        return _HIGH_VALUES[strength] or _first_high(strength, cards)
    return _high_general(cards)


def _first_high(strength: int, cards: Collection[AnyCard]) -> HandValue:
    """The value of a strength met for the first time; strength 0 is an empty place of the
    tables, which no cards' key reads (see :func:`_refuse_keyless`)."""
    if not strength:
        _refuse_keyless(cards, Scale.HIGH)
    return make_value(Scale.HIGH, strength)


def _refuse_keyless(cards: Iterable[AnyCard], scale: Scale) -> NoReturn:
    """Refuse a hand whose key (the sum of its items) no five to seven cards have: it holds
    integers that pass for card keys, which the general checks name, or values made as cards
    without ``Card()``."""
    _checked(cards, scale)
    raise InvalidDefinitionError(
        "cards must hold cards made by Card() or parse_cards(), not integers cast to Card"
    )


def _load_high() -> None:
    global _HIGH_STATE, _HIGH_SLOTS, _HIGH_SHIFT, _HIGH_FLUSH  # noqa: PLW0603 - bound once
    view = core_view()
    # Empty slots and masks of fewer than five ranks are never read: see evaluate_high.
    _HIGH_SHIFT, _HIGH_SLOTS, _HIGH_FLUSH = view.displacement, view.slots[0], view.high_flush
    _HIGH_STATE = SUIT_STATE


def _high_general(cards: Iterable[AnyCard]) -> HandValue:
    hand = _checked(cards, Scale.HIGH)
    if not _HIGH_STATE:  # not loaded yet
        _load_high()
        return evaluate_high(hand)
    if JOKER in hand:
        return max(_high_with_joker(five) for five in _fives_with_joker_last(hand))
    return max(evaluate_high(five) for five in combinations(hand, 5))


def _fives_with_joker_last(hand: tuple[AnyCard, ...]) -> Iterable[tuple[AnyCard, ...]]:
    return combinations(sorted(hand, key=lambda c: c is JOKER), 5)


def _high_with_joker(five: tuple[AnyCard, ...]) -> HandValue:
    """A five-card hand: the joker is an ace, or any card that makes a straight or flush."""
    if five[-1] is not JOKER:
        return evaluate_high(five)
    real = five[:4]
    if sum(1 for c in real if _RANK_OF[c] is Rank.ACE) == 4:
        return make_value(Scale.HIGH, len(_HIGH_VALUES) - 1)  # five aces: the best hand
    ace = next(c for c in STANDARD_CARDS if _RANK_OF[c] is Rank.ACE and c not in real)
    best = evaluate_high((*real, ace))
    for card in STANDARD_CARDS:
        if card not in real:
            value = evaluate_high((*real, card))
            if value.category in _STRAIGHTS_AND_FLUSHES and value > best:
                best = value
    return best


# --- ace-to-five low --------------------------------------------------------------------------

_LOW_ORDER: Final = (Rank.ACE, *[r for r in Rank if r is not Rank.ACE])


@compiled("A5")
def evaluate_ace_to_five_low(cards: Collection[AnyCard]) -> HandValue:
    """The best ace-to-five low hand (California lowball, razz) from five or more cards.

    Aces are low; straights and flushes do not count; the joker is the lowest rank not already
    in the hand (Robert's Rules of Poker, "Lowball").

    >>> from pokerrules import parse_cards
    >>> evaluate_ace_to_five_low(parse_cards("Ac 2c 3c 4c 5c")).describe()
    '5-4-3-2-A'
    >>> evaluate_ace_to_five_low(parse_cards("Jk As 2d 3h 4s", allow_joker=True)).describe()
    '5-4-3-2-A'
    """
    try:
        n = len(cards)  # first: an iterator fails here unconsumed (see evaluate_high)
        total = sum(cards)
        state = _STATE[total >> SUIT_SHIFT & 0xFFFF]
    except TypeError:  # not a collection of cards: the checks below read it or say why not
        n, total, state = 0, 0, OTHER_STATE
    # Five to seven distinct standard cards: their rank key is in the shared perfect hash.
    if state < JOKER_STATE and (total >> CARD_SHIFT).bit_count() == n:
        value = _a5_value(total)
        if value is None:
            _refuse_keyless(cards, Scale.ACE_TO_FIVE_LOW)
        return value
    hand = _checked(cards, Scale.ACE_TO_FIVE_LOW)
    if JOKER in hand:
        real = [c for c in hand if c is not JOKER]
        held = {_RANK_OF[c] for c in real}
        bug = next((r for r in _LOW_ORDER if r not in held), None)
        if bug is None:  # every rank is held already: the joker cannot improve the low
            hand = tuple(real)
        else:
            stand_in = next(c for c in STANDARD_CARDS if _RANK_OF[c] is bug)
            hand = (*real, stand_in)
    if len(hand) <= 7:
        value = _a5_value(sum(hand))
        if value is None:
            _refuse_keyless(hand, Scale.ACE_TO_FIVE_LOW)
        return value
    return max(evaluate_ace_to_five_low(five) for five in combinations(hand, 5))


_A5_VALUES: Final = value_cache[Scale.ACE_TO_FIVE_LOW]


def _a5_value(total: int) -> HandValue | None:
    """The ace-to-five value of the key of five to seven distinct standard cards, or ``None``
    when no cards have that key (an empty place of the tables: integers passing for cards)."""
    view = core_view()
    key = total & _RANKS
    strength = view.slots[1][(key + view.displacement[key % HASH_BUCKETS]) & HASH_MASK]
    if not strength:
        return None
    return _A5_VALUES[strength] or make_value(Scale.ACE_TO_FIVE_LOW, strength)


@compiled("EIGHT")
def evaluate_eight_or_better(cards: Collection[AnyCard]) -> HandValue | None:
    """The best ace-to-five low that qualifies as eight-or-better (five distinct ranks, none
    above eight), or ``None`` when the hand has no qualifying low.

    >>> from pokerrules import parse_cards
    >>> evaluate_eight_or_better(parse_cards("8c 7d 4h 3s Ac Kd Kh")).describe()
    '8-7-4-3-A'
    """
    value = evaluate_ace_to_five_low(cards)
    if value.category is HandCategory.HIGH_CARD and value.ranks[0].low_value <= 8:
        return value
    return None


# --- deuce-to-seven low -----------------------------------------------------------------------


@compiled("D27")
def evaluate_deuce_to_seven_low(cards: Collection[AnyCard], *, joker: bool = False) -> HandValue:
    """The best deuce-to-seven low (Kansas City lowball) from five or more cards.

    Aces are high only; straights and flushes count against the hand, so 7-5-4-3-2 in mixed
    suits is the best hand (Robert's Rules of Poker, "Deuce-to-Seven Lowball").

    The game is not played with the joker (BARGE rulebook, "Deuce-to-Seven Lowball"): a hand
    holding it is refused unless ``joker`` is true, when the joker plays as the best card it
    can be (BARGE rulebook, appendix A, "Lowball Scales": 6-5-4-3-Joker is 8-6-5-4-3).

    >>> from pokerrules import parse_cards
    >>> evaluate_deuce_to_seven_low(parse_cards("Ac 2d 3h 4s 5c")).describe()
    'A-5-4-3-2'
    >>> hand = parse_cards("6c 5d 4h 3s Jk", allow_joker=True)
    >>> evaluate_deuce_to_seven_low(hand, joker=True).describe()
    '8-6-5-4-3'
    """
    low = tables(Scale.DEUCE_TO_SEVEN_LOW)
    try:
        n = len(cards)  # first: an iterator fails here unconsumed (see evaluate_high)
        total = sum(cards)
        distinct = (total >> CARD_SHIFT).bit_count()
    except TypeError:  # not a collection of cards: the checks below read it or say why not
        n = total = distinct = 0
    if n == 5 and distinct == 5:
        state = _STATE[total >> SUIT_SHIFT & 0xFFFF]
        if not state:
            value = low.by_rank_key.get(total & _RANKS)
            if value is None:
                _refuse_keyless(cards, Scale.DEUCE_TO_SEVEN_LOW)
            return value
        if state < JOKER_STATE:
            flush = low.flush[total >> (CARD_SHIFT + 13 * state - 13) & 0x1FFF]
            if flush is None:  # five suited cards always have five ranks
                _refuse_keyless(cards, Scale.DEUCE_TO_SEVEN_LOW)
            return flush
    hand = _checked(cards, Scale.DEUCE_TO_SEVEN_LOW)
    if not isinstance(joker, bool):
        raise InvalidDefinitionError(f"joker must be True or False, not {shown(joker)}")
    if JOKER in hand:
        if not joker:
            raise InvalidDefinitionError(
                "the joker does not play in deuce-to-seven low (pass joker=True to play it "
                "as the best card it can be)"
            )
        return _deuce_to_seven_with_joker([c for c in hand if c is not JOKER])
    return max(evaluate_deuce_to_seven_low(five) for five in combinations(hand, 5))


def _deuce_to_seven_with_joker(real: list[AnyCard]) -> HandValue:
    """The best deuce-to-seven low when the joker stands for any card not held. Only a flush
    depends on the suits, and a flush only hurts a low: of each rank, the joker takes the
    suit the hand holds fewest of."""
    held = set(real)
    count = dict.fromkeys(range(4), 0)
    for card in real:
        count[int(card.suit)] += 1  # type: ignore[union-attr]
    best: HandValue | None = None
    for rank in Rank:
        free = [c for c in STANDARD_CARDS if c.rank is rank and c not in held]
        if not free:
            continue
        stand_in = min(free, key=lambda c: count[int(c.suit)])
        value = evaluate_deuce_to_seven_low((*real, stand_in))
        if best is None or value > best:
            best = value
    if best is None:  # pragma: no cover - five real cards leave 47 others to stand for
        raise InvalidDefinitionError("the joker has no card to stand for")
    return best


# --- general ----------------------------------------------------------------------------------

_EVALUATORS: Final[dict[Scale, Callable[[Collection[AnyCard]], HandValue]]] = {
    Scale.HIGH: evaluate_high,
    Scale.ACE_TO_FIVE_LOW: evaluate_ace_to_five_low,
    Scale.DEUCE_TO_SEVEN_LOW: evaluate_deuce_to_seven_low,
    Scale.BADUGI: evaluate_badugi,
    Scale.SHORT_DECK: evaluate_short_deck,
    Scale.SHORT_DECK_TRIPS_OVER_STRAIGHT: partial(
        evaluate_short_deck, scale=Scale.SHORT_DECK_TRIPS_OVER_STRAIGHT
    ),
}


def _evaluator(scale: Scale) -> Callable[[Collection[AnyCard]], HandValue]:
    if not isinstance(scale, Scale):
        names = ", ".join(f"Scale.{s.name}" for s in Scale)
        raise InvalidDefinitionError(f"scale must be one of {names}, not {shown(scale)}")
    return _EVALUATORS[scale]


def evaluate(cards: Collection[AnyCard], scale: Scale = Scale.HIGH) -> HandValue:
    """Evaluate on the given scale."""
    return _evaluator(scale)(cards)


def best_five(cards: Iterable[AnyCard], scale: Scale = Scale.HIGH) -> tuple[AnyCard, ...]:
    """The five cards that make the hand's value, most significant first.

    >>> from pokerrules import parse_cards, format_cards
    >>> format_cards(best_five(parse_cards("2c Kh Kd Ks 7c 7d 3h")))
    'Kh Kd Ks 7c 7d'
    """
    evaluator = _evaluator(scale)
    if scale is Scale.BADUGI:
        raise InvalidDefinitionError(
            "a badugi hand is four cards, not five: evaluate_badugi(cards).ranks are the ranks "
            "that play"
        )
    hand = _checked(cards, scale)
    target = evaluator(hand)
    five = next(f for f in combinations(hand, 5) if evaluator(f) == target)
    order = {rank: i for i, rank in enumerate(dict.fromkeys(target.ranks))}
    ace_low = scale is Scale.ACE_TO_FIVE_LOW
    # The joker sorts where the rank it stands for would.
    played = Counter(target.ranks) - Counter(_RANK_OF[c] for c in five if c is not JOKER)
    joker_rank = next(iter(played), Rank.ACE)

    def significance(card: AnyCard) -> tuple[int, int]:
        rank = joker_rank if card is JOKER else _RANK_OF[card]
        return (order.get(rank, len(order)), -(rank.low_value if ace_low else rank))

    return tuple(sorted(five, key=significance))


K = TypeVar("K")


def _extremes(items: list[tuple[K, Collection[AnyCard]]], scale: Scale, *, best: bool) -> list[K]:
    if not items:
        raise InvalidDefinitionError("there are no hands to compare")
    values = [(key, evaluate(cards, scale)) for key, cards in items]
    target = max(v for _, v in values) if best else min(v for _, v in values)
    return [key for key, value in values if value == target]


@overload
def best_hands(hands: Mapping[K, Collection[AnyCard]], scale: Scale = ...) -> list[K]: ...
@overload
def best_hands(hands: Sequence[Collection[AnyCard]], scale: Scale = ...) -> list[int]: ...


def best_hands(
    hands: Mapping[K, Collection[AnyCard]] | Sequence[Collection[AnyCard]],
    scale: Scale = Scale.HIGH,
) -> list[K] | list[int]:
    """The keys (or indexes) of the best hands; several when they tie.

    >>> from pokerrules import parse_cards
    >>> best_hands({"ann": parse_cards("As Ad 2c 3d 7h"), "bob": parse_cards("Ac Ah 2d 3c 7s")})
    ['ann', 'bob']
    """
    return _extremes(_numbered(hands), scale, best=True)


@overload
def worst_hands(hands: Mapping[K, Collection[AnyCard]], scale: Scale = ...) -> list[K]: ...
@overload
def worst_hands(hands: Sequence[Collection[AnyCard]], scale: Scale = ...) -> list[int]: ...


def worst_hands(
    hands: Mapping[K, Collection[AnyCard]] | Sequence[Collection[AnyCard]],
    scale: Scale = Scale.HIGH,
) -> list[K] | list[int]:
    """The keys (or indexes) of the worst hands; several when they tie (forfeit games).

    >>> from pokerrules import parse_cards
    >>> worst_hands([parse_cards("2c 3d 4h 5s 7c"), parse_cards("Ac Kd Qh Js 9c")])
    [0]
    """
    return _extremes(_numbered(hands), scale, best=False)


def _numbered(
    hands: Mapping[K, Collection[AnyCard]] | Sequence[Collection[AnyCard]],
) -> list[tuple[Any, Collection[AnyCard]]]:
    """The hands by key (a mapping) or by index (a sequence of hands)."""
    if isinstance(hands, Mapping):
        return list(hands.items())
    if isinstance(hands, str):
        raise InvalidDefinitionError(
            f"hands must be a list or mapping of hands, not the text {shown(hands)}"
        )
    try:
        return list(enumerate(hands))
    except TypeError:
        raise InvalidDefinitionError(
            f"hands must be a list or mapping of hands, not {shown(hands)}"
        ) from None
