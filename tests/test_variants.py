"""Tests for variant definitions, stakes and the registry (pokerrules.variants, catalogue)."""

from __future__ import annotations

import base64
import importlib
import pickle
import subprocess
import sys

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerrules.variants
from pokerrules import strategies
from pokerrules.betting import FixedLimit, NoLimit, PotLimit, SpreadLimit
from pokerrules.cards import Deck
from pokerrules.catalogue import (
    CALIFORNIA_LOWBALL,
    CATALOGUE,
    CHICAGO_HIGH_SPADE,
    LIMIT_HOLDEM,
    POT_LIMIT_OMAHA,
    SEVEN_CARD_STUD,
)
from pokerrules.engine import Hand
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import Scale
from pokerrules.forced_bets import AnteKind
from pokerrules.kill import KillRules
from pokerrules.showdown import HighHand, HighSpadeInHole, HoleAndBoard, LowHand, Showdown
from pokerrules.variants import (
    BetSize,
    BettingStructure,
    BringInCard,
    Draw,
    ForcedBetRules,
    LowballRules,
    SevensPenalty,
    Stakes,
    Street,
    Variant,
    find_variant,
    register,
    variants,
)


def test_hole_spade_share_needs_hole_cards() -> None:
    """A hole-spade share with every card dealt face up (or to the board) is refused."""
    with pytest.raises(InvalidDefinitionError, match="hole-spade share"):
        attrs.evolve(
            SEVEN_CARD_STUD,
            streets=(Street(name="all up", up=5), Street(name="more", up=2)),
            showdown=Showdown(shares=(HighHand(), HighSpadeInHole())),
            forced_bets=ForcedBetRules(blinds=2),
            open_pair_big_bet=False,
        )


def test_kill_needs_a_limit_structure() -> None:
    with pytest.raises(InvalidDefinitionError, match="kill needs a limit structure"):
        attrs.evolve(LIMIT_HOLDEM, structure=BettingStructure.NO_LIMIT, kill=KillRules())


def test_more_cards_than_the_deck_holds() -> None:
    with pytest.raises(InvalidDefinitionError, match="53 cards, but the deck holds 52"):
        attrs.evolve(LIMIT_HOLDEM, max_players=24)
    # Omaha for eleven players: 44 + 5 = 49 is fine; twelve: 53 is not.
    attrs.evolve(POT_LIMIT_OMAHA, max_players=11)
    with pytest.raises(InvalidDefinitionError, match="deck holds 52"):
        attrs.evolve(POT_LIMIT_OMAHA, max_players=12)


