"""The simple raising strategy and a sampled estimate of its house edge.

The Wizard of Odds ("Caribbean Stud Poker", strategy table, computed over all
19,933,230,517,200 combinations of player hand, dealer hand and up card) gives the house edge,
as a share of the ante, of several strategies; raising with any pair or better and with
ace-king-jack-eight-three or better otherwise has a house edge of 5.316% (total loss
1,059,715,400,580 units over those combinations), against 5.224% for the optimal strategy.
That figure is for U.S. rules: a raise of twice the ante, the U.S. paytable and no cap.

:func:`estimate_house_edge` plays many independent seeded rounds (one player against the
dealer) and reports the mean loss per ante with a normal-approximation confidence interval. It
evaluates hands with :func:`pokerrules.evaluation.batch.evaluate_high_batch` when numpy is
installed and with the scalar integer API otherwise; the two draw their cards from different
random generators, so for one seed they give different (equally valid) samples.

>>> estimate = estimate_house_edge(20_000, seed=1, batch=False)
>>> estimate.rounds, estimate.contains_published
(20000, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any, Final

import attrs

from pokerrules._validators import shown
from pokerrules.cards import Card, Rank, Suit
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import evaluate_high
from pokerrules.evaluation.batch import numpy_available
from pokerrules.evaluation.fast import high_strength, value_of
from pokerrules.games.caribbean.rules import US_RULES, CaribbeanRules, pay_hand
from pokerrules.games.caribbean.settlement import QUALIFYING_HAND, Decision

__all__ = [
    "MAX_ROUNDS",
    "PUBLISHED_HOUSE_EDGE",
    "RAISE_THRESHOLD",
    "HouseEdgeEstimate",
    "estimate_house_edge",
    "simple_strategy",
]

#: The Wizard of Odds' house edge of the simple strategy: 1,059,715,400,580 units lost over
#: 19,933,230,517,200 combinations (5.316% of the ante).
PUBLISHED_HOUSE_EDGE: Final = Fraction(1_059_715_400_580, 19_933_230_517_200)

#: The weakest hand the simple strategy raises with: A-K-J-8-3 (any pair is better).
RAISE_THRESHOLD: Final = evaluate_high(
    (Card("As"), Card("Kd"), Card("Jc"), Card("8h"), Card("3s"))
)

_Z95: Final = 1.959963984540054

#: The most rounds :func:`estimate_house_edge` plays in one estimate.
MAX_ROUNDS: Final = 10**9


def simple_strategy(cards: Sequence[Card], up_card: Card | None = None) -> Decision:
    """Raise with any pair or better, or with ace-king-jack-eight-three or better; else fold.

    The dealer's up card is ignored (it is accepted so that strategies share one signature).

    >>> from pokerrules import parse_cards
    >>> simple_strategy(parse_cards("As Kd Jc 8h 3s")), simple_strategy(parse_cards("As Kd Jc 8h 2s"))
    (<Decision.RAISE: 'raise'>, <Decision.FOLD: 'fold'>)
    >>> simple_strategy(parse_cards("2s 2d 5c 8h 9s"))
    <Decision.RAISE: 'raise'>
    """
    del up_card
    return Decision.RAISE if evaluate_high(cards) >= RAISE_THRESHOLD else Decision.FOLD


@attrs.frozen(kw_only=True)
class HouseEdgeEstimate:
    """A sampled house edge (a share of the ante) with its 95% confidence interval, and the
    published figure for the same rules when there is one (the US rules)."""

    rounds: int
    mean: float
    std_error: float
    low: float
    high: float
    published: Fraction | None
    batch: bool

    @property
    def contains_published(self) -> bool | None:
        """Whether the interval contains the published house edge (``None`` without one)."""
        if self.published is None:
            return None
        return self.low <= self.published <= self.high

    def describe(self) -> str:
        """The estimate in words."""
        words = (
            f"house edge {self.mean:.3%} of the ante over {self.rounds:,} rounds "
            f"(95% interval {self.low:.3%} to {self.high:.3%})"
        )
        if self.published is None:
            return words
        return f"{words}; published {float(self.published):.3%} (Wizard of Odds)"


@cache
def _raise_payoff(rules: CaribbeanRules) -> tuple[int, ...]:
    """For each high strength (index), the net win of ante plus raise when the player wins,
    with an ante of one chip."""
    payoffs = [0]
    raised = rules.raise_amount(1)
    for strength in range(1, 7463):
        win, _ = rules.raise_win(raised, pay_hand(value_of(strength)))
        payoffs.append(1 + win)
    return tuple(payoffs)


def _result(rules: CaribbeanRules, player: int, dealer: int) -> int:
    """The net result, in antes, of one round under the simple strategy."""
    if player < RAISE_THRESHOLD.strength:
        return -1
    if dealer < QUALIFYING_HAND.strength:
        return 1
    if player < dealer:
        return -1 - rules.raise_multiple
    if player == dealer:
        return 0
    return _raise_payoff(rules)[player]


def _scalar_results(rules: CaribbeanRules, rounds: int, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    deck = [int(c) for c in _cards_by_index()]
    total = 0
    squares = 0
    for _ in range(rounds):
        cards = rng.sample(deck, 10)
        result = _result(rules, high_strength(sum(cards[:5])), high_strength(sum(cards[5:])))
        total += result
        squares += result * result
    return total, squares


def _batch_results(rules: CaribbeanRules, rounds: int, seed: int) -> tuple[int, int]:
    import numpy as np  # noqa: PLC0415

    from pokerrules.evaluation.batch import evaluate_high_batch  # noqa: PLC0415

    generator = np.random.default_rng(seed)
    payoff = np.array(_raise_payoff(rules), dtype=np.int64)
    total = 0
    squares = 0
    chunk = 100_000
    for start in range(0, rounds, chunk):
        n = min(chunk, rounds - start)
        cards = np.argsort(generator.random((n, 52)), axis=1)[:, :10]
        player = evaluate_high_batch(cards[:, :5])
        dealer = evaluate_high_batch(cards[:, 5:])
        result: Any = np.where(
            player < RAISE_THRESHOLD.strength,
            -1,
            np.where(
                dealer < QUALIFYING_HAND.strength,
                1,
                np.where(
                    player < dealer,
                    -1 - rules.raise_multiple,
                    np.where(player == dealer, 0, payoff[player]),
                ),
            ),
        ).astype(np.int64)
        total += int(result.sum())
        squares += int((result * result).sum())
    return total, squares


@cache
def _cards_by_index() -> tuple[Card, ...]:
    return tuple(Card(Rank(rank), Suit(suit)) for rank in range(2, 15) for suit in range(4))


def estimate_house_edge(
    rounds: int,
    *,
    seed: int,
    rules: CaribbeanRules = US_RULES,
    batch: bool | None = None,
) -> HouseEdgeEstimate:
    """Estimate the simple strategy's house edge from ``rounds`` seeded rounds.

    ``batch`` chooses the evaluator: ``None`` (default) uses the numpy batch evaluator when
    numpy is installed, ``True`` requires it, ``False`` uses the scalar one. The interval is the
    mean loss per ante plus or minus 1.96 standard errors. ``rounds`` is at most
    :data:`MAX_ROUNDS`.
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise InvalidDefinitionError(f"an estimate needs at least 2 rounds, not {shown(rounds)}")
    if rounds > MAX_ROUNDS:
        raise InvalidDefinitionError(
            f"an estimate plays at most {MAX_ROUNDS:,} rounds, not {shown(rounds)}"
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidDefinitionError(f"the seed must be an integer >= 0, not {shown(seed)}")
    if not isinstance(rules, CaribbeanRules):
        raise InvalidDefinitionError(f"rules must be CaribbeanRules, not {shown(rules)}")
    if batch is not None and not isinstance(batch, bool):
        raise InvalidDefinitionError(f"batch must be True, False or None, not {shown(batch)}")
    use_batch = numpy_available() if batch is None else batch
    if use_batch:
        total, squares = _batch_results(rules, rounds, seed)
    else:
        total, squares = _scalar_results(rules, rounds, seed)
    mean = total / rounds
    variance = (squares - rounds * mean * mean) / (rounds - 1)
    std_error = math.sqrt(variance / rounds)
    edge = -mean
    return HouseEdgeEstimate(
        rounds=rounds,
        mean=edge,
        std_error=std_error,
        low=edge - _Z95 * std_error,
        high=edge + _Z95 * std_error,
        # the published figure is for the US paytable and a raise of twice the ante
        published=PUBLISHED_HOUSE_EDGE if rules == US_RULES else None,
        batch=use_batch,
    )
