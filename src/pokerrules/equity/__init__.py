"""All-in equity for board games: hold'em, Omaha and their hi/lo versions.

Give each player a known hand or a range (see :mod:`pokerrules.ranges`), optionally a partial
board and dead cards. :func:`equity` enumerates every runout exactly when that is cheap and
samples with a seeded generator otherwise, reporting standard errors; hi/lo pots are split and
shared exactly (a hand that wins the high half and ties the low half gets three quarters).

>>> from pokerrules.equity import equity
>>> result = equity(["AsAh", "KsKd"], board="Kc 7d 2h")
>>> [round(e, 4) for e in result.equities]
[0.0859, 0.9141]
>>> print(result)
Texas hold'em, board Kc 7d 2h: exact, 990 outcomes
 #  hand  combos      win      tie   equity
 1  AsAh       1    8.59%    0.00%    8.59%
 2  KsKd       1   91.41%    0.00%   91.41%

The numpy kernels are used when numpy is installed (the ``fast`` extra); otherwise a pure-Python
fallback gives the same exact results, more slowly.
"""

from pokerrules.equity.compute import (
    DEFAULT_CHUNK_SIZE,
    DEFAULT_EXACT_LIMIT,
    DEFAULT_SAMPLES,
    MAX_EXACT_COST,
    MAX_SAMPLES,
    Backend,
    ChunkJob,
    Method,
    equity,
    exact_cost,
    exact_equity,
    pot_odds,
    run_chunk,
    sample_equity,
)
from pokerrules.equity.results import EquityResult, PlayerEquity, Tally
from pokerrules.equity.spot import (
    BOARD_GAMES,
    FIVE_CARD_OMAHA,
    FIVE_CARD_OMAHA_HI_LO,
    HOLDEM,
    HOLDEM_HI_LO,
    OMAHA,
    OMAHA_HI_LO,
    BoardGame,
    HandInput,
    Spot,
    find_board_game,
)
from pokerrules.ranges import HandRange, parse_range

__all__ = [
    "BOARD_GAMES",
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_EXACT_LIMIT",
    "DEFAULT_SAMPLES",
    "FIVE_CARD_OMAHA",
    "FIVE_CARD_OMAHA_HI_LO",
    "HOLDEM",
    "HOLDEM_HI_LO",
    "MAX_EXACT_COST",
    "MAX_SAMPLES",
    "OMAHA",
    "OMAHA_HI_LO",
    "Backend",
    "BoardGame",
    "ChunkJob",
    "EquityResult",
    "HandInput",
    "HandRange",
    "Method",
    "PlayerEquity",
    "Spot",
    "Tally",
    "equity",
    "exact_cost",
    "exact_equity",
    "find_board_game",
    "parse_range",
    "pot_odds",
    "run_chunk",
    "sample_equity",
]
