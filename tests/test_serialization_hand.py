"""A hand in JSON: its start (Hand.start_options) and its round trip."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerrules import strategies as prs
from pokerrules.actions import Call, Raise
from pokerrules.cards import Deck
from pokerrules.engine import Acted, Deal, Hand, ShowdownPolicy, ShowHand
from pokerrules.errors import InvalidNotationError
from pokerrules.serialization import dumps, json_schema, loads, to_data
from pokerrules.table import Table
from pokerrules.variants import Stakes, Variant, find_variant, variants

NLHE = find_variant("no-limit hold'em")
VALIDATOR = jsonschema.Draft202012Validator(json_schema())


def _restart(hand: Hand) -> Hand:
    return Hand.start(
        hand.variant,
        stakes=hand.stakes,
        stacks=hand.starting_stacks,
        button=hand.button,
        **hand.start_options,
    )


@pytest.mark.parametrize("dealing", [{"seed": 5}, {"deck": Deck.shuffled(seed=3), "seed": 9}])
def test_start_options_start_the_same_hand(dealing: dict[str, Any]) -> None:
    hand = Hand.start(
        NLHE, stakes=Stakes.no_limit(1, 2), stacks=[100, 80, 120], button=1, **dealing
    )
    assert _restart(hand) == hand
    played = hand.apply(Raise(to=6)).apply(Call()).apply(Call())
    again = _restart(played)
    for event in played.log:
        if isinstance(event, Acted):
            again = again.apply(event.action, seat=event.seat)
    assert again == played
    assert played.start_options == hand.start_options


def test_start_options_of_a_hand_dealt_by_hand_name_its_cards() -> None:
    cards = Deck.standard().cards[:20]
    hand = Hand.start(NLHE, stakes=Stakes.no_limit(1, 2), stacks=[100, 100], button=0, cards=cards)
    options = hand.start_options
    assert "deck" not in options
    assert set(options["cards"]) == set(cards)
    assert _restart(hand) == hand
    dealt = hand.apply(Deal(cards[:2]))
    assert _restart(hand).apply(Deal(cards[:2])) == dealt


def test_start_options_keep_the_table_options() -> None:
    hand = Hand.start(
        NLHE,
        stakes=Stakes.no_limit(1, 2),
        stacks=[100, 100, 100, 100],
        button=0,
        seed=1,
        straddles=1,
        carried=7,
        expose_all_ins=True,
    )
    options = hand.start_options
    assert (options["straddles"], options["carried"], options["expose_all_ins"]) == (1, 7, True)
    assert _restart(hand) == hand


# --- the round trip of a hand mid-play ---------------------------------------------------------


def _play(hand: Hand, data: st.DataObject, steps: int) -> Hand:
    for _ in range(steps):
        if hand.is_complete:
            break
        hand = hand.apply(data.draw(prs.actions(hand)))
    return hand


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.name)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_hand_round_trips_at_any_point_and_plays_on_identically(
    variant: Variant, data: st.DataObject
) -> None:
    hand = data.draw(prs.started_hands(variant))
    hand = _play(hand, data, data.draw(st.integers(0, 40), label="steps"))
    text = dumps(hand)
    VALIDATOR.validate(json.loads(text))
    loaded = loads(text, Hand)
    assert dumps(loaded) == text
    assert loaded == hand
    assert loaded.legal_actions() == hand.legal_actions()
    assert loaded.unseen_cards() == hand.unseen_cards()
    # The same next actions give the same hand: same cards dealt, same result.
    for _ in range(data.draw(st.integers(0, 30), label="more")):
        if hand.is_complete:
            break
        action = data.draw(prs.actions(hand))
        hand, loaded = hand.apply(action), loaded.apply(action)
        assert loaded.legal_actions() == hand.legal_actions()
    assert loaded.log == hand.log
    assert loaded.outcome == hand.outcome
    assert dumps(loaded) == dumps(hand)


def test_a_hand_dealt_by_hand_round_trips_with_its_deals() -> None:
    deck = Deck.shuffled(seed=11)
    hand = Hand.start(NLHE, stakes=Stakes.no_limit(1, 2), stacks=[60, 60, 60], button=0)
    while not hand.is_complete:
        text = dumps(hand)
        VALIDATOR.validate(json.loads(text))
        assert loads(text) == hand
        assert dumps(loads(text)) == text
        step = hand.pending_deal
        if step is not None:
            dealt = [c for c in deck.cards if c in hand.dealable_cards()][: step.count]
            hand = hand.apply(Deal(dealt))
        elif hand.betting_round is not None:
            hand = hand.check_or_call()
        else:
            hand = hand.apply(ShowHand())
    assert json.loads(dumps(hand))["value"]["deck"] is None
    assert loads(dumps(hand)) == hand


def test_a_hand_with_table_options_round_trips() -> None:
    table = Table.open(
        find_variant("limit hold'em with a full kill"), stakes=Stakes.limit(2, 4), stacks=[60] * 4
    )
    hand = table.deal(seed=2)
    assert loads(dumps(hand)) == hand
    hand = Hand.start(
        NLHE,
        stakes=Stakes.no_limit(1, 2),
        stacks=[100] * 5,
        button=0,
        seed=3,
        straddles=1,
        owed={3: 1},
        carried=4,
        expose_all_ins=True,
    )
    assert loads(dumps(hand)) == hand


def _hand_data() -> dict[str, Any]:
    hand = Hand.start(NLHE, stakes=Stakes.no_limit(1, 2), stacks=[50] * 3, button=0, seed=2)
    return to_data(hand.apply(Raise(to=6)).apply(Call()))


def _refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidNotationError) as caught:
        loads(json.dumps(data))
    assert str(caught.value).startswith(message), str(caught.value)


def test_a_bad_field_of_a_hand_is_named_by_its_path() -> None:
    data = _hand_data()
    data["value"]["stakes"]["blinds"][1] = "2"
    _refused(data, "value.stakes.blinds[1]: expected an integer, not the string '2'")
    data = _hand_data()
    data["value"]["deck"][3] = "Zz"
    _refused(data, "value.deck[3]: expected a card such as 'As'")
    data = _hand_data()
    data["value"]["deck"][3] = data["value"]["deck"][4]
    _refused(data, "value.deck: ")
    data = _hand_data()
    data["value"]["stacks"]["0"] = 0
    _refused(data, "value: the hand cannot start: seat 0 needs a positive stack")


def test_a_log_that_the_hand_does_not_play_is_refused() -> None:
    data = _hand_data()
    acted = [i for i, e in enumerate(data["value"]["log"]) if e["type"] == "Acted"]
    data["value"]["log"][acted[-1]]["action"] = {"type": "Raise", "to": 7000}
    _refused(data, f"value.log[{acted[-1]}]: seat ")
    data = _hand_data()
    dealt = next(i for i, e in enumerate(data["value"]["log"]) if e["type"] == "Dealt")
    data["value"]["log"][dealt]["cards"] = ["2c", "3c"]
    _refused(data, f"value.log[{dealt}]: the hand's deck and actions give ")
    data = _hand_data()
    del data["value"]["log"][dealt]
    _refused(data, f"value.log[{dealt}]: the hand's deck and actions give ")
    data = _hand_data()
    data["value"]["seed"] = None
    _refused(data, "value.seed: a hand with a deck has a seed")
    data = _hand_data()
    data["value"]["cards"] = ["As"]
    _refused(data, "value: a hand has a deck (dealt from it) or cards (dealt by hand)")


@pytest.mark.parametrize("policy", list(ShowdownPolicy), ids=lambda p: p.name)
def test_a_hand_with_a_dealer_showdown_round_trips_at_every_step(policy: ShowdownPolicy) -> None:
    """The showdown policy is part of what defines a hand: shows the dealer makes are not
    replayed as the players' actions, and the loaded hand goes on showing as the original."""
    hand = Hand.start(
        find_variant("no-limit hold'em"),
        stakes=Stakes.no_limit(1, 2),
        stacks=[100, 60, 100],
        button=0,
        seed=3,
        showdown=policy,
    )
    while not hand.is_complete:
        text = dumps(hand)
        assert dumps(loads(text)) == text
        assert loads(text, Hand).start_options["showdown"] is policy
        hand = hand.check_or_call() if hand.betting_round else hand.apply(ShowHand())
    assert loads(dumps(hand), Hand).outcome == hand.outcome
