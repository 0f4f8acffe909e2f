"""Running it more than once: the runout share rule and the hand engine's runouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.actions import Bet, Call, Raise
from pokerrules.cards import STANDARD_CARDS, Deck, parse_cards
from pokerrules.engine import (
    Burned,
    Deal,
    Hand,
    Phase,
    RanOut,
    Reshuffled,
    ShowdownPolicy,
    ShowHand,
    Won,
)
from pokerrules.errors import IllegalActionError, InvalidDefinitionError
from pokerrules.runouts import MAX_RUNOUTS, check_runouts, runout_shares
from pokerrules.serialization import dumps, loads
from pokerrules.testing import random_action, simple_stakes
from pokerrules.variants import Stakes, find_variant

HOLDEM = find_variant("no-limit hold'em")


@given(
    amount=st.integers(0, 10**9),
    runouts=st.integers(1, MAX_RUNOUTS),
    chip=st.sampled_from([1, 5, 25]),
)
def test_runout_shares_conserve_the_pot_and_give_the_odd_chips_to_the_first_runout(
    amount: int, runouts: int, chip: int
) -> None:
    parts = runout_shares(amount, runouts, chip=chip)
    assert len(parts) == runouts and sum(parts) == amount
    later = set(parts[1:])
    assert len(later) <= 1  # every runout after the first gets the same part
    if runouts > 1:
        each = parts[-1]
        assert each % chip == 0
        assert each <= parts[0] < each + chip * runouts  # the first takes only the odd chips


@pytest.mark.parametrize(("amount", "runouts"), [(200, 2), (201, 2), (202, 3), (7, 4), (3, 5)])
def test_pokerkit_runout_share_rule_remainder_to_the_first_board(
    amount: int, runouts: int
) -> None:
    """pokerkit ("State._begin_chips_pushing") divides each pot by the number of boards and
    adds the whole remainder to the first board's part."""
    quotient, remainder = divmod(amount, runouts)
    assert runout_shares(amount, runouts) == (quotient + remainder, *(quotient,) * (runouts - 1))


@pytest.mark.parametrize("bad", [0, MAX_RUNOUTS + 1, -1, True, 2.0, "2"])
def test_runouts_refuses_a_number_it_cannot_play(bad: object) -> None:
    with pytest.raises(InvalidDefinitionError, match="runouts"):
        check_runouts(bad)
    with pytest.raises(InvalidDefinitionError, match="runouts"):
        Hand.start(
            HOLDEM,
            stakes=Stakes.no_limit(1, 2),
            stacks=[100] * 2,
            button=0,
            seed=1,
            runouts=bad,  # type: ignore[arg-type]
        )


def test_runout_shares_refuses_a_bad_pot_or_chip() -> None:
    with pytest.raises(InvalidDefinitionError, match="pot"):
        runout_shares(-1, 2)
    with pytest.raises(InvalidDefinitionError, match="chip"):
        runout_shares(10, 2, chip=0)


def _deck(text: str) -> Deck:
    first = parse_cards(text)
    return Deck.ordered([*first, *(c for c in STANDARD_CARDS if c not in first)])


# seat 0 (big blind): As Ad; seat 1 (the button, small blind): Ks Kd. Burns are jacks, queens
# and the 9c. Runout 1: 2c 7h 9s 3d 4c (the aces win); runout 2: Kh 8c Tc 5d 6c (the kings
# make a set); runout 3: a straight flush on the board, 2h-6h (a tie).
RUN_THREE = _deck(
    "As Ad Ks Kd  Jc 2c 7h 9s Jd 3d Jh 4c  Js Kh 8c Tc Qc 5d Qd 6c  Qh 2h 3h 4h Qs 5h 9c 6h"
)


def test_run_it_three_times_each_runout_wins_its_share_of_the_pot() -> None:
    """Wikipedia, "Glossary of poker terms" (run it twice) and pokerkit: after the all-in the
    remaining board is dealt once per runout, each runout wins its part of the pot; the odd
    chips of the split go to the first runout, and the odd chip of a tie within a runout to
    the first winner clockwise from the button (Robert's Rules of Poker, "Ties")."""
    hand = Hand.start(
        HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks={0: 101, 1: 101},
        button=1,
        deck=RUN_THREE,
        runouts=3,
        showdown=ShowdownPolicy.SHOW_ALL,
    )
    hand = hand.apply(Raise(to=101)).apply(Call())
    assert hand.is_complete
    outcome = hand.outcome
    assert outcome is not None
    assert [r for r in hand.log if isinstance(r, RanOut)] == [
        RanOut(2, parse_cards("Kh 8c Tc 5d 6c"), street=3),
        RanOut(3, parse_cards("2h 3h 4h 5h 6h"), street=3),
    ]
    assert hand.boards == (
        parse_cards("2c 7h 9s 3d 4c"),
        parse_cards("Kh 8c Tc 5d 6c"),
        parse_cards("2h 3h 4h 5h 6h"),
    )
    assert outcome.boards == hand.boards
    won = [(e.seat, e.amount, e.pot) for e in hand.log if isinstance(e, Won)]
    assert won == [
        (0, 68, "main pot of runout 1"),
        (1, 67, "main pot of runout 2"),
        (0, 34, "main pot of runout 3"),
        (1, 33, "main pot of runout 3"),
    ]
    assert outcome.runout_of == (1, 2, 3)
    assert hand.stacks == {0: 102, 1: 100}
    assert loads(dumps(outcome)) == outcome
    again = loads(dumps(hand))
    assert isinstance(again, Hand) and again.boards == hand.boards


