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

from pokerrules._validators import shown
from pokerrules.cards import Card, Joker
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation.evaluators import evaluate, evaluate_eight_or_better
from pokerrules.evaluation.values import HandValue, Scale

__all__ = ["evaluate_omaha", "evaluate_omaha_eight_or_better"]


def _cards(cards: Sequence[Card], what: str) -> tuple[Card, ...]:
    """``cards`` as a tuple of cards (the joker plays as in :func:`evaluate`)."""
    if isinstance(cards, str):
        raise InvalidDefinitionError(
            f"{what} must be cards, not the text {shown(cards)} (parse it with parse_cards)"
        )
    try:
        held = tuple(cards)
    except TypeError:
        raise InvalidDefinitionError(
            f"{what} must be a collection of cards, not {shown(cards)}"
        ) from None
    for card in held:
        if not isinstance(card, Card | Joker):
            raise InvalidDefinitionError(f"{what} must hold cards only, not {shown(card)}")
    return held


def _check(
    hole: Sequence[Card], board: Sequence[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    hole, board = _cards(hole, "hole"), _cards(board, "board")
    if len(hole) < 2 or len(board) < 3:
        raise InvalidDefinitionError(
            f"an Omaha hand needs at least 2 hole cards and 3 board cards, "
            f"got {len(hole)} and {len(board)}"
        )
    for cards, what in ((hole, "the hole cards"), (board, "the board")):
        if len(set(cards)) != len(cards):
            raise InvalidDefinitionError(f"{what} hold a card twice")
    if set(hole) & set(board):
        raise InvalidDefinitionError("the hole cards and the board share a card")
    return hole, board


def evaluate_omaha(
    hole: Sequence[Card], board: Sequence[Card], scale: Scale = Scale.HIGH
) -> HandValue:
    """The best hand using exactly two hole cards and exactly three board cards."""
    hole, board = _check(hole, board)
    boards = list(combinations(board, 3))
    return max(
        evaluate((*two, *three), scale) for two in combinations(hole, 2) for three in boards
    )


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
