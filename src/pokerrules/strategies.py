"""Hypothesis strategies for property tests of code built on pokerrules.

This module needs Hypothesis, the optional extra ``strategies``::

    pip install "pokerrules[strategies]"

Strategies for cards, hands, decks, variants, stakes, tables, and the legal actions of a hand
(one at a time, or whole played hands):

>>> from hypothesis import given, settings
>>> from pokerrules import strategies as prs
>>> @settings(max_examples=20)
... @given(prs.played_hands(prs.variants()))
... def test_chips_are_conserved(hand):
...     start = sum(hand.starting_stacks.values())
...     assert sum(hand.stacks.values()) + hand.outcome.carried + hand.outcome.rake == start
>>> test_chips_are_conserved()
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

try:
    from hypothesis import strategies as st
    from hypothesis.vendor.pretty import for_type_by_name
except ImportError as error:  # pragma: no cover - exercised without the extra installed
    raise ImportError(
        "pokerrules.strategies needs Hypothesis: install the extra with "
        "pip install 'pokerrules[strategies]'"
    ) from error

from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, Raise
from pokerrules.cards import STANDARD_CARDS, Card, Deck
from pokerrules.engine import (
    ChooseRunouts,
    Discard,
    Hand,
    Muck,
    PlayerAction,
    ShowHand,
    StandPat,
)
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import AnteKind
from pokerrules.rake import Rake, RakeAllocation
from pokerrules.variants import Stakes, Variant
from pokerrules.variants import variants as registered

# Cards are ints underneath; Hypothesis should print them as cards, not format them as numbers.
for _module, _name in (
    ("pokerrules.cards", "Card"),
    ("pokerrules.cards", "Joker"),
    ("pokerrules.engine.hand", "Hand"),
):
    for_type_by_name(_module, _name, lambda obj, p, cycle: p.text(repr(obj)))

__all__ = [
    "actions",
    "cards",
    "decks",
    "hands",
    "played_hands",
    "stakes",
    "started_hands",
    "tables",
    "variants",
]


def cards() -> st.SearchStrategy[Card]:
    """Any of the 52 standard cards."""
    return st.sampled_from(STANDARD_CARDS)


def hands(size: int = 5, *, min_size: int | None = None) -> st.SearchStrategy[tuple[Card, ...]]:
    """Distinct cards: exactly ``size``, or ``min_size`` to ``size``."""
    low = size if min_size is None else min_size
    return st.lists(cards(), min_size=low, max_size=size, unique=True).map(tuple)


def decks(*, joker: bool = False) -> st.SearchStrategy[Deck]:
    """Shuffled full decks (with the joker if asked)."""
    return st.permutations(Deck.standard(joker=joker).cards).map(Deck)


def variants(pool: Sequence[Variant] | None = None) -> st.SearchStrategy[Variant]:
    """Registered variants (the catalogue and any you registered), or ``pool``."""
    return st.sampled_from(list(pool) if pool is not None else list(registered()))


def stakes(variant: Variant) -> st.SearchStrategy[Stakes]:
    """Stakes that suit ``variant``: blinds or antes and a bring-in as it needs, limits for
    limit games, and now and then a rake."""

    @st.composite
    def build(draw: st.DrawFn) -> Stakes:
        unit = draw(st.integers(1, 5))
        forced = variant.forced_bets
        small_bet = 2 * unit * draw(st.integers(1, 3))
        blinds: tuple[int, ...] = ()
        if forced.blinds:
            big = small_bet if variant.structure.is_limit else draw(st.integers(2, 10))
            ladder = (max(1, big // 4), max(1, big // 2), big)
            blinds = ladder[3 - forced.blinds :]
        ante = draw(st.integers(1, small_bet)) if forced.ante is not None else 0
        bring_in = max(1, small_bet // 2) if forced.bring_in is not None else 0
        rake = None
        if draw(st.integers(0, 3)) == 0:
            rake = Rake(
                rate=draw(st.fractions(0, Fraction(1, 5), max_denominator=100)),
                cap=draw(st.none() | st.integers(0, 20)),
                increment=draw(st.integers(1, 5)),
                minimum_pot=draw(st.integers(0, 20)),
                no_flop_no_drop=draw(st.booleans()),
                allocation=draw(st.sampled_from(RakeAllocation)),
            )
        return Stakes(
            blinds=blinds,
            ante=ante,
            bring_in=bring_in,
            small_bet=small_bet,
            big_bet=2 * small_bet,
            rake=rake,
        )

    return build()


def tables(
    variant: Variant, *, max_players: int | None = None, max_stack: int = 500
) -> st.SearchStrategy[tuple[dict[int, int], int]]:
    """A table for ``variant``: stacks by seat (seats 0-9, some empty) and the button's seat
    (possibly an empty seat: a dead button, except in a game with a button ante, which needs a
    player on the button)."""
    if max_players is not None and (
        isinstance(max_players, bool) or not isinstance(max_players, int) or max_players < 2
    ):
        raise InvalidDefinitionError(
            f"max_players must be a whole number >= 2, not {max_players!r}"
        )
    top = min(variant.max_players, max_players or variant.max_players)
    live_button = variant.forced_bets.ante is AnteKind.BUTTON

    @st.composite
    def build(draw: st.DrawFn) -> tuple[dict[int, int], int]:
        n = draw(st.integers(variant.min_players, top))
        seats = draw(st.lists(st.integers(0, 9), min_size=n, max_size=n, unique=True))
        stacks = {s: draw(st.integers(1, max_stack)) for s in sorted(seats)}
        occupied = st.sampled_from(sorted(seats))
        button = draw(occupied if live_button else occupied | st.integers(0, 9))
        return stacks, button

    return build()


def started_hands(variant: Variant | st.SearchStrategy[Variant]) -> st.SearchStrategy[Hand]:
    """Hands of ``variant`` (or of variants drawn from a strategy) just dealt from a seed."""

    @st.composite
    def build(draw: st.DrawFn) -> Hand:
        chosen = variant if isinstance(variant, Variant) else draw(variant)
        table, button = draw(tables(chosen))
        return Hand.start(
            chosen,
            stakes=draw(stakes(chosen)),
            stacks=table,
            button=button,
            seed=draw(st.integers(0, 2**32 - 1)),
            expose_all_ins=draw(st.booleans()),
        )

    return build()


def _amounts(low: int, high: int) -> st.SearchStrategy[int]:
    return st.sampled_from(sorted({low, high})) | st.integers(low, high)


def actions(hand: Hand) -> st.SearchStrategy[PlayerAction]:
    """The legal actions of the player to act in ``hand`` (empty when nobody is to act)."""
    legal = hand.legal_actions()
    if legal is None:
        return st.nothing()
    if legal.kind == "runouts" and legal.runouts is not None:
        return st.integers(legal.runouts.low, legal.runouts.high).map(ChooseRunouts)
    if legal.kind == "draw":
        most = legal.discard.high if legal.discard is not None else 0
        discards = st.lists(
            st.sampled_from(legal.held) if legal.held else st.nothing(),
            min_size=1,
            max_size=max(1, min(most, len(legal.held))),
            unique=True,
        ).map(lambda chosen: Discard(tuple(chosen)))
        return st.just(StandPat()) | (discards if most and legal.held else st.nothing())
    if legal.kind == "showdown":
        return st.sampled_from([ShowHand(), Muck()] if legal.muck else [ShowHand()])
    options: list[st.SearchStrategy[PlayerAction]] = []
    if legal.bring_in is not None:
        options.append(st.just(BringIn()))
    if legal.fold:
        options.append(st.just(Fold()))
    if legal.check:
        options.append(st.just(Check()))
    if legal.call is not None:
        options.append(st.just(Call()))
    if legal.complete is not None:
        options.append(st.just(Complete()))
    if legal.bet is not None:
        bets = legal.bet
        options.append(_amounts(bets.low, bets.high).filter(lambda a: a in bets).map(Bet))
    if legal.raise_to is not None:
        raises = legal.raise_to
        options.append(
            _amounts(raises.low, raises.high)
            .filter(lambda a: a in raises)
            .map(lambda a: Raise(to=a))
        )
    return st.one_of(options)


def played_hands(
    variant: Variant | st.SearchStrategy[Variant], *, max_steps: int = 400
) -> st.SearchStrategy[Hand]:
    """Hands played to the end by drawing each action from :func:`actions` (an action
    sequence); the result is the finished hand, whose :attr:`~pokerrules.engine.Hand.log`
    holds the sequence."""

    @st.composite
    def build(draw: st.DrawFn) -> Hand:
        hand = draw(started_hands(variant))
        for _ in range(max_steps):
            if hand.is_complete:
                break
            hand = hand.apply(draw(actions(hand)))
        return hand

    return build()
