"""Draw games: discards and replacements in turn from the button's left, and the reshuffle of
the discards when the stub runs out.

Sources: Robert's Rules of Poker (RRoP), "Draw High" and "Lowball"; PokerStars and Full Tilt
draw rules ("Reshuffling the Deck").
"""

from __future__ import annotations

import attrs
import pytest

from pokerrules.actions import Call, Check, Range
from pokerrules.cards import AnyCard, Deck
from pokerrules.catalogue import DEUCE_TO_SEVEN_TRIPLE_DRAW, FIVE_CARD_DRAW
from pokerrules.engine import (
    Acted,
    Deal,
    Dealt,
    Discard,
    Hand,
    Phase,
    Reshuffled,
    ShowHand,
    StandPat,
)
from pokerrules.errors import DealError
from pokerrules.variants import Stakes

STAKES = Stakes.limit(10, 20)


def to_draw(hand: Hand) -> Hand:
    while hand.phase is Phase.BET:
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "bet"
        hand = hand.apply(Check() if legal.check else Call())
    return hand


def test_draw_starts_left_of_the_button_rrop() -> None:
    """RRoP "Draw High": the draw proceeds clockwise from the first player left of the button."""
    hand = to_draw(Hand.start(FIVE_CARD_DRAW, stakes=STAKES, stacks=[200] * 4, button=1, seed=7))
    order = []
    while hand.phase is Phase.DRAW:
        order.append(hand.actor)
        hand = hand.apply(StandPat())
    assert order == [2, 3, 0, 1]


def test_replacements_come_off_the_stub_in_draw_order_rrop() -> None:
    """Each player gets as many cards as they threw, from the top of the stub, in turn."""
    cards = "As Ks Qs Js 9s  2c 3c 4c 5c 7d  Ah Ad Kh"
    variant = attrs.evolve(FIVE_CARD_DRAW, burn=False)
    hand = to_draw(
        Hand.start(variant, stakes=STAKES, stacks=[200, 200], button=1, deck=Deck.ordered(cards))
    )
    assert hand.actor == 0
    hand = hand.apply(Discard(Deck.ordered("9s").cards)).apply(
        Discard(Deck.ordered("7d 5c").cards)
    )
    assert set(hand.holding(0).down) == set(Deck.ordered("As Ks Qs Js Ah").cards)
    assert set(hand.holding(1).down) == set(Deck.ordered("2c 3c 4c Ad Kh").cards)


def test_reshuffle_never_returns_a_players_own_discards_pokerstars() -> None:
    """When the stub runs short the discards are reshuffled into a new stub; a player never
    gets back a card they threw on the same draw (PokerStars/Full Tilt reshuffle rules; RRoP:
    dealt in turn, the players still to be served have not thrown their cards yet)."""
    rng_seeds = range(6)
    for seed in rng_seeds:
        hand = to_draw(
            Hand.start(
                DEUCE_TO_SEVEN_TRIPLE_DRAW, stakes=STAKES, stacks=[500] * 6, button=5, seed=seed
            )
        )
        thrown: dict[int, set[AnyCard]] = {s: set() for s in hand.seats}
        reshuffled = False
        while not hand.is_complete:
            legal = hand.legal_actions()
            assert legal is not None
            if legal.kind == "draw":
                if all(not cards for cards in thrown.values()) or hand.actor == hand.in_hand[0]:
                    thrown = {s: set() for s in hand.seats}  # a new draw
                seat = legal.seat
                held = hand.holding(seat).down
                thrown[seat].update(held)
                hand = hand.apply(Discard(held))
                if hand.phase is not Phase.DRAW:
                    for s in hand.seats:
                        assert not thrown[s] & set(hand.holding(s).down), (seed, s)
            elif legal.kind == "bet":
                hand = hand.apply(Check() if legal.check else Call())
            else:
                hand = hand.apply(ShowHand())
            reshuffled = reshuffled or any(isinstance(e, Reshuffled) for e in hand.log)
        assert reshuffled, seed
        every = [c for s in hand.seats for c in hand.holding(s).cards]
        assert len(every) == len(set(every))


