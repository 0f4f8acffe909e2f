"""The Caribbean stud API: rule values, the round's commands and errors, and properties."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.cards import Card, Deck, parse_cards
from pokerrules.errors import (
    ActionNotAvailableError,
    BetSizeError,
    GameOverError,
    IllegalActionError,
    InvalidDefinitionError,
    OutOfTurnError,
)
from pokerrules.evaluation import evaluate_high
from pokerrules.evaluation.batch import numpy_available
from pokerrules.games import caribbean
from pokerrules.games.caribbean import (
    UK_RULES,
    US_PAYTABLE,
    US_RULES,
    CaribbeanRound,
    CaribbeanRules,
    Decision,
    Meter,
    Outcome,
    PayHand,
    Paytable,
    Phase,
    ProgressiveRules,
    Wager,
    estimate_house_edge,
    pay_hand,
    play_round,
    progressive_awards,
    settle_hand,
    simple_strategy,
)
from pokerrules.games.caribbean.strategy import _result

# -- rule values -------------------------------------------------------------------------------


def test_rules_reject_impossible_options() -> None:
    with pytest.raises(InvalidDefinitionError, match="1x or 2x"):
        CaribbeanRules(raise_multiple=3)
    with pytest.raises(InvalidDefinitionError, match="maximum payout"):
        CaribbeanRules(max_payout=0)
    with pytest.raises(InvalidDefinitionError, match="no odds for: Royal flush"):
        odds: dict[PayHand, int] = {h: 1 for h in PayHand if h is not PayHand.ROYAL_FLUSH}
        Paytable(odds)
    with pytest.raises(InvalidDefinitionError, match="at least 1"):
        Paytable(dict.fromkeys(PayHand, 0))
    with pytest.raises(InvalidDefinitionError, match="between 0 and 1"):
        ProgressiveRules(royal_share=Fraction(3, 2))
    with pytest.raises(InvalidDefinitionError, match="paid from the meter"):
        ProgressiveRules(fixed={PayHand.STRAIGHT_FLUSH: 1000})


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: ProgressiveRules(bet=0), "bet must be a whole number of chips >= 1"),
        (lambda: ProgressiveRules(bet="1"), "bet must be a whole number"),  # type: ignore[arg-type]
        (lambda: ProgressiveRules(reset=-1), "reset must be a whole number of chips >= 0"),
        (lambda: ProgressiveRules(royal_share="half"), "not a share of the meter"),
        (lambda: ProgressiveRules(royal_share=None), "a share of the meter is"),
        (lambda: ProgressiveRules(contribution=0.7), "a share of the meter is"),
        (lambda: ProgressiveRules(pays_on_fold="no"), "pays_on_fold must be a bool"),  # type: ignore[arg-type]
        (lambda: CaribbeanRules(max_players=8), "seats 1 to 7 players, not 8"),
        (lambda: CaribbeanRules(max_players=0), "seats 1 to 7 players, not 0"),
        (lambda: CaribbeanRules(raise_multiple=True), "1x or 2x"),
        (lambda: CaribbeanRules(max_payout=True), "maximum payout"),
        (lambda: CaribbeanRules(paytable={PayHand.ROYAL_FLUSH: 100}), "must be a Paytable"),  # type: ignore[arg-type]
        (lambda: CaribbeanRules(progressive=None), "must be a ProgressiveRules"),  # type: ignore[arg-type]
    ],
)
def test_bad_option_values_raise_the_library_error(make: Any, message: str) -> None:
    """A wrong option is a PokerRulesError naming the option, never a bare ValueError or
    TypeError."""
    with pytest.raises(InvalidDefinitionError, match=message):
        make()


def test_rule_values_are_frozen_and_hashable() -> None:
    assert hash(US_RULES) != hash(UK_RULES)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        US_RULES.max_payout = 5  # type: ignore[misc]


def test_pay_hand_classes() -> None:
    assert pay_hand(evaluate_high(parse_cards("As 2d 3c 4h 5s"))) is PayHand.STRAIGHT
    assert pay_hand(evaluate_high(parse_cards("Ah 2h 3h 4h 5h"))) is PayHand.STRAIGHT_FLUSH
    assert PayHand.ROYAL_FLUSH.label == "Royal flush"


# -- the meter ---------------------------------------------------------------------------------


def test_meter_ledger_must_balance_and_never_go_negative() -> None:
    with pytest.raises(InvalidDefinitionError, match="balance"):
        Meter(amount=5, seeded=4)
    with pytest.raises(InvalidDefinitionError, match="negative"):
        Meter(amount=-1, seeded=-1)
    with pytest.raises(InvalidDefinitionError, match="cannot pay"):
        Meter.start(10).pay(11)
    meter = Meter.start(10).contribute(3, Fraction(7, 10)).pay(12).seed(100)
    assert meter.amount == Fraction(1, 10) + 100
    assert meter.display == 100


# -- commands and errors -----------------------------------------------------------------------


def _dealt() -> CaribbeanRound:
    return CaribbeanRound.open().wager("Ann", 10).wager("Bob", 10).no_more_bets().deal(seed=4)


def test_rejected_commands_leave_the_round_unchanged() -> None:
    table = _dealt()
    before = table
    with pytest.raises(ActionNotAvailableError, match="not folded or raised"):
        table.settle()
    with pytest.raises(ActionNotAvailableError, match="while deciding"):
        table.wager("Cat", 10)
    with pytest.raises(OutOfTurnError, match="no seat 5"):
        table.decide(5, Decision.RAISE)
    table = table.decide(0, Decision.RAISE)
    with pytest.raises(OutOfTurnError, match="already chose to raise"):
        table.decide(0, Decision.FOLD)
    assert before == _dealt()
    settled = table.decide(1, Decision.FOLD).settle()
    with pytest.raises(GameOverError):
        settled.decide(1, Decision.RAISE)
    with pytest.raises(GameOverError):
        settled.expose_hole_card()


def test_errors_are_precise() -> None:
    with pytest.raises(BetSizeError, match="positive chip amount"):
        CaribbeanRound.open().wager("Ann", 0)
    with pytest.raises(ActionNotAvailableError, match="nobody has a wager"):
        CaribbeanRound.open().no_more_bets()
    with pytest.raises(ActionNotAvailableError, match="while betting"):
        CaribbeanRound.open().wager("Ann", 1).deal(seed=1)
    with pytest.raises(InvalidDefinitionError, match="dealt twice"):
        CaribbeanRound.open().wager("Ann", 1).no_more_bets().deal_cards(
            [parse_cards("As Ks Qs Js Ts")], parse_cards("As 2c 3c 4c 5c")
        )
    with pytest.raises(InvalidDefinitionError, match="fifth card"):
        CaribbeanRound.open().wager("Ann", 1).no_more_bets().deal_cards(
            [parse_cards("As Ks Qs Js Ts")], parse_cards("2c 3c 4c 5c")
        )
    with pytest.raises(InvalidDefinitionError, match="1 seats have wagers but 2"):
        CaribbeanRound.open().wager("Ann", 1).no_more_bets().deal_cards(
            [parse_cards("As Ks Qs Js Ts"), ()], parse_cards("2c 3c 4c 5c 7d")
        )
    with pytest.raises(IllegalActionError) as error:
        _dealt().decide(3, Decision.FOLD)
    assert error.value.seat == 3


@pytest.mark.parametrize("seat", ["1", 1.0, True, None])
def test_an_error_names_a_seat_only_when_given_a_seat_number(seat: Any) -> None:
    """The structured ``seat`` of an error is a seat number or None, whatever the phase."""
    for table in (_dealt(), _dealt().decide(0, Decision.FOLD).decide(1, Decision.FOLD).settle()):
        with pytest.raises(IllegalActionError) as error:
            table.decide(seat, Decision.FOLD)
        assert error.value.seat is None
    with pytest.raises(IllegalActionError) as error:
        CaribbeanRound.open().wager("Ann", 1).decide(seat, Decision.FOLD)
    assert error.value.seat is None


def test_dealing_round_robin_from_a_stacked_deck() -> None:
    """One card at a time to each player, then the dealer, five times; the dealer's last card
    is the up card."""
    deck = Deck.ordered("As 2c Ks 2d Qs 2h Js 2s Ts 3c 9c 4c 9d 4d 9h 7c 7d 7h")
    table = CaribbeanRound.open().wager("Ann", 1).wager("Bob", 1).no_more_bets().deal(deck=deck)
    ann, bob = table.hands
    assert ann.cards == parse_cards("As 2d Js 3c 9d")
    assert bob.cards == parse_cards("2c Qs 2s 9c 4d")
    assert table.dealer == parse_cards("Ks 2h Ts 4c 9h")
    assert table.up_card == Card("9h")
    assert table.deck == Deck.ordered("7c 7d 7h")


def test_play_round_uses_the_strategy_and_reproduces_with_the_seed() -> None:
    wagers = [Wager(player=n, ante=5, progressive=True) for n in ("Ann", "Bob", "Cat")]
    first = play_round(wagers, seed=99)
    assert first == play_round(wagers, seed=99)
    assert first == play_round(wagers, rng=random.Random(99))
    for hand, settled in zip(first.hands, first.settlements, strict=True):
        expected = simple_strategy(hand.cards)
        assert (settled.outcome is Outcome.FOLDED) == (expected is Decision.FOLD)
    always_fold = play_round(wagers, seed=99, strategy=lambda cards, up: Decision.FOLD)
    assert [s.net - s.progressive_award for s in always_fold.settlements] == [-6, -6, -6]


def test_describe_names_every_player() -> None:
    table = play_round([Wager(player="Ann", ante=5), Wager(player="Bob", ante=5)], seed=2)
    text = table.describe()
    assert "dealer:" in text and "seat 0 Ann" in text and "seat 1 Bob" in text


# -- properties --------------------------------------------------------------------------------

ANTES = st.integers(min_value=1, max_value=500)
RULES = st.sampled_from(
    [
        US_RULES,
        UK_RULES,
        attrs.evolve(US_RULES, raise_multiple=1, max_payout=1000),
        attrs.evolve(
            US_RULES, progressive=ProgressiveRules(pays_on_fold=False, contribution=Fraction(1, 3))
        ),
    ]
)


@st.composite
def rounds(draw: st.DrawFn) -> CaribbeanRound:
    rules = draw(RULES)
    meter = Meter.start(draw(st.integers(min_value=0, max_value=10**6)))
    table = CaribbeanRound.open(rules, meter=meter)
    for n in range(draw(st.integers(min_value=1, max_value=7))):
        table = table.wager(f"P{n}", draw(ANTES), progressive=draw(st.booleans()))
    table = table.no_more_bets()
    seed = draw(st.integers(min_value=0, max_value=2**32))
    if draw(st.booleans()):
        return table.deal(seed=seed)
    # An irregular deal: some hands short or long, the dealer sometimes dealt four.
    cards = list(Deck.shuffled(seed=seed).cards)
    hands = []
    for _ in table.hands:
        size = draw(st.sampled_from([5, 5, 5, 4, 6]))
        hands.append(tuple(cards[:size]))
        del cards[:size]
    dealer_size = draw(st.sampled_from([5, 4, 3, 6]))
    dealer = tuple(cards[:dealer_size])
    del cards[:dealer_size]
    return table.deal_cards(hands, dealer, deck=Deck(cards))  # type: ignore[arg-type]


def _finish(table: CaribbeanRound, decisions: list[bool]) -> CaribbeanRound:
    if table.phase is not Phase.DECIDING:
        return table
    for seat, raise_ in zip(table.to_decide, decisions, strict=False):
        table = table.decide(seat, Decision.RAISE if raise_ else Decision.FOLD)
    for seat in table.to_decide:
        table = table.decide(seat, Decision.FOLD)
    return table.settle()


@given(rounds(), st.lists(st.booleans(), max_size=7))
def test_settlements_add_up(table: CaribbeanRound, decisions: list[bool]) -> None:
    """Players' nets, the house's result and the meter's change add up to zero, and every
    bet's result is one the rules allow."""
    table = _finish(table, decisions)
    players = sum(s.net for s in table.settlements)
    meter_change = table.meter.amount - table.meter_before.amount
    assert players + table.house_result + meter_change == 0
    for s in table.settlements:
        assert s.ante_result in (-s.ante, 0, s.ante)
        assert s.raise_result >= -s.raise_bet
        if table.rules.max_payout is not None:
            assert s.raise_result <= table.rules.max_payout
        if s.outcome in (Outcome.VOID, Outcome.DEAD_HAND):
            assert (s.net, s.progressive_bet) == (0, 0)
        if s.outcome is Outcome.FOLDED:
            assert s.ante_result == -s.ante and s.raise_bet == 0