def test_stud_for_eight_needs_the_common_card_rule() -> None:
    """Eight stud players need 56 cards: legal only with the common last card (RRoP)."""
    assert SEVEN_CARD_STUD.max_players == 8 and SEVEN_CARD_STUD.common_card
    with pytest.raises(InvalidDefinitionError, match="56 cards"):
        attrs.evolve(SEVEN_CARD_STUD, common_card=False)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"streets": ()}, "no streets"),
        (
            {
                "streets": (
                    Street(name="x", down=2, betting=False),
                    Street(name="y", board=3, betting=False),
                )
            },
            "no betting round",
        ),
        ({"min_players": 1}, "player range"),
        ({"max_players": 1}, "player range"),
        ({"streets": (Street(name="flop", board=3),)}, "first street must deal"),
        ({"forced_bets": ForcedBetRules(blinds=0, bring_in=BringInCard.LOWEST)}, "door card"),
        ({"open_pair_big_bet": True}, "open-pair"),
        ({"lowball": LowballRules()}, "need a draw"),
        ({"aliases": ("LHE", "lhe")}, "appears twice"),
        ({"name": "  "}, "needs a name"),
        (
            {"showdown": Showdown(shares=(HighHand(),), selection=HoleAndBoard(hole=3, board=2))},
            "selection rule needs 3 hole",
        ),
        (
            {
                "deck": Deck.standard(joker=True),
                "showdown": Showdown(shares=(LowHand(scale=Scale.DEUCE_TO_SEVEN_LOW),)),
            },
            "joker does not play",
        ),
        (
            {
                "streets": (
                    Street(name="one", down=2),
                    Street(name="draw", draw=Draw(max_discard=3)),
                )
            },
            "allows 3 discards",
        ),
    ],
)
def test_conflicts_are_named(changes: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        attrs.evolve(LIMIT_HOLDEM, **changes)  # type: ignore[arg-type]


def test_forced_bets_conflicts() -> None:
    with pytest.raises(InvalidDefinitionError, match="not both"):
        ForcedBetRules(blinds=2, bring_in=BringInCard.LOWEST)
    with pytest.raises(InvalidDefinitionError, match="0 to 3"):
        ForcedBetRules(blinds=4)


def test_the_joker_is_not_a_stud_card() -> None:
    with pytest.raises(InvalidDefinitionError, match="joker is not used in stud"):
        attrs.evolve(SEVEN_CARD_STUD, deck=Deck.standard(joker=True))


def test_sevens_rule_needs_an_ace_to_five_share() -> None:
    with pytest.raises(InvalidDefinitionError, match="ace-to-five low share"):
        attrs.evolve(CALIFORNIA_LOWBALL, showdown=Showdown(shares=(HighHand(),)))


def test_registry_finds_by_name_or_alias_in_any_case() -> None:
    assert find_variant("limit hold'em") is LIMIT_HOLDEM
    assert find_variant("  LIMIT TEXAS HOLD'EM ") is LIMIT_HOLDEM
    assert find_variant("high chicago") is CHICAGO_HIGH_SPADE
    assert find_variant("Lowball") is CALIFORNIA_LOWBALL
    with pytest.raises(InvalidDefinitionError, match="no variant is named 'pineapple'"):
        find_variant("pineapple")
    assert variants()[: len(CATALOGUE)] == CATALOGUE


def test_names_that_are_not_text_are_refused() -> None:
    """A name or alias that is not a string is a definition error, never an AttributeError."""
    for name in (None, 3):
        with pytest.raises(InvalidDefinitionError, match="a variant name is text"):
            find_variant(name)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="text, not 3"):
        attrs.evolve(LIMIT_HOLDEM, name=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="text, not None"):
        attrs.evolve(LIMIT_HOLDEM, aliases=("fine", None))  # type: ignore[arg-type]


def test_register_a_derived_variant_and_refuse_a_taken_name() -> None:
    six_max = attrs.evolve(
        LIMIT_HOLDEM, name="Six-max limit hold'em test", aliases=("6max lhe test",), max_players=6
    )
    register(six_max)
    assert find_variant("6MAX LHE TEST") is six_max
    with pytest.raises(InvalidDefinitionError, match="already names"):
        register(attrs.evolve(six_max, max_players=5))
    replaced = register(attrs.evolve(six_max, max_players=5), replace=True)
    assert find_variant("6max lhe test") is replaced


def test_every_catalogue_variant_is_distinct_and_describes_itself() -> None:
    assert len({v.name for v in CATALOGUE}) == len(CATALOGUE)
    assert LIMIT_HOLDEM.describe() == "Limit Texas hold'em: fixed limit, high"
    assert CALIFORNIA_LOWBALL.has_joker and CALIFORNIA_LOWBALL.deck.remaining == 53
    assert SEVEN_CARD_STUD.is_stud and not LIMIT_HOLDEM.is_stud
    assert find_variant("razz").low_order


