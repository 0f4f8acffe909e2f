"""Chicago High Spade and Low Chicago: the spade half of the pot.

Sources: Wikibooks "Poker/High Chicago"; pagat.com "Chicago" (seven-card stud variants);
Everything2 "Low Chicago".
"""

from __future__ import annotations

from pokerrules.cards import parse_cards
from pokerrules.showdown import (
    HighHand,
    HighSpadeInHole,
    Holding,
    LowChicagoAce,
    LowSpadeInHole,
    NoHoleSpade,
    Showdown,
)

CHICAGO = Showdown(shares=(HighHand(), HighSpadeInHole()))


def _h(down: str, up: str) -> Holding:
    return Holding(down=parse_cards(down), up=parse_cards(up))


def test_face_up_spades_never_count_pagat() -> None:
    """pagat "Chicago": if the ace of spades is dealt face up, the king of spades in the hole
    is sure to win half the pot."""
    holdings = {
        0: _h("2c 3d Kh", "As Qc Jd 9h"),
        1: _h("Ks 4d 7h", "2h 5c 8d Tc"),
    }
    assert CHICAGO.winners(holdings)[1] == (1,)


def test_best_hand_and_high_spade_split_wikibooks() -> None:
    """Wikibooks "Poker/High Chicago": the best hand takes half, the highest hole spade half."""
    holdings = {
        0: _h("Ah Ad 3c", "Ac Kh 9d 4c"),  # three aces, no spade in the hole
        1: _h("Qs 2d 5h", "8c 8d Jc 6h"),  # a pair and the queen of spades in the hole
    }
    assert CHICAGO.winners(holdings) == ((0,), (1,))


def test_one_player_can_scoop_both_halves_wikibooks() -> None:
    """Wikibooks "Poker/High Chicago": one player can win both halves (a scoop)."""
    holdings = {
        0: _h("As Ad 3c", "Ac Kh 9d 4c"),
        1: _h("Qs 2d 5h", "8c 8d Jc 6h"),
    }
    assert CHICAGO.winners(holdings) == ((0,), (0,))


def test_no_hole_spade_best_hand_takes_all_by_default_pagat() -> None:
    """pagat "Chicago" and casino house rules: with no spade in the hole the best hand takes
    the whole pot (option chicago_no_hole_spade, the default): the spade share has no winner
    and nothing carries over."""
    holdings = {0: _h("Ah Ad 3c", "Ac Kh 9d 4c"), 1: _h("Qh 2d 5h", "8s 8d Js 6h")}
    winners = CHICAGO.winners(holdings)
    assert winners == ((0,), ())
    assert CHICAGO.carried_over(winners) == (False, False)


def test_no_hole_spade_carry_over_option_house_rule() -> None:
    """A home-game rule (option chicago_no_hole_spade = carry over): with no spade in the hole
    the spade half waits for the next pot."""
    chicago = Showdown(shares=(HighHand(), HighSpadeInHole(if_none=NoHoleSpade.CARRY_OVER)))
    holdings = {0: _h("Ah Ad 3c", "Ac Kh 9d 4c"), 1: _h("Qh 2d 5h", "8s 8d Js 6h")}
    assert chicago.carried_over(chicago.winners(holdings)) == (False, True)


def test_low_chicago_deuce_lowest_ace_high_by_default_everything2() -> None:
    """Everything2 "Low Chicago" and pagat: the deuce of spades is the lowest spade and the ace
    counts high (option low_chicago_ace default)."""
    low = Showdown(shares=(HighHand(), LowSpadeInHole()))
    holdings = {0: _h("As Kd 3c", "Ac Kh 9d 4c"), 1: _h("3s 2d 5h", "8c 8d Jc 6h")}
    assert low.winners(holdings)[1] == (1,)


def test_low_chicago_ace_low_option_wikibooks() -> None:
    """Wikibooks: the ace of spades can play low, so it is always the best hole card (option
    low_chicago_ace = ace low)."""
    low = Showdown(shares=(HighHand(), LowSpadeInHole(ace=LowChicagoAce.LOW)))
    holdings = {0: _h("As Kd 3c", "Ac Kh 9d 4c"), 1: _h("2s 2d 5h", "8c 8d Jc 6h")}
    assert low.winners(holdings)[1] == (0,)


def test_low_chicago_face_up_deuce_of_spades_does_not_count_everything2() -> None:
    """Everything2: "in the hole meaning face down" -- a face-up deuce of spades is no help."""
    low = Showdown(shares=(HighHand(), LowSpadeInHole()))
    holdings = {0: _h("9s Kd 3c", "2s Kh 9d 4c"), 1: _h("7s 2d 5h", "8c 8d Jc 6h")}
    assert low.winners(holdings)[1] == (1,)
