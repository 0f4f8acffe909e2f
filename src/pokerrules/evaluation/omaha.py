"""Omaha-style selection: exactly two cards from the hand and three from the board.

>>> from pokerrules import parse_cards
>>> hole, board = parse_cards("As Ks 7c 7d"), parse_cards("Qs Js 2s 7h 3c")
>>> evaluate_omaha(hole, board).describe()  # the flush uses exactly two hole spades
'Flush, Ace high'
>>> evaluate_omaha(parse_cards("As 2c 9d 9h"), parse_cards("Ks Qs Js Ts 3d")).describe()
'Pair of Nines'

The last hand holds one spade and one card of the straight, so it has neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import cast

from pokerrules.cards import Card, card_tuple
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation._core import compiled
from pokerrules.evaluation.evaluators import evaluate, evaluate_eight_or_better
from pokerrules.evaluation.values import HandValue, Scale

__all__ = ["evaluate_omaha", "evaluate_omaha_eight_or_better"]


def _check(
    hole: Sequence[Card], board: Sequence[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    # the joker plays as in evaluate(): it passes through as a card
    held = cast("tuple[Card, ...]", card_tuple(hole, "hole"))
    shared = cast("tuple[Card, ...]", card_tuple(board, "board"))
    if len(held) < 2 or len(shared) < 3:
        raise InvalidDefinitionError(
            f"an Omaha hand needs at least 2 hole cards and 3 board cards, "
            f"got {len(held)} and {len(shared)}"
        )
    for cards, what in ((held, "the hole cards"), (shared, "the board")):
        if len(set(cards)) != len(cards):
            raise InvalidDefinitionError(f"{what} hold a card twice")
    if set(held) & set(shared):
        raise InvalidDefinitionError("the hole cards and the board share a card")
    return held, shared


@compiled("OMAHA")
def evaluate_omaha(
    hole: Sequence[Card], board: Sequence[Card], scale: Scale = Scale.HIGH
) -> HandValue:
    """The best hand using exactly two hole cards and exactly three board cards."""
    if scale is Scale.BADUGI:
        raise InvalidDefinitionError(
            "a badugi hand is the player's own cards, with no board: use evaluate_badugi"
        )
    hole, board = _check(hole, board)
    boards = list(combinations(board, 3))
    return max(
        evaluate((*two, *three), scale) for two in combinations(hole, 2) for three in boards
    )


@compiled("OMAHA_EIGHT")
def evaluate_omaha_eight_or_better(
    hole: Sequence[Card], board: Sequence[Card]
) -> HandValue | None:
    """The best qualifying eight-or-better low using two hole and three board cards, if any.

    >>> from pokerrules import parse_cards
    >>> evaluate_omaha_eight_or_better(parse_cards("Ac 2d Kh Ks"), parse_cards("3c 5d 8h Qs Qd"))
    <HandValue ace-to-five low #...: 8-5-3-2-A>
    """
    hole, board = _check(hole, board)
    boards = list(combinations(board, 3))
    lows = [
        low
        for two in combinations(hole, 2)
        for three in boards
        if (low := evaluate_eight_or_better((*two, *three))) is not None
    ]
    return max(lows) if lows else None
