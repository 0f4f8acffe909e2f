"""Settling one player's ante and raise against the dealer (pure functions).

* A fold loses the ante (the raise was never made).
* The dealer qualifies with ace-king or better. If not, the ante wins even money and the raise
  pushes (Wikipedia; Wizard of Odds).
* If the dealer qualifies and beats the player, ante and raise lose; if the player wins, the ante
  wins even money and the raise is paid by the paytable, up to the maximum payout.
* An exact tie (the same five ranks) pushes both the ante and the raise (Wizard of Odds).

>>> from pokerrules import evaluate_high, parse_cards
>>> from pokerrules.games.caribbean.rules import US_RULES
>>> player = evaluate_high(parse_cards("7c 7d 7h Kc Kd"))
>>> dealer = evaluate_high(parse_cards("As Kh 9c 5d 3s"))
>>> settle_hand(US_RULES, ante=10, decision=Decision.RAISE, player=player, dealer=dealer)
HandResult(outcome=<Outcome.PLAYER_WINS: 'player wins'>, ante_result=10, raise_result=140, capped=False)
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from pokerrules._validators import shown
from pokerrules.cards import Card
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import HandValue, evaluate_high
from pokerrules.games.caribbean.rules import CaribbeanRules, pay_hand

__all__ = [
    "QUALIFYING_HAND",
    "Decision",
    "HandResult",
    "Outcome",
    "dealer_qualifies",
    "settle_hand",
]


class Decision(enum.Enum):
    """A player's choice after seeing the cards and the dealer's up card."""

    FOLD = "fold"
    RAISE = "raise"


class Outcome(enum.Enum):
    """How a player's hand ended."""

    FOLDED = "folded"
    DEALER_DOES_NOT_QUALIFY = "dealer does not qualify"
    PLAYER_WINS = "player wins"
    DEALER_WINS = "dealer wins"
    TIE = "tie"
    DEAD_HAND = "dead hand"
    VOID = "void"


#: The weakest qualifying dealer hand: ace-king-four-three-deuce, not suited.
QUALIFYING_HAND: Final = evaluate_high(
    (Card("Ac"), Card("Kd"), Card("4h"), Card("3s"), Card("2c"))
)


def dealer_qualifies(dealer: HandValue) -> bool:
    """Whether the dealer's hand is ace-king or better.

    >>> from pokerrules import evaluate_high, parse_cards
    >>> dealer_qualifies(evaluate_high(parse_cards("Ad Kc 4s 3d 2h")))
    True
    >>> dealer_qualifies(evaluate_high(parse_cards("Ad Qc Js 9d 8h")))
    False
    """
    if not isinstance(dealer, HandValue):
        raise InvalidDefinitionError(f"the dealer's hand must be a HandValue, not {shown(dealer)}")
    return dealer >= QUALIFYING_HAND


@attrs.frozen
class HandResult:
    """A player's ante and raise results, in chips (positive: won; negative: lost)."""

    outcome: Outcome
    ante_result: int
    raise_result: int
    capped: bool = False


def settle_hand(
    rules: CaribbeanRules,
    *,
    ante: int,
    decision: Decision,
    player: HandValue,
    dealer: HandValue,
) -> HandResult:
    """Settle ``ante`` (and its raise when ``decision`` is to raise) against the dealer."""
    if not isinstance(rules, CaribbeanRules):
        raise InvalidDefinitionError(f"rules must be CaribbeanRules, not {shown(rules)}")
    if isinstance(ante, bool) or not isinstance(ante, int) or ante <= 0:
        raise InvalidDefinitionError(
            f"the ante must be a positive whole number, not {shown(ante)}"
        )
    if not isinstance(decision, Decision):
        raise InvalidDefinitionError(
            f"decision must be Decision.FOLD or RAISE, not {shown(decision)}"
        )
    if not isinstance(player, HandValue) or not isinstance(dealer, HandValue):
        raise InvalidDefinitionError("player and dealer must be evaluated hands (HandValue)")
    if decision is Decision.FOLD:
        return HandResult(Outcome.FOLDED, -ante, 0)
    raised = rules.raise_amount(ante)
    if not dealer_qualifies(dealer):
        return HandResult(Outcome.DEALER_DOES_NOT_QUALIFY, ante, 0)
    if player < dealer:
        return HandResult(Outcome.DEALER_WINS, -ante, -raised)
    if player == dealer:
        return HandResult(Outcome.TIE, 0, 0)
    win, capped = rules.raise_win(raised, pay_hand(player))
    return HandResult(Outcome.PLAYER_WINS, ante, win, capped)
