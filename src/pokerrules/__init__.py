"""pokerrules: typed, property-tested poker rules.

The core nouns are re-exported here. Cards, errors and evaluation load with the package; the
betting, pots, variants and engine names load on first use, so ``import pokerrules`` stays
light for programs that only evaluate hands.

>>> from pokerrules import parse_cards, evaluate_high
>>> evaluate_high(parse_cards("As Ks Qs Js Ts 2c 3d")).describe()
'Royal flush'
>>> from pokerrules import find_variant, Raise
>>> find_variant("limit hold'em").name
"Limit Texas hold'em"
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from pokerrules._version import __version__
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

#: Names loaded on first use, and the module each comes from.
_LAZY = {
    **dict.fromkeys(
        ["Bet", "BringIn", "Call", "Check", "Complete", "Fold", "LegalActions", "Raise"],
        "pokerrules.actions",
    ),
    **dict.fromkeys(
        ["BettingRound", "BettingRules", "FixedLimit", "NoLimit", "PotLimit", "SpreadLimit"],
        "pokerrules.betting",
    ),
    **dict.fromkeys(["Pot", "Pots", "Shares", "award", "side_pots"], "pokerrules.pots"),
    **dict.fromkeys(["ForcedBets", "post_forced_bets"], "pokerrules.forced_bets"),
    "Rake": "pokerrules.rake",
    **dict.fromkeys(["KillRules", "KillTracker"], "pokerrules.kill"),
    **dict.fromkeys(
        ["HighHand", "HighSpadeInHole", "LowHand", "LowSpadeInHole"], "pokerrules.showdown"
    ),
    **dict.fromkeys(["Stakes", "Street", "Variant", "find_variant"], "pokerrules.variants"),
    "Hand": "pokerrules.engine",
    "Table": "pokerrules.table",
    "Currency": "pokerrules.money",
    **dict.fromkeys(["HandView", "view"], "pokerrules.views"),
    # every action and core noun of the hand engine
    **dict.fromkeys(
        [
            "Acted",
            "Action",
            "Burned",
            "CarriedOver",
            "Choices",
            "Deal",
            "DealStep",
            "Dealt",
            "Discard",
            "DrawChoices",
            "Event",
            "Muck",
            "Outcome",
            "Phase",
            "PlayerAction",
            "Posted",
            "Raked",
            "Reshuffled",
            "Returned",
            "ShowHand",
            "ShowdownChoices",
            "ShowdownPolicy",
            "StandPat",
            "Won",
        ],
        "pokerrules.engine",
    ),
}

if TYPE_CHECKING:
    from pokerrules.actions import (
        Bet,
        BringIn,
        Call,
        Check,
        Complete,
        Fold,
        LegalActions,
        Raise,
    )
    from pokerrules.betting import (
        BettingRound,
        BettingRules,
        FixedLimit,
        NoLimit,
        PotLimit,
        SpreadLimit,
    )
    from pokerrules.engine import (
        Acted,
        Action,
        Burned,
        CarriedOver,
        Choices,
        Deal,
        DealStep,
        Dealt,
        Discard,
        DrawChoices,
        Event,
        Hand,
        Muck,
        Outcome,
        Phase,
        PlayerAction,
        Posted,
        Raked,
        Reshuffled,
        Returned,
        ShowdownChoices,
        ShowdownPolicy,
        ShowHand,
        StandPat,
        Won,
    )
    from pokerrules.forced_bets import ForcedBets, post_forced_bets
    from pokerrules.kill import KillRules, KillTracker
    from pokerrules.money import Currency
    from pokerrules.pots import Pot, Pots, Shares, award, side_pots
    from pokerrules.rake import Rake
    from pokerrules.showdown import HighHand, HighSpadeInHole, LowHand, LowSpadeInHole
    from pokerrules.table import Table
    from pokerrules.variants import Stakes, Street, Variant, find_variant
    from pokerrules.views import HandView, view


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'pokerrules' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "JOKER",
    "Acted",
    "Action",
    "AnyCard",
    "Bet",
    "BettingRound",
    "BettingRules",
    "BringIn",
    "Burned",
    "Call",
    "Card",
    "CarriedOver",
    "Check",
    "Choices",
    "Complete",
    "Currency",
    "Deal",
    "DealStep",
    "Dealt",
    "Deck",
    "Discard",
    "DrawChoices",
    "Event",
    "FixedLimit",
    "Fold",
    "ForcedBets",
    "Hand",
    "HandCategory",
    "HandValue",
    "HandView",
    "HighHand",
    "HighSpadeInHole",
    "IllegalActionError",
    "InvalidDefinitionError",
    "InvalidNotationError",
    "Joker",
    "KillRules",
    "KillTracker",
    "LegalActions",
    "LowHand",
    "LowSpadeInHole",
    "Muck",
    "NoLimit",
    "Outcome",
    "Phase",
    "PlayerAction",
    "PokerRulesError",
    "Posted",
    "Pot",
    "PotLimit",
    "Pots",
    "Raise",
    "Rake",
    "Raked",
    "Rank",
    "Reshuffled",
    "Returned",
    "Scale",
    "Shares",
    "ShowHand",
    "ShowdownChoices",
    "ShowdownPolicy",
    "SpreadLimit",
    "Stakes",
    "StandPat",
    "Street",
    "Suit",
    "Table",
    "Variant",
    "Won",
    "__version__",
    "award",
    "best_five",
    "best_hands",
    "evaluate",
    "evaluate_ace_to_five_low",
    "evaluate_deuce_to_seven_low",
    "evaluate_eight_or_better",
    "evaluate_high",
    "evaluate_omaha",
    "evaluate_omaha_eight_or_better",
    "find_variant",
    "format_cards",
    "parse_cards",
    "post_forced_bets",
    "side_pots",
    "view",
    "worst_hands",
]