@given(rounds(), st.lists(st.booleans(), max_size=7))
def test_meter_never_goes_negative_and_its_ledger_balances(
    table: CaribbeanRound, decisions: list[bool]
) -> None:
    table = _finish(table, decisions)
    meter = table.meter
    assert meter.amount >= 0
    assert meter.amount == meter.seeded + meter.contributed - meter.paid
    from_meter = sum(a.paid for a in table.awards if a.from_meter)
    assert meter.paid - table.meter_before.paid == from_meter


SIDE_HANDS = st.lists(
    st.tuples(st.integers(min_value=0, max_value=6), st.sampled_from(list(PayHand))),
    max_size=7,
    unique_by=lambda pair: pair[0],
)


@given(
    SIDE_HANDS,
    st.fractions(min_value=0, max_value=10**6, max_denominator=1000),
    st.fractions(min_value=0, max_value=1, max_denominator=100),
    st.integers(min_value=0, max_value=50_000),
)
def test_royal_shares_add_up_to_the_meter(
    hands: list[tuple[int, PayHand]], amount: Fraction, share: Fraction, reset: int
) -> None:
    """Shares of the meter add up to the meter (the royal pool); the paid chips and the
    remainder add up too; the meter never goes negative."""
    rules = ProgressiveRules(royal_share=share, reset=reset)
    meter = Meter(amount=amount, seeded=amount)
    awards, after = progressive_awards(rules, meter, hands)
    assert after.amount >= 0
    royals = [a for a in awards if a.hand is PayHand.ROYAL_FLUSH]
    if royals:
        first = min(a.seat for a in royals)
        flushes_before = [a for a in awards if a.hand is PayHand.STRAIGHT_FLUSH and a.seat < first]
        pool = (amount - sum(a.paid for a in flushes_before)) * share
        assert sum(a.share for a in royals) == pool
        assert len({a.share for a in royals}) == 1
        assert all(a.paid == int(a.share) for a in royals)
    paid = sum(a.paid for a in awards if a.from_meter)
    reset_added = reset if royals and share == 1 else 0
    assert after.amount == amount - paid + reset_added
    assert [a.seat for a in awards] == sorted(a.seat for a in awards)


