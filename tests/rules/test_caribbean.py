"""Caribbean stud rules, each test named after the rule it checks and citing its source.

Sources: WP = Wikipedia, "Caribbean stud poker"; WoO = Wizard of Odds, "Caribbean Stud Poker";
Bicycle = Bicycle Cards, "Caribbean Stud"; house = published casino house rules (US and UK
rules, the £10,000 UK maximum payout, the progressive's $500/$100/$50, the procedural rules).
"""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from pokerrules.cards import Deck, parse_cards
from pokerrules.errors import ActionNotAvailableError
from pokerrules.evaluation import evaluate_high
from pokerrules.evaluation.batch import numpy_available
from pokerrules.games.caribbean import (
    PUBLISHED_HOUSE_EDGE,
    UK_RULES,
    US_RULES,
    CaribbeanRound,
    CaribbeanRules,
    Decision,
    Meter,
    Outcome,
    PayHand,
    Phase,
    ProgressiveRules,
    dealer_qualifies,
    estimate_house_edge,
    simple_strategy,
)

# A qualifying dealer hand (ace-king) that every hand below beats.
DEALER_AK = "Ah Kc 4d 3h 2c"

# One winning hand per paytable class, with the US odds to 1.
US_ODDS = [
    ("As Kd Qc 9h 6s", PayHand.HIGH_CARD, 1),
    ("9s 9d 5c 4h 2s", PayHand.ONE_PAIR, 1),
    ("9s 9d 5c 5h 2s", PayHand.TWO_PAIR, 2),
    ("9s 9d 9c 5h 2s", PayHand.THREE_OF_A_KIND, 3),
    ("5s 6d 7c 8h 9s", PayHand.STRAIGHT, 4),
    ("2d 6d 8d Jd Qd", PayHand.FLUSH, 5),
    ("9s 9d 9c 5h 5s", PayHand.FULL_HOUSE, 7),
    ("9s 9d 9c 9h 5s", PayHand.FOUR_OF_A_KIND, 20),
    ("5s 6s 7s 8s 9s", PayHand.STRAIGHT_FLUSH, 50),
    ("Ts Js Qs Ks As", PayHand.ROYAL_FLUSH, 100),
]


def play(
    player: str,
    dealer: str,
    *,
    rules: CaribbeanRules = US_RULES,
    ante: int = 10,
    decision: Decision = Decision.RAISE,
    progressive: bool = False,
    meter: Meter | None = None,
) -> CaribbeanRound:
    """One player against the dealer with stacked cards."""
    table = CaribbeanRound.open(rules, meter=meter).wager("Ann", ante, progressive=progressive)
    table = table.no_more_bets().deal_cards([parse_cards(player)], parse_cards(dealer))
    return table.decide(0, decision).settle()


@pytest.mark.parametrize(("cards", "hand", "odds"), US_ODDS, ids=[h.name for _, h, _ in US_ODDS])
def test_us_paytable_pays_the_raise_wikipedia_wizard_of_odds(
    cards: str, hand: PayHand, odds: int
) -> None:
    """WP/WoO: the winning raise pays 1/1/2/3/4/5/7/20/50/100 to 1; the ante pays even money."""
    settled = play(cards, DEALER_AK).settlements[0]
    assert settled.outcome is Outcome.PLAYER_WINS
    assert settled.hand is hand
    assert (settled.ante_result, settled.raise_result) == (10, 20 * odds)


@pytest.mark.parametrize(("cards", "hand", "odds"), US_ODDS, ids=[h.name for _, h, _ in US_ODDS])
def test_uk_paytable_royal_flush_paid_as_straight_flush_house(
    cards: str, hand: PayHand, odds: int
) -> None:
    """Seed (UK rules): the royal flush is paid as a straight flush, 50 to 1; the rest as US."""
    expected = 50 if hand is PayHand.ROYAL_FLUSH else odds
    settled = play(cards, DEALER_AK, rules=UK_RULES, ante=1).settlements[0]
    assert settled.raise_result == 2 * expected


def test_uk_maximum_payout_of_10000_caps_the_raise_house() -> None:
    """Seed (UK rules): a maximum payout of £10,000 per hand; the cap applies to the raise."""
    settled = play("5s 6s 7s 8s 9s", DEALER_AK, rules=UK_RULES, ante=500).settlements[0]
    assert settled.raise_bet == 1000
    assert settled.raise_result == 10_000  # 50 x 1,000 = 50,000, capped
    assert settled.capped
    assert settled.ante_result == 500
    under = play("5s 6s 7s 8s 9s", DEALER_AK, rules=UK_RULES, ante=100).settlements[0]
    assert (under.raise_result, under.capped) == (10_000, False)  # exactly 50 x 200


