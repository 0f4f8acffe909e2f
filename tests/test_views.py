"""Seat views (pokerrules.views): what a seat may know, and nothing more."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerrules import strategies as prs
from pokerrules.actions import Call, Check, Raise
from pokerrules.cards import AnyCard, Deck
from pokerrules.engine import Acted, Dealt, Discard, Hand, Muck, ShowHand, StandPat
from pokerrules.errors import InvalidDefinitionError
from pokerrules.serialization import dumps, json_schema, loads
from pokerrules.variants import Stakes, Variant, find_variant, variants
from pokerrules.views import HandView, SeenBurn, SeenDeal, SeenDiscard, view

#: A card written in a document: a JSON string that is exactly a card's notation.
_CARD_TEXT = re.compile(r'"([2-9TJQKA][cdhs]|Jk)"')
VALIDATOR = jsonschema.Draft202012Validator(json_schema())


def _may_see(hand: Hand, seat: int | None) -> set[str]:
    """Worked out from the hand alone: the board (every runout's), every card dealt face up,
    every card dealt to the seat itself, and the down cards of the hands turned face up."""
    cards: set[AnyCard] = {c for board in hand.boards for c in board}
    for event in hand.log:
        if isinstance(event, Dealt):
            if event.seat is None or event.seat == seat:
                cards.update(event.cards)
            else:
                cards.update(c for c, up in zip(event.cards, event.up, strict=False) if up)
    for s in hand.seats:
        if hand.is_shown(s):
            cards.update(hand.holding(s).down)
        cards.update(hand.holding(s).up)
    return {str(c) for c in cards}


def _named(text: str) -> set[str]:
    return set(_CARD_TEXT.findall(text))


def _check_view(hand: Hand, seat: int | None, *, validate: bool = True) -> None:
    seen = view(hand, seat)
    text = dumps(seen)
    leaked = _named(text) - _may_see(hand, seat)
    assert not leaked, f"seat {seat} sees {sorted(leaked)}"
    for other in seen.seats:
        holding = hand.holding(other.seat)
        assert len(other.down) == len(holding.down)
        assert other.up == holding.up
        if other.seat == seat or hand.is_shown(other.seat):
            assert other.down == holding.down
        else:
            assert set(other.down) == {None} or not other.down
        assert other.stack == hand.stacks[other.seat]
        assert other.committed == hand.contributions[other.seat]
    assert seen.board == hand.board
    assert seen.pot == hand.pot
    assert seen.actor == hand.actor
    assert seen.legal == (
        hand.legal_actions() if seat is not None and seat == hand.actor else None
    )
    assert len(seen.log) == len(hand.log)
    if validate:  # against the published schema (not for every seat: it takes a while)
        VALIDATOR.validate(json.loads(text))
    assert loads(text, HandView) == seen
    assert dumps(loads(text)) == text


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.name)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_view_never_names_a_card_its_seat_cannot_see(
    variant: Variant, data: st.DataObject
) -> None:
    hand = data.draw(prs.started_hands(variant))
    for _ in range(data.draw(st.integers(0, 60), label="steps")):
        if hand.is_complete:
            break
        hand = hand.apply(data.draw(prs.actions(hand)))
    for seat in (None, *hand.seats):
        _check_view(hand, seat, validate=seat == hand.actor)


NLHE = find_variant("no-limit hold'em")
DECK = Deck.ordered("As Ad 7c 2d Kh Qh 3s 9c 8d 4h 5s Jc 6d Th")


def _holdem() -> Hand:
    return Hand.start(NLHE, stakes=Stakes.no_limit(1, 2), stacks=[100] * 3, button=2, deck=DECK)


def test_a_seat_sees_its_own_hole_cards_and_a_spectator_none() -> None:
    hand = _holdem()
    mine = view(hand, 0)
    assert mine.seats[0].down == hand.holding(0).down
    assert mine.seats[1].down == (None, None)
    assert all(s.down == (None, None) for s in view(hand, None).seats)
    assert view(hand, None).legal is None
    assert hand.view(0) == mine


def test_the_seat_to_act_gets_its_legal_actions() -> None:
    hand = _holdem()
    assert view(hand, 2).legal == hand.legal_actions()
    assert view(hand, 1).legal is None
    assert view(hand, 2).actor == 2


def test_bets_stacks_and_pots_are_those_of_the_table() -> None:
    hand = _holdem().apply(Raise(to=6))
    seen = view(hand, None)
    assert [(s.seat, s.stack, s.committed, s.bet) for s in seen.seats] == [
        (0, 99, 1, 1),
        (1, 98, 2, 2),
        (2, 94, 6, 6),
    ]
    assert seen.pot == 9
    assert sum(p.amount for p in seen.pots) <= seen.pot


def test_burns_are_never_named() -> None:
    hand = _holdem().apply(Raise(to=6)).apply(Call()).apply(Call())
    seen = view(hand, 0)
    assert any(isinstance(e, SeenBurn) for e in seen.log)
    assert "3s" not in _named(dumps(seen))  # the burn before the flop


def test_hands_shown_at_the_showdown_are_seen_and_mucked_ones_are_not() -> None:
    hand = _holdem().apply(Raise(to=6)).apply(Call()).apply(Call())
    for _ in range(9):
        hand = hand.apply(Check())
    hand = hand.apply(ShowHand())  # seat 0 shows
    hand = hand.apply(ShowHand())  # seat 1 shows
    while not hand.is_complete:
        legal = hand.legal_actions()
        hand = hand.apply(Muck() if legal is not None and Muck() in legal else ShowHand())
    spectator = view(hand, None)
    for seat in spectator.seats:
        if hand.is_shown(seat.seat):
            assert seat.down == hand.holding(seat.seat).down
        else:
            assert set(seat.down) <= {None}
    assert spectator.outcome is not None
    assert set(spectator.outcome.shown) <= {s for s in hand.seats if hand.is_shown(s)}
    _check_view(hand, None)


def test_stud_up_cards_are_seen_by_everyone() -> None:
    stud = find_variant("seven-card stud")
    hand = Hand.start(
        stud,
        stakes=Stakes.limit(2, 4, ante=1, bring_in=1, blinds=()),
        stacks=[50] * 3,
        button=0,
        seed=4,
    )
    spectator = view(hand, None)
    for seat in spectator.seats:
        assert seat.up == hand.holding(seat.seat).up
        assert seat.down == (None, None)
    deals = [e for e in spectator.log if isinstance(e, SeenDeal)]
    assert all((c is None) != up for d in deals for c, up in zip(d.cards, d.up, strict=True))


def test_another_seats_discards_are_only_counted() -> None:
    draw = find_variant("five-card draw")
    hand = Hand.start(draw, stakes=Stakes.limit(2, 4), stacks=[50] * 3, button=0, seed=9)
    while hand.phase.value == "bet":
        hand = hand.check_or_call()
    seat = hand.actor
    assert seat is not None
    thrown = hand.holding(seat).down[:2]
    hand = hand.apply(Discard(thrown))
    if hand.actor is not None and hand.phase.value == "draw":
        hand = hand.apply(StandPat())
    others = [s for s in hand.seats if s != seat]
    for viewer in (None, *others):
        seen = view(hand, viewer)
        assert SeenDiscard(seat=seat, count=2, street=1) in seen.log  # on the draw
        assert not {str(c) for c in thrown} & _named(dumps(seen))
    own = view(hand, seat)
    assert Acted(seat, Discard(thrown), street=1) in own.log
    _check_view(hand, seat)


def test_a_view_needs_a_seat_of_the_hand() -> None:
    hand = _holdem()
    for bad in (7, -1, True, "0"):
        with pytest.raises(InvalidDefinitionError, match="seat must be one of the hand's seats"):
            view(hand, bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="view takes a Hand"):
        view("hand", 0)  # type: ignore[arg-type]


def test_a_view_is_a_document_of_its_own_kind() -> None:
    hand = _holdem()
    data = json.loads(dumps(view(hand, 1)))
    assert data["type"] == "HandView"
    assert data["value"]["seat"] == 1
    assert data["value"]["variant"] == "No-limit Texas hold'em"
    assert data["value"]["seats"][1]["down"] == [str(c) for c in hand.holding(1).down]
    assert data["value"]["seats"][0]["down"] == [None, None]