def test_stakes_make_structures() -> None:
    stakes = Stakes.limit(20, 40)
    assert stakes.blinds == (10, 20)
    assert stakes.structure(BettingStructure.FIXED_LIMIT, BetSize.SMALL) == FixedLimit(20)
    assert stakes.structure(BettingStructure.FIXED_LIMIT, BetSize.BIG) == FixedLimit(40)
    assert Stakes.no_limit(1, 2).structure(BettingStructure.POT_LIMIT, BetSize.BIG) == PotLimit(2)
    # With neither blinds nor a bring-in the minimum bet is the smallest chip (Wikipedia, "Blind (poker)").
    assert Stakes(ante=5, chip=5).structure(BettingStructure.NO_LIMIT, BetSize.SMALL) == NoLimit(5)
    assert Stakes(small_bet=2, big_bet=10).structure(
        BettingStructure.SPREAD_LIMIT, BetSize.SMALL
    ) == SpreadLimit(minimum=2, maximum=10)
    with pytest.raises(InvalidDefinitionError, match="need a big bet"):
        Stakes.no_limit(1, 2).structure(BettingStructure.FIXED_LIMIT, BetSize.BIG)
    with pytest.raises(InvalidDefinitionError, match="positive"):
        Stakes(blinds=(0, 2))
    # Blinds are posted small, big, third: a later blind is never smaller (RRoP, "Button and
    # Blind Use"); a wrongly typed minimum bet is a definition error, not a TypeError.
    with pytest.raises(InvalidDefinitionError, match="posting order"):
        Stakes.no_limit(2, 1)
    with pytest.raises(InvalidDefinitionError, match="posting order"):
        Stakes(blinds=(1, 2, 1))
    assert Stakes(blinds=(1, 1, 2)).blinds == (1, 1, 2)
    with pytest.raises(InvalidDefinitionError, match="minimum bet"):
        Stakes(blinds=(1, 2), min_bet="2")  # type: ignore[arg-type]
    # A half kill scales $4/$8 to $6/$12.
    assert Stakes.limit(4, 8).scaled(3, 2) == Stakes(blinds=(3, 6), small_bet=6, big_bet=12)


def test_street_must_do_something() -> None:
    with pytest.raises(InvalidDefinitionError, match="does nothing"):
        Street(name="nothing", betting=False)


def test_variant_is_frozen_and_evolves() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        LIMIT_HOLDEM.name = "x"  # type: ignore[misc]
    assert isinstance(attrs.evolve(LIMIT_HOLDEM, name="Another"), Variant)


@pytest.mark.parametrize(
    "change",
    [
        {"structure": "fixed limit"},
        {"aliases": "lhe2"},
        {"max_players": "9"},
        {"max_players": 9.5},
        {"streets": ["a"]},
        {"streets": []},
        {"showdown": None},
        {"deck": None},
        {"forced_bets": None},
        {"burn": "yes"},
    ],
)
def test_a_variant_refuses_fields_of_the_wrong_kind(change: dict[str, object]) -> None:
    """A wrong type is refused, never read as some other rule (a string structure would
    otherwise play as no limit; a string of aliases would register each letter)."""
    with pytest.raises(InvalidDefinitionError):
        attrs.evolve(LIMIT_HOLDEM, **change)  # type: ignore[arg-type]


@pytest.mark.parametrize("blinds", ["2", True, 1.5])
def test_forced_bet_rules_refuse_a_blind_count_that_is_not_a_number(blinds: object) -> None:
    with pytest.raises(InvalidDefinitionError):
        ForcedBetRules(blinds=blinds)  # type: ignore[arg-type]


def test_register_takes_only_variants() -> None:
    with pytest.raises(InvalidDefinitionError):
        register("abc")  # type: ignore[arg-type]


def test_stakes_refuse_amounts_that_are_not_whole_chips() -> None:
    """With $5 chips a $12 small blind cannot be posted; Stakes.limit rounds it (option
    ``small_blind_rounding``)."""
    with pytest.raises(InvalidDefinitionError, match="5-chips"):
        attrs.evolve(Stakes.limit(25, 50), chip=5)
    assert Stakes.limit(25, 50, chip=5).blinds == (10, 25)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": None}, "name must be a str"),
        ({"name": 5, "board": 3}, "name must be a str"),
        ({"name": "x", "betting": "no"}, "betting must be True or False"),
        ({"name": "x", "betting": 1}, "betting must be True or False"),
        ({"name": "x", "draw": 5}, "draw must be a Draw"),
        ({"name": "x", "bet_size": "small"}, "bet_size must be one of BetSize"),
        ({"name": "x", "bet_size": BettingStructure.NO_LIMIT}, "bet_size must be one of"),
        ({"name": "x", "board": 1.5}, "board must be a whole number"),
    ],
)
def test_a_street_refuses_fields_of_the_wrong_kind(
    fields: dict[str, object], message: str
) -> None:
    """A wrong type is refused by name, never kept (a string bet size would silently play as
    the big bet; a draw of 5 would fail later when the draw is dealt)."""
    with pytest.raises(InvalidDefinitionError, match=message):
        Street(**fields)  # type: ignore[arg-type]