def test_run_it_twice_from_the_river_only_deals_the_river_again() -> None:
    """Only the cards still to come when the betting ended are dealt again: all-in on the
    turn, each runout deals its own river."""
    hand = Hand.start(
        HOLDEM, stakes=Stakes.no_limit(1, 2), stacks=[100] * 3, button=2, seed=5, runouts=2
    )
    while hand.street != "turn":
        hand = hand.check_or_call()
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.bet is not None
    hand = hand.apply(Bet(legal.bet.high))
    while not hand.is_complete and hand.phase is Phase.BET:
        hand = hand.apply(Call())
    ran = [e for e in hand.log if isinstance(e, RanOut)]
    assert len(ran) == 1 and len(ran[0].cards) == 1
    assert hand.boards[1][:4] == hand.board[:4] and hand.boards[1][4] != hand.board[4]


def test_one_runout_when_the_betting_ran_to_the_end() -> None:
    """With no card to come after the last bet there is nothing to run again."""
    hand = Hand.start(
        HOLDEM, stakes=Stakes.no_limit(1, 2), stacks=[100] * 2, button=1, seed=3, runouts=2
    )
    while not hand.is_complete:
        hand = hand.check_or_call() if hand.phase is Phase.BET else hand.apply(ShowHand())
    assert hand.boards == (hand.board,)
    assert hand.outcome is not None and hand.outcome.runout_of == ()


@pytest.mark.parametrize(
    ("name", "match"),
    [("seven-card stud", "board game"), ("five-card draw", "board game")],
)
def test_running_it_more_than_once_needs_a_board_game_without_draws(name: str, match: str) -> None:
    variant = find_variant(name)
    with pytest.raises(InvalidDefinitionError, match=match):
        Hand.start(
            variant, stakes=simple_stakes(variant), stacks=[100] * 3, button=0, seed=1, runouts=2
        )


def test_runouts_dealt_by_hand_replay_the_hand_exactly() -> None:
    """Dealt by hand, each runout waits for a Deal of its cards; replaying the log of a hand
    run three times rebuilds it exactly."""
    hand = Hand.start(
        HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks={0: 101, 1: 101},
        button=1,
        deck=RUN_THREE,
        runouts=3,
    )
    hand = hand.apply(Raise(to=101)).apply(Call())
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    again = Hand.replay(
        HOLDEM, hand.log, stakes=hand.stakes, stacks=hand.starting_stacks, button=1, runouts=3
    )
    unseen = (Burned, Reshuffled)  # a hand dealt by hand does not see the burns
    assert again.log == tuple(e for e in hand.log if not isinstance(e, unseen))
    assert again.stacks == hand.stacks
    assert again.boards == hand.boards
    by_hand = hand.rewind()
    assert by_hand.start_options["runouts"] == 3
    by_hand = by_hand.apply(Deal(parse_cards("As Ad"))).apply(Deal(parse_cards("Ks Kd")))
    by_hand = by_hand.apply(Raise(to=101)).apply(Call())
    for cards in ("2c 7h 9s", "3d", "4c"):
        by_hand = by_hand.apply(Deal(parse_cards(cards)))
    step = by_hand.pending_deal
    assert step is not None and str(step) == "runout 2: 5 card(s) to the board"
    with pytest.raises(IllegalActionError):
        by_hand.apply(Deal(parse_cards("2c 8c Tc 5d 6c")))  # 2c is on the first board
    by_hand = by_hand.apply(Deal(parse_cards("Kh 8c Tc 5d 6c")))
    by_hand = by_hand.apply(Deal(parse_cards("2h 3h 4h 5h 6h")))
    while not by_hand.is_complete:
        by_hand = by_hand.apply(ShowHand())
    assert by_hand.boards == hand.boards and by_hand.stacks == hand.stacks


