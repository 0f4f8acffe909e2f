"""The players agree how many times to run the board at the moment of the all-in
(``Hand.start(ask_runouts=True)``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.actions import Bet, Call, Check, Fold, LegalActions, Raise, Range
from pokerrules.cards import STANDARD_CARDS, Deck, parse_cards
from pokerrules.engine import (
    Acted,
    ChooseRunouts,
    Deal,
    Hand,
    Muck,
    Phase,
    RanOut,
    ShowdownPolicy,
    ShowHand,
)
from pokerrules.errors import (
    ActionNotAvailableError,
    IllegalActionError,
    InvalidDefinitionError,
    OutOfTurnError,
)
from pokerrules.runouts import MAX_RUNOUTS, agreed_runouts, most_runouts
from pokerrules.serialization import dumps, loads
from pokerrules.strategies import actions
from pokerrules.testing import check_hand_step, random_action, simple_stakes
from pokerrules.variants import Stakes, find_variant

HOLDEM = find_variant("no-limit hold'em")
NL = Stakes.no_limit(1, 2)


def _deck(text: str) -> Deck:
    first = parse_cards(text)
    return Deck.ordered([*first, *(c for c in STANDARD_CARDS if c not in first)])


# seat 0 (big blind): As Ad; seat 1 (button, small blind): Ks Kd. Burns are jacks and queens.
# Runout 1: 2c 7h 9s 3d 4c (the aces win); runout 2: Kh 8c Tc 5d 6c (the kings make a set).
HEADS_UP = _deck("As Ad Ks Kd  Jc 2c 7h 9s Jd 3d Jh 4c  Js Kh 8c Tc Qc 5d Qd 6c")


def _all_in(**options: object) -> Hand:
    """Heads-up, both players all-in before the flop."""
    hand = Hand.start(
        HOLDEM,
        stakes=NL,
        stacks={0: 101, 1: 101},
        button=1,
        deck=HEADS_UP,
        ask_runouts=True,
        **options,  # type: ignore[arg-type]
    )
    return hand.apply(Raise(to=101)).apply(Call())


def _choices(hand: Hand) -> list[int]:
    return [
        e.action.count
        for e in hand.log
        if isinstance(e, Acted) and isinstance(e.action, ChooseRunouts)
    ]


# -- the agreement rule ---------------------------------------------------------------------


@given(st.lists(st.integers(1, MAX_RUNOUTS), min_size=1, max_size=9))
def test_agreed_runouts_is_the_common_choice_or_once(choices: list[int]) -> None:
    agreed = agreed_runouts(choices)
    if len(set(choices)) == 1:
        assert agreed == choices[0]
    else:
        assert agreed == 1


@pytest.mark.parametrize(
    ("choices", "agreed"), [([2, 2], 2), ([3, 3, 3], 3), ([2, 3], 1), ([2, 2, 1], 1), ([4], 4)]
)
def test_pokerkit_select_runout_count_agrees_only_on_one_count(
    choices: list[int], agreed: int
) -> None:
    """pokerkit, ``State.select_runout_count``: the first count chosen stands while the others
    choose the same; a different count sets the runout count to 1."""
    assert agreed_runouts(choices) == agreed


@pytest.mark.parametrize("bad", [[], [0], [2, MAX_RUNOUTS + 1], "22", [2.0], None])
def test_agreed_runouts_refuses_choices_it_cannot_count(bad: object) -> None:
    with pytest.raises(InvalidDefinitionError):
        agreed_runouts(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("left", "to_come", "burns", "most"),
    [(40, 5, 3, 5), (48, 5, 3, 6), (44, 1, 1, 10), (3, 5, 3, 1), (30, 0, 0, 1), (16, 2, 2, 4)],
)
def test_most_runouts_counts_each_runout_with_its_burns(
    left: int, to_come: int, burns: int, most: int
) -> None:
    assert most_runouts(left, to_come, burns) == most


def test_most_runouts_refuses_a_negative_count() -> None:
    with pytest.raises(InvalidDefinitionError, match="to_come"):
        most_runouts(10, -1)


# -- the hand -------------------------------------------------------------------------------


def test_wikipedia_run_it_twice_when_all_players_agree_the_board_runs_twice() -> None:
    """Wikipedia, "Glossary of poker terms" (run it twice: the rest of the board is dealt
    twice if all players agree) and pokerkit's runout-count selection: both players choose two
    runouts; each runout wins half of the pot."""
    hand = _all_in(showdown=ShowdownPolicy.SHOW_ALL)
    assert hand.phase is Phase.RUNOUTS and hand.actor == 0
    assert hand.legal_actions() == LegalActions(seat=0, kind="runouts", runouts=Range(1, 6))
    assert hand.board == ()  # nothing is dealt before the players have chosen
    hand = hand.apply(ChooseRunouts(2))
    assert hand.phase is Phase.RUNOUTS and hand.actor == 1
    hand = hand.apply(ChooseRunouts(2))
    assert hand.is_complete
    assert hand.boards == (parse_cards("2c 7h 9s 3d 4c"), parse_cards("Kh 8c Tc 5d 6c"))
    assert [e for e in hand.log if isinstance(e, RanOut)] == [
        RanOut(2, parse_cards("Kh 8c Tc 5d 6c"), street=3)
    ]
    # the choices are on the street whose betting ended with the all-in: the pre-flop
    assert [e.street for e in hand.log if isinstance(e, Acted)][-4:-2] == [0, 0]
    assert hand.stacks == {0: 101, 1: 101}
    assert hand.outcome is not None and hand.outcome.runout_of == (1, 2)
    assert [str(e) for e in hand.log if isinstance(e, Acted)][-4:-2] == [
        "seat 0: run it 2 times",
        "seat 1: run it 2 times",
    ]


@pytest.mark.parametrize(("first", "second"), [(2, 3), (3, 1), (1, 2)])
def test_pokerkit_select_runout_count_different_choices_run_the_board_once(
    first: int, second: int
) -> None:
    """pokerkit, ``State.select_runout_count``: players who choose different counts run the
    board once (a single board needs no consent; Wikipedia: more than once only "if all
    players agree")."""
    hand = _all_in(showdown=ShowdownPolicy.SHOW_ALL)
    hand = hand.apply(ChooseRunouts(first)).apply(ChooseRunouts(second))
    assert hand.is_complete
    assert hand.boards == (parse_cards("2c 7h 9s 3d 4c"),)
    assert not any(isinstance(e, RanOut) for e in hand.log)
    assert hand.stacks == {0: 202, 1: 0}
    assert hand.outcome is not None and hand.outcome.runout_of == ()


def test_every_player_still_in_chooses_in_turn_from_the_buttons_left() -> None:
    """Three players all-in, a side pot between two of them: each chooses in turn, clockwise
    from the button's left; every pot is split between the runouts."""
    hand = Hand.start(
        HOLDEM, stakes=NL, stacks={0: 50, 1: 200, 2: 200}, button=2, seed=11, ask_runouts=True
    )
    hand = hand.apply(Raise(to=200)).apply(Call()).apply(Call())
    assert hand.phase is Phase.RUNOUTS
    seen = []
    while hand.phase is Phase.RUNOUTS:
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "runouts" and legal.seat == hand.actor
        seen.append(hand.actor)
        hand = hand.apply(ChooseRunouts(3))
    assert seen == [0, 1, 2]
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    assert len(hand.boards) == 3
    outcome = hand.outcome
    assert outcome is not None
    assert sorted(set(outcome.runout_of)) == [1, 2, 3]
    assert {a.name for a in outcome.awards} == {"main pot", "side pot 1"}
    assert sum(hand.stacks.values()) == 450


def test_a_player_who_folded_does_not_choose() -> None:
    hand = Hand.start(
        HOLDEM, stakes=NL, stacks={0: 50, 1: 200, 2: 200}, button=2, seed=4, ask_runouts=True
    )
    hand = hand.apply(Call()).apply(Raise(to=50)).apply(Call()).apply(Fold())
    assert hand.phase is Phase.RUNOUTS
    order = []
    while hand.phase is Phase.RUNOUTS:
        order.append(hand.actor)
        hand = hand.apply(ChooseRunouts(1))
    assert order == [0, 1]


def test_choosing_runouts_is_refused_precisely_and_changes_nothing() -> None:
    hand = _all_in()
    before = loads(dumps(hand))
    with pytest.raises(OutOfTurnError, match="seat 0's turn"):
        hand.apply(ChooseRunouts(2), seat=1)
    with pytest.raises(ActionNotAvailableError, match="choosing how many times"):
        hand.apply(Call())
    with pytest.raises(ActionNotAvailableError, match="choosing how many times"):
        hand.apply(ShowHand())
    with pytest.raises(ActionNotAvailableError, match=r"cannot deal that many.*1 to 6 times"):
        hand.apply(ChooseRunouts(7))
    with pytest.raises(InvalidDefinitionError, match="runouts must be"):
        ChooseRunouts(0)
    with pytest.raises(InvalidDefinitionError, match="runouts must be"):
        ChooseRunouts(MAX_RUNOUTS + 1)
    assert hand == before and hand.phase is Phase.RUNOUTS and _choices(hand) == []
    betting = Hand.start(HOLDEM, stakes=NL, stacks=[100, 100], button=1, seed=2, ask_runouts=True)
    with pytest.raises(ActionNotAvailableError, match="betting round"):
        betting.apply(ChooseRunouts(2))


def test_no_choice_unless_the_hand_asks_or_cards_are_to_come() -> None:
    """The hand stops for the choice only with ``ask_runouts``, and only when the betting
    ended because of an all-in with board cards still to come."""
    plain = (
        Hand.start(HOLDEM, stakes=NL, stacks={0: 101, 1: 101}, button=1, deck=HEADS_UP)
        .apply(Raise(to=101))
        .apply(Call())
    )
    assert plain.phase is Phase.SHOWDOWN and len(plain.boards) == 1
    # all-in on the river: nothing is to come
    river = Hand.start(HOLDEM, stakes=NL, stacks=[100, 100], button=1, seed=3, ask_runouts=True)
    while river.street != "river":
        river = river.check_or_call()
    legal = river.legal_actions()
    assert isinstance(legal, LegalActions) and legal.bet is not None
    river = river.apply(Bet(legal.bet.high)).apply(Call())
    assert river.phase is Phase.SHOWDOWN
    # the betting ran to the end with chips behind
    checked = Hand.start(HOLDEM, stakes=NL, stacks=[100, 100], button=1, seed=3, ask_runouts=True)
    while checked.phase is Phase.BET:
        checked = checked.check_or_call()
    assert checked.phase is Phase.SHOWDOWN and not _choices(checked)


def test_the_choice_comes_before_all_in_hands_are_turned_up() -> None:
    hand = _all_in(expose_all_ins=True)
    assert hand.phase is Phase.RUNOUTS
    hand = hand.apply(ChooseRunouts(2)).apply(ChooseRunouts(2))
    assert hand.phase is Phase.EXPOSE and hand.board == ()
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    assert len(hand.boards) == 2


def test_the_dealer_mucks_losers_only_when_the_board_runs_once() -> None:
    """Under ``ShowdownPolicy.MUCK_LOSERS`` the kings, beaten on the one board by the aces
    shown first, are mucked; run twice, every hand still in is shown (a hand beaten on one
    runout may win the other)."""

    def aces_raise(count: int) -> Hand:
        hand = Hand.start(
            HOLDEM,
            stakes=NL,
            stacks={0: 101, 1: 101},
            button=1,
            deck=HEADS_UP,
            ask_runouts=True,
            showdown=ShowdownPolicy.MUCK_LOSERS,
        )
        hand = hand.apply(Call()).apply(Raise(to=101)).apply(Call())
        return hand.apply(ChooseRunouts(count)).apply(ChooseRunouts(count))

    once, twice = aces_raise(1), aces_raise(2)
    assert once.is_complete and twice.is_complete
    shown = [e for e in once.log if isinstance(e, Acted)][-2:]
    # the showdown is on the street the hand ended on, the river
    assert shown == [Acted(0, ShowHand(), street=3), Acted(1, Muck(), street=3)]
    shown = [e for e in twice.log if isinstance(e, Acted)][-2:]
    assert shown == [Acted(0, ShowHand(), street=3), Acted(1, ShowHand(), street=3)]
    assert once.stacks == {0: 202, 1: 0} and twice.stacks == {0: 101, 1: 101}


def test_runouts_chosen_replay_rewind_and_round_trip() -> None:
    """The choices are in the log: ``Hand.replay`` and a hand dealt by hand from
    ``rewind()`` rebuild the hand, and the written hand reads back equal."""
    hand = _all_in().apply(ChooseRunouts(2)).apply(ChooseRunouts(2))
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    assert hand.start_options["ask_runouts"] is True
    again = Hand.replay(
        HOLDEM, hand.log, stakes=NL, stacks=hand.starting_stacks, button=1, ask_runouts=True
    )
    assert again.boards == hand.boards and again.stacks == hand.stacks
    by_hand = hand.rewind()
    assert by_hand.start_options["ask_runouts"] is True
    by_hand = by_hand.apply(Deal(parse_cards("As Ad"))).apply(Deal(parse_cards("Ks Kd")))
    by_hand = by_hand.apply(Raise(to=101)).apply(Call())
    assert by_hand.phase is Phase.RUNOUTS and by_hand.pending_deal is None
    by_hand = by_hand.apply(ChooseRunouts(2)).apply(ChooseRunouts(2))
    for cards in ("2c 7h 9s", "3d", "4c", "Kh 8c Tc 5d 6c"):
        by_hand = by_hand.apply(Deal(parse_cards(cards)))
    while not by_hand.is_complete:
        by_hand = by_hand.apply(ShowHand())
    assert by_hand.boards == hand.boards and by_hand.stacks == hand.stacks
    middle = _all_in().apply(ChooseRunouts(3))
    for value in (hand, middle):
        read = loads(dumps(value))
        assert read == value and isinstance(read, Hand)
    assert loads(dumps(middle)).legal_actions() == LegalActions(
        seat=1, kind="runouts", runouts=Range(1, 6)
    )


def test_views_show_the_choice_to_the_player_to_choose_and_the_choices_to_all() -> None:
    hand = _all_in().apply(ChooseRunouts(2))
    mine, theirs, spectator = hand.view(1), hand.view(0), hand.view(None)
    assert mine.phase is Phase.RUNOUTS and mine.actor == 1
    assert mine.legal == LegalActions(seat=1, kind="runouts", runouts=Range(1, 6))
    assert theirs.legal is None and spectator.legal is None
    for view in (mine, theirs, spectator):
        assert Acted(0, ChooseRunouts(2)) in view.log
        assert loads(dumps(view)) == view


def test_the_players_choose_only_in_a_hand_that_can_run_more_than_once() -> None:
    for name in ("seven-card stud", "five-card draw"):
        variant = find_variant(name)
        with pytest.raises(InvalidDefinitionError, match="board game"):
            Hand.start(
                variant,
                stakes=simple_stakes(variant),
                stacks=[100] * 3,
                button=0,
                seed=1,
                ask_runouts=True,
            )
    with pytest.raises(InvalidDefinitionError, match="not both"):
        Hand.start(
            HOLDEM, stakes=NL, stacks=[100] * 2, button=0, seed=1, runouts=2, ask_runouts=True
        )
    with pytest.raises(InvalidDefinitionError, match="ask_runouts must be True or False"):
        Hand.start(HOLDEM, stakes=NL, stacks=[100] * 2, button=0, seed=1, ask_runouts=1)  # type: ignore[arg-type]


def test_the_runouts_offered_are_what_the_cards_left_can_deal() -> None:
    """Six players all-in before the flop leave 40 cards: five runouts of five cards and three
    burns each."""
    hand = Hand.start(HOLDEM, stakes=NL, stacks=[50] * 6, button=5, seed=9, ask_runouts=True)
    while hand.phase is Phase.BET:
        legal = hand.legal_actions()
        assert isinstance(legal, LegalActions)
        hand = hand.apply(Raise(to=legal.raise_to.high) if legal.raise_to else Call())
    assert hand.legal_actions() == LegalActions(seat=0, kind="runouts", runouts=Range(1, 5))
    for _ in range(6):
        hand = hand.apply(ChooseRunouts(5))
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    assert len(hand.boards) == 5
    assert len({c for board in hand.boards for c in board}) == 25
    assert sum(hand.stacks.values()) == 300


def test_phh_has_no_action_for_the_runouts_chosen() -> None:
    """The PHH specification (0.0.1) has no action for choosing the number of runouts: a hand
    with the choice is refused, even when it ran the board once."""
    from pokerrules.history.export import to_history

    hand = _all_in(showdown=ShowdownPolicy.SHOW_ALL)
    hand = hand.apply(ChooseRunouts(1)).apply(ChooseRunouts(2))
    with pytest.raises(InvalidDefinitionError, match="choosing the number of runouts"):
        to_history(hand)


def test_the_conformance_step_refuses_what_is_not_a_runout_choice() -> None:
    """``check_hand_step`` tries the illegal choices (a count the cards cannot deal, a betting
    action, another seat's choice) and checks that each is refused and changes nothing."""
    hand = _all_in()
    check_hand_step(hand)
    check_hand_step(hand.apply(ChooseRunouts(2)), hand)


@given(st.data())
def test_the_actions_strategy_draws_only_legal_runout_choices(data: st.DataObject) -> None:
    hand = _all_in()
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "runouts"
    action = data.draw(actions(hand))
    assert isinstance(action, ChooseRunouts) and action in legal
    assert hand.apply(action).phase is Phase.RUNOUTS


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    name=st.sampled_from(["no-limit hold'em", "pot-limit Omaha", "limit Omaha hi/lo"]),
    stacks=st.lists(st.integers(3, 120), min_size=2, max_size=6),
    showdown=st.sampled_from(list(ShowdownPolicy)),
    data=st.data(),
)
def test_chips_are_conserved_whatever_the_players_choose(
    seed: int,
    name: str,
    stacks: list[int],
    showdown: ShowdownPolicy,
    data: st.DataObject,
) -> None:
    variant = find_variant(name)
    hand = Hand.start(
        variant,
        stakes=simple_stakes(variant),
        stacks=stacks,
        button=0,
        seed=seed,
        ask_runouts=True,
        showdown=showdown,
    )
    rng = random.Random(seed)
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal is not None and legal.kind == "runouts":
            assert legal.runouts is not None and legal.runouts.low == 1
            most = legal.runouts.high
            action: object = ChooseRunouts(data.draw(st.integers(1, most)))
            illegal = ChooseRunouts(most + 1) if most < MAX_RUNOUTS else Check()
            before = loads(dumps(hand))
            with pytest.raises(IllegalActionError):
                hand.apply(illegal)
            assert hand == before
        else:
            action = random_action(hand, rng)
        hand = hand.apply(action)  # type: ignore[arg-type]
        assert sum(hand.stacks.values()) + hand.pot == sum(stacks)
    outcome = hand.outcome
    assert outcome is not None
    assert sum(hand.stacks.values()) + outcome.rake + outcome.carried == sum(stacks)
    for award in outcome.awards:
        assert sum(chips for _, chips in award.payouts) == award.pot.amount
    chosen = _choices(hand)
    if chosen:
        assert len(hand.boards) == agreed_runouts(chosen)
    else:
        assert len(hand.boards) == 1
    assert loads(dumps(hand)).log == hand.log
    if showdown is ShowdownPolicy.MANUAL:
        again = Hand.replay(
            variant,
            hand.log,
            stakes=hand.stakes,
            stacks=hand.starting_stacks,
            button=0,
            ask_runouts=True,
        )
        assert again.stacks == hand.stacks and again.boards == hand.boards


@given(most=st.integers(1, MAX_RUNOUTS), count=st.integers(1, MAX_RUNOUTS))
def test_a_runouts_choice_allows_exactly_the_counts_of_its_range(most: int, count: int) -> None:
    """``LegalActions(kind='runouts')`` allows a :class:`ChooseRunouts` of a count in its
    ``runouts`` range and nothing else; no other kind allows a runouts choice; the words list
    what is legal."""
    legal = LegalActions(seat=0, kind="runouts", runouts=Range(1, most))
    choice = ChooseRunouts(count)
    assert (choice in legal) is (count <= most)
    assert choice.allowed_by(legal) is (count <= most)
    for other in (Check(), Call(), Fold(), Bet(2), ShowHand(), Muck()):
        assert other not in legal
    assert legal.describe() == ("run it once" if most == 1 else f"run it 1 to {most} times")
    assert str(legal) == f"seat 0: {legal.describe()}"
    for other_kind in (
        LegalActions(seat=0, fold=True, check=True, bet=Range(2, 100)),
        LegalActions(seat=0, kind="draw", stand_pat=True, discard=Range(1, 3)),
        LegalActions(seat=0, kind="showdown", show=True, muck=True),
    ):
        assert choice not in other_kind