def test_no_cap_by_default_in_us_rules_wikipedia() -> None:
    """WP (US rules): the paytable has no maximum unless the room sets one."""
    settled = play("Ts Js Qs Ks As", DEALER_AK, ante=500).settlements[0]
    assert settled.raise_result == 100 * 1000
    assert not settled.capped


def test_raise_is_twice_the_ante_wikipedia() -> None:
    """WP: a player who plays places a raise of twice the ante."""
    settled = play("9s 9d 5c 4h 2s", DEALER_AK, ante=7).settlements[0]
    assert settled.raise_bet == 14


def test_raise_equal_to_the_ante_option_bicycle() -> None:
    """Bicycle: the raise equals the ante (the 1x option)."""
    rules = attrs.evolve(US_RULES, raise_multiple=1)
    settled = play("9s 9d 5c 5h 2s", DEALER_AK, rules=rules, ante=7).settlements[0]
    assert (settled.raise_bet, settled.raise_result) == (7, 14)
    lost = play("Ks Qd 8c 6h 5s", DEALER_AK, rules=rules, ante=7).settlements[0]
    assert (lost.ante_result, lost.raise_result) == (-7, -7)


def test_fold_loses_the_ante_wikipedia() -> None:
    """WP: a player who folds loses the ante, whatever the dealer holds."""
    for dealer in (DEALER_AK, "Qh Jh 9d 7s 5c"):
        settled = play("As Kd Qc 9h 6s", dealer, decision=Decision.FOLD).settlements[0]
        assert settled.outcome is Outcome.FOLDED
        assert (settled.ante_result, settled.raise_bet, settled.raise_result) == (-10, 0, 0)


def test_dealer_qualifies_with_ace_king_or_better_wikipedia() -> None:
    """WP: the dealer qualifies with ace-king or better; A-K-4-3-2 is the least such hand."""
    assert dealer_qualifies(evaluate_high(parse_cards("Ad Kc 4s 3d 2h")))
    assert dealer_qualifies(evaluate_high(parse_cards("2d 2c 4s 3d 5h")))
    assert not dealer_qualifies(evaluate_high(parse_cards("Ad Qc Js 9d 8h")))
    assert not dealer_qualifies(evaluate_high(parse_cards("Kd Qc Js 9d 8h")))


def test_dealer_not_qualifying_pays_ante_and_pushes_raise_wikipedia() -> None:
    """WP: when the dealer does not qualify the ante wins even money and the raise pushes,
    even for a hand that would win big."""
    settled = play("Ts Js Qs Ks As", "Ad Qc Jh 9d 8h").settlements[0]
    assert settled.outcome is Outcome.DEALER_DOES_NOT_QUALIFY
    assert (settled.ante_result, settled.raise_result) == (10, 0)


def test_dealer_wins_takes_ante_and_raise_wikipedia() -> None:
    """WP: when the qualifying dealer has the better hand, ante and raise lose."""
    settled = play("As Kd Qc 9h 6s", "Ah Ks Qd Th 2c").settlements[0]
    assert settled.outcome is Outcome.DEALER_WINS
    assert (settled.ante_result, settled.raise_result) == (-10, -20)


def test_exact_tie_pushes_ante_and_raise_wizard_of_odds() -> None:
    """WoO: in an exact tie both the ante and the raise push."""
    settled = play("As Kd Qc 9h 6s", "Ah Ks Qd 9c 6d").settlements[0]
    assert settled.outcome is Outcome.TIE
    assert (settled.ante_result, settled.raise_result, settled.net) == (0, 0, 0)


def test_progressive_pays_on_own_hand_regardless_of_dealer_wikipedia() -> None:
    """WP: the progressive pays on the player's hand, whatever the dealer holds, even after
    a fold; the common fixed payouts are $50 flush, $100 full house, $500 four of a kind."""
    cases = [
        ("2d 6d 8d Jd Qd", 50),
        ("9s 9d 9c 5h 5s", 100),
        ("9s 9d 9c 9h 5s", 500),
        ("9s 9d 5c 5h 2s", 0),
    ]
    for cards, award in cases:
        for dealer in ("Ac Ah Ad Kc Kh", "Qh Th 7d 6s 3c"):  # dealer wins / does not qualify
            for decision in Decision:
                settled = play(cards, dealer, decision=decision, progressive=True)
                assert settled.settlements[0].progressive_award == award


def test_straight_flush_wins_ten_percent_of_the_meter_wikipedia() -> None:
    """WP/WoO: a straight flush wins 10% of the meter (after this round's contribution)."""
    meter = Meter.start(20_000)
    table = play("5s 6s 7s 8s 9s", DEALER_AK, progressive=True, meter=meter)
    assert table.settlements[0].progressive_award == 2000  # 10% of 20,000.7, rounded down
    assert table.meter.amount == Fraction(200007, 10) - 2000