def test_evolving_a_street_checks_the_new_value() -> None:
    flop = LIMIT_HOLDEM.streets[1]
    with pytest.raises(InvalidDefinitionError, match="bet_size"):
        attrs.evolve(flop, bet_size="small")  # type: ignore[arg-type]
    assert attrs.evolve(flop, bet_size=BetSize.BIG).bet_size is BetSize.BIG


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"sevens_rule": "forfeit the pot"}, "sevens_rule must be one of SevensPenalty"),
        ({"sevens_rule": 1}, "sevens_rule"),
        ({"first_round_check": "yes"}, "first_round_check must be True or False"),
        ({"check_raise_after_draw": 0}, "check_raise_after_draw must be True or False"),
    ],
)
def test_lowball_rules_refuse_values_of_the_wrong_kind(
    fields: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        LowballRules(**fields)  # type: ignore[arg-type]
    assert LowballRules(sevens_rule=None).sevens_rule is None


@pytest.mark.parametrize(
    ("factors", "message"),
    [
        ((1, 0), "factor_den must be a positive whole number"),
        ((True,), "factor_num must be a positive whole number"),
        ((3, True), "factor_den"),
        ((1.5,), "factor_num"),
        ((0,), "factor_num"),
        ((-2, 1), "factor_num"),
        ((1, -2), "factor_den"),
        (("2",), "factor_num"),
    ],
)
def test_scaled_stakes_refuse_factors_that_are_not_positive_whole_numbers(
    factors: tuple[object, ...], message: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        Stakes.limit(2, 4).scaled(*factors)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kind", "size", "message"),
    [
        ("no limit", BetSize.SMALL, "kind must be one of BettingStructure"),
        (None, BetSize.SMALL, "kind must be one of"),
        (BettingStructure.NO_LIMIT, "small bet", "size must be BetSize"),
        (BettingStructure.FIXED_LIMIT, None, "size must be BetSize"),
    ],
)
def test_stakes_structure_refuses_a_kind_or_size_that_is_not_the_enum(
    kind: object, size: object, message: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        Stakes.limit(2, 4).structure(kind, size)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "options", "message"),
    [
        ((None, 4), {}, "small_bet must be a whole number"),
        (("a", 4), {}, "small_bet must be a whole number"),
        ((2, 4.0), {}, "big_bet must be a whole number"),
        ((True, 4), {}, "small_bet"),
        ((-2, 4), {}, "small_bet"),
        ((2, 4), {"chip": None}, "chip must be a positive whole number"),
        ((2, 4), {"chip": 0}, "chip must be a positive whole number"),
        ((2, 4), {"chip": 0.5}, "chip"),
        ((2, 4), {"rounding": "up"}, "rounding must be SmallBlindRounding"),
        ((4, 2), {}, r"small bet \(4\) is above the big bet \(2\)"),
        ((4, 0), {}, "above the big bet"),
    ],
)
def test_limit_stakes_refuse_bad_amounts(
    args: tuple[object, ...], options: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        Stakes.limit(*args, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"blinds": None}, "blinds must be a sequence of amounts"),
        ({"blinds": 5}, "blinds must be a sequence of amounts"),
        ({"blinds": "12"}, "blinds must be a sequence of amounts"),
        ({"blinds": (1, None)}, "a blind must be a positive whole number"),
        ({"blinds": (True, 2)}, "a blind must be a positive whole number"),
        ({"small_bet": 10, "big_bet": 5}, "above the big bet"),
        ({"blinds": (2, 4), "ante": 10**5000 + 1, "chip": 2}, "about 5001 digits"),
    ],
)
def test_stakes_refuse_bad_fields(fields: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        Stakes(**fields)  # type: ignore[arg-type]
    # a small bet with no big bet (stud stakes under construction, spread limit's least) stays
    assert Stakes(small_bet=10).small_bet == 10


@pytest.mark.parametrize(
    "change",
    [
        {"aliases": None},
        {"streets": None},
        {"streets": 3},
        {"max_players": 10**5000},
        {"min_players": 10**5000},
    ],
)
def test_a_variant_refuses_values_that_would_break_the_checks(change: dict[str, object]) -> None:
    with pytest.raises(InvalidDefinitionError):
        attrs.evolve(LIMIT_HOLDEM, **change)  # type: ignore[arg-type]


def test_structure_for_and_forced_bets_at_take_only_their_types() -> None:
    with pytest.raises(InvalidDefinitionError, match="stakes must be Stakes"):
        LIMIT_HOLDEM.structure_for(LIMIT_HOLDEM.streets[0], (2, 4))  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="street must be a Street"):
        LIMIT_HOLDEM.structure_for("flop", Stakes.limit(2, 4))  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="stakes must be Stakes"):
        LIMIT_HOLDEM.forced_bets.at(None)  # type: ignore[arg-type]


