"""Short-deck (six-plus) hold'em: its hand ranking, the button blind, and the catalogue game
(Wikipedia, "Six-plus hold 'em")."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pokerrules import InvalidDefinitionError, Scale, Stakes, Table, find_variant, parse_cards
from pokerrules.actions import Call, Check, Fold
from pokerrules.cards import STANDARD_CARDS, Card, Rank
from pokerrules.catalogue import NO_LIMIT_SHORT_DECK_HOLDEM
from pokerrules.cli.play import choose
from pokerrules.engine import Hand, ShowHand
from pokerrules.evaluation import HandCategory, evaluate, evaluate_short_deck
from pokerrules.evaluation.short_deck import short_deck_values
from pokerrules.history.export import to_history
from pokerrules.history.replay import Verdict, replay
from pokerrules.showdown import HighHand, LowHand
from pokerrules.variants import ForcedBetRules

SHORT_DECK = tuple(c for c in STANDARD_CARDS if c.rank >= Rank.SIX)
TRIPS_FIRST = Scale.SHORT_DECK_TRIPS_OVER_STRAIGHT


def value(text: str, scale: Scale = Scale.SHORT_DECK) -> str:
    return evaluate(parse_cards(text), scale).describe()


def test_short_deck_a_flush_beats_a_full_house_wikipedia() -> None:
    flush = evaluate_short_deck(parse_cards("Ah Jh 9h 7h 6h"))
    full_house = evaluate_short_deck(parse_cards("Ah As Ac Kd Kh"))
    assert flush > full_house
    assert evaluate_short_deck(parse_cards("6c 6d 6h 6s 7c")) > flush  # quads still beat it


def test_short_deck_a_6_7_8_9_is_the_lowest_straight_wikipedia() -> None:
    wheel = evaluate_short_deck(parse_cards("Ah 6c 7d 8s 9h"))
    assert wheel.describe() == "Straight, Nine high"
    assert wheel < evaluate_short_deck(parse_cards("6c 7d 8s 9h Td"))
    assert value("Ah 6h 7h 8h 9h") == "Straight flush, Nine high"
    assert value("Ah Kh Qh Jh Th") == "Royal flush"


def test_short_deck_straight_or_three_of_a_kind_first_is_the_scale_wikipedia() -> None:
    straight, trips = parse_cards("Ah 6c 7d 8s 9h"), parse_cards("6c 6d 6h 7s 8c")
    assert evaluate(straight, Scale.SHORT_DECK) > evaluate(trips, Scale.SHORT_DECK)
    assert evaluate(straight, TRIPS_FIRST) < evaluate(trips, TRIPS_FIRST)


def test_short_deck_cards_below_six_are_not_in_the_deck() -> None:
    with pytest.raises(InvalidDefinitionError, match="not in the short deck"):
        evaluate_short_deck(parse_cards("Ah Kh Qh Jh 5h"))
    with pytest.raises(InvalidDefinitionError, match="at least 5 cards"):
        evaluate_short_deck(parse_cards("Ah Kh Qh Jh"))
    with pytest.raises(InvalidDefinitionError, match="not a short-deck scale"):
        evaluate_short_deck(parse_cards("Ah Kh Qh Jh Th"), Scale.HIGH)


# Five-card frequencies from the 36-card deck (each counted from the rule: 6 straights in 4
# suits, 9 x 8 quads with any kicker, ...), the totals making C(36, 5).
FREQUENCIES = {
    HandCategory.STRAIGHT_FLUSH: 6 * 4,
    HandCategory.FOUR_OF_A_KIND: 9 * 8 * 4,
    HandCategory.FLUSH: 126 * 4 - 24,
    HandCategory.FULL_HOUSE: 9 * 8 * 4 * 6,
    HandCategory.STRAIGHT: 6 * 4**5 - 24,
    HandCategory.THREE_OF_A_KIND: 9 * 4 * 28 * 16,
    HandCategory.TWO_PAIR: 36 * 36 * 7 * 4,
    HandCategory.PAIR: 9 * 6 * 56 * 64,
    HandCategory.HIGH_CARD: 120 * 1020,
}


@pytest.mark.slow
def test_short_deck_every_five_card_hand_exhaustively() -> None:
    counts: Counter[HandCategory] = Counter()
    strengths = set()
    for five in combinations(SHORT_DECK, 5):
        got = evaluate_short_deck(five)
        counts[got.category] += 1
        strengths.add(got.strength)
    assert sum(FREQUENCIES.values()) == 376_992
    assert counts == FREQUENCIES
    assert len(strengths) == 1404 == len(short_deck_values()) - 1


def test_short_deck_categories_rank_as_each_scale_says() -> None:
    for scale in (Scale.SHORT_DECK, TRIPS_FIRST):
        order = list(dict.fromkeys(v.category for v in short_deck_values(scale)[1:]))
        expected = [
            HandCategory.HIGH_CARD,
            HandCategory.PAIR,
            HandCategory.TWO_PAIR,
            HandCategory.THREE_OF_A_KIND,
            HandCategory.STRAIGHT,
            HandCategory.FULL_HOUSE,
            HandCategory.FLUSH,
            HandCategory.FOUR_OF_A_KIND,
            HandCategory.STRAIGHT_FLUSH,
        ]
        if scale is TRIPS_FIRST:
            expected[3:5] = expected[4], expected[3]
        assert order == expected


seven = st.lists(st.sampled_from(SHORT_DECK), min_size=5, max_size=7, unique=True)


@given(seven, st.randoms(use_true_random=False))
def test_short_deck_best_of_many_is_the_best_five_and_order_never_matters(
    cards: list[Card], rng: random.Random
) -> None:
    best = evaluate_short_deck(cards)
    assert best == max(evaluate_short_deck(five) for five in combinations(cards, 5))
    rng.shuffle(cards)
    assert evaluate_short_deck(cards) == best


@given(seven, seven)
# six-card trips with a straight: the best hand is the straight on one scale, the trips on the
# other, so two hands that tie on one scale need not tie on the other
@example(a=parse_cards("6c 6h 6d Tc 7c 8c 9s"), b=parse_cards("6c 7c 8c 9d Tc"))
def test_short_deck_scales_differ_only_on_straights_and_three_of_a_kind(
    a: list[Card], b: list[Card]
) -> None:
    one, two = evaluate_short_deck(a), evaluate_short_deck(b)
    one_t, two_t = evaluate(a, TRIPS_FIRST), evaluate(b, TRIPS_FIRST)
    # a straight and three of a kind meet on either scale: between the hands, or within one
    # hand that holds both (its best hand is a different one on each scale)
    swapped = {HandCategory.STRAIGHT, HandCategory.THREE_OF_A_KIND} <= {
        one.category,
        two.category,
        one_t.category,
        two_t.category,
    }
    assert ((one > two) == (one_t > two_t)) or swapped
    assert ((one == two) == (one_t == two_t)) or swapped


def test_a_high_share_takes_a_high_scale_and_a_low_share_a_low_one() -> None:
    assert str(HighHand(scale=Scale.SHORT_DECK)) == "short-deck high"
    with pytest.raises(InvalidDefinitionError, match="high share's scale"):
        HighHand(scale=Scale.ACE_TO_FIVE_LOW)
    with pytest.raises(InvalidDefinitionError, match="needs a low scale"):
        LowHand(scale=Scale.SHORT_DECK)


def test_a_button_blind_is_the_only_blind() -> None:
    with pytest.raises(InvalidDefinitionError, match="button blind is the game's only blind"):
        ForcedBetRules(blinds=2, button_blind=True)


def start(seed: int = 1, players: int = 4) -> Hand:
    return Hand.start(
        NO_LIMIT_SHORT_DECK_HOLDEM,
        stakes=Stakes(blinds=(2,), ante=1),
        stacks=[100] * players,
        button=players - 1,
        seed=seed,
    )


def test_short_deck_button_blind_the_button_posts_and_acts_last_wikipedia() -> None:
    hand = start()
    posts = [str(e) for e in hand.log if "posts" in str(e)]
    assert posts[-1] == "seat 3 posts big blind 2"
    assert sum(1 for p in posts if "ante 1" in p) == 4
    assert hand.actor == 0  # left of the button
    for _ in range(3):
        hand = hand.apply(Call())
    legal = hand.legal_actions()
    assert (
        hand.actor == 3 and legal is not None and legal.kind == "bet" and legal.check
    )  # the option
    assert all(isinstance(c, Card) and c.rank >= Rank.SIX for c in hand.holding(0).cards)


def test_short_deck_heads_up_the_other_player_acts_first_before_the_flop() -> None:
    hand = start(players=2)
    assert hand.actor == 0 and hand.button == 1
    hand = hand.apply(Call()).apply(Check())
    assert hand.actor == 0  # after the flop too: the button acts last


def test_short_deck_hands_play_to_the_end_and_round_trip_through_phh() -> None:
    for seed in range(6):
        hand = start(seed)
        rng = random.Random(seed)
        while not hand.is_complete:
            hand = hand.apply(choose(hand, rng))
        history = to_history(hand)
        assert history.variant == "NS"
        assert history.blinds_or_straddles == (0, 0, 0, 2)
        result = replay(history)
        assert result.verdict is Verdict.MATCH, result.message


def test_a_short_deck_table_moves_the_button_and_the_button_posts() -> None:
    table = Table.open(
        NO_LIMIT_SHORT_DECK_HOLDEM,
        stakes=Stakes(blinds=(2,), ante=1),
        stacks={0: 100, 2: 100, 5: 100},
        button=5,
    )
    buttons = []
    for k in range(4):
        hand = table.deal(seed=k)
        posted = [e for e in hand.log if "posts big blind" in str(e)]
        assert len(posted) == 1 and str(posted[0]).startswith(f"seat {hand.button} ")
        buttons.append(hand.button)
        while hand.outcome is None:
            legal = hand.legal_actions()
            if legal is not None and legal.kind == "bet":
                hand = hand.apply(Fold() if legal.call else Check())
            else:
                hand = hand.apply(ShowHand())
        table = table.record(hand)
        assert sum(table.stacks.values()) == 300
    assert buttons == [5, 0, 2, 5]


def test_short_deck_is_found_by_its_names() -> None:
    for name in ("short deck", "six-plus hold'em", "6+ hold'em"):
        assert find_variant(name) is NO_LIMIT_SHORT_DECK_HOLDEM
    assert NO_LIMIT_SHORT_DECK_HOLDEM.deck.remaining == 36


def test_a_short_deck_ranking_needs_the_short_deck() -> None:
    import attrs

    from pokerrules.cards import Deck

    with pytest.raises(InvalidDefinitionError, match="needs the short deck"):
        attrs.evolve(
            NO_LIMIT_SHORT_DECK_HOLDEM, name="Long deck", aliases=(), deck=Deck.standard()
        )