def test_royal_flush_wins_the_whole_meter_and_the_meter_resets_wikipedia() -> None:
    """WP: a royal flush wins 100% of the meter; the house then restarts the meter."""
    table = play("Ts Js Qs Ks As", DEALER_AK, progressive=True, meter=Meter.start(123_456))
    assert table.settlements[0].progressive_award == 123_456  # the 0.7 contribution stays
    assert table.meter.amount == Fraction(7, 10) + US_RULES.progressive.reset


def test_several_royal_flushes_share_the_meter_equally_house() -> None:
    """Seed (and UK/US table rules): several royal flushes in one round share equally the
    meter as it stood when the first of them was paid."""
    dealer = "2c 3c 4d 6h 8s"
    hands = ["Ts Js Qs Ks As", "Th Jh Qh Kh Ah", "Td Jd Qd Kd Ad"]
    rules = attrs.evolve(US_RULES, progressive=ProgressiveRules(contribution=Fraction(0)))
    table = CaribbeanRound.open(rules, meter=Meter.start(100_000))
    for name in ("Ann", "Bob", "Cat"):
        table = table.wager(name, 5, progressive=True)
    table = table.no_more_bets().deal_cards([parse_cards(h) for h in hands], parse_cards(dealer))
    for seat in range(3):
        table = table.decide(seat, Decision.FOLD)
    table = table.settle()
    shares = [a.share for a in table.awards]
    assert shares == [Fraction(100_000, 3)] * 3
    assert [s.progressive_award for s in table.settlements] == [33_333] * 3
    # One chip (three thirds) stays on the meter, and the house restarts it.
    assert table.meter.amount == 1 + rules.progressive.reset


def test_progressive_meter_percentages_are_options_house() -> None:
    """Seed: the progressive's fixed payouts and meter percentages are the room's to set."""
    rules = ProgressiveRules(
        straight_flush_share=Fraction(1, 4),
        fixed={PayHand.FLUSH: 75, PayHand.FULL_HOUSE: 150},
        contribution=Fraction(0),
    )
    table = play(
        "5s 6s 7s 8s 9s",
        DEALER_AK,
        rules=attrs.evolve(US_RULES, progressive=rules),
        progressive=True,
        meter=Meter.start(1000),
    )
    assert table.settlements[0].progressive_award == 250
    flush = play(
        "2d 6d 8d Jd Qd",
        DEALER_AK,
        rules=attrs.evolve(US_RULES, progressive=rules),
        progressive=True,
    )
    assert flush.settlements[0].progressive_award == 75


def test_one_hand_per_player_house() -> None:
    """Seed: each player plays one hand only."""
    table = CaribbeanRound.open().wager("Ann", 10)
    with pytest.raises(ActionNotAvailableError, match="one hand per player"):
        table.wager("Ann", 10)


def test_at_most_seven_players_bicycle() -> None:
    """Bicycle: up to seven players and the dealer."""
    table = CaribbeanRound.open()
    for n in range(7):
        table = table.wager(f"P{n}", 1)
    with pytest.raises(ActionNotAvailableError, match="seats are taken"):
        table.wager("P7", 1)


def test_wrong_card_count_is_a_dead_hand_for_that_player_only_house() -> None:
    """Seed: a player dealt the wrong number of cards has a dead hand; the others play on."""
    table = CaribbeanRound.open().wager("Ann", 10, progressive=True).wager("Bob", 10)
    table = table.no_more_bets().deal_cards(
        [parse_cards("As Ad Ah 2c 3c 4c"), parse_cards("9s 9d 5c 4h 2s")],
        parse_cards("Ac Kh Jd 7s 6c"),
    )
    assert table.to_decide == (1,)
    assert table.legal_decisions(0) == ()
    table = table.decide(1, Decision.RAISE).settle()
    dead, live = table.settlements
    assert dead.outcome is Outcome.DEAD_HAND
    assert (dead.net, dead.progressive_bet) == (0, 0)
    assert live.outcome is Outcome.PLAYER_WINS
    assert table.meter.amount == table.meter_before.amount  # the dead side bet is returned


def test_dealer_dealt_four_cards_gets_a_fifth_house() -> None:
    """Seed: a dealer dealt four cards is given a fifth from the deck."""
    deck = Deck.ordered("Kh 2d 3d")
    table = CaribbeanRound.open().wager("Ann", 10).no_more_bets()
    table = table.deal_cards(
        [parse_cards("9s 9d 5c 4h 2s")], parse_cards("Ac Jd 8s 7c"), deck=deck
    )
    assert table.phase is Phase.DECIDING
    assert sorted(table.dealer) == sorted(parse_cards("Ac Kh Jd 8s 7c"))
    assert table.deck == Deck.ordered("2d 3d")
    settled = table.decide(0, Decision.RAISE).settle().settlements[0]
    assert settled.outcome is Outcome.PLAYER_WINS  # against the completed A-K hand