def test_stud_stakes_make_no_blinds_so_a_stud_hand_starts() -> None:
    stakes = Stakes.stud(5, 10, bring_in=2, ante=1)
    assert stakes.blinds == ()
    assert (stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet) == (1, 2, 5, 10)
    hand = Hand.start(find_variant("stud"), stakes=stakes, stacks=[100] * 4, button=0, seed=3)
    assert hand.actor in range(4)
    with pytest.raises(InvalidDefinitionError, match="small_bet must be at most big_bet"):
        Stakes.stud(10, 5, bring_in=2)


# --- the modules behind pokerrules.variants ---------------------------------------------------

#: The names of ``pokerrules.variants`` and the module each one is defined in.
_HOMES = {
    "BetSize": "pokerrules.stakes",
    "BettingStructure": "pokerrules.stakes",
    "BringInCard": "pokerrules.variant_rules",
    "Draw": "pokerrules.streets",
    "ForcedBetRules": "pokerrules.variant_rules",
    "LowballRules": "pokerrules.variant_rules",
    "SevensPenalty": "pokerrules.variant_rules",
    "Stakes": "pokerrules.stakes",
    "Street": "pokerrules.streets",
    "Variant": "pokerrules.variants",
    "find_variant": "pokerrules.variants",
    "register": "pokerrules.variants",
    "variants": "pokerrules.variants",
}


def test_every_name_imports_from_variants_and_is_its_home_modules_own() -> None:
    """Each public name of ``pokerrules.variants`` is the very object its own module defines."""
    assert sorted(pokerrules.variants.__all__) == sorted(_HOMES)
    for name, home in _HOMES.items():
        value = getattr(pokerrules.variants, name)
        assert value.__module__ == home, name
        assert getattr(importlib.import_module(home), name) is value, name
        assert name in importlib.import_module(home).__all__, name


