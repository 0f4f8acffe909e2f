"""Double-board games: two boards dealt on every street, each pot split between them."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.actions import Call, Check, Fold, Raise
from pokerrules.cards import STANDARD_CARDS, Deck, parse_cards
from pokerrules.catalogue import (
    NO_LIMIT_HOLDEM,
    NO_LIMIT_HOLDEM_DOUBLE_BOARD,
    POT_LIMIT_OMAHA_DOUBLE_BOARD,
    SEVEN_CARD_STUD,
)
from pokerrules.engine import (
    BoardDealt,
    Burned,
    Deal,
    Dealt,
    Hand,
    Phase,
    ShowdownPolicy,
    ShowHand,
    Won,
)
from pokerrules.errors import IllegalActionError, InvalidDefinitionError
from pokerrules.runouts import MAX_BOARDS
from pokerrules.serialization import dumps, loads
from pokerrules.testing import check_variant, random_action, simple_stakes
from pokerrules.variants import Stakes, Variant, find_variant

NL = Stakes.no_limit(1, 2)


def _deck(text: str) -> Deck:
    first = parse_cards(text)
    return Deck.ordered([*first, *(c for c in STANDARD_CARDS if c not in first)])


# seats 0 (small blind), 1 (big blind), 2 (button): 2c 3d, As Ah, Ks Kh; the burns are queens.
# Top board Ad 7c 9s 4c 5h (the aces make three of a kind); bottom board Kd 8c Ts 6d 2h (the
# kings do).
SPLIT = _deck("2c 3d As Ah Ks Kh  Qc Ad 7c 9s Kd 8c Ts  Qd 4c 6d  Qh 5h 2h")


def _checked_down(hand: Hand) -> Hand:
    while not hand.is_complete:
        hand = hand.check_or_call() if hand.phase is Phase.BET else hand.apply(ShowHand())
    return hand


def _split_hand(**options: object) -> Hand:
    """Three players at the double-board table, seat 2 on the button."""
    return Hand.start(
        NO_LIMIT_HOLDEM_DOUBLE_BOARD,
        stakes=NL,
        stacks={0: 100, 1: 100, 2: 100},
        button=2,
        **options,  # type: ignore[arg-type]
    )


def test_asian_poker_tour_double_board_one_burn_then_the_top_board_then_the_bottom() -> None:
    """The Asian Poker Tour handbook, "Double Board - Hold'em": "the dealer will burn a single
    card and then deal a standard three-card flop, followed immediately by another standard
    three-card flop underneath"; one burn, then a turn card for each board, and the same for
    the river."""
    hand = _split_hand(deck=SPLIT).apply(Call()).apply(Fold()).apply(Check())
    dealt = [e for e in hand.log if isinstance(e, Burned | Dealt | BoardDealt)][3:]
    assert dealt == [
        Burned(parse_cards("Qc")[0], street=1),
        Dealt(None, parse_cards("Ad 7c 9s"), (True, True, True), street=1),
        BoardDealt(2, parse_cards("Kd 8c Ts"), street=1),
    ]
    assert hand.street == "flop" and hand.phase is Phase.BET
    assert hand.boards == (parse_cards("Ad 7c 9s"), parse_cards("Kd 8c Ts"))
    hand = _checked_down(hand)
    assert [e for e in hand.log if isinstance(e, Burned)] == [
        Burned(c, street=k) for k, c in enumerate(parse_cards("Qc Qd Qh"), start=1)
    ]
    # each board's turn and river cards are on the street that deals them
    assert [(e.board, e.street) for e in hand.log if isinstance(e, BoardDealt)] == [
        (2, 1),
        (2, 2),
        (2, 3),
    ]
    assert hand.boards == (parse_cards("Ad 7c 9s 4c 5h"), parse_cards("Kd 8c Ts 6d 2h"))


def test_asian_poker_tour_double_board_odd_chip_of_the_split_to_the_top_board() -> None:
    """The Asian Poker Tour handbook, "Double Board - Hold'em" (double winner): "half the pot is
    awarded to the player with the best hand using the top board and the other half ... using
    the bottom board. ... In the event of an odd chip during the split, it is awarded to the
    hand that wins the top board"."""
    hand = _checked_down(_split_hand(deck=SPLIT).apply(Call()).apply(Fold()).apply(Check()))
    won = [(e.seat, e.amount, e.pot) for e in hand.log if isinstance(e, Won)]
    assert won == [(1, 3, "main pot of board 1"), (2, 2, "main pot of board 2")]
    assert hand.stacks == {0: 99, 1: 101, 2: 100}
    outcome = hand.outcome
    assert outcome is not None
    assert outcome.runout_of == (1, 2) and outcome.boards == hand.boards


