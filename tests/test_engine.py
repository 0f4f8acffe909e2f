"""Tests for the hand engine (pokerrules.engine): flow, dealing, replay, errors, showdown."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerrules.actions
import pokerrules.engine
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
from pokerrules.cards import AnyCard, Card, Deck, parse_cards
from pokerrules.catalogue import (
    CATALOGUE,
    CHICAGO_HIGH_SPADE,
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    FIVE_CARD_DRAW,
    LIMIT_HOLDEM,
    NO_LIMIT_HOLDEM,
    SEVEN_CARD_STUD,
)
from pokerrules.engine import (
    Acted,
    Burned,
    Deal,
    Dealt,
    Discard,
    DrawChoices,
    Hand,
    Muck,
    Phase,
    PlayerAction,
    Posted,
    Reshuffled,
    ShowdownChoices,
    ShowHand,
    StandPat,
    Won,
)
from pokerrules.errors import (
    ActionNotAvailableError,
    BetSizeError,
    CardNotHeldError,
    DealError,
    GameOverError,
    IllegalActionError,
    InvalidDefinitionError,
    OutOfTurnError,
)
from pokerrules.showdown import HighHand, HighSpadeInHole, NoHoleSpade, Showdown
from pokerrules.variants import Draw, Stakes, Variant

NL = Stakes.no_limit(1, 2)
LIMIT = Stakes.limit(10, 20)
STUD = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
#: The modules without static type checks, to call them with arguments of the wrong kind.
unchecked: Any = pokerrules.actions
unchecked_engine: Any = pokerrules.engine


def stakes_for(variant: Variant) -> Stakes:
    if variant.is_stud:
        return STUD
    if variant.forced_bets.blinds == 0:
        return Stakes(ante=1, small_bet=5, big_bet=10)
    if variant.forced_bets.button_blind:
        return Stakes(blinds=(2,), ante=1)
    return LIMIT if variant.structure.is_limit else NL


def random_action(hand: Hand, rng: random.Random) -> PlayerAction:
    legal = hand.legal_actions()
    assert legal is not None
    if legal.kind == "draw":
        k = rng.randint(0, legal.discard.high if legal.discard is not None else 0)
        return Discard(tuple(rng.sample(list(legal.held), k))) if k else StandPat()
    if legal.kind == "showdown":
        return Muck() if legal.muck and rng.random() < 0.3 else ShowHand()
    assert legal.kind == "bet"
    options: list[PlayerAction] = []
    if legal.bring_in is not None:
        options.append(BringIn())
    if legal.fold:
        options.append(Fold())
    if legal.check:
        options.append(Check())
    if legal.call is not None:
        options.append(Call())
    if legal.bet is not None:
        options.append(Bet(rng.choice([legal.bet.low, legal.bet.high])))
    if legal.raise_to is not None:
        options.append(Raise(to=rng.choice([legal.raise_to.low, legal.raise_to.high])))
    if legal.complete is not None:
        options.append(Complete())
    return rng.choice(options)


def play(hand: Hand, rng: random.Random) -> Hand:
    while not hand.is_complete:
        hand = hand.apply(random_action(hand, rng))
    return hand


def checked_down(hand: Hand) -> Hand:
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.kind == "bet":
            if legal.bring_in is not None:
                hand = hand.apply(BringIn())
            else:
                hand = hand.apply(Check() if legal.check else Call())
        elif legal.kind == "draw":
            hand = hand.apply(StandPat())
        else:
            hand = hand.apply(ShowHand())
    return hand


def test_heads_up_button_posts_small_blind_and_acts_first_then_last() -> None:
    """Heads-up the button posts the small blind, acts first pre-flop and last after."""
    hand = Hand.start(LIMIT_HOLDEM, stakes=LIMIT, stacks={3: 500, 7: 500}, button=7, seed=1)
    posts = [e for e in hand.log if isinstance(e, Posted)]
    assert [(p.seat, p.kind, p.amount) for p in posts] == [
        (7, "small blind", 5),
        (3, "big blind", 10),
    ]
    assert hand.actor == 7
    hand = hand.apply(Call()).apply(Check())
    assert hand.street == "flop" and hand.actor == 3


def test_start_refuses_bad_tables() -> None:
    with pytest.raises(InvalidDefinitionError, match="2 to 10 players"):
        Hand.start(LIMIT_HOLDEM, stakes=LIMIT, stacks=[100], button=0, seed=1)
    with pytest.raises(InvalidDefinitionError, match="positive stack"):
        Hand.start(LIMIT_HOLDEM, stakes=LIMIT, stacks=[100, 0], button=0, seed=1)
    with pytest.raises(InvalidDefinitionError, match="not both"):
        Hand.start(
            LIMIT_HOLDEM, stakes=LIMIT, stacks=[100, 100], button=0, seed=1, rng=random.Random(1)
        )
    with pytest.raises(InvalidDefinitionError, match="blind"):
        Hand.start(
            LIMIT_HOLDEM, stakes=Stakes(small_bet=10, big_bet=20), stacks=[9, 9], button=0, seed=1
        )
    with pytest.raises(InvalidDefinitionError, match="not in the"):
        Hand.start(
            LIMIT_HOLDEM, stakes=LIMIT, stacks=[9, 9], button=0, deck=Deck.standard(joker=True)
        )
    for button in ("a", None, True):
        with pytest.raises(InvalidDefinitionError, match="seat numbers"):
            Hand.start(LIMIT_HOLDEM, stakes=LIMIT, stacks=[9, 9], button=button, seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="seat numbers"):
        Hand.start(LIMIT_HOLDEM, stakes=LIMIT, stacks={"a": 9, 1: 9}, button=1, seed=1)  # type: ignore[dict-item]


def test_illegal_actions_raise_precisely_and_change_nothing() -> None:
    hand = Hand.start(NO_LIMIT_HOLDEM, stakes=NL, stacks=[100, 100, 100], button=2, seed=4)
    before = hand
    with pytest.raises(OutOfTurnError, match="it is seat 2's turn"):
        hand.apply(Call(), seat=0)
    with pytest.raises(ActionNotAvailableError, match="facing a bet"):
        hand.apply(Check())
    with pytest.raises(BetSizeError):
        hand.apply(Raise(to=3))
    with pytest.raises(DealError, match="deals from the deck"):
        hand.apply(Deal(parse_cards("As")))
    with pytest.raises(ActionNotAvailableError, match="betting round"):
        hand.apply(StandPat())
    for thing in ("fold", None, 3):
        with pytest.raises(ActionNotAvailableError, match="is not an action: use Fold"):
            hand.apply(thing)  # type: ignore[arg-type]
    assert hand == before and hand.log == before.log
    done = hand.apply(Fold()).apply(Fold())
    assert done.is_complete and done.legal_actions() is None
    with pytest.raises(GameOverError, match="hand is over"):
        done.apply(Check())


def test_uncalled_bet_is_returned_and_the_pot_won_uncontested() -> None:
    hand = Hand.start(NO_LIMIT_HOLDEM, stakes=NL, stacks=[100, 100, 100], button=2, seed=4)
    hand = hand.apply(Raise(to=10)).apply(Fold()).apply(Fold())
    assert hand.outcome is not None and hand.outcome.uncontested
    assert hand.outcome.returned == ((2, 8),)
    assert hand.outcome.payouts == {2: 5}
    assert hand.stacks == {0: 99, 1: 98, 2: 103}


def test_showdown_order_last_aggressor_first_then_clockwise() -> None:
    """RRoP "The Showdown": the last aggressor on the final round shows first."""
    hand = Hand.start(LIMIT_HOLDEM, stakes=LIMIT, stacks=[500] * 4, button=3, seed=9)
    for _ in range(4):
        hand = hand.apply(Call() if hand.legal_actions().call else Check())  # type: ignore[union-attr]
    for _ in range(2 * 4):
        hand = hand.apply(Check())
    # River: seat 1 bets, everyone calls.
    hand = hand.apply(Check()).apply(Bet(20)).apply(Call()).apply(Call()).apply(Call())
    assert hand.phase is Phase.SHOWDOWN and hand.actor == 1
    hand = hand.apply(ShowHand())
    assert hand.actor == 2


def test_showdown_order_without_a_bet_starts_left_of_the_button() -> None:
    hand = checked_down_until_showdown(
        Hand.start(LIMIT_HOLDEM, stakes=LIMIT, stacks=[500] * 4, button=1, seed=2)
    )
    assert hand.actor == 2


def checked_down_until_showdown(hand: Hand) -> Hand:
    while hand.phase is Phase.BET:
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "bet"
        hand = hand.apply(Check() if legal.check else Call())
    return hand


def test_mucking_and_a_pots_last_claimant_must_show() -> None:
    """A player may muck, but not when no other hand could claim a pot they are in."""
    deck = Deck.ordered("As Ad Kc Kd Qh Qs 2c 7d 8h 9s 3c 4d 5h Jc 6s Tc")
    hand = Hand.start(NO_LIMIT_HOLDEM, stakes=NL, stacks=[50, 200, 100], button=2, deck=deck)
    hand = hand.apply(Raise(to=100)).apply(Call()).apply(Call())
    # No bet on the river: the first player left of the button shows first (RRoP).
    assert hand.phase is Phase.SHOWDOWN and hand.actor == 0
    hand = hand.apply(ShowHand())
    assert hand.legal_actions() == LegalActions(seat=1, kind="showdown", show=True, muck=True)
    hand = hand.apply(Muck())
    assert hand.legal_actions() == LegalActions(seat=2, kind="showdown", show=True)
    with pytest.raises(ActionNotAvailableError, match="must be shown"):
        hand.apply(Muck())
    hand = hand.apply(ShowHand())
    out = hand.outcome
    assert out is not None and 1 not in out.payouts
    # Seat 0's aces win the main pot (150); seat 2 alone claims the side pot (100).
    assert out.payouts == {0: 150, 2: 100}


def test_three_way_all_in_makes_side_pots() -> None:
    """Stacks of 50, 100 and 200 all in: a 150 main pot, a 100 side pot, 100 returned."""
    deck = Deck.ordered("As Ad Kc Kd Qh Qs 2c 7d 8h 9s 3c 4d 5h Jc 6s Tc")
    hand = Hand.start(NO_LIMIT_HOLDEM, stakes=NL, stacks=[50, 100, 200], button=2, deck=deck)
    hand = hand.apply(Raise(to=200)).apply(Call()).apply(Call())
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    out = hand.outcome
    assert out is not None
    assert out.returned == ((2, 100),)
    assert [(a.name, a.pot.amount, a.pot.eligible) for a in out.awards] == [
        ("side pot 1", 100, (1, 2)),
        ("main pot", 150, (0, 1, 2)),
    ]
    assert sum(hand.stacks.values()) == 350


def test_manual_dealing_waits_for_the_dealer_and_checks_cards() -> None:
    hand = Hand.start(LIMIT_HOLDEM, stakes=LIMIT, stacks=[200, 200], button=1)
    step = hand.pending_deal
    assert step is not None and step.seat == 0 and step.down == 2 and hand.actor is None
    with pytest.raises(ActionNotAvailableError, match="dealer must deal"):
        hand.apply(Call())
    with pytest.raises(DealError, match="needs 2 card"):
        hand.apply(Deal(parse_cards("As")))
    hand = hand.apply(Deal(parse_cards("As Ks")))
    with pytest.raises(DealError, match="already in play"):
        hand.apply(Deal(parse_cards("As Qd")))
    hand = hand.apply(Deal(parse_cards("2c 2d")))
    assert hand.actor == 1 and hand.holding(0).down == parse_cards("As Ks")


def test_replay_from_the_log_is_exact() -> None:
    rng = random.Random(11)
    for variant in CATALOGUE:
        stakes = stakes_for(variant)
        n = min(variant.max_players, 6)
        stacks = [rng.randint(20, 300) for _ in range(n)]
        played = play(
            Hand.start(variant, stakes=stakes, stacks=stacks, button=1, seed=rng.randrange(10**6)),
            rng,
        )
        again = Hand.replay(variant, played.log, stakes=stakes, stacks=stacks, button=1)
        assert again.stacks == played.stacks, variant.name
        assert again.log == tuple(e for e in played.log if not isinstance(e, Burned | Reshuffled))
        assert again.board == played.board
        assert again.outcome == played.outcome


@pytest.mark.parametrize("variant", [DEUCE_TO_SEVEN_TRIPLE_DRAW, SEVEN_CARD_STUD])
def test_replay_is_exact_when_the_dealer_burned_before_a_reshuffle(variant: Variant) -> None:
    """A log does not show the burns, but the dealer made them: replayed by hand, a discard may
    come back once the stub less the burned cards runs short (a draw reshuffle), and stud's
    common card comes when the stub less the burns cannot give everyone a card."""
    stakes = stakes_for(variant)
    reshuffles = 0
    for seed in range(40):
        rng = random.Random(seed)
        n = variant.max_players if variant.is_stud else rng.randint(3, variant.max_players)
        stacks = [rng.randint(10, 80) for _ in range(n)]
        played = play(Hand.start(variant, stakes=stakes, stacks=stacks, button=0, seed=seed), rng)
        reshuffles += any(isinstance(e, Reshuffled) for e in played.log)
        again = Hand.replay(variant, played.log, stakes=stakes, stacks=stacks, button=0)
        assert again.log == tuple(e for e in played.log if not isinstance(e, Burned | Reshuffled))
        assert again.stacks == played.stacks and again.board == played.board, seed
    assert reshuffles or variant.is_stud


@settings(max_examples=60)
@given(seed=st.integers(0, 10**9), which=st.integers(0, len(CATALOGUE) - 1))
def test_same_seed_same_hand(seed: int, which: int) -> None:
    """A seed fixes the deal: the same seed and actions give the same hand."""
    variant = CATALOGUE[which]
    stakes = stakes_for(variant)
    n = min(variant.max_players, 4)
    one = play(
        Hand.start(variant, stakes=stakes, stacks=[100] * n, button=0, seed=seed),
        random.Random(seed),
    )
    two = play(
        Hand.start(variant, stakes=stakes, stacks=[100] * n, button=0, seed=seed),
        random.Random(seed),
    )
    assert one.log == two.log
    assert sum(one.stacks.values()) + (one.outcome.carried if one.outcome else 0) == 100 * n


def test_draw_reshuffles_the_discards_and_never_returns_a_players_own() -> None:
    """RRoP draw rule: when the stub runs out the discards are reshuffled, but never the
    discards of the player being served."""
    variant = attrs.evolve(FIVE_CARD_DRAW, burn=True)
    hand = Hand.start(variant, stakes=LIMIT, stacks=[500] * 8, button=7, seed=3)
    hand = checked_down_until_draw(hand)
    thrown: dict[int, tuple[AnyCard, ...]] = {}
    while hand.phase is Phase.DRAW:
        seat = hand.actor
        assert seat is not None
        cards = hand.holding(seat).down
        thrown[seat] = cards
        hand = hand.apply(Discard(cards))
    assert any(isinstance(e, Reshuffled) for e in hand.log)
    for seat, cards in thrown.items():
        assert not set(cards) & set(hand.holding(seat).down), seat
    every = [c for s in hand.seats for c in hand.holding(s).down]
    assert len(every) == len(set(every)) == 40


def checked_down_until_draw(hand: Hand) -> Hand:
    while hand.phase is Phase.BET:
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "bet"
        hand = hand.apply(Check() if legal.check else Call())
    return hand


def test_draw_choices_refuse_cards_not_held_and_too_many() -> None:
    hand = checked_down_until_draw(
        Hand.start(FIVE_CARD_DRAW, stakes=LIMIT, stacks=[500] * 3, button=2, seed=8)
    )
    seat = hand.actor
    assert seat is not None
    held = hand.holding(seat).down
    stranger = next(c for c in hand.unseen_cards())
    with pytest.raises(CardNotHeldError, match="not in the hand"):
        hand.apply(Discard((stranger,)))
    with pytest.raises(ActionNotAvailableError, match="draw: discard or stand pat"):
        hand.apply(Check())
    with pytest.raises(ActionNotAvailableError, match="discard no cards: to keep every card"):
        hand.apply(Discard(()))
    three = attrs.evolve(
        FIVE_CARD_DRAW,
        streets=(
            FIVE_CARD_DRAW.streets[0],
            attrs.evolve(
                FIVE_CARD_DRAW.streets[1],
                draw=Draw(max_discard=3),
            ),
        ),
    )
    limited = checked_down_until_draw(
        Hand.start(three, stakes=LIMIT, stacks=[500] * 3, button=2, seed=8)
    )
    with pytest.raises(ActionNotAvailableError, match="up to 3"):
        limited.apply(Discard(limited.holding(limited.actor or 0).down[:4]))
    assert held == hand.holding(seat).down


def test_all_in_exposure_turns_hands_up_before_the_runout() -> None:
    """The tournament rule: with a player all-in and betting over, every hand is shown."""
    hand = Hand.start(
        NO_LIMIT_HOLDEM, stakes=NL, stacks=[50, 300], button=1, seed=2, expose_all_ins=True
    )
    hand = hand.apply(Raise(to=300)).apply(Call())
    assert hand.phase is Phase.EXPOSE
    choices = hand.legal_actions()
    assert choices is not None
    assert choices == LegalActions(seat=choices.seat, kind="showdown", show=True)
    with pytest.raises(ActionNotAvailableError):
        hand.apply(Muck())
    hand = hand.apply(ShowHand()).apply(ShowHand())
    assert hand.is_complete and len(hand.board) == 5
    assert all(hand.is_shown(s) for s in hand.seats)


CHICAGO_DECK = "Ks 2d 4c  Ah Ad 3c  9h 5h  Ac 8d  Jd 6c  Tc 7h"
CHICAGO_STAKES = Stakes(ante=1, bring_in=1, small_bet=2, big_bet=4)


def test_chicago_split_gives_the_odd_chip_to_the_high_half() -> None:
    """Chicago: half to the best hand, half to the highest hole spade; the odd chip goes to
    the high half (RRoP "Split Pots")."""
    # Seat 0 holds the Ks in the hole and ace high; seat 1 a pair of aces and no hole spade.
    variant = attrs.evolve(CHICAGO_HIGH_SPADE, burn=False)
    hand = Hand.start(
        variant,
        stakes=CHICAGO_STAKES,
        stacks=[100, 100],
        button=1,
        deck=Deck.ordered(CHICAGO_DECK),
        carried=1,
    )
    hand = checked_down(hand)
    out = hand.outcome
    assert out is not None
    # Antes 2, bring-in and call 2, one chip carried in: 5, split 3 high and 2 spade.
    assert out.awards[0].winners == ((1,), (0,))
    assert out.payouts == {0: 2, 1: 3}


def test_chicago_carry_over_leaves_the_spade_half_for_the_next_pot() -> None:
    variant = attrs.evolve(
        CHICAGO_HIGH_SPADE,
        burn=False,
        showdown=Showdown(shares=(HighHand(), HighSpadeInHole(if_none=NoHoleSpade.CARRY_OVER))),
    )
    deck = Deck.ordered(CHICAGO_DECK.replace("Ks", "Kh"))
    hand = checked_down(
        Hand.start(
            variant, stakes=CHICAGO_STAKES, stacks=[100, 100], button=1, deck=deck, carried=3
        )
    )
    out = hand.outcome
    assert out is not None
    # A pot of 7 with no hole spade: 4 to the best hand, 3 stay for the next pot.
    assert out.payouts == {1: 4} and out.carried == 3
    assert hand.stacks == {0: 98, 1: 102}


def test_every_catalogue_variant_plays_to_the_end_conserving_chips() -> None:
    rng = random.Random(5)
    for variant in CATALOGUE:
        for _ in range(20):
            n = rng.randint(variant.min_players, min(variant.max_players, 7))
            stacks = [rng.randint(1, 200) for _ in range(n)]
            hand = play(
                Hand.start(
                    variant,
                    stakes=stakes_for(variant),
                    stacks=stacks,
                    button=rng.randrange(n),
                    seed=rng.randrange(10**6),
                ),
                rng,
            )
            out = hand.outcome
            assert out is not None
            assert sum(hand.stacks.values()) + out.carried == sum(stacks), variant.name
            assert any(isinstance(e, Won) for e in hand.log)
            assert all(
                isinstance(e, Acted | Dealt | Posted | Burned | Won) or True for e in hand.log
            )


# --- bad input: refused with the library's error, naming the argument, the hand unchanged ------


@pytest.mark.parametrize("action", [Deal, Discard])
@pytest.mark.parametrize(
    ("cards", "fragment"),
    [
        ([int(c) for c in parse_cards("As Ks")], "cards must hold cards only"),
        ([None], "cards must hold cards only, not None"),
        ("As Ks", "cards must be cards, not the text 'As Ks' \\(parse it with parse_cards\\)"),
        (None, "cards must be a collection of cards, not None"),
        (7, "cards must be a collection of cards, not 7"),
    ],
)
def test_deal_and_discard_refuse_what_is_not_cards(
    action: type[Deal | Discard], cards: object, fragment: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=f"{action.__name__} {fragment}"):
        action(cards)  # type: ignore[arg-type]


def test_integers_are_neither_dealt_nor_discarded() -> None:
    by_hand = Hand.start(NO_LIMIT_HOLDEM, stakes=NL, stacks=[100, 100], button=0)
    with pytest.raises(InvalidDefinitionError, match="Deal cards must hold cards only"):
        by_hand.apply(unchecked_engine.Deal([int(c) for c in parse_cards("As Ks")]))
    assert by_hand.pending_deal is not None and by_hand.board == ()
    hand = Hand.start(
        DEUCE_TO_SEVEN_TRIPLE_DRAW, stakes=LIMIT, stacks=[100, 100], button=0, seed=1
    )
    hand = hand.apply(Call()).apply(Check())
    assert hand.phase is Phase.DRAW and hand.actor is not None
    held = hand.holding(hand.actor).cards
    with pytest.raises(InvalidDefinitionError, match="Discard cards must hold cards only"):
        hand.apply(unchecked_engine.Discard([int(c) for c in held[:2]]))
    assert hand.apply(Discard(held[:2])).phase is Phase.DRAW


@pytest.mark.parametrize(
    "action", [Bet(10**5000), Raise(to=10**5000), Bet(2**200)], ids=["bet", "raise", "2**200"]
)
def test_a_huge_wager_is_refused_with_a_message_that_can_be_built(action: PlayerAction) -> None:
    hand = Hand.start(NO_LIMIT_HOLDEM, stakes=NL, stacks=[100, 100], button=0, seed=1)
    before = hand
    with pytest.raises(IllegalActionError, match=r"an integer of about \d+ digits"):
        hand.apply(action)
    assert hand == before and hand.log == before.log
    assert "an integer of about" in str(action)


def test_legal_actions_describe_huge_stacks() -> None:
    huge = 10**5000
    hand = Hand.start(NO_LIMIT_HOLDEM, stakes=NL, stacks=[huge, huge], button=0, seed=1)
    legal = hand.legal_actions()
    assert legal is not None
    assert legal.describe() == "fold, call 1, raise to 4-<an integer of about 5001 digits>"
    assert "about 5001 digits" in repr(legal)


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda: unchecked.Range(-1, 5), "low must be a whole number of chips >= 0, not -1"),
        (lambda: unchecked.Range(1.5, 5), "low must be a whole number of chips >= 0, not 1.5"),
        (lambda: unchecked.Range(2, None), "high must be a whole number of chips >= 0, not None"),
        (lambda: unchecked.Range(2, True), "high must be a whole number of chips >= 0, not True"),
        (lambda: unchecked.Range(2, 5, step=0), "step must be a positive whole number of chips"),
        (lambda: unchecked.Range(8, 5), "high must be at least low \\(8\\), not 5"),
        (lambda: unchecked.LegalActions(seat=True), "seat must be a seat number, not True"),
        (lambda: unchecked.LegalActions(seat="1"), "seat must be a seat number"),
        (lambda: unchecked.LegalActions(seat=1, fold="yes"), "fold must be True or False"),
        (lambda: unchecked.LegalActions(seat=1, check=1), "check must be True or False"),
        (lambda: unchecked.LegalActions(seat=1, call=2.5), "call must be a whole number of chips"),
        (
            lambda: unchecked.LegalActions(seat=1, bet=(2, 5)),
            "bet must be a Range, not \\(2, 5\\)",
        ),
        (lambda: unchecked.LegalActions(seat=1, raise_to=4), "raise_to must be a Range, not 4"),
        (
            lambda: unchecked.LegalActions(seat=1, complete=0),
            "complete must be a positive whole number",
        ),
        (
            lambda: unchecked.LegalActions(seat=1, bring_in=-2),
            "bring_in must be a positive whole number",
        ),
    ],
)
def test_ranges_and_legal_actions_refuse_values_of_the_wrong_kind(
    make: object, fragment: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=fragment):
        make()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"variant": None}, "variant must be a Variant, not None"),
        ({"variant": "nlhe"}, "variant must be a Variant, not 'nlhe'"),
        ({"stakes": True}, "stakes must be Stakes, not True"),
        ({"expose_all_ins": "junk"}, "expose_all_ins must be True, False or None, not 'junk'"),
        ({"expose_all_ins": 1}, "expose_all_ins must be True, False or None, not 1"),
        ({"deck": "As Kd"}, "deck must be a Deck or None"),
        ({"seed": True}, "seed must be a whole number or None, not True"),
        ({"seed": 1.5}, "seed must be a whole number or None, not 1.5"),
        ({"rng": 5}, "rng must be a random.Random or None, not 5"),
        ({"kill": 40}, "kill must be a KillPost or None, not 40"),
        ({"owed": [1]}, "owed must be blinds by seat \\(a mapping\\) or None"),
        ({"owed": {True: 1}}, "owed must be blinds by seat number, not by True"),
        ({"missed": {"0": 2}}, "missed must be blinds by seat number, not by '0'"),
        ({"stacks": None}, "stacks must be chips by seat"),
        ({"stacks": "100"}, "stacks must be chips by seat"),
        ({"cards": 5}, "cards must be a collection of cards, not 5"),
        ({"cards": "As Kd"}, "cards must be cards, not the text"),
        ({"cards": [int(Card("As"))]}, "cards must hold cards only"),
    ],
)
def test_start_refuses_arguments_of_the_wrong_kind(
    options: dict[str, object], fragment: str
) -> None:
    arguments: dict[str, Any] = {
        "variant": NO_LIMIT_HOLDEM,
        "stakes": NL,
        "stacks": [100, 100],
        "button": 0,
    }
    with pytest.raises(InvalidDefinitionError, match=fragment):
        Hand.start(**(arguments | options))


def test_a_bool_is_not_a_seat() -> None:
    hand = Hand.start(NO_LIMIT_HOLDEM, stakes=NL, stacks=[100, 100, 100], button=1, seed=4)
    assert hand.actor == 1  # seat 1 is to act: True == 1 must still not pass for it
    before = hand
    for seat in (True, "1", 1.0):
        with pytest.raises(InvalidDefinitionError, match="seat must be a seat number"):
            hand.apply(Call(), seat=seat)  # type: ignore[arg-type]
        with pytest.raises(InvalidDefinitionError, match="seat must be a seat number"):
            hand.holding(seat)  # type: ignore[arg-type]
        with pytest.raises(InvalidDefinitionError, match="seat must be a seat number"):
            hand.is_shown(seat)  # type: ignore[arg-type]
    assert hand == before and hand.log == before.log
    assert hand.apply(Call(), seat=1).actor == 2


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (
            lambda: unchecked_engine.DrawChoices(seat=False, max_discard=3, held=()),
            "seat must be a seat number",
        ),
        (
            lambda: unchecked_engine.DrawChoices(seat=0, max_discard=1.0, held=()),
            "max_discard must be a whole",
        ),
        (
            lambda: unchecked_engine.DrawChoices(seat=0, max_discard=3, held=None),
            "held must be a collection",
        ),
        (
            lambda: unchecked_engine.ShowdownChoices(seat=True),
            "seat must be a seat number, not True",
        ),
        (
            lambda: unchecked_engine.ShowdownChoices(seat=0, muck="no"),
            "muck must be True or False",
        ),
        (
            lambda: unchecked.LegalActions(seat=0, kind="fold"),
            "kind must be 'bet', 'draw', 'showdown' or 'runouts', not 'fold'",
        ),
        (
            lambda: unchecked.LegalActions(seat=0, kind="draw", held=None),
            "held must be a collection",
        ),
        (
            lambda: unchecked.LegalActions(seat=0, kind="draw", discard=3),
            "discard must be",
        ),
        (
            lambda: unchecked.LegalActions(seat=0, kind="runouts", runouts=2),
            "runouts must be",
        ),
        (
            lambda: unchecked.LegalActions(seat=0, kind="showdown", show="yes"),
            "show must be True or False",
        ),
        (lambda: unchecked_engine.DealStep(street=None), "street must be a str, not None"),
        (
            lambda: unchecked_engine.DealStep(street="flop", seat=True),
            "seat must be a seat number",
        ),
        (
            lambda: unchecked_engine.DealStep(street="flop", board=-3),
            "board must be a whole number >= 0",
        ),
        (
            lambda: unchecked_engine.DealStep(street="flop", down=2.0),
            "down must be a whole number >= 0",
        ),
    ],
)
def test_choices_and_deal_steps_refuse_values_of_the_wrong_kind(
    make: object, fragment: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=fragment):
        make()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("log", "fragment"),
    [
        (None, "log must be a list of events, not None"),
        ("fold", "log must be a list of events, not 'fold'"),
        ([Fold()], "log must hold the events of a hand's log, not Fold\\(\\)"),
    ],
)
def test_replay_refuses_a_log_that_is_not_events(log: object, fragment: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=fragment):
        Hand.replay(NO_LIMIT_HOLDEM, log, stakes=NL, stacks=[100, 100], button=0)  # type: ignore[arg-type]


def test_pot_limit_counts_the_chips_carried_into_the_pot() -> None:
    """RRoP "No-Limit and Pot-Limit": the most a player may raise is the pot after the call --
    chips carried in from the last hand included, on every street."""
    from pokerrules.catalogue import POT_LIMIT_OMAHA

    hand = Hand.start(POT_LIMIT_OMAHA, stakes=NL, stacks=[500, 500], button=1, seed=1, carried=100)
    assert hand.pot == 103
    legal = hand.legal_actions()
    assert (
        legal is not None
        and legal.kind == "bet"
        and legal.raise_to == pokerrules.actions.Range(4, 106)
    )
    hand = hand.apply(Call()).apply(Check())
    legal = hand.legal_actions()
    assert hand.street == "flop" and hand.pot == 104
    assert (
        legal is not None and legal.kind == "bet" and legal.bet == pokerrules.actions.Range(2, 104)
    )


def test_every_six_handed_triple_draw_replays_exactly_from_its_log() -> None:
    """Replaying a finished hand's log (dealt by hand, without the burns and reshuffles)
    reproduces it, whichever card the reshuffled stub gives first -- a burned card the replay
    never saw included -- and however many reshuffles the hand needed."""
    rng = random.Random(2024)
    reshuffled = 0
    for seed in range(150):
        hand = Hand.start(
            DEUCE_TO_SEVEN_TRIPLE_DRAW, stakes=LIMIT, stacks=[1000] * 6, button=seed % 6, seed=seed
        )
        while not hand.is_complete:
            legal = hand.legal_actions()
            assert legal is not None
            if legal.kind == "draw":
                n = rng.choice([0, 1, 2, 3, 5, 5, 5])
                hand = hand.apply(Discard(legal.held[:n]) if n else StandPat())
            elif legal.kind == "bet":
                hand = hand.apply(Check() if legal.check else Call())
            else:
                hand = hand.apply(ShowHand())
        reshuffled += any(isinstance(e, Reshuffled) for e in hand.log)
        again = Hand.replay(
            DEUCE_TO_SEVEN_TRIPLE_DRAW, hand.log, stakes=LIMIT, stacks=[1000] * 6, button=seed % 6
        )
        assert again.log == tuple(e for e in hand.log if not isinstance(e, Burned | Reshuffled))
        assert again.outcome == hand.outcome, seed
    assert reshuffled > 100


def test_draw_and_showdown_choices_are_deprecated_but_still_work() -> None:
    """The versioning policy: a name going away keeps working for a minor release and warns
    with what to use instead."""
    with pytest.warns(DeprecationWarning, match=r"LegalActions\(kind=\.\.\.\)"):
        draw = DrawChoices(seat=1, max_discard=2, held=parse_cards("As Kd 7c"))
    assert Discard(parse_cards("As Kd")) in draw and Discard(parse_cards("As Kd 7c")) not in draw
    with pytest.warns(DeprecationWarning, match="ShowdownChoices is deprecated"):
        showdown = ShowdownChoices(seat=0, muck=False)
    assert ShowHand() in showdown and Muck() not in showdown


@pytest.mark.parametrize("variant", CATALOGUE, ids=lambda v: v.name)
def test_every_phase_gives_one_legal_actions_whose_fields_match_the_phase(
    variant: Variant,
) -> None:
    """One type for every decision: its ``kind`` follows the hand's phase, the fields of the
    other phases are empty, and the actions it allows are accepted while those it refuses
    are refused."""
    rng = random.Random(variant.name)
    hand = Hand.start(variant, stakes=stakes_for(variant), stacks=[200] * 3, button=0, seed=5)
    kinds = {"bet": {Phase.BET}, "draw": {Phase.DRAW}, "showdown": {Phase.SHOWDOWN, Phase.EXPOSE}}
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None and legal.seat == hand.actor
        assert hand.phase in kinds[legal.kind]
        betting = (legal.fold, legal.check, legal.call, legal.bet, legal.raise_to)
        if legal.kind != "bet":
            assert betting == (False, False, None, None, None)
            assert (legal.complete, legal.bring_in) == (None, None)
        if legal.kind != "draw":
            assert (legal.stand_pat, legal.discard, legal.held) == (False, None, ())
        else:
            assert legal.stand_pat and StandPat() in legal and Check() not in legal
            assert legal.held == hand.holding(legal.seat).cards
        if legal.kind != "showdown":
            assert not legal.show and not legal.muck and ShowHand() not in legal
        else:
            assert legal.show and ShowHand() in legal and (Muck() in legal) == legal.muck
            assert Fold() not in legal and StandPat() not in legal
        action = random_action(hand, rng)
        assert action in legal
        hand = hand.apply(action)
