"""The library's PHH extension codes, and the catalogue games they name.

Rule sources: Wikipedia, "Omaha hold 'em" (five-card Omaha, six-card Omaha, Courchevel);
Wikipedia, "Triple draw"; Robert's Rules of Poker, "Omaha" and "Ace-to-Five Lowball".
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.cards import parse_cards
from pokerrules.catalogue import (
    ACE_TO_FIVE_TRIPLE_DRAW,
    CATALOGUE,
    COURCHEVEL,
    FIVE_CARD_OMAHA,
    LIMIT_OMAHA,
    SIX_CARD_OMAHA,
    default_stakes,
)
from pokerrules.cli.play import choose
from pokerrules.engine import Hand
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError
from pokerrules.evaluation import HandValue
from pokerrules.history.codes import (
    EXTENSION_GAMES,
    STANDARD_CODES,
    STRUCTURES,
    extension_code,
    is_extension,
    is_fixed_limit,
    split_extension,
)
from pokerrules.history.export import to_history
from pokerrules.history.phh import HandHistory, Verb, dumps, loads
from pokerrules.history.replay import VARIANT_CODES, Verdict, replay, variant_of_code
from pokerrules.showdown import LowHand
from pokerrules.variants import BettingStructure, Stakes, Variant

EXTENSION_CODES = [extension_code(s, g) for g in EXTENSION_GAMES for s in STRUCTURES]


def test_extension_codes_never_clash_with_the_specifications() -> None:
    assert set(VARIANT_CODES) == STANDARD_CODES
    assert not set(EXTENSION_CODES) & STANDARD_CODES
    assert all(is_extension(code) and not is_extension(code[2:]) for code in EXTENSION_CODES)


@pytest.mark.parametrize("code", EXTENSION_CODES)
def test_each_extension_code_names_its_game_in_its_structure(code: str) -> None:
    structure, game = split_extension(code)
    variant = variant_of_code(code)
    wanted = {"F": "fixed limit", "P": "pot limit", "N": "no limit"}[structure]
    assert variant.structure.value == wanted
    assert is_fixed_limit(code) is (variant.structure is BettingStructure.FIXED_LIMIT)
    base = variant_of_code(extension_code("P" if game != "5CD" else "F", game))
    assert variant.streets == base.streets
    assert variant.showdown == base.showdown


@pytest.mark.parametrize("code", ["X-", "X-F", "X-QO", "X-FZ", "X-PO/9", "x-FO", "FO"])
def test_text_that_is_no_extension_code_is_refused_clearly(code: str) -> None:
    with pytest.raises(InvalidNotationError, match="is not a variant code"):
        split_extension(code)
    with pytest.raises(InvalidDefinitionError):
        variant_of_code(code)


_LIMIT_OMAHA = """variant = "X-FO"
antes = [0, 0]
blinds_or_straddles = [2, 1]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = ["d dh p1 AsKsQd2c", "d dh p2 7h7c5d4d", "p2 f"]
"""


def test_an_extension_history_needs_its_structures_fields() -> None:
    assert loads(_LIMIT_OMAHA).variant == "X-FO"
    with pytest.raises(InvalidNotationError, match="needs small_bet, big_bet"):
        loads(_LIMIT_OMAHA.replace("small_bet = 2\nbig_bet = 4\n", ""))
    with pytest.raises(InvalidNotationError, match="never gives min_bet"):
        loads(_LIMIT_OMAHA + "min_bet = 2\n")
    pot_limit = _LIMIT_OMAHA.replace("X-FO", "X-PO/8")
    with pytest.raises(InvalidNotationError, match="needs min_bet"):
        loads(pot_limit.replace("small_bet = 2\nbig_bet = 4\n", ""))
    with pytest.raises(InvalidNotationError, match="needs blinds_or_straddles"):
        loads(_LIMIT_OMAHA.replace("blinds_or_straddles = [2, 1]\n", ""))


def _played(code: str, seed: int, players: int) -> Hand:
    variant = variant_of_code(code)
    stakes = default_stakes(variant)
    hand = Hand.start(
        variant, stakes=stakes, stacks=[200] * players, button=players - 1, seed=seed
    )
    rng = random.Random(seed)
    while not hand.is_complete:
        hand = hand.apply(choose(hand, rng))
    return hand


@settings(max_examples=30, deadline=None)
@given(
    code=st.sampled_from([c for c in EXTENSION_CODES if variant_of_code(c).name]),
    seed=st.integers(0, 10**6),
    players=st.integers(2, 5),
)
def test_engine_hands_of_extension_games_round_trip_and_replay(
    code: str, seed: int, players: int
) -> None:
    """Any hand the engine plays of an extension game is written as PHH, read back the same
    and replayed to the same stacks."""
    hand = _played(code, seed, players)
    history = to_history(hand)
    assert history.variant in (code, *[c for c, v in VARIANT_CODES.items() if v is hand.variant])
    again = loads(dumps(history))
    assert again == history
    result = replay(again)
    assert result.verdict is Verdict.MATCH, result.message
    assert sum(result.stacks or ()) == 200 * players


def test_wikipedia_courchevel_first_board_card_comes_before_the_first_betting_round() -> None:
    """Wikipedia, "Omaha hold 'em", "Courchevel": five hole cards, and the first community card
    is dealt face up with them, before the first round of betting."""
    hand = Hand.start(COURCHEVEL, stakes=Stakes(blinds=(1, 2)), stacks=[100] * 3, button=2, seed=3)
    assert len(hand.board) == 1
    assert all(len(hand.holding(seat).cards) == 5 for seat in range(3))
    history = to_history(_played("X-PC", 3, 3))
    verbs = [a.verb for a in history.actions]
    first_bet = next(k for k, v in enumerate(verbs) if v not in (Verb.DEAL_HOLE,))
    assert verbs[first_bet] is Verb.DEAL_BOARD
    assert len(history.actions[first_bet].cards) == 1


@pytest.mark.parametrize("variant", [FIVE_CARD_OMAHA, SIX_CARD_OMAHA, COURCHEVEL])
def test_wikipedia_big_omaha_games_play_exactly_two_hole_cards(variant: Variant) -> None:
    """Wikipedia, "Omaha hold 'em": in five- and six-card Omaha and Courchevel a hand is still
    exactly two hole cards and three board cards. Four spades in the hole and one on the board
    make no flush."""
    selection = variant.showdown.selection
    held = parse_cards("As Ks Qs Js 2c 3d"[: 3 * variant.streets[0].down - 1])
    board = parse_cards("Ts 9h 8d 4c 5h")
    made = {tuple(sorted(map(str, choice))) for choice in selection.choices(held, board)}
    assert all(sum(c.endswith("s") for c in five) <= 3 for five in made)
    assert all(len(set(five) & set(map(str, board))) == 3 for five in made)


def test_rrop_ace_to_five_triple_draw_counts_no_straight_or_flush() -> None:
    """Robert's Rules of Poker, "Ace-to-Five Lowball": straights and flushes do not count, so
    5-4-3-2-A suited is the best hand; and the ace plays low."""
    [share] = ACE_TO_FIVE_TRIPLE_DRAW.showdown.shares
    assert isinstance(share, LowHand)
    every = ACE_TO_FIVE_TRIPLE_DRAW.showdown.selection

    def low(text: str) -> HandValue | None:
        return share.value(parse_cards(text), every, ())

    wheel, six, king = low("5h 4h 3h 2h Ah"), low("6c 4d 3s 2h Ac"), low("Kc 4d 3s 2h 5c")
    assert wheel is not None and six is not None and king is not None
    assert str(wheel) == "5-4-3-2-A"
    assert wheel > six > king


def test_limit_omaha_is_pot_limit_omaha_dealt_with_limit_betting() -> None:
    assert variant_of_code("X-FO") is LIMIT_OMAHA
    assert LIMIT_OMAHA.structure is BettingStructure.FIXED_LIMIT
    assert isinstance(to_history(_played("X-FO", 5, 3)), HandHistory)


def test_default_stakes_start_a_hand_of_every_catalogue_and_extension_game() -> None:
    """The stakes ``default_stakes`` gives suit every game they are offered for: each catalogue
    variant and each extension code's game starts a hand with them (a button-blind game in a
    limit structure among them, which posts one blind)."""
    games = [*CATALOGUE, *(variant_of_code(code) for code in EXTENSION_CODES)]
    for variant in games:
        stakes = default_stakes(variant)
        players = max(variant.min_players, 3)
        hand = Hand.start(variant, stakes=stakes, stacks=[200] * players, button=0, seed=1)
        assert hand.stakes == stakes
        assert sum(hand.stacks.values()) + hand.pot == 200 * players