# -- the estimate's arithmetic agrees with the engine -----------------------------------------


@settings(max_examples=200)
@given(st.integers(min_value=0, max_value=2**32), RULES)
def test_estimator_round_result_matches_the_engine(seed: int, rules: CaribbeanRules) -> None:
    table = play_round([Wager(player="Ann", ante=1)], rules=rules, seed=seed)
    player = evaluate_high(table.hands[0].cards).strength
    dealer = evaluate_high(table.dealer).strength
    assert _result(rules, player, dealer) == table.settlements[0].net


def test_estimate_rejects_tiny_samples() -> None:
    with pytest.raises(InvalidDefinitionError):
        estimate_house_edge(1, seed=0)


@pytest.mark.parametrize("batch", [False, True] if numpy_available() else [False])
@pytest.mark.parametrize(
    ("rounds", "seed", "message"),
    [
        ("1000", 0, "at least 2 rounds, not '1000'"),
        (10.5, 0, "at least 2 rounds, not 10.5"),
        (1000, -1, "seed must be an integer >= 0, not -1"),
        (1000, "a", "seed must be an integer >= 0, not 'a'"),
    ],
)
def test_estimate_refuses_bad_rounds_and_seeds_whatever_the_evaluator(
    rounds: Any, seed: Any, message: str, batch: bool
) -> None:
    """The numpy and the scalar paths refuse the same inputs with the library's error (numpy
    would raise its own ValueError or TypeError; Python's Random accepts a negative seed)."""
    with pytest.raises(InvalidDefinitionError, match=message):
        estimate_house_edge(rounds, seed=seed, batch=batch)


