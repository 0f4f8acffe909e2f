"""pokerrules: typed, property-tested poker rules.

>>> from pokerrules import parse_cards, evaluate_high
>>> evaluate_high(parse_cards("As Ks Qs Js Ts 2c 3d")).describe()
'Royal flush'
"""

from pokerrules.cards import (
    JOKER,
    AnyCard,
    Card,
    Deck,
    Joker,
    Rank,
    Suit,
    format_cards,
    parse_cards,
)
from pokerrules.errors import (
    IllegalActionError,
    InvalidDefinitionError,
    InvalidNotationError,
    PokerRulesError,
)
from pokerrules.evaluation import (
    HandCategory,
    HandValue,
    Scale,
    best_five,
    best_hands,
    evaluate,
    evaluate_ace_to_five_low,
    evaluate_deuce_to_seven_low,
    evaluate_eight_or_better,
    evaluate_high,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
    worst_hands,
)

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "AnyCard",
    "Card",
    "Deck",
    "HandCategory",
    "HandValue",
    "IllegalActionError",
    "InvalidDefinitionError",
    "InvalidNotationError",
    "Joker",
    "PokerRulesError",
    "Rank",
    "Scale",
    "Suit",
    "__version__",
    "best_five",
    "best_hands",
    "evaluate",
    "evaluate_ace_to_five_low",
    "evaluate_deuce_to_seven_low",
    "evaluate_eight_or_better",
    "evaluate_high",
    "evaluate_omaha",
    "evaluate_omaha_eight_or_better",
    "format_cards",
    "parse_cards",
    "worst_hands",
]
