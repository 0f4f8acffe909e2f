"""California lowball: ace-to-five with the joker, played with blinds; no checking on the first
round, no check-raise after the draw, and the sevens rule with its options.

Sources: Robert's Rules of Poker (RRoP), "Lowball" and "Ace-to-Five Lowball"; BARGE rulebook,
appendix B "The Sevens Rule".
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules.actions import Bet, Call, Check, Complete, Raise
from pokerrules.betting.structures import IncompleteAllIn
from pokerrules.cards import Deck
from pokerrules.catalogue import CALIFORNIA_LOWBALL
from pokerrules.engine import Hand, Phase, ShowHand, StandPat
from pokerrules.engine.settle import voided_chips
from pokerrules.errors import ActionNotAvailableError
from pokerrules.forced_bets import AnteKind
from pokerrules.pots import award, side_pots
from pokerrules.variants import ForcedBetRules, LowballRules, SevensPenalty, Stakes

STAKES = Stakes.limit(10, 20)
# Heads-up, button 1: seat 0 (big blind) is dealt first. Seat 0 holds a seven-low, seat 1 an
# eight-low; both stand pat.
DECK = Deck.ordered("7c 5d 4h 3s 2c  8d 6h 4c 3d Ad  Kc Qd")


def lowball(**rules: Any) -> Hand:
    variant = attrs.evolve(
        CALIFORNIA_LOWBALL, burn=False, lowball=attrs.evolve(LowballRules(), **rules)
    )
    return Hand.start(variant, stakes=STAKES, stacks=[100, 100], button=1, deck=DECK)


def to_the_draw_and_past(hand: Hand) -> Hand:
    hand = hand.apply(Call()).apply(Check())  # the button completes, the big blind checks
    assert hand.phase is Phase.DRAW
    return hand.apply(StandPat()).apply(StandPat())


def showdown(hand: Hand) -> Hand:
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    return hand


def test_the_joker_is_the_lowest_card_not_in_the_hand_rrop() -> None:
    """RRoP "Ace-to-Five Lowball": the joker is the lowest card not present in the hand."""
    deck = Deck.ordered("Jk As 2d 3h 4s  6c 5d 4c 3d 2h")
    variant = attrs.evolve(CALIFORNIA_LOWBALL, burn=False)
    hand = Hand.start(variant, stakes=STAKES, stacks=[100, 100], button=1, deck=deck)
    hand = showdown(to_the_draw_and_past(hand).apply(Check()).apply(Check()))
    assert hand.outcome is not None and hand.outcome.payouts == {0: 20}


def test_sevens_rule_forfeits_post_draw_action_rrop() -> None:
    """RRoP: if you check a seven or better and it is the best hand, all action after the draw
    is void; you still win what was in the pot before the draw (the default penalty)."""
    hand = to_the_draw_and_past(lowball())
    hand = hand.apply(Check())  # seat 0 checks a seven-low
    hand = hand.apply(Bet(20)).apply(Call())
    hand = showdown(hand)
    out = hand.outcome
    assert out is not None and out.voided
    assert out.payouts == {0: 20}
    assert sorted(out.returned) == [(0, 20), (1, 20)]
    assert hand.stacks == {0: 110, 1: 90}


def test_sevens_rule_forfeit_the_pot_option_barge() -> None:
    """BARGE appendix B: in some clubs a player who passes a seven forfeits the entire pot."""
    hand = to_the_draw_and_past(lowball(sevens_rule=SevensPenalty.FORFEIT_POT))
    hand = showdown(hand.apply(Check()).apply(Bet(20)).apply(Call()))
    assert hand.stacks == {0: 70, 1: 130}


def test_sevens_rule_may_not_check_option_barge() -> None:
    """BARGE appendix B: after the draw you must bet a seven or better (option
    ``sevens_rule_penalty`` = may not check): bet it or fold it."""
    hand = to_the_draw_and_past(lowball(sevens_rule=SevensPenalty.NO_CHECK))
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and not legal.check and legal.bet is not None
    with pytest.raises(ActionNotAvailableError, match="seven or better may not be checked"):
        hand.apply(Check())
    hand = showdown(hand.apply(Bet(20)).apply(Call()))
    assert hand.stacks == {0: 130, 1: 70}


def test_without_the_sevens_rule_a_checked_seven_wins_everything() -> None:
    hand = to_the_draw_and_past(lowball(sevens_rule=None))
    hand = showdown(hand.apply(Check()).apply(Bet(20)).apply(Call()))
    assert hand.stacks == {0: 130, 1: 70}


def test_no_check_raise_after_the_draw_rrop() -> None:
    """RRoP "Ace-to-Five Lowball": in limit play, check-raise is not permitted."""
    hand = to_the_draw_and_past(lowball(sevens_rule=None))
    hand = hand.apply(Check()).apply(Bet(20))
    legal = hand.legal_actions()
    assert (
        legal is not None and legal.kind == "bet" and legal.raise_to is None and legal.call == 20
    )
    with pytest.raises(ActionNotAvailableError, match="check-raising is not allowed"):
        hand.apply(Raise(to=40))


def test_check_raise_allowed_before_the_draw_and_when_the_option_says_so() -> None:
    hand = to_the_draw_and_past(lowball(sevens_rule=None, check_raise_after_draw=True))
    legal = hand.apply(Check()).apply(Bet(20)).legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.raise_to is not None


def test_no_checking_on_the_first_round_pass_and_out_rrop() -> None:
    """RRoP "Lowball": no checking before the draw -- in a game without blinds the first
    player in must open or fold."""
    variant = attrs.evolve(
        CALIFORNIA_LOWBALL,
        forced_bets=ForcedBetRules(blinds=0, ante=AnteKind.EACH),
    )
    hand = Hand.start(
        variant,
        stakes=Stakes(ante=1, small_bet=10, big_bet=20),
        stacks=[100] * 3,
        button=2,
        seed=5,
    )
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet"
    assert not legal.check and legal.fold and legal.bet is not None
    with pytest.raises(ActionNotAvailableError, match="no checking on the first round"):
        hand.apply(Check())
    open_ = hand.apply(Bet(10))
    assert open_.actor == 1


def test_the_big_blind_keeps_its_option_rrop() -> None:
    """With blinds the big blind's blind has opened the pot: when only called, the big blind
    may check or raise."""
    hand = lowball().apply(Call())
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.check and not legal.fold


def test_two_round_games_cap_at_five_bets_rrop() -> None:
    """RRoP caps two-round draw and lowball games at five bets (the big blind counts)."""
    variant = attrs.evolve(CALIFORNIA_LOWBALL, burn=False)
    hand = Hand.start(
        variant, stakes=STAKES, stacks=[500] * 3, button=2, deck=Deck.shuffled(seed=1, joker=True)
    )
    for to in (20, 30, 40, 50):
        hand = hand.apply(Raise(to=to))
    legal = hand.legal_actions()
    assert (
        legal is not None
        and legal.kind == "bet"
        and legal.raise_to is None
        and legal.call is not None
    )
    assert hand.variant.deck.remaining == 53  # the deck with the joker


def test_sevens_rule_voids_only_the_pots_the_violator_plays_for_barge() -> None:
    """BARGE appendix B: when a seven-or-better checked after the draw, each bettor takes back
    their own post-draw money -- in the pots the violator is in. A side pot between two other
    players, above the violator's all-in, is played for normally."""
    variant = attrs.evolve(CALIFORNIA_LOWBALL, burn=False)
    # three-handed, button 0: seat 1 (small blind, 25 chips) gets Jk-3-4-5-7, seat 2 (big
    # blind) 9-8-4-3-2, seat 0 (button) 8-6-4-3-2; all stand pat
    deck = Deck.ordered("Jk 3c 4c 5c 7d  9s 8s 4s 3s 2h  8d 6h 4h 3h 2d")
    hand = Hand.start(variant, stakes=STAKES, stacks={0: 500, 1: 25, 2: 500}, button=0, deck=deck)
    hand = hand.apply(Call()).apply(Call()).apply(Check())
    for _ in range(3):
        hand = hand.apply(StandPat())
    hand = hand.apply(Check())  # seat 1 checks its seven-low: a violation
    hand = hand.apply(Bet(20)).apply(Raise(to=40)).apply(Call()).apply(Call())
    hand = showdown(hand)
    out = hand.outcome
    assert out is not None
    assert dict(out.returned) == {0: 15, 1: 15, 2: 15}  # the post-draw chips of the main pot
    assert out.payouts == {0: 50, 1: 30}  # the side pot to the 8-6 low; the pre-draw pot to 1
    assert sum(hand.stacks.values()) == 1025


