"""pokerrules: typed, property-tested poker rules.

The core nouns are re-exported here. Each loads on first use (``from pokerrules import Card``
loads the cards and nothing else), so ``import pokerrules`` costs next to nothing and a program
pays only for what it uses.

>>> from pokerrules import parse_cards, evaluate_high
>>> evaluate_high(parse_cards("As Ks Qs Js Ts 2c 3d")).describe()
'Royal flush'
>>> from pokerrules import find_variant, Raise
>>> find_variant("limit hold'em").name
"Limit Texas hold'em"
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any, Final

from pokerrules._version import __version__

#: Every re-exported name, by the module it loads from on first use. Type checkers read the
#: imports under ``TYPE_CHECKING`` and ``__all__`` instead; a test keeps all three equal.
_EXPORTS: Final[dict[str, tuple[str, ...]]] = {
    "pokerrules.cards": (
        "JOKER",
        "AnyCard",
        "Card",
        "Deck",
        "Joker",
        "Rank",
        "Suit",
        "format_cards",
        "parse_cards",
    ),
    "pokerrules.errors": (
        "IllegalActionError",
        "InvalidDefinitionError",
        "InvalidNotationError",
        "PokerRulesError",
    ),
    "pokerrules.evaluation": (
        "HandCategory",
        "HandValue",
        "Scale",
        "best_five",
        "best_hands",
        "evaluate",
        "evaluate_ace_to_five_low",
        "evaluate_deuce_to_seven_low",
        "evaluate_eight_or_better",
        "evaluate_high",
        "evaluate_omaha",
        "evaluate_omaha_eight_or_better",
        "worst_hands",
    ),
    "pokerrules.actions": (
        "Bet",
        "BringIn",
        "Call",
        "Check",
        "Complete",
        "Fold",
        "LegalActions",
        "Raise",
    ),
    "pokerrules.betting": (
        "BettingRound",
        "BettingRules",
        "FixedLimit",
        "NoLimit",
        "PotLimit",
        "SpreadLimit",
    ),
    "pokerrules.pots": ("Pot", "Pots", "Shares", "award", "side_pots"),
    "pokerrules.forced_bets": ("ForcedBets", "post_forced_bets"),
    "pokerrules.rake": ("Rake",),
    "pokerrules.kill": ("KillRules", "KillTracker"),
    "pokerrules.showdown": ("HighHand", "HighSpadeInHole", "LowHand", "LowSpadeInHole"),
    "pokerrules.variants": ("Stakes", "Street", "Variant", "find_variant"),
    "pokerrules.table": ("Table",),
    "pokerrules.money": ("Currency",),
    "pokerrules.views": ("HandView", "view"),
    # every action and core noun of the hand engine
    "pokerrules.engine": (
        "Acted",
        "Action",
        "BoardDealt",
        "Burned",
        "CarriedOver",
        "Choices",
        "ChooseRunouts",
        "Deal",
        "DealStep",
        "Dealt",
        "Discard",
        "DrawChoices",
        "Event",
        "Hand",
        "Muck",
        "Outcome",
        "Phase",
        "PlayerAction",
        "Posted",
        "Raked",
        "RanOut",
        "Reshuffled",
        "Returned",
        "ShowHand",
        "ShowdownChoices",
        "ShowdownPolicy",
        "StandPat",
        "Won",
    ),
}

#: Each exported name and the module it loads from.
_LAZY: Final = {name: module for module, names in _EXPORTS.items() for name in names}

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
    from pokerrules.engine import (
        Acted,
        Action,
        BoardDealt,
        Burned,
        CarriedOver,
        Choices,
        ChooseRunouts,
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
        RanOut,
        Reshuffled,
        Returned,
        ShowdownChoices,
        ShowdownPolicy,
        ShowHand,
        StandPat,
        Won,
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
    from pokerrules.forced_bets import (
        ForcedBets,
        post_forced_bets,
    )
    from pokerrules.kill import (
        KillRules,
        KillTracker,
    )
    from pokerrules.money import (
        Currency,
    )
    from pokerrules.pots import (
        Pot,
        Pots,
        Shares,
        award,
        side_pots,
    )
    from pokerrules.rake import (
        Rake,
    )
    from pokerrules.showdown import (
        HighHand,
        HighSpadeInHole,
        LowHand,
        LowSpadeInHole,
    )
    from pokerrules.table import (
        Table,
    )
    from pokerrules.variants import (
        Stakes,
        Street,
        Variant,
        find_variant,
    )
    from pokerrules.views import (
        HandView,
        view,
    )


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:  # a submodule, which loads on first use too, or nothing
        if name.startswith("__"):  # a probe such as __wrapped__ (never runs __main__)
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        try:
            return import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
        raise AttributeError(f"module 'pokerrules' has no attribute {name!r}") from None
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "JOKER",
    "Acted",
    "Action",
    "AnyCard",
    "Bet",
    "BettingRound",
    "BettingRules",
    "BoardDealt",
    "BringIn",
    "Burned",
    "Call",
    "Card",
    "CarriedOver",
    "Check",
    "Choices",
    "ChooseRunouts",
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
    "RanOut",
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