@pytest.mark.skipif(not numpy_available(), reason="numpy is not installed")
def test_batch_estimate_is_reproducible_and_describes_itself() -> None:
    first = estimate_house_edge(50_000, seed=3, batch=True)
    assert first == estimate_house_edge(50_000, seed=3)
    assert "Wizard of Odds" in first.describe()
    assert first.batch


# -- the example script ------------------------------------------------------------------------


def test_house_edge_example_runs_and_reports_the_published_figure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent.parent / "examples" / "caribbean_house_edge.py"
    spec = importlib.util.spec_from_file_location("caribbean_house_edge", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--rounds", "40000", "--seed", "5", "--scalar"]) == 0
    out = capsys.readouterr().out
    assert "scalar evaluator" in out
    assert "published 5.316% is inside the interval" in out


def test_settle_hand_refuses_bad_antes_decisions_and_hands() -> None:
    player = evaluate_high(parse_cards("As Ad Kc Qh 2s"))
    dealer = evaluate_high(parse_cards("Ac Kd 4h 3s 2c"))
    for ante, decision in ((-10, Decision.RAISE), (2.5, Decision.RAISE), (10, "raise")):
        with pytest.raises(InvalidDefinitionError):
            settle_hand(US_RULES, ante=ante, decision=decision, player=player, dealer=dealer)  # type: ignore[arg-type]


def test_round_refuses_strings_for_decisions_cards_and_flags() -> None:
    ready = CaribbeanRound.open().wager("Ann", 10).no_more_bets().deal(seed=1)
    with pytest.raises(IllegalActionError):
        ready.decide(0, "raise")  # type: ignore[arg-type]
    with pytest.raises(OutOfTurnError):
        ready.decide("0", Decision.RAISE)  # type: ignore[arg-type]
    dealing = CaribbeanRound.open().wager("Ann", 10).no_more_bets()
    with pytest.raises(InvalidDefinitionError):
        dealing.deal_cards([["As", "Kd", "Qh", "Jc", "9s"]], ["2c", "3c", "4c", "5c", "7d"])  # type: ignore[list-item]
    joker = parse_cards("Jk 2c 3c 4c 5c", allow_joker=True)
    with pytest.raises(InvalidDefinitionError):
        dealing.deal_cards([parse_cards("As Kd Qh Jc 9s")], joker)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError):
        CaribbeanRound.open().wager("Ann", 10, progressive="no")  # type: ignore[arg-type]