def test_may_not_check_option_lets_only_a_seven_fold_without_a_bet_barge() -> None:
    """BARGE appendix B ("may not check"): only a seven or better is made to bet or fold; any
    other hand checks as usual and is not offered a pointless fold."""
    variant = attrs.evolve(
        CALIFORNIA_LOWBALL,
        burn=False,
        lowball=attrs.evolve(LowballRules(), sevens_rule=SevensPenalty.NO_CHECK),
    )
    deck = Deck.ordered("9c 5d 4h 3s 2c  7d 6h 4c 3d Ad  Kc Qd")  # seat 0 a nine, seat 1 a seven
    hand = to_the_draw_and_past(
        Hand.start(variant, stakes=STAKES, stacks=[100, 100], button=1, deck=deck)
    )
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.seat == 0
    assert legal.check and not legal.fold


# -- the sevens rule when calling a short all-in (BARGE, appendix B) ---------------------------

# BARGE appendix B's worked example, four-handed at $10/$20 with button 0: John (seat 1, the
# small blind) has $35 and makes an 8-4-3-2-A; you (seat 2, the big blind) make a wheel;
# Cindy (seat 3) a 6-4-3-2-A and Henry (seat 0, the button) a 6-5-4-3-2. Everyone stands pat.
EXAMPLE_DECK = Deck.ordered("8c 4d 3h 2s Ac  5c 4c 3c 2c Ad  6c 4h 3d 2d As  6d 5d 4s 3s 2h")
EXAMPLE_STACKS = {0: 500, 1: 35, 2: 500, 3: 500}