def test_running_it_more_than_once_refuses_more_runouts_than_the_deck_holds() -> None:
    with pytest.raises(InvalidDefinitionError, match="deck holds"):
        Hand.start(
            HOLDEM,
            stakes=Stakes.no_limit(1, 2),
            stacks=[100] * 10,
            button=0,
            seed=1,
            runouts=MAX_RUNOUTS,
        )


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    runouts=st.integers(1, 4),
    name=st.sampled_from(["no-limit hold'em", "pot-limit Omaha", "limit Omaha hi/lo"]),
    stacks=st.lists(st.integers(3, 300), min_size=2, max_size=6),
)
def test_running_it_n_times_conserves_chips_and_round_trips(
    seed: int, runouts: int, name: str, stacks: list[int]
) -> None:
    variant = find_variant(name)
    hand = Hand.start(
        variant, stakes=simple_stakes(variant), stacks=stacks, button=0, seed=seed, runouts=runouts
    )
    rng = random.Random(seed)
    steps = 0
    while (action := random_action(hand, rng)) is not None:
        hand = hand.apply(action)
        steps += 1
        if steps == 3:
            assert loads(dumps(hand)).log == hand.log  # mid-play
    assert hand.is_complete
    assert sum(hand.stacks.values()) == sum(stacks)
    outcome = hand.outcome
    assert outcome is not None
    assert sum(hand.stacks.values()) + outcome.rake + outcome.carried == sum(stacks)
    for award in outcome.awards:
        assert sum(chips for _, chips in award.payouts) == award.pot.amount
    if outcome.runout_of:
        assert outcome.boards == hand.boards
        assert sorted(set(outcome.runout_of)) == list(range(1, len(hand.boards) + 1))
    assert loads(dumps(hand)).log == hand.log
    if hand.phase is not Phase.COMPLETE:
        return
    rewound = hand.rewind()
    assert rewound.start_options["runouts"] == runouts


def test_phh_spec_refuses_a_hand_run_out_more_than_once() -> None:
    """The PHH specification's fields and actions deal one board (its ``d db`` actions, read
    by pokerkit, deal a single runout unless its runout-count selection is made): a hand that
    ran the board out twice is refused with a clear error; one that agreed to but never ran
    more than once exports and replays as any other."""
    from pokerrules.history import phh
    from pokerrules.history.export import to_history
    from pokerrules.history.replay import Verdict, replay

    hand = Hand.start(
        HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks={0: 101, 1: 101},
        button=1,
        deck=RUN_THREE,
        runouts=2,
        showdown=ShowdownPolicy.SHOW_ALL,
    )
    folded = hand.apply(Raise(to=10)).apply(Call())
    ran = hand.apply(Raise(to=101)).apply(Call())
    with pytest.raises(InvalidDefinitionError, match="more than once"):
        to_history(ran)
    while not folded.is_complete:
        folded = folded.check_or_call()
    history = phh.loads(phh.dumps(to_history(folded)))
    assert replay(history).verdict is Verdict.MATCH


def test_run_it_twice_variant_runs_every_all_in_twice_unless_the_hand_agrees_otherwise() -> None:
    """Wikipedia, "Glossary of poker terms" (run it twice): the catalogue's run-twice table
    deals the rest of the board twice after an all-in; a hand may agree to once instead."""
    from pokerrules.catalogue import NO_LIMIT_HOLDEM_RUN_TWICE

    assert find_variant("run it twice") is NO_LIMIT_HOLDEM_RUN_TWICE
    start = {"stakes": Stakes.no_limit(1, 2), "stacks": {0: 101, 1: 101}, "button": 1}
    twice = Hand.start(NO_LIMIT_HOLDEM_RUN_TWICE, deck=RUN_THREE, **start)  # type: ignore[arg-type]
    once = Hand.start(NO_LIMIT_HOLDEM_RUN_TWICE, deck=RUN_THREE, runouts=1, **start)  # type: ignore[arg-type]
    assert twice.start_options["runouts"] == 2 and once.start_options["runouts"] == 1
    twice = twice.apply(Raise(to=101)).apply(Call())
    once = once.apply(Raise(to=101)).apply(Call())
    assert len(twice.boards) == 2 and len(once.boards) == 1


@pytest.mark.parametrize("name", ["seven-card stud", "five-card draw", "razz"])
def test_a_variant_runs_more_than_once_only_as_a_board_game_without_draws(name: str) -> None:
    import attrs

    with pytest.raises(InvalidDefinitionError, match="board game without draws"):
        attrs.evolve(find_variant(name), runouts=2)
    with pytest.raises(InvalidDefinitionError, match="runouts"):
        attrs.evolve(HOLDEM, runouts=0)
