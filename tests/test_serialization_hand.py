"""A hand in JSON: its start (Hand.start_options) and its round trip."""

from __future__ import annotations

from typing import Any

import pytest

from pokerrules.actions import Call, Raise
from pokerrules.cards import Deck
from pokerrules.engine import Acted, Deal, Hand
from pokerrules.variants import Stakes, find_variant

NLHE = find_variant("no-limit hold'em")


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
