"""Every entry of a hand's log says which street it happened on."""

from __future__ import annotations

import itertools
import operator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import strategies as prs
from pokerrules.actions import Bet, Call, Check, Fold, Raise
from pokerrules.cards import Deck
from pokerrules.catalogue import CATALOGUE, default_stakes
from pokerrules.engine import (
    Acted,
    BoardDealt,
    Burned,
    CarriedOver,
    ChooseRunouts,
    Dealt,
    Discard,
    Hand,
    Muck,
    Posted,
    Raked,
    RanOut,
    Reshuffled,
    Returned,
    ShowHand,
    StandPat,
    Won,
)
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError
from pokerrules.serialization import from_data, to_data
from pokerrules.variants import Stakes, Variant, find_variant

_SETTLEMENT = (Returned, Raked, Won, CarriedOver)


def _holdem(**options: object) -> Hand:
    deck = Deck.ordered("As Ad 7c 2d Kh Qh 3s 9c 8d 4h 5s Jc 6d Th")
    return Hand.start(
        find_variant("no-limit hold'em"),
        stakes=Stakes.no_limit(1, 2),
        stacks=[100, 100, 100],
        button=2,
        deck=deck,
        **options,  # type: ignore[arg-type]
    )


def test_a_holdem_log_groups_by_street_without_a_replay() -> None:
    hand = _holdem().apply(Raise(to=6)).apply(Call()).apply(Call())
    for _ in range(3 * 3):
        hand = hand.apply(Check())
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    names = [s.name for s in hand.variant.streets]
    grouped = {
        names[street]: [str(e) for e in events]
        for street, events in itertools.groupby(hand.log, key=operator.attrgetter("street"))
    }
    assert list(grouped) == ["pre-flop", "flop", "turn", "river"]
    assert grouped["pre-flop"][:2] == ["seat 0 posts small blind 1", "seat 1 posts big blind 2"]
    assert grouped["pre-flop"][-3:] == ["seat 2: raise to 6", "seat 0: call", "seat 1: call"]
    assert grouped["flop"] == [
        "burn",
        "board: 9c 8d 4h",
        "seat 0: check",
        "seat 1: check",
        "seat 2: check",
    ]
    assert grouped["turn"][:2] == ["burn", "board: Jc"]
    # nobody bet the river: the showdown starts left of the button; it and the award happen on the street the hand ended on
    assert grouped["river"][-4:] == [
        "seat 0: show",
        "seat 1: show",
        "seat 2: show",
        "seat 2 wins 18 from the main pot",
    ]
    assert Won(2, 18, "main pot", street=3) in hand.log
    assert Won(2, 18, "main pot") not in hand.log  # an event is equal only on its street


def test_a_pot_won_by_a_fold_is_settled_on_the_street_of_the_fold() -> None:
    hand = _holdem().apply(Raise(to=6)).apply(Call()).apply(Call())
    for _ in range(3):
        hand = hand.apply(Check())
    assert hand.street == "turn"
    bettor = hand.actor
    assert bettor is not None
    hand = hand.apply(Bet(10))
    while not hand.is_complete:
        hand = hand.apply(Fold())
    assert hand.log[-2:] == (Returned(bettor, 10, street=2), Won(bettor, 18, "main pot", street=2))


def test_forced_bets_are_posted_on_the_first_street() -> None:
    stud = Hand.start(
        find_variant("seven-card stud"),
        stakes=Stakes.stud(ante=1, bring_in=2, small_bet=5, big_bet=10),
        stacks=[50] * 4,
        button=0,
        seed=3,
    )
    posts = [e for e in stud.log if isinstance(e, Posted)]
    assert posts and all(e.street == 0 for e in posts)
    dealt = [e for e in stud.log if isinstance(e, Dealt)]
    assert [e.street for e in dealt] == [0] * 4


def test_a_draws_discards_and_new_cards_are_on_the_draw_street() -> None:
    draw = find_variant("five-card draw")
    hand = Hand.start(draw, stakes=Stakes.limit(2, 4), stacks=[50] * 3, button=0, seed=9)
    while hand.phase.value == "bet":
        hand = hand.check_or_call()
    k = next(i for i, s in enumerate(draw.streets) if s.draw is not None)
    seat = hand.actor
    assert seat is not None
    thrown = hand.holding(seat).down[:2]
    hand = hand.apply(Discard(thrown))
    while hand.phase.value == "draw":
        hand = hand.apply(StandPat())
    assert Acted(seat, Discard(thrown), street=k) in hand.log
    redealt = [e for e in hand.log if isinstance(e, Dealt) and e.seat == seat and e.street == k]
    assert len(redealt) == 1 and len(redealt[0].cards) == 2


def _variant_asks(variant: Variant) -> bool:
    """Whether a hand of ``variant`` may let the players choose the runouts at the all-in (a
    game of one board without draws)."""
    try:
        Hand.start(
            variant,
            stakes=default_stakes(variant),
            stacks=[100, 100],
            button=0,
            seed=0,
            runouts=1,
            ask_runouts=True,
        )
    except InvalidDefinitionError:
        return False
    return True


_ASKING = [v for v in CATALOGUE if _variant_asks(v)]
_DOUBLE_BOARD = [v for v in CATALOGUE if v.boards > 1]