def test_the_variant_parts_load_without_the_variants_module() -> None:
    """Imports run one way: streets, stakes and the variant rules never load ``variants``
    (nor, through it, the catalogue)."""
    probe = (
        "import sys, pokerrules.stakes, pokerrules.streets, pokerrules.variant_rules; "
        "print(sorted(m for m in ('pokerrules.variants', 'pokerrules.catalogue') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


#: A pickle of (Stakes, Street, Draw, ForcedBetRules, LowballRules, BettingStructure) values,
#: written when every one of these classes was defined in ``pokerrules.variants``.
_PICKLED_BEFORE_THE_SPLIT = base64.b64decode(
    "gASV7wIAAAAAAAAojBNwb2tlcnJ1bGVzLnZhcmlhbnRzlIwGU3Rha2VzlJOUKYGUfZQojAZibGluZHOUSwFLAoaU"
    "jARhbnRllEsBjAhicmluZ19pbpRLAIwJc21hbGxfYmV0lEsCjAdiaWdfYmV0lEsEjAdtaW5fYmV0lE6MBGNoaXCU"
    "SwGMBHJha2WUTnViaACMBlN0cmVldJSTlCmBlH2UKIwEbmFtZZSMBGZsb3CUjARkb3dulEsAjAJ1cJRLAIwFYm9h"
    "cmSUSwOMBGRyYXeUTowHYmV0dGluZ5SIjAhiZXRfc2l6ZZRoAIwHQmV0U2l6ZZSTlIwHYmlnIGJldJSFlFKUdWJo"
    "AIwERHJhd5STlCmBlH2UjAttYXhfZGlzY2FyZJRLA3NiaACMDkZvcmNlZEJldFJ1bGVzlJOUKYGUfZQoaAVLAGgH"
    "jBZwb2tlcnJ1bGVzLmZvcmNlZF9iZXRzlIwIQW50ZUtpbmSUk5SMC2VhY2ggcGxheWVylIWUUpRoCGgAjAtCcmlu"
    "Z0luQ2FyZJSTlIwVaGlnaGVzdCBjYXJkLCBhY2UgbG93lIWUUpSMEGJpZ19ibGluZF9vcHRpb26UiIwFc2hvcnSU"
    "aCiMDlNob3J0Rm9yY2VkQmV0lJOUjAtmdWxsIGFtb3VudJSFlFKUjAxidXR0b25fYmxpbmSUiYwSbWlzc2lzc2lw"
    "cGlfYWN0aW9ulGgojBFNaXNzaXNzaXBwaUFjdGlvbpSTlIwVbGVmdCBvZiB0aGUgc3RyYWRkbGVylIWUUpR1YmgA"
    "jAxMb3diYWxsUnVsZXOUk5QpgZR9lCiMEWZpcnN0X3JvdW5kX2NoZWNrlImMFmNoZWNrX3JhaXNlX2FmdGVyX2Ry"
    "YXeUiYwLc2V2ZW5zX3J1bGWUaACMDVNldmVuc1BlbmFsdHmUk5SMDW1heSBub3QgY2hlY2uUhZRSlHViaACMEEJl"
    "dHRpbmdTdHJ1Y3R1cmWUk5SMCXBvdCBsaW1pdJSFlFKUdJQu"
)


def test_pickles_that_name_the_variants_module_still_load() -> None:
    """A pickle refers to a class by module and name; those written when the classes lived in
    ``pokerrules.variants`` load as the same values."""
    assert b"pokerrules.variants" in _PICKLED_BEFORE_THE_SPLIT
    loaded = pickle.loads(_PICKLED_BEFORE_THE_SPLIT)
    assert loaded == (
        Stakes.limit(2, 4, ante=1),
        Street(name="flop", board=3, bet_size=BetSize.BIG),
        Draw(max_discard=3),
        ForcedBetRules(blinds=0, ante=AnteKind.EACH, bring_in=BringInCard.HIGHEST),
        LowballRules(sevens_rule=SevensPenalty.NO_CHECK),
        BettingStructure.POT_LIMIT,
    )
    assert type(loaded[0]) is Stakes
    assert loaded[5] is BettingStructure.POT_LIMIT


@given(data=st.data())
def test_variants_and_stakes_survive_pickle(data: st.DataObject) -> None:
    """Any registered variant and any stakes for it come back equal from a pickle, parts and
    all (the streets, the forced-bet and lowball rules, the enums by identity)."""
    variant = data.draw(strategies.variants())
    stakes = data.draw(strategies.stakes(variant))
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        again, stakes_again = pickle.loads(pickle.dumps((variant, stakes), protocol=protocol))
        assert again == variant
        assert stakes_again == stakes
        assert again.structure is variant.structure
        assert again.forced_bets.bring_in is variant.forced_bets.bring_in
        assert [s.bet_size for s in again.streets] == [s.bet_size for s in variant.streets]
