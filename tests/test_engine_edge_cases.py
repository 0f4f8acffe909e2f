"""Edge cases of the hand engine's inputs: options that do not fit the variant, replays given a
dealing source, stakes that lack an amount the variant needs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokerrules.cards import Deck
from pokerrules.catalogue import FIVE_CARD_DRAW_ANTE, NO_LIMIT_HOLDEM, SEVEN_CARD_STUD
from pokerrules.engine import Hand
from pokerrules.errors import InvalidDefinitionError
from pokerrules.variants import Stakes, Variant

STUD = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)
ANTE_DRAW = Stakes(ante=1, small_bet=4, big_bet=8)
NL = Stakes.no_limit(1, 2)


@pytest.mark.parametrize(
    ("variant", "stakes"), [(SEVEN_CARD_STUD, STUD), (FIVE_CARD_DRAW_ANTE, ANTE_DRAW)]
)
@pytest.mark.parametrize("name", ["owed", "missed"])
def test_a_game_without_blinds_owes_no_blind_rrop(
    variant: Variant, stakes: Stakes, name: str
) -> None:
    """Missed and owed blinds (Robert's Rules of Poker, "Button and Blind Use") exist only in
    games with blinds: a stud or ante game refuses them by name rather than posting a blind it
    does not have (or failing on the bring-in)."""
    options: dict[str, Any] = {name: {0: 2}}
    with pytest.raises(InvalidDefinitionError, match=f"has no blinds: no blind can be {name}"):
        Hand.start(variant, stakes=stakes, stacks=[50] * 3, button=0, seed=1, **options)
    # with nothing owed the hand starts as usual
    nothing: dict[str, Any] = {name: {}}
    hand = Hand.start(variant, stakes=stakes, stacks=[50] * 3, button=0, seed=1, **nothing)
    assert hand.pot == 3


@pytest.mark.parametrize(
    "dealing",
    [{"seed": 5}, {"rng": random.Random(5)}, {"deck": Deck.standard()}],
)
def test_replay_refuses_a_dealing_source_and_says_the_log_deals(
    dealing: dict[str, object],
) -> None:
    """The log deals the cards of a replay: a seed, rng or deck given with it is named in the
    error (it used to surface as a refused deal of the log's first cards)."""
    hand = Hand.start(NO_LIMIT_HOLDEM, stakes=NL, stacks=[100] * 3, button=0, seed=5)
    with pytest.raises(InvalidDefinitionError, match="replay deals the cards of the log"):
        Hand.replay(NO_LIMIT_HOLDEM, hand.log, stakes=NL, stacks=[100] * 3, button=0, **dealing)
    again = Hand.replay(NO_LIMIT_HOLDEM, hand.log, stakes=NL, stacks=[100] * 3, button=0)
    assert again.holding(0) == hand.holding(0) and again.actor == hand.actor


def test_stakes_without_the_ante_of_an_ante_game_say_what_is_missing() -> None:
    """An ante game started with no ante names the ante and the amount given."""
    with pytest.raises(InvalidDefinitionError, match=r"has an ante \(each player\).*not 0"):
        Hand.start(
            FIVE_CARD_DRAW_ANTE,
            stakes=Stakes(small_bet=4, big_bet=8),
            stacks=[50] * 3,
            button=0,
            seed=1,
        )
