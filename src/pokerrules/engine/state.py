"""The parts of a hand's state that the engine modules share: the phase and the fixed setup."""

from __future__ import annotations

import enum
from typing import Any

import attrs

from pokerrules.betting import BettingRules
from pokerrules.cards import AnyCard
from pokerrules.forced_bets import ForcedBets, KillPost
from pokerrules.variants import SevensPenalty, Stakes, Variant

__all__ = ["Facts", "Phase", "Setup", "put", "street_rules", "variant_facts"]


class Phase(enum.Enum):
    """Where a hand is."""

    #: The dealer is dealing (in a hand dealt by hand: waiting for :class:`Deal`).
    DEAL = "deal"
    #: Players discard and draw.
    DRAW = "draw"
    #: A betting round.
    BET = "bet"
    #: Betting is over with a player all-in: hands are turned up before the rest is dealt.
    EXPOSE = "expose"
    #: Players show or muck.
    SHOWDOWN = "showdown"
    #: The hand is over: see :attr:`Hand.outcome`.
    COMPLETE = "complete"


@attrs.frozen
class Setup:
    """What stays fixed through a hand."""

    variant: Variant
    stakes: Stakes
    seats: tuple[int, ...]
    index: dict[int, int]
    order: tuple[int, ...]
    button: int
    initial: tuple[int, ...]
    forced: ForcedBets
    kill: KillPost | None
    straddles: int
    owed: dict[int, int]
    missed: dict[int, int]
    auto: bool
    seed: object
    expose: bool
    carried: int
    rules: tuple[BettingRules, ...]
    first_betting: int
    first_draw: int
    deck: frozenset[AnyCard]
    #: The stub as the hand began, in order (empty for a hand dealt by hand).
    stub: tuple[AnyCard, ...] = ()


def put(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*values[:i], value, *values[i + 1 :])


def street_rules(variant: Variant) -> tuple[BettingRules, ...]:
    rules = []
    lowball = variant.lowball
    first_bet = variant.betting_streets[0]
    first_draw = next((i for i, s in enumerate(variant.streets) if s.draw), len(variant.streets))
    for k in range(len(variant.streets)):
        r = variant.betting
        if lowball is not None:
            after_draw = k >= first_draw
            if after_draw and not lowball.check_raise_after_draw:
                r = attrs.evolve(r, check_raise=False)
            if (k == first_bet and not lowball.first_round_check) or (
                after_draw and lowball.sevens_rule is SevensPenalty.NO_CHECK
            ):
                r = attrs.evolve(r, fold_without_bet=True)
        rules.append(r)
    return tuple(rules)


@attrs.frozen
class Facts:
    """What a hand needs to know about its variant, worked out once per variant."""

    rules: tuple[BettingRules, ...]
    first_betting: int
    first_draw: int
    deck: frozenset[AnyCard]
    #: Cards dealt to each player and to the board, and the burns, when nothing is redrawn.
    per_player: int
    fixed: int

    def most_dealt(self, players: int) -> int | None:
        """The most cards a hand of ``players`` can take from the stub, or ``None`` when it
        may need the whole deck (draws)."""
        if self.first_draw >= len(self.rules):
            return self.per_player * players + self.fixed
        return None


_FACTS: dict[int, tuple[Variant, Facts]] = {}


def variant_facts(variant: Variant) -> Facts:
    """The :class:`Facts` of ``variant`` (cached by identity: variants are immutable)."""
    cached = _FACTS.get(id(variant))
    if cached is not None and cached[0] is variant:
        return cached[1]
    facts = Facts(
        rules=street_rules(variant),
        first_betting=variant.betting_streets[0],
        first_draw=next(
            (i for i, s in enumerate(variant.streets) if s.draw), len(variant.streets)
        ),
        deck=frozenset(variant.deck.cards),
        per_player=variant.hole_cards,
        fixed=variant.board_cards + len(variant.streets),
    )
    if len(_FACTS) > 256:
        _FACTS.clear()
    _FACTS[id(variant)] = (variant, facts)
    return facts