def test_neverwinpoker_double_flop_holdem_best_hand_on_both_boards_scoops() -> None:
    """neverwinpoker.com, "Double flop Hold'em": "If you have the best hand for each row, you
    will scoop the pot"."""
    deck = _deck("2c 3d As Ah Ks Kh  Qc Ad 7c 9s Ac 8c Ts  Qd 4c 6d  Qh 5h 2h")
    hand = _checked_down(_split_hand(deck=deck).apply(Call()).apply(Fold()).apply(Check()))
    assert hand.stacks == {0: 99, 1: 103, 2: 98}


def test_double_board_all_in_deals_both_boards_and_splits_every_pot() -> None:
    hand = Hand.start(
        NO_LIMIT_HOLDEM_DOUBLE_BOARD,
        stakes=NL,
        stacks={0: 40, 1: 100, 2: 100},
        button=2,
        deck=SPLIT,
        showdown=ShowdownPolicy.MUCK_LOSERS,
    )
    hand = hand.apply(Raise(to=100)).apply(Call()).apply(Call())
    assert hand.is_complete
    assert [len(board) for board in hand.boards] == [5, 5]
    outcome = hand.outcome
    assert outcome is not None
    assert {a.name for a in outcome.awards} == {"main pot", "side pot 1"}
    assert (
        len(outcome.shown) == 3
    )  # every hand shows: a hand beaten on one board may win the other
    assert sum(hand.stacks.values()) == 240
    # top board: seat 0's 2c 3d make a wheel and take the main pot's half (60), the aces the
    # side pot's half (60); bottom board: the kings take both halves (60 + 60)
    assert hand.stacks == {0: 60, 1: 60, 2: 120}
    won = [(e.seat, e.amount, e.pot) for e in hand.log if isinstance(e, Won)]
    assert sorted(won) == [
        (0, 60, "main pot of board 1"),
        (1, 60, "side pot 1 of board 1"),
        (2, 60, "main pot of board 2"),
        (2, 60, "side pot 1 of board 2"),
    ]


def test_double_board_hand_replays_rewinds_round_trips_and_views_show_both_boards() -> None:
    hand = _checked_down(_split_hand(deck=SPLIT).apply(Call()).apply(Fold()).apply(Check()))
    again = Hand.replay(
        NO_LIMIT_HOLDEM_DOUBLE_BOARD, hand.log, stakes=NL, stacks=hand.starting_stacks, button=2
    )
    assert again.boards == hand.boards and again.stacks == hand.stacks
    by_hand = hand.rewind()
    for cards in ("2c 3d", "As Ah", "Ks Kh"):
        by_hand = by_hand.apply(Deal(parse_cards(cards)))
    by_hand = by_hand.apply(Call()).apply(Fold()).apply(Check())
    step = by_hand.pending_deal
    assert step is not None and str(step) == "flop: 3 card(s) to the board"
    by_hand = by_hand.apply(Deal(parse_cards("Ad 7c 9s")))
    step = by_hand.pending_deal
    assert step is not None and str(step) == "flop: 3 card(s) to board 2"
    with pytest.raises(IllegalActionError, match="already in play"):
        by_hand.apply(Deal(parse_cards("Ad 8c Ts")))  # Ad is on the top board
    by_hand = by_hand.apply(Deal(parse_cards("Kd 8c Ts")))
    assert by_hand.phase is Phase.BET
    assert loads(dumps(by_hand)) == by_hand
    assert loads(dumps(hand)) == hand
    for seat in (None, 0, 1, 2):
        view = hand.view(seat)
        assert view.boards == hand.boards
        assert set(hand.boards[1]) <= view.visible_cards()
        assert BoardDealt(2, parse_cards("Kd 8c Ts"), street=1) in view.log
        assert loads(dumps(view)) == view


