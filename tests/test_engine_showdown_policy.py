"""The showdown policy: the dealer turns the hands up (or mucks the beaten ones), so that a bot
loop needs no showdown actions -- and the pots go exactly where the players' own showdown
would send them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.actions import BettingAction, BringIn, Call, Check, Fold, Raise
from pokerrules.cards import Deck
from pokerrules.catalogue import (
    LIMIT_HOLDEM,
    LIMIT_OMAHA_HI_LO,
    NO_LIMIT_HOLDEM,
    SEVEN_CARD_STUD,
)
from pokerrules.engine import Acted, Burned, Hand, Muck, Phase, ShowdownPolicy, ShowHand
from pokerrules.errors import InvalidDefinitionError
from pokerrules.variants import Stakes, Variant

STAKES = {
    NO_LIMIT_HOLDEM: Stakes.no_limit(1, 2),
    LIMIT_HOLDEM: Stakes.limit(2, 4),
    LIMIT_OMAHA_HI_LO: Stakes.limit(2, 4),
    SEVEN_CARD_STUD: Stakes.limit(2, 4, ante=1, bring_in=1, blinds=()),
}


def _bot(hand: Hand, rng: random.Random) -> BettingAction:
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet"
    if legal.bring_in is not None:
        return BringIn()
    roll = rng.random()
    if legal.raise_to is not None and roll < 0.2:
        return Raise(to=legal.raise_to.high if roll < 0.05 else legal.raise_to.low)
    if legal.fold and legal.call is not None and roll < 0.3:
        return Fold()
    return Check() if legal.check else Call()


def _play(variant: Variant, seed: int, policy: ShowdownPolicy) -> Hand:
    """A seeded random hand: the bot bets, and at a manual showdown everyone shows."""
    rng = random.Random(seed)
    stacks = [rng.choice([20, 60, 200]) for _ in range(rng.randint(2, 6))]
    hand = Hand.start(
        variant, stakes=STAKES[variant], stacks=stacks, button=0, seed=seed, showdown=policy
    )
    while not hand.is_complete:
        if hand.phase is Phase.BET:
            hand = hand.apply(_bot(hand, rng))
        else:
            assert policy is ShowdownPolicy.MANUAL, hand.phase
            hand = hand.apply(ShowHand())
    return hand


@pytest.mark.parametrize("variant", list(STAKES), ids=lambda v: v.name)
@given(seed=st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_the_dealer_shows_every_hand_as_the_players_would(variant: Variant, seed: int) -> None:
    """SHOW_ALL turns up every hand still in, all-in exposures included: the same log, pots
    and stacks as players who show every hand themselves."""
    manual = _play(variant, seed, ShowdownPolicy.MANUAL)
    dealt = _play(variant, seed, ShowdownPolicy.SHOW_ALL)
    assert dealt.log == manual.log
    assert dealt.outcome == manual.outcome and dealt.stacks == manual.stacks


@pytest.mark.parametrize("variant", list(STAKES), ids=lambda v: v.name)
@given(seed=st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_mucking_the_beaten_hands_changes_no_award(variant: Variant, seed: int) -> None:
    """MUCK_LOSERS mucks only hands that a shown hand beats in every pot and share they
    contest: the payouts are those of showing every hand, no mucked hand is paid, and every
    winner was shown (or won uncontested)."""
    shown = _play(variant, seed, ShowdownPolicy.SHOW_ALL)
    mucking = _play(variant, seed, ShowdownPolicy.MUCK_LOSERS)
    assert mucking.outcome is not None and shown.outcome is not None
    assert mucking.outcome.payouts == shown.outcome.payouts
    assert mucking.stacks == shown.stacks
    mucked = {e.seat for e in mucking.log if isinstance(e, Acted) and isinstance(e.action, Muck)}
    assert not mucked & set(mucking.outcome.winners)
    if not mucking.outcome.uncontested:
        assert set(mucking.outcome.winners) <= set(mucking.outcome.shown)


def test_a_beaten_hand_is_mucked_and_the_winner_shown() -> None:
    """Seat 2's aces beat seat 1's kings on a blank board: the dealer shows the aces first
    (nobody bet on the river, so the first left of the button shows first) and mucks the
    kings; with the players showing, the kings would have to be turned up or mucked by hand."""
    deck = Deck.ordered("As Ad Ks Kd 2c 7d 9h 3s Jc 4d 5h 8c Qs 6h")
    hand = Hand.start(
        NO_LIMIT_HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks={1: 100, 2: 100},
        button=1,
        deck=deck,
        showdown=ShowdownPolicy.MUCK_LOSERS,
    )
    while not hand.is_complete:
        hand = hand.check_or_call()
    assert hand.outcome is not None and hand.outcome.payouts == {2: 4}
    assert [str(e) for e in hand.log if isinstance(e, Acted)][-2:] == [
        "seat 2: show",
        "seat 1: muck",
    ]


def test_a_bot_loop_needs_no_showdown_actions_and_replays_under_the_manual_policy() -> None:
    """With the dealer showing, ``while not hand.is_complete: hand = hand.apply(bot(hand))``
    plays whole hands (all-in hands exposed too); the log, shows included, replays them (a
    replay, dealt by hand, never sees the burns)."""
    rng = random.Random(5)
    for seed in range(40):
        hand = Hand.start(
            NO_LIMIT_HOLDEM,
            stakes=Stakes.no_limit(1, 2),
            stacks=[rng.choice([10, 50, 200]) for _ in range(6)],
            button=5,
            seed=seed,
            showdown=ShowdownPolicy.MUCK_LOSERS,
        )
        while not hand.is_complete:
            hand = hand.apply(_bot(hand, rng))
        again = Hand.replay(
            NO_LIMIT_HOLDEM,
            hand.log,
            stakes=hand.stakes,
            stacks=hand.starting_stacks,
            button=hand.button,
        )
        unburned = tuple(e for e in hand.log if not isinstance(e, Burned))
        assert again.is_complete and again.stacks == hand.stacks and again.log == unburned


def test_the_showdown_policy_must_be_a_policy() -> None:
    with pytest.raises(InvalidDefinitionError, match="showdown must be a ShowdownPolicy"):
        Hand.start(
            NO_LIMIT_HOLDEM,
            stakes=Stakes.no_limit(1, 2),
            stacks=[100, 100],
            button=0,
            seed=1,
            showdown="show all",  # type: ignore[arg-type]
        )