def test_draw_limit_is_the_streets_discard_limit() -> None:
    hand = to_draw(Hand.start(FIVE_CARD_DRAW, stakes=STAKES, stacks=[200, 200], button=1, seed=3))
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "draw" and legal.stand_pat
    assert legal.discard == Range(1, 5) and len(legal.held) == 5


def test_a_short_deck_hand_that_reshuffled_replays_from_its_log() -> None:
    """A hand dealt from a short explicit deck, reshuffling its discards twice, is rebuilt by
    rewind() and by Hand.replay(..., cards=) from the same cards: the stub is counted from the
    deck the hand was dealt from, not the variant's whole deck."""
    stakes = Stakes.limit(10, 20)
    deck = Deck.ordered("2c 3c 4c 5c 6c 2d 3d 4d 5d 6d 2h 3h 4h 5h 6h 7s 8s 9s Ts Js")
    hand = Hand.start(FIVE_CARD_DRAW, stakes=stakes, stacks=[500] * 3, button=0, deck=deck)
    hand = hand.apply(Call()).apply(Call()).apply(Check())
    while hand.phase is Phase.DRAW:
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "draw"
        hand = hand.apply(Discard(legal.held))
    while not hand.is_complete:
        hand = hand.apply(Check() if hand.phase is Phase.BET else ShowHand())
    assert sum(isinstance(e, Reshuffled) for e in hand.log) >= 1
    again = Hand.replay(
        FIVE_CARD_DRAW, hand.log, stakes=stakes, stacks=[500] * 3, button=0, cards=deck.cards
    )
    assert again.stacks == hand.stacks
    assert all(again.holding(s).cards == hand.holding(s).cards for s in hand.seats)
    rebuilt = hand.rewind()
    for event in hand.log:
        if isinstance(event, Dealt):
            rebuilt = rebuilt.apply(Deal(event.cards))
        elif isinstance(event, Acted):
            rebuilt = rebuilt.apply(event.action, seat=event.seat)
    assert rebuilt.stacks == hand.stacks


def test_dealing_by_hand_follows_the_reshuffle_rule_rrop() -> None:
    """RRoP "Draw Poker": the stub's last cards are dealt first; then the discards are
    reshuffled -- less those of players still to be served, whose discards never come back
    from that reshuffle."""
    stakes = Stakes.limit(10, 20)
    hand = Hand.start(FIVE_CARD_DRAW, stakes=stakes, stacks=[1000] * 8, button=7)
    deck = list(FIVE_CARD_DRAW.deck.cards)
    k = 0
    while hand.pending_deal is not None:
        hand = hand.apply(Deal(deck[k : k + 5]))
        k += 5
    while hand.phase is Phase.BET:
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "bet"
        hand = hand.apply(Check() if legal.check else Call())
    thrown: dict[int, tuple[AnyCard, ...]] = {}
    while hand.phase is Phase.DRAW:
        choices = hand.legal_actions()
        assert choices is not None and choices.kind == "draw"
        thrown[choices.seat] = choices.held
        hand = hand.apply(Discard(choices.held))
    fresh = list(hand.unseen_cards())  # 12 cards left in the stub
    hand = hand.apply(Deal(fresh[:5])).apply(Deal(fresh[5:10]))
    with pytest.raises(DealError, match="stub still holds 2"):
        hand.apply(Deal(thrown[0]))  # the stub's last two cards come first
    hand = hand.apply(Deal((*fresh[10:], *thrown[0][:3])))
    with pytest.raises(DealError):
        hand.apply(Deal(thrown[2]))  # seat 2 was waiting at the reshuffle: not in the stub
    hand = hand.apply(Deal((*thrown[0][3:], *thrown[1][:3])))
    assert hand.pending_deal is not None


def _draw_by_hand(
    hand: Hand, counts: dict[int, int]
) -> tuple[Hand, dict[int, tuple[AnyCard, ...]]]:
    """Check or call to the draw, then each seat discards its first ``counts[seat]`` cards."""
    hand = to_draw(hand)
    thrown: dict[int, tuple[AnyCard, ...]] = {}
    while hand.phase is Phase.DRAW:
        choices = hand.legal_actions()
        assert choices is not None and choices.kind == "draw"
        n = counts.get(choices.seat, 0)
        thrown[choices.seat] = choices.held[:n]
        hand = hand.apply(Discard(choices.held[:n]) if n else StandPat())
    return hand, thrown