@pytest.mark.parametrize("dealer", ["Ac Kh Jd", "Ac Kh Jd 9s 7c 2h", ""])
def test_any_other_dealer_misdeal_voids_the_round_house(dealer: str) -> None:
    """Seed: any other misdeal to the dealer voids every hand; all wagers are returned."""
    table = CaribbeanRound.open().wager("Ann", 10, progressive=True).wager("Bob", 5)
    table = table.no_more_bets().deal_cards(
        [parse_cards("8s 8d 5c 4h 2s"), parse_cards("Ts Td 5s 4d 3s")], parse_cards(dealer)
    )
    assert table.phase is Phase.VOID
    assert [s.outcome for s in table.settlements] == [Outcome.VOID, Outcome.VOID]
    assert [s.net for s in table.settlements] == [0, 0]
    assert table.meter == table.meter_before
    assert table.house_result == 0


def test_hole_card_exposed_before_no_more_bets_voids_all_hands_house() -> None:
    """Seed: a hole card exposed before "no more bets" voids all hands."""
    table = CaribbeanRound.open().wager("Ann", 10).wager("Bob", 5).expose_hole_card()
    assert table.phase is Phase.VOID
    assert [s.outcome for s in table.settlements] == [Outcome.VOID, Outcome.VOID]
    later = CaribbeanRound.open().wager("Ann", 10).no_more_bets().deal(seed=1)
    assert later.expose_hole_card().phase is Phase.DECIDING  # after the call, play goes on


def test_wagers_close_at_no_more_bets_wikipedia() -> None:
    """WP: all antes and side bets are placed before the dealer announces "no more bets"."""
    table = CaribbeanRound.open().wager("Ann", 10).no_more_bets()
    with pytest.raises(ActionNotAvailableError):
        table.wager("Bob", 10)


def test_simple_strategy_raises_with_ace_king_jack_eight_three_wizard_of_odds() -> None:
    """WoO: the simple strategy raises with any pair or better and with A-K-J-8-3 or better."""
    raises = ["As Kd Jc 8h 3s", "As Kd Jc 8h 4s", "As Kd Qc 2h 3s", "2s 2d 5c 8h 9s"]
    folds = ["As Kd Jc 8h 2s", "As Kd Jc 7h 6s", "As Qd Jc 9h 8s", "Ks Qd Jc 9h 7s"]
    assert {simple_strategy(parse_cards(h)) for h in raises} == {Decision.RAISE}
    assert {simple_strategy(parse_cards(h)) for h in folds} == {Decision.FOLD}


def test_published_house_edge_of_simple_strategy_wizard_of_odds() -> None:
    """WoO: raising on A-K-J-8-3 or better has a house edge of 5.316% of the ante."""
    assert round(float(PUBLISHED_HOUSE_EDGE), 5) == 0.05316


@pytest.mark.parametrize("batch", [False, True], ids=["scalar", "batch"])
def test_sampled_house_edge_interval_contains_published_wizard_of_odds(batch: bool) -> None:
    """WoO: a seeded sample's 95% interval contains the published 5.316%."""
    if batch and not numpy_available():
        pytest.skip("numpy is not installed")
    estimate = estimate_house_edge(60_000 if not batch else 400_000, seed=20, batch=batch)
    assert estimate.batch is batch
    assert estimate.low < estimate.mean < estimate.high
    assert estimate.contains_published
    assert estimate.high - estimate.low < 0.05


def test_the_published_house_edge_is_only_for_the_rules_it_was_published_for() -> None:
    """WoO publishes the house edge of the US paytable with a raise of twice the ante."""
    other = estimate_house_edge(2_000, seed=3, rules=UK_RULES, batch=False)
    assert other.published is None and other.contains_published is None
    assert "published" not in other.describe()
    same = estimate_house_edge(2_000, seed=3, rules=US_RULES, batch=False)
    assert same.published == PUBLISHED_HOUSE_EDGE and "published 5.316%" in same.describe()


def test_progressive_after_a_fold_is_an_option_house() -> None:
    """Seed/WP: the side bet pays on the player's own hand; rooms differ on whether a folded
    hand is still paid (default: yes; the option pays only hands that stay in)."""
    strict = attrs.evolve(US_RULES, progressive=ProgressiveRules(pays_on_fold=False))
    folded = play(
        "9s 9d 9c 9h 5s", DEALER_AK, rules=strict, decision=Decision.FOLD, progressive=True
    )
    raised = play("9s 9d 9c 9h 5s", DEALER_AK, rules=strict, progressive=True)
    assert folded.settlements[0].progressive_award == 0
    assert folded.settlements[0].progressive_bet == 1  # the side bet is lost
    assert raised.settlements[0].progressive_award == 500