def barge_example(**rules: Any) -> Hand:
    """The example to the draw: $20 each in the pot ($80), John left with $15. The example
    completes a short all-in bet, as under the full-bet rule."""
    variant = attrs.evolve(
        CALIFORNIA_LOWBALL,
        burn=False,
        betting=attrs.evolve(
            CALIFORNIA_LOWBALL.betting, incomplete_all_in=IncompleteAllIn.FULL_BET
        ),
        lowball=attrs.evolve(LowballRules(), **rules),
    )
    hand = Hand.start(variant, stakes=STAKES, stacks=EXAMPLE_STACKS, button=0, deck=EXAMPLE_DECK)
    hand = hand.apply(Raise(to=20)).apply(Call()).apply(Call()).apply(Call())
    for _ in range(4):
        hand = hand.apply(StandPat())
    return hand.apply(Bet(15))  # John is all-in for less than a full bet


def test_sevens_rule_call_of_a_short_all_in_barge_worked_example() -> None:
    """BARGE appendix B: "If someone makes a bet in turn that is less than a full bet, and you
    just call (rather than completing the bet) with a 7 or better, and someone calls or raises
    behind you, that person gets his bet back." In the worked example the wheel wins only the
    $80 from before the draw plus the $30 of John's bet and its call; Cindy's and Henry's
    post-draw betting is pushed back to them (and the wheel's own chips beyond its call)."""
    hand = barge_example().apply(Call())  # the wheel just calls $15
    hand = hand.apply(Complete()).apply(Raise(to=40))  # Cindy completes, Henry raises
    hand = hand.apply(Call()).apply(Raise(to=60)).apply(Call()).apply(Call())
    out = showdown(hand).outcome
    assert out is not None and out.voided
    assert out.payouts == {2: 110}
    assert dict(out.returned) == {0: 60, 2: 45, 3: 60}
    assert showdown(hand).stacks == {0: 480, 1: 0, 2: 575, 3: 480}


def test_sevens_rule_completing_a_short_all_in_wins_the_action_barge() -> None:
    """BARGE appendix B: "Had you completed the bet ... you would have won a lot more": a
    seven-or-better that completes the short bet breaks no rule."""
    hand = barge_example().apply(Complete())
    hand = hand.apply(Call()).apply(Raise(to=40)).apply(Call()).apply(Call())
    final = showdown(hand)
    out = final.outcome
    assert out is not None and not out.voided and out.returned == ()
    assert final.stacks == {0: 440, 1: 0, 2: 655, 3: 440}


def test_sevens_rule_call_of_a_full_bet_is_no_violation_barge() -> None:
    """BARGE appendix B: a seven-or-better must bet when first or when those ahead passed; when
    someone bets ahead of it, it may call (or throw the hand away). Calling a full bet keeps
    the whole action."""
    hand = to_the_draw_and_past(lowball(sevens_rule=SevensPenalty.FORFEIT_ACTION))
    # seat 0 holds the seven and acts first: bet it; seat 1 raises, seat 0 calls
    hand = showdown(hand.apply(Bet(20)).apply(Raise(to=40)).apply(Call()))
    out = hand.outcome
    assert out is not None and not out.voided
    assert hand.stacks == {0: 150, 1: 50}