def test_by_hand_the_dealer_reshuffles_when_the_stub_runs_short_counting_burns_rrop() -> None:
    """RRoP "Draw Poker" (PokerStars/Full Tilt "Reshuffling the Deck"): the discards are
    reshuffled when the stub cannot give a player all the cards they drew -- at that deal, with
    the burned cards, and without the discards of the players still to be served. Dealt by hand,
    the first reshuffled card may be a burned card the hand never saw: the reshuffle happened
    then all the same, so the discard of the player then served stays out of it."""
    hand = Hand.start(DEUCE_TO_SEVEN_TRIPLE_DRAW, stakes=STAKES, stacks=[1000] * 6, button=5)
    deck = list(DEUCE_TO_SEVEN_TRIPLE_DRAW.deck.cards)
    for k in range(6):
        hand = hand.apply(Deal(deck[5 * k : 5 * k + 5]))
    # the first draw: 21 cards from a 22-card stub -- the dealer burns one, and deals the rest
    hand, _ = _draw_by_hand(hand, {0: 5, 1: 5, 2: 5, 3: 5, 4: 1})
    unseen = list(hand.unseen_cards())
    assert len(unseen) == 22
    while hand.pending_deal is not None:
        step = hand.pending_deal
        hand = hand.apply(Deal(unseen[: step.count]))
        unseen = unseen[step.count :]
    (burned,) = unseen  # the stub is empty: the one unseen card is the burn
    # the second draw: the empty stub cannot give seat 0 its card, so the dealer reshuffles
    # the burn and the first draw's discards -- not the second draw's, all still to be served
    hand, thrown = _draw_by_hand(hand, {0: 1, 1: 5})
    hand = hand.apply(Deal([burned]))  # the first card of the new stub is the burned card
    first_draw = [c for c in deck[:30] if all(c not in hand.holding(s).cards for s in hand.seats)]
    with pytest.raises(DealError, match="not reshuffled into the stub"):
        hand.apply(Deal((*thrown[0], *first_draw[:4])))  # seat 0's discard was left out
    with pytest.raises(DealError, match="not reshuffled into the stub"):
        hand.apply(Deal((*thrown[1][:1], *first_draw[:4])))  # and so was seat 1's own
    hand = hand.apply(Deal(first_draw[:5]))
    assert hand.phase is Phase.BET


def test_replay_reproduces_a_triple_draw_whose_reshuffle_dealt_the_burn_first_rrop() -> None:
    """The reshuffle rule replayed from a log (which shows neither burns nor reshuffles): a
    six-handed 2-7 triple draw whose reshuffled stub deals a burned card first is rebuilt
    exactly by Hand.replay and rewind(), and exports to PHH."""
    from pokerrules.history.export import to_history

    stakes = Stakes.limit(2, 4)
    draws = {0: 0, 1: 0, 2: 5, 3: 2, 4: 5, 5: 5}
    hand = Hand.start(
        DEUCE_TO_SEVEN_TRIPLE_DRAW, stakes=stakes, stacks=[1000] * 6, button=0, seed=1
    )
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.kind == "draw":
            n = draws[legal.seat]
            hand = hand.apply(Discard(legal.held[:n]) if n else StandPat())
        elif legal.kind == "bet":
            hand = hand.apply(Check() if legal.check else Call())
        else:
            hand = hand.apply(ShowHand())
    assert sum(isinstance(e, Reshuffled) for e in hand.log) == 2
    again = Hand.replay(
        DEUCE_TO_SEVEN_TRIPLE_DRAW, hand.log, stakes=stakes, stacks=[1000] * 6, button=0
    )
    assert again.stacks == hand.stacks and again.outcome == hand.outcome
    assert all(again.holding(s).cards == hand.holding(s).cards for s in hand.seats)
    assert len(to_history(hand).actions) > 0