@st.composite
def _asking_hands(draw: st.DrawFn) -> Hand:
    """Hands in which the players choose the number of runouts at an all-in, played to the
    end with actions drawn from :func:`pokerrules.strategies.actions`; short stacks make the
    all-in common."""
    variant = draw(st.sampled_from(_ASKING))
    table, button = draw(prs.tables(variant))
    hand = Hand.start(
        variant,
        stakes=draw(prs.stakes(variant)),
        stacks={seat: min(chips, draw(st.integers(1, 60))) for seat, chips in table.items()},
        button=button,
        seed=draw(st.integers(0, 2**32 - 1)),
        runouts=1,
        ask_runouts=True,
    )
    for _ in range(400):
        if hand.is_complete:
            break
        hand = hand.apply(draw(prs.actions(hand)))
    return hand


def _check_streets(hand: Hand) -> None:
    """The log's streets never go back, name a street of the variant, and agree with what
    each street does: posts on the first, bets on betting streets, draws on draw streets,
    board cards (of any board) on streets that deal to the board, the players' choice of the
    runouts on the street whose betting ended with the all-in, the runouts after the first on
    the last street, and the settlement last, on the street the hand ended on."""
    streets = hand.variant.streets
    log = hand.log
    assert [e.street for e in log] == sorted(e.street for e in log)
    assert all(0 <= e.street < len(streets) for e in log)
    last = log[-1].street
    assert hand.street == streets[last].name
    betting_street = None  # the street of the latest forced or betting action
    for event in log:
        street = streets[event.street]
        match event:
            case Posted():
                assert event.street == 0
                betting_street = 0
            case Dealt(seat=None):
                assert street.board or street.per_player  # a common card stands in
            case Dealt():
                assert street.per_player or street.draw is not None
            case BoardDealt():
                # a second board's cards: on a street that deals the board, as the first's
                assert hand.variant.boards >= event.board > 1
                assert street.board
            case Burned() | Reshuffled():
                assert event.street > 0 or street.draw is not None or not street.board
            case Acted(action=Discard() | StandPat()):
                assert street.draw is not None
            case Acted(action=ShowHand() | Muck()):
                pass
            case Acted(action=ChooseRunouts()):
                # chosen once the betting closed on an all-in (or the forced bets put the
                # players all-in), on that street, before the board runs out
                assert event.street == betting_street
            case Acted():
                assert street.betting
                betting_street = event.street
            case RanOut():
                # the board run again after the last bet: dealt on the street it ended on
                assert event.street == last
            case _:
                assert isinstance(event, _SETTLEMENT)
                assert event.street == last
    settled = [i for i, e in enumerate(log) if isinstance(e, _SETTLEMENT)]
    assert settled == list(range(len(log) - len(settled), len(log)))


@settings(max_examples=80, deadline=None)
@given(prs.played_hands(prs.variants()))
def test_every_logged_event_is_on_a_street_of_the_hand_in_order(hand: Hand) -> None:
    """Every catalogue variant, the double-board games among them: see :func:`_check_streets`."""
    _check_streets(hand)


@settings(max_examples=40, deadline=None)
@given(prs.played_hands(prs.variants(_DOUBLE_BOARD)))
def test_every_event_of_a_double_board_hand_is_on_its_street(hand: Hand) -> None:
    """The double-board games: the second board's cards on the streets that deal them."""
    assert _DOUBLE_BOARD
    _check_streets(hand)


@settings(max_examples=60, deadline=None)
@given(_asking_hands())
def test_every_event_of_a_hand_asking_for_runouts_is_on_its_street(hand: Hand) -> None:
    """Hands started with ``ask_runouts=True``: the choices on the street of the all-in."""
    _check_streets(hand)


def test_the_runouts_are_chosen_on_the_street_of_the_all_in() -> None:
    """An all-in on the flop: both players choose on the flop, and the second runout is dealt
    on the river, after the first runout's turn and river."""
    hand = Hand.start(
        find_variant("no-limit hold'em"),
        stakes=Stakes.no_limit(1, 2),
        stacks=[100, 100, 100],
        button=2,
        seed=5,
        ask_runouts=True,
    )
    hand = hand.apply(Call()).apply(Call()).apply(Check())
    assert hand.street == "flop"
    hand = hand.apply(Bet(98)).apply(Call()).apply(Fold())
    assert hand.phase.value == "runouts"
    hand = hand.apply(ChooseRunouts(2)).apply(ChooseRunouts(2))
    chosen = [e for e in hand.log if isinstance(e, Acted) and isinstance(e.action, ChooseRunouts)]
    assert [e.street for e in chosen] == [1, 1]
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    ran = [e for e in hand.log if isinstance(e, RanOut)]
    assert len(ran) == 1 and ran[0].street == 3
    _check_streets(hand)


def test_a_document_with_an_event_on_the_wrong_street_is_refused() -> None:
    hand = _holdem().apply(Raise(to=6)).apply(Call()).apply(Call()).apply(Check())
    data = to_data(hand)
    assert from_data(data) == hand
    log = data["value"]["log"]
    i = next(i for i, e in enumerate(log) if e["type"] == "Acted" and e["street"] == 1)
    log[i]["street"] = 0
    with pytest.raises(InvalidNotationError, match=rf"log\[{i}\]"):
        from_data(data)


def test_a_view_keeps_the_street_of_every_entry() -> None:
    hand = _holdem().apply(Raise(to=6)).apply(Call()).apply(Call())
    for seat in (None, 0, 1, 2):
        seen = hand.view(seat).log
        assert [e.street for e in seen] == [e.street for e in hand.log]
        assert all(attrs.has(type(e)) for e in seen)
