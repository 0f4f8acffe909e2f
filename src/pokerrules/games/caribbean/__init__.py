"""Caribbean stud: a house-banked five-card game with a paytable and a progressive side bet.

* :mod:`~pokerrules.games.caribbean.rules` -- the rule options (raise size, US and UK
  paytables, maximum payout, the progressive's payouts and meter percentages);
* :mod:`~pokerrules.games.caribbean.settlement` -- settling an ante and raise against the dealer;
* :mod:`~pokerrules.games.caribbean.progressive` -- the meter and the side-bet awards;
* :mod:`~pokerrules.games.caribbean.table` -- one round at a table of up to seven players,
  with the procedural rules (dead hands, dealer misdeals, exposed cards);
* :mod:`~pokerrules.games.caribbean.strategy` -- the simple strategy and its house edge.

>>> from pokerrules.games.caribbean import CaribbeanRound, Decision, UK_RULES
>>> table = CaribbeanRound.open(UK_RULES).wager("Ann", 10).no_more_bets().deal(seed=11)
>>> table.decide(0, Decision.RAISE).settle().settlements[0].outcome
<Outcome.DEALER_DOES_NOT_QUALIFY: 'dealer does not qualify'>
"""

from pokerrules.games.caribbean.progressive import Meter, ProgressiveAward, progressive_awards
from pokerrules.games.caribbean.rules import (
    UK_PAYTABLE,
    UK_PROGRESSIVE,
    UK_RULES,
    US_PAYTABLE,
    US_PROGRESSIVE,
    US_RULES,
    CaribbeanRules,
    PayHand,
    Paytable,
    ProgressiveRules,
    pay_hand,
)
from pokerrules.games.caribbean.settlement import (
    QUALIFYING_HAND,
    Decision,
    HandResult,
    Outcome,
    dealer_qualifies,
    settle_hand,
)
from pokerrules.games.caribbean.strategy import (
    PUBLISHED_HOUSE_EDGE,
    RAISE_THRESHOLD,
    HouseEdgeEstimate,
    estimate_house_edge,
    simple_strategy,
)
from pokerrules.games.caribbean.table import (
    CaribbeanRound,
    Phase,
    PlayerHand,
    Settlement,
    Wager,
    play_round,
)

__all__ = [
    "PUBLISHED_HOUSE_EDGE",
    "QUALIFYING_HAND",
    "RAISE_THRESHOLD",
    "UK_PAYTABLE",
    "UK_PROGRESSIVE",
    "UK_RULES",
    "US_PAYTABLE",
    "US_PROGRESSIVE",
    "US_RULES",
    "CaribbeanRound",
    "CaribbeanRules",
    "Decision",
    "HandResult",
    "HouseEdgeEstimate",
    "Meter",
    "Outcome",
    "PayHand",
    "Paytable",
    "Phase",
    "PlayerHand",
    "ProgressiveAward",
    "ProgressiveRules",
    "Settlement",
    "Wager",
    "dealer_qualifies",
    "estimate_house_edge",
    "pay_hand",
    "play_round",
    "progressive_awards",
    "settle_hand",
    "simple_strategy",
]