def test_progressive_awards_refuse_unknown_hands_and_a_seat_listed_twice() -> None:
    rules = US_RULES.progressive
    with pytest.raises(InvalidDefinitionError):
        progressive_awards(rules, Meter.start(100), [(0, "royal")])  # type: ignore[list-item]
    with pytest.raises(InvalidDefinitionError):
        progressive_awards(
            rules, Meter.start(100), [(0, PayHand.ROYAL_FLUSH), (0, PayHand.ROYAL_FLUSH)]
        )


# -- bad input is refused with the library's error ---------------------------------------------

#: The API without its types, for calls that are wrong on purpose.
api: Any = caribbean


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: api.Meter(amount=101, seeded=100, paid=-1), "paid must be a whole number"),
        (lambda: api.Meter(amount=Fraction(201, 2), seeded=102, paid=1.5), "paid must be a whole"),
        (lambda: api.Meter(amount=99, seeded=100, paid=True), "paid must be a whole number"),
        (lambda: api.Meter(amount=None, seeded=1), "meter's amount must be a number of chips"),
        (lambda: api.Meter(amount=1, seeded="1"), "meter's seeded must be a number of chips"),
        (lambda: api.Meter(amount=5, seeded=10, contributed=-5), "contributed cannot be negative"),
        (lambda: api.Meter.start(float("inf")), "starting amount must be a number of chips"),
        (lambda: api.Meter.start(float("nan")), "starting amount must be a number of chips"),
        (lambda: api.Meter.start(1.5), "starting amount must be a number of chips"),
        (lambda: api.Meter.start(True), "starting amount must be a number of chips"),
        (lambda: api.Meter.start(Decimal("Infinity")), "must be a finite number of chips"),
        (lambda: api.Meter.start(-(10**5000)), "starting amount cannot be negative"),
        (lambda: api.Meter.start(100).pay(1.5), "chips must be an int, not 1.5"),
        (lambda: api.Meter.start(100).pay(True), "chips must be an int, not True"),
        (lambda: api.Meter.start(100).pay(10**5000), "cannot pay <an integer of about"),
        (lambda: api.Meter.start(100).seed(-1), "cannot be negative"),
        (lambda: api.Meter.start(100).seed(None), "must be a number of chips"),
        (lambda: api.Meter.start(100).contribute(3, -1), "contribution cannot be negative"),
        (
            lambda: api.Meter.start(100).contribute(3, 0.7),
            "contribution must be a number of chips",
        ),
        (lambda: api.Meter.start(100).contribute(-1, 1), "bets must be a whole number"),
        (lambda: api.Meter.start(100).contribute(True, 1), "bets must be a whole number"),
        (lambda: api.Meter(amount=10**5000, seeded=0), "ledger does not balance"),
        (lambda: api.Meter.start(Decimal("1e-99999999")), "too large a decimal exponent"),
        (lambda: api.Meter(amount=Decimal("1e99999999"), seeded=1), "too large a decimal"),
        (lambda: api.ProgressiveRules(contribution="1e-99999999"), "too large an exponent"),
        (lambda: api.ProgressiveRules(royal_share="0." + "1" * 5000), "too many digits"),
        (lambda: api.ProgressiveRules(royal_share=10**5000), "not <an integer of about 5001"),
    ],
)
def test_meter_refuses_bad_amounts(make: Any, message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        make()


def test_meter_still_takes_exact_amounts() -> None:
    assert Meter.start(Fraction(7, 2)).amount == Fraction(7, 2)
    assert Meter.start(Decimal("2.5")).amount == Fraction(5, 2)  # type: ignore[arg-type]
    assert Meter.start(100).seed(Fraction(1, 2)).contribute(2, Fraction(1)).pay(3).amount == (
        Fraction(199, 2)
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((api.US_RULES.progressive, api.Meter.start(100), "junk"), "hands must be an iterable"),
        ((api.US_RULES.progressive, api.Meter.start(100), None), "hands must be an iterable"),
        ((api.US_RULES.progressive, api.Meter.start(100), [5]), r"\(seat, PayHand\), not 5"),
        (
            (api.US_RULES.progressive, api.Meter.start(100), [(0,)]),
            r"\(seat, PayHand\), not \(0,\)",
        ),
        (
            (api.US_RULES.progressive, api.Meter.start(100), [(True, PayHand.FLUSH)]),
            "seat, PayHand",
        ),
        ((api.US_RULES.progressive, api.Meter.start(100), [(-1, PayHand.FLUSH)]), "start at 0"),
        ((None, api.Meter.start(100), []), "rules must be a ProgressiveRules"),
        ((api.US_RULES.progressive, 100, []), "meter must be a Meter"),
    ],
)
def test_progressive_awards_refuse_malformed_input(args: Any, message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        api.progressive_awards(*args)


def test_progressive_awards_still_take_lists_as_pairs() -> None:
    awards, _ = api.progressive_awards(
        api.US_RULES.progressive, api.Meter.start(100), [[2, PayHand.FLUSH]]
    )
    assert [(a.seat, a.paid) for a in awards] == [(2, 50)]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: api.US_PAYTABLE.odds(-1), "hand must be a PayHand, not -1"),
        (lambda: api.US_PAYTABLE.odds(3), "hand must be a PayHand, not 3"),
        (lambda: api.US_PAYTABLE.odds("x"), "hand must be a PayHand"),
        (lambda: api.US_RULES.raise_win(20, -1), "hand must be a PayHand, not -1"),
        (lambda: api.US_RULES.raise_win(-1, PayHand.FLUSH), "raise_amount must be a whole number"),
        (
            lambda: api.US_RULES.raise_win(1.5, PayHand.FLUSH),
            "raise_amount must be a whole number",
        ),
        (
            lambda: api.US_RULES.raise_win(True, PayHand.FLUSH),
            "raise_amount must be a whole number",
        ),
        (lambda: api.US_RULES.raise_amount(-5), "ante must be a positive whole number"),
        (lambda: api.US_RULES.raise_amount(0), "ante must be a positive whole number"),
        (lambda: api.US_RULES.raise_amount("x"), "ante must be a positive whole number"),
        (lambda: api.US_RULES.raise_amount(2.0), "ante must be a positive whole number"),
        (lambda: api.Paytable(None), "a paytable must be a mapping"),
        (lambda: api.Paytable({**dict(api.US_PAYTABLE.items()), "x": 1}), "keyed by PayHand"),
        (lambda: api.Paytable(dict(api.US_PAYTABLE.items()), name=5), "name must be a str"),
        (lambda: api.ProgressiveRules(fixed=None), "fixed must be a mapping"),
        (lambda: api.ProgressiveRules(fixed=[1]), r"fixed must be \(PayHand, amount\) pairs"),
        (
            lambda: api.ProgressiveRules(contribution=Decimal("Infinity")),
            "not a share of the meter",
        ),
        (lambda: api.pay_hand(None), "value must be a HandValue"),
        (lambda: api.dealer_qualifies("AK"), "must be a HandValue"),
        (lambda: api.estimate_house_edge(10**400, seed=1), "at most 1,000,000,000 rounds"),
        (lambda: api.estimate_house_edge(10, seed=1, rules=None), "rules must be CaribbeanRules"),
        (lambda: api.estimate_house_edge(10, seed=1, batch="x"), "batch must be True, False"),
    ],
)
def test_rules_refuse_bad_arguments(call: Any, message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        call()


def test_raise_win_and_odds_still_pay_valid_hands() -> None:
    assert US_RULES.raise_win(0, PayHand.FLUSH) == (0, False)
    assert US_RULES.raise_amount(5) == 10
    assert attrs.evolve(US_PAYTABLE, name="copy").table == US_PAYTABLE.table


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: api.CaribbeanRound.open(None), InvalidDefinitionError, "rules must be Caribbean"),
        (
            lambda: api.CaribbeanRound.open(meter=5),
            InvalidDefinitionError,
            "meter must be a Meter",
        ),
        (
            lambda: api.CaribbeanRound.open().wager(10**5000, 10),
            InvalidDefinitionError,
            "a player needs a name, not <an integer",
        ),
        (
            lambda: api.CaribbeanRound.open().wager("Ann", -(10**5000)),
            BetSizeError,
            "cannot ante -<an integer of about",
        ),
        (
            lambda: _dealt().decide(10**5000, Decision.RAISE),
            OutOfTurnError,
            "no seat <an integer of about",
        ),
        (lambda: _dealt().legal_decisions(True), InvalidDefinitionError, "seat must be a seat"),
        (
            lambda: api.CaribbeanRound.open().wager("Ann", 10).no_more_bets().deal(deck=5),
            InvalidDefinitionError,
            "deck must be a Deck",
        ),
        (
            lambda: api.CaribbeanRound.open().wager("Ann", 10).no_more_bets().deal_cards(None, ()),
            InvalidDefinitionError,
            "hands must be a list of Card values",
        ),
        (lambda: api.play_round(None), InvalidDefinitionError, "wagers must be a list"),
        (lambda: api.play_round([5]), InvalidDefinitionError, "wagers must be Wager values"),
        (
            lambda: api.play_round([api.Wager(player="A", ante=1)], seed=1, strategy=5),
            InvalidDefinitionError,
            "strategy must be a function",
        ),
        (
            lambda: api.settle_hand(None, ante=1, decision=Decision.FOLD, player=1, dealer=1),
            InvalidDefinitionError,
            "rules must be CaribbeanRules",
        ),
    ],
)
def test_round_refuses_bad_arguments_precisely(
    call: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        call()