def test_double_board_is_not_also_run_out_more_than_once() -> None:
    start = {"stakes": NL, "stacks": [100, 100], "button": 0, "seed": 1}
    with pytest.raises(InvalidDefinitionError, match="2 boards"):
        Hand.start(NO_LIMIT_HOLDEM_DOUBLE_BOARD, runouts=2, **start)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="2 boards"):
        Hand.start(NO_LIMIT_HOLDEM_DOUBLE_BOARD, ask_runouts=True, **start)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="not also run out"):
        attrs.evolve(NO_LIMIT_HOLDEM_DOUBLE_BOARD, runouts=2)


@pytest.mark.parametrize("bad", [0, MAX_BOARDS + 1, True, "2", 1.5])
def test_a_variants_boards_are_a_whole_number_it_can_deal(bad: object) -> None:
    with pytest.raises(InvalidDefinitionError, match="boards must be"):
        attrs.evolve(NO_LIMIT_HOLDEM, boards=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["seven-card stud", "five-card draw", "razz"])
def test_a_second_board_needs_a_board_game_without_draws(name: str) -> None:
    with pytest.raises(InvalidDefinitionError, match="board game without draws"):
        attrs.evolve(find_variant(name), boards=2)
    assert SEVEN_CARD_STUD.boards == 1


def test_double_board_games_are_in_the_catalogue_and_pass_the_conformance_suite() -> None:
    assert find_variant("double-board hold'em") is NO_LIMIT_HOLDEM_DOUBLE_BOARD
    assert find_variant("double board PLO") is POT_LIMIT_OMAHA_DOUBLE_BOARD
    for variant in (NO_LIMIT_HOLDEM_DOUBLE_BOARD, POT_LIMIT_OMAHA_DOUBLE_BOARD):
        assert variant.boards == 2
        check_variant(variant, max_examples=10)


def test_phh_has_no_field_for_a_second_board() -> None:
    from pokerrules.history.export import to_history

    hand = _checked_down(_split_hand(deck=SPLIT).apply(Call()).apply(Fold()).apply(Check()))
    with pytest.raises(InvalidDefinitionError, match="no PHH variant code"):
        to_history(hand)


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from([NO_LIMIT_HOLDEM_DOUBLE_BOARD, POT_LIMIT_OMAHA_DOUBLE_BOARD]),
    stacks=st.lists(st.integers(3, 200), min_size=2, max_size=8),
    showdown=st.sampled_from(list(ShowdownPolicy)),
)
def test_double_board_conserves_chips_and_splits_every_pot_between_the_boards(
    seed: int, variant: Variant, stacks: list[int], showdown: ShowdownPolicy
) -> None:
    hand = Hand.start(
        variant,
        stakes=simple_stakes(variant),
        stacks=stacks,
        button=0,
        seed=seed,
        showdown=showdown,
    )
    rng = random.Random(seed)
    while (action := random_action(hand, rng)) is not None:
        hand = hand.apply(action)
        assert [len(b) for b in hand.boards[1:]] == [len(hand.board)] * (len(hand.boards) - 1)
    outcome = hand.outcome
    assert outcome is not None
    assert sum(hand.stacks.values()) + outcome.rake + outcome.carried == sum(stacks)
    for award in outcome.awards:
        assert sum(chips for _, chips in award.payouts) == award.pot.amount
    cards = [c for board in hand.boards for c in board]
    assert len(cards) == len(set(cards))
    if outcome.runout_of:  # a showdown: both boards complete, each pot in two halves
        assert [len(b) for b in hand.boards] == [5, 5]
        halves: dict[int, list[int]] = {}
        for award, board in zip(outcome.awards, outcome.runout_of, strict=True):
            halves.setdefault(board, []).append(award.pot.amount)
        assert set(halves) == {1, 2}
        for top, bottom in zip(halves[1], halves[2], strict=True):
            assert 0 <= top - bottom < 2
    assert loads(dumps(hand)).log == hand.log