def test_sevens_rule_call_of_a_short_all_in_forfeits_the_pot_option_barge() -> None:
    """BARGE appendix B: where passing a seven forfeits the whole pot, just calling a short
    all-in with it -- treated as passing -- does too: the best other hand wins."""
    hand = barge_example(sevens_rule=SevensPenalty.FORFEIT_POT).apply(Call())
    hand = hand.apply(Complete()).apply(Call()).apply(Call())
    final = showdown(hand)
    assert final.outcome is not None
    # Cindy's 6-4 is the best hand left: the main pot (80 + 4 x 15) and the side pot (3 x 5)
    assert final.outcome.payouts == {3: 155}
    assert final.stacks == {0: 460, 1: 0, 2: 460, 3: 615}


def test_sevens_rule_may_not_check_option_refuses_a_short_call_barge() -> None:
    """BARGE appendix B: "be sure to complete the bet if you have a 7 or better". Under the
    "may not check" option a seven-or-better may not just call a short all-in: it completes
    (or raises) or folds; a worse hand may call."""
    hand = barge_example(sevens_rule=SevensPenalty.NO_CHECK)
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.seat == 2
    assert legal.call is None and legal.complete == 20 and legal.fold
    with pytest.raises(ActionNotAvailableError, match="complete it or fold"):
        hand.apply(Call())
    assert hand.legal_actions() == legal  # the refusal changed nothing
    after = hand.apply(Complete()).legal_actions()  # Cindy's 6-4 is no seven: she may call
    assert after is not None and after.kind == "bet" and after.seat == 3 and after.call == 20


def test_sevens_rule_voids_no_all_in_players_chips_in_a_pot_it_wins_barge() -> None:
    """BARGE appendix B: a player who has the violator beat keeps the action ("unless he has
    you beat"). Two sevens are checked after the draw: the wheel (seat 2, all-in for $10 more)
    wins the main pot, voided down to the pre-draw pot; the other seven (seat 1) wins only the
    top side pot, also voided; but the side pot between them, won by an all-in 6-4 (seat 3),
    is played for normally: its chips are never handed back."""
    variant = attrs.evolve(CALIFORNIA_LOWBALL, burn=False)
    deck = Deck.ordered("7d 5d 4s 3s 2h  5c 4c 3c 2c Ad  6c 4h 3d 2d As  Kc Qc Jd 9s 8h")
    stacks = {0: 500, 1: 500, 2: 20, 3: 40}
    hand = Hand.start(variant, stakes=STAKES, stacks=stacks, button=0, deck=deck)
    hand = hand.apply(Call()).apply(Call()).apply(Call()).apply(Check())
    for _ in range(4):
        hand = hand.apply(StandPat())
    for action in (Check(), Check(), Bet(20), Raise(to=40), Call(), Call(), Call()):
        hand = hand.apply(action)
    final = showdown(hand)
    out = final.outcome
    assert out is not None and out.voided
    assert out.payouts == {2: 40, 3: 60}  # the pre-draw pot; the side pot of 3 x $20
    assert dict(out.returned) == {0: 20, 1: 20, 2: 10, 3: 10}
    assert final.stacks == {0: 470, 1: 470, 2: 50, 3: 70}


@st.composite
def _voids(draw: st.DrawFn) -> tuple[dict[int, int], dict[int, int], list[int], set[int]]:
    seats = range(draw(st.integers(2, 6)))
    chips = {s: draw(st.integers(1, 100)) for s in seats}
    kept = {s: draw(st.integers(0, chips[s])) for s in seats}
    order = draw(st.permutations(list(seats)))
    violators = set(draw(st.lists(st.sampled_from(list(seats)), max_size=3)))
    return chips, kept, order, violators


@given(_voids())
def test_sevens_rule_voids_only_chips_put_in_after_the_violation_barge(
    case: tuple[dict[int, int], dict[int, int], list[int], set[int]],
) -> None:
    """BARGE appendix B: only the action after a violation is void: no seat gets back more
    than it put in after the violation, and nothing comes back unless a violator wins a pot."""
    chips, kept, order, violators = case
    as_played = award(side_pots(chips), [[s] for s in order]).pots
    voided = voided_chips(chips, (), as_played, violators=violators, before_draw=kept)
    assert set(voided) == set(chips)
    for seat, back in voided.items():
        assert 0 <= back <= chips[seat] - kept[seat]
    if not any(s in violators for a in as_played for share in a.winners for s in share):
        assert not any(voided.values())
