"""The betting round: structures, legal actions, errors, and properties under random play."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.actions import (
    Bet,
    BettingAction,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    LegalActions,
    Raise,
    Range,
)
from pokerrules.betting import (
    BettingRound,
    BettingRules,
    FixedLimit,
    HeadsUpRaising,
    IncompleteAllIn,
    NoLimit,
    PotLimit,
    SpreadLimit,
    Structure,
    interpret_single_chip,
    minimum_bet,
)
from pokerrules.errors import (
    ActionNotAvailableError,
    BetSizeError,
    CapReachedError,
    GameOverError,
    IllegalActionError,
    InvalidDefinitionError,
    OutOfTurnError,
)


def deep(order: list[int], structure: Structure, **kwargs: object) -> BettingRound:
    """A round where nobody can go all-in."""
    return BettingRound.start(
        order=order,
        stacks=dict.fromkeys(order, 100_000),
        structure=structure,
        **kwargs,  # type: ignore[arg-type]
    )


# ------------------------------------------------------------------------------------------
# unit tests


def test_fixed_limit_preflop_with_blinds_then_option() -> None:
    r = deep([3, 1, 2], FixedLimit(20), posted={1: 10, 2: 20})
    assert r.seat_to_act == 3
    assert r.legal_actions() == LegalActions(seat=3, fold=True, call=20, raise_to=Range(40, 40))
    r = r.apply(Call()).apply(Call())
    legal = r.legal_actions()
    assert legal is not None and legal.seat == 2
    assert legal.check and legal.raise_to == Range(40, 40) and legal.call is None
    r = r.apply(Check())
    assert r.is_closed and r.legal_actions() is None
    assert r.contributions == {3: 20, 1: 20, 2: 20}


def test_raise_after_option_reopens_for_everyone() -> None:
    r = deep([3, 1, 2], FixedLimit(20), posted={1: 10, 2: 20})
    r = r.apply(Call()).apply(Call()).apply(Raise(to=40))
    assert r.seat_to_act == 3
    r = r.apply(Call()).apply(Call())
    assert r.is_closed and set(r.contributions.values()) == {40}


def test_everyone_folds_to_the_big_blind_closes_the_round() -> None:
    r = deep([3, 1, 2], FixedLimit(20), posted={1: 10, 2: 20})
    r = r.apply(Fold()).apply(Fold())
    assert r.is_closed and r.in_hand == (2,) and r.folded == {1, 3}


def test_no_limit_minimum_raise_is_the_largest_raise() -> None:
    r = deep([1, 2, 3], NoLimit(10))
    r = r.apply(Bet(30))
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to is not None
    assert legal.raise_to.low == 60
    r = r.apply(Raise(to=100))  # a raise of 70
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to is not None
    assert legal.raise_to.low == 170


def test_pot_limit_maximum_is_the_pot_after_calling() -> None:
    # RRoP: pot of $100, a $50 bet; the next player may call 50 and raise 200: to 250
    r = BettingRound.start(
        order=[1, 2], stacks={1: 1000, 2: 1000}, structure=PotLimit(10), pot=100
    )
    legal = r.legal_actions()
    assert legal is not None and legal.bet == Range(10, 100)
    r = r.apply(Bet(50))
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to == Range(100, 250)


def test_pot_limit_preflop_raise_with_blinds() -> None:
    r = deep([3, 1, 2], PotLimit(2), posted={1: 1, 2: 2})
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to == Range(4, 7)


def test_spread_limit_raise_at_least_previous_raise() -> None:
    r = deep([1, 2, 3], SpreadLimit(minimum=2, maximum=10))
    legal = r.legal_actions()
    assert legal is not None and legal.bet == Range(2, 10)
    r = r.apply(Bet(6))
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to == Range(12, 16)


def test_fixed_limit_open_pair_allows_either_bet() -> None:
    r = deep([1, 2, 3], FixedLimit(10, double_bet=20))
    legal = r.legal_actions()
    assert legal is not None and legal.bet == Range(10, 20, step=10)
    assert Bet(15) not in legal
    r = r.apply(Bet(10))
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to == Range(20, 30, step=10)
    r = r.apply(Raise(to=30))  # the big raise: from now on only big increments
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to == Range(50, 50)


def test_short_stack_may_raise_all_in_only() -> None:
    r = BettingRound.start(order=[1, 2], stacks={1: 1000, 2: 35}, posted={}, structure=NoLimit(10))
    r = r.apply(Bet(20))
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to == Range(35, 35) and legal.call == 20


def test_short_stack_calls_all_in_for_less() -> None:
    r = BettingRound.start(order=[1, 2], stacks={1: 1000, 2: 15}, structure=NoLimit(10))
    r = r.apply(Bet(50))
    legal = r.legal_actions()
    assert legal is not None and legal.call == 15 and legal.raise_to is None
    r = r.apply(Call())
    assert r.is_closed and r.all_in == {2}
    assert r.contributions == {1: 50, 2: 15}


def test_no_raise_offered_when_everyone_else_is_all_in() -> None:
    r = BettingRound.start(order=[1, 2, 3], stacks={1: 30, 2: 1000, 3: 40}, structure=NoLimit(10))
    r = r.apply(Bet(30)).apply(Call()).apply(Raise(to=40))
    legal = r.legal_actions()
    assert legal is not None and legal.seat == 2
    assert legal.call == 10 and legal.raise_to is None


def test_stud_bring_in_then_complete_then_raise() -> None:
    r = deep([5, 6, 1], FixedLimit(20), bring_in=5)
    legal = r.legal_actions()
    assert legal == LegalActions(seat=5, bring_in=5, complete=20)
    assert Fold() not in legal and Call() not in legal
    r = r.apply(BringIn())
    legal = r.legal_actions()
    assert legal == LegalActions(seat=6, fold=True, call=5, complete=20)
    r = r.apply(Complete())
    assert r.bets == 1
    r = r.apply(Call())
    legal = r.legal_actions()  # the bring-in may now call or raise
    assert legal == LegalActions(seat=5, fold=True, call=15, raise_to=Range(40, 40))


def test_bring_in_may_complete_at_once() -> None:
    r = deep([5, 6], FixedLimit(20), bring_in=5).apply(Complete())
    assert r.current_bet == 20 and r.bets == 1


def test_a_short_bring_in_sets_the_full_bring_in_unless_told_as_posted() -> None:
    """By default a bring-in all-in for less is called in full (RRoP); with
    ``full_bring_in=False`` for what was brought in; a bring-in posted in full is the same."""
    stacks = {5: 3, 6: 100, 1: 100}
    full = BettingRound.start(order=[5, 6, 1], stacks=stacks, structure=FixedLimit(20), bring_in=5)
    assert full.apply(BringIn()).legal_actions() == LegalActions(
        seat=6, fold=True, call=5, complete=20
    )
    short = BettingRound.start(
        order=[5, 6, 1], stacks=stacks, structure=FixedLimit(20), bring_in=5, full_bring_in=False
    )
    r = short.apply(BringIn())
    assert r.current_bet == 3 and r.all_in == {5}
    assert r.legal_actions() == LegalActions(seat=6, fold=True, call=3, complete=20)
    r = r.apply(Call()).apply(Call())
    assert r.is_closed and r.total_pot == 9
    whole = deep([5, 6], FixedLimit(20), bring_in=5, full_bring_in=False).apply(BringIn())
    assert whole.legal_actions() == LegalActions(seat=6, fold=True, call=5, complete=20)
    with pytest.raises(InvalidDefinitionError, match="full_bring_in must be True or False"):
        deep([5, 6], FixedLimit(20), bring_in=5, full_bring_in="no")


def test_a_player_without_chips_cannot_be_made_to_bring_in() -> None:
    with pytest.raises(InvalidDefinitionError, match="seat 5 has no chips left"):
        BettingRound.start(
            order=[5, 6], stacks={5: 0, 6: 100}, structure=FixedLimit(20), bring_in=5
        )


def test_check_raise_can_be_disabled() -> None:
    rules = BettingRules(check_raise=False)
    r = deep([1, 2], FixedLimit(20), rules=rules).apply(Check()).apply(Bet(20))
    legal = r.legal_actions()
    assert legal == LegalActions(seat=1, fold=True, call=20)
    with pytest.raises(ActionNotAvailableError, match="check-raising"):
        r.apply(Raise(to=40))


def test_fold_without_bet_option() -> None:
    r = deep([1, 2], FixedLimit(20))
    with pytest.raises(ActionNotAvailableError, match="no bet to fold to"):
        r.apply(Fold())
    allowed = deep([1, 2], FixedLimit(20), rules=BettingRules(fold_without_bet=True))
    assert allowed.apply(Fold()).is_closed


def test_blind_without_option_closes_when_called() -> None:
    r = deep([3, 1, 2], FixedLimit(20), posted={1: 10, 2: 20}, no_option=[2])
    r = r.apply(Call()).apply(Call())
    assert r.is_closed


def test_errors_say_who_why_and_what_is_legal() -> None:
    r = deep([3, 1, 2], FixedLimit(20), posted={1: 10, 2: 20})
    with pytest.raises(OutOfTurnError, match=r"seat 1 cannot call: it is seat 3's turn") as err:
        r.apply(Call(), seat=1)
    assert err.value.seat == 1 and err.value.legal == "fold, call 20, raise to 40"
    with pytest.raises(ActionNotAvailableError, match=r"facing a bet of 20 more"):
        r.apply(Check())
    with pytest.raises(BetSizeError, match=r"a raise must be to 40 \(legal: fold, call 20"):
        r.apply(Raise(to=60))
    with pytest.raises(ActionNotAvailableError, match="raise instead"):
        r.apply(Bet(20))
    closed = r.apply(Fold()).apply(Fold())
    with pytest.raises(GameOverError, match="closed"):
        closed.apply(Check())


def test_bet_when_nothing_to_raise_says_bet_instead() -> None:
    r = deep([1, 2], NoLimit(10))
    with pytest.raises(ActionNotAvailableError, match="bet instead"):
        r.apply(Raise(to=20))
    with pytest.raises(ActionNotAvailableError, match="nothing to call"):
        r.apply(Call())
    with pytest.raises(BetSizeError, match="must be 10-100000"):
        r.apply(Bet(5))


def test_invalid_round_definitions() -> None:
    with pytest.raises(InvalidDefinitionError):
        BettingRound.start(order=[], stacks={}, structure=NoLimit(2))
    with pytest.raises(InvalidDefinitionError):
        BettingRound.start(order=[1, 1], stacks={1: 5}, structure=NoLimit(2))
    with pytest.raises(InvalidDefinitionError):
        BettingRound.start(order=[1, 2], stacks={1: 5}, structure=NoLimit(2))
    with pytest.raises(InvalidDefinitionError):
        BettingRound.start(order=[1, 2], stacks={1: 5, 2: -1}, structure=NoLimit(2))
    with pytest.raises(InvalidDefinitionError):
        BettingRound.start(order=[1, 2], stacks={1: 5, 2: 5}, posted={3: 1}, structure=NoLimit(2))
    with pytest.raises(InvalidDefinitionError):
        BettingRound.start(order=[1, 2], stacks={1: 5, 2: 5}, level=-1, structure=NoLimit(2))
    with pytest.raises(InvalidDefinitionError):
        BettingRound.start(
            order=[1, 2], stacks={1: 5, 2: 5}, bring_in=30, structure=FixedLimit(20)
        )
    with pytest.raises(InvalidDefinitionError):
        FixedLimit(0)
    with pytest.raises(InvalidDefinitionError):
        FixedLimit(10, double_bet=5)
    with pytest.raises(InvalidDefinitionError):
        SpreadLimit(minimum=10, maximum=5)
    with pytest.raises(InvalidDefinitionError):
        BettingRules(cap=0)


def test_next_round_carries_stacks_and_pot() -> None:
    r = deep([3, 1, 2], FixedLimit(20), posted={1: 10, 2: 20})
    r = r.apply(Fold()).apply(Call()).apply(Check())
    nxt = r.next_round(FixedLimit(20), order=[1, 2, 3])
    assert nxt.seats == (1, 2) and nxt.pot == 40 and nxt.seat_to_act == 1
    assert nxt.contributions == {1: 0, 2: 0}


def test_interpret_single_chip() -> None:
    r = deep([1, 2], NoLimit(5))
    assert interpret_single_chip(r, 25) == Bet(25)
    assert interpret_single_chip(r.apply(Bet(5)), 100) == Call()
    assert interpret_single_chip(deep([1, 2], FixedLimit(20)), 100) == Bet(20)


def test_one_chip_opening_without_blinds() -> None:
    r = deep([1, 2, 3], NoLimit(1), level=1, bets=0)
    legal = r.legal_actions()
    assert legal is not None and legal.call == 1 and not legal.check
    assert interpret_single_chip(r, 1) == Call()
    r = r.apply(Call())
    assert r.contributions[1] == 1


def test_repr_and_str() -> None:
    r = deep([1, 2], FixedLimit(20))
    assert "BettingRound(to_act=1" in repr(r)
    assert str(r.legal_actions()) == "seat 1: check, bet 20"
    assert str(Range(2, 10)) == "2-10" and str(Range(10, 20, step=10)) == "10 or 20"


# ------------------------------------------------------------------------------------------
# random play


def _amounts(rng: Range, pick: int) -> int:
    span = (rng.high - rng.low) // rng.step
    return rng.low + (pick % (span + 1)) * rng.step


def legal_choices(legal: LegalActions, pick: int) -> list[BettingAction]:
    """Every kind of legal action, with one amount picked from each range."""
    out: list[BettingAction] = []
    if legal.bring_in is not None:
        out.append(BringIn())
    if legal.fold:
        out.append(Fold())
    if legal.check:
        out.append(Check())
    if legal.call is not None:
        out.append(Call())
    if legal.complete is not None:
        out.append(Complete())
    if legal.bet is not None:
        out += [Bet(legal.bet.low), Bet(legal.bet.high), Bet(_amounts(legal.bet, pick))]
    if legal.raise_to is not None:
        r = legal.raise_to
        out += [Raise(to=r.low), Raise(to=r.high), Raise(to=_amounts(r, pick))]
    return out


def random_illegal(legal: LegalActions, pick: int) -> BettingAction:
    candidates: list[BettingAction] = [
        Fold(),
        Check(),
        Call(),
        Complete(),
        BringIn(),
        Bet(1 + pick % 500),
        Raise(to=1 + pick % 700),
    ]
    return candidates[pick % len(candidates)]


fixed_limits = st.one_of(
    st.builds(FixedLimit, st.sampled_from([2, 10, 20])),
    st.builds(FixedLimit, st.just(10), double_bet=st.just(20)),
)
limits = st.one_of(
    fixed_limits,
    st.builds(SpreadLimit, minimum=st.sampled_from([2, 5]), maximum=st.sampled_from([10, 40])),
)
structures = st.one_of(
    limits,
    st.builds(PotLimit, st.sampled_from([2, 10])),
    st.builds(NoLimit, st.sampled_from([2, 10])),
)
rules_st = st.builds(
    BettingRules,
    cap=st.sampled_from([4, 5, None, 2]),
    heads_up=st.sampled_from(list(HeadsUpRaising)),
    incomplete_all_in=st.sampled_from(list(IncompleteAllIn)),
    cumulative_all_ins=st.booleans(),
    fold_without_bet=st.booleans(),
    check_raise=st.booleans(),
)


@st.composite
def rounds(
    draw: st.DrawFn,
    *,
    deep_stacks: bool = False,
    structure_st: st.SearchStrategy[Structure] = structures,
    capped: bool = False,
) -> BettingRound:
    n = draw(st.integers(2, 9))
    seats = draw(st.permutations(range(1, 10)))[:n]
    structure = draw(structure_st)
    rules = draw(rules_st)
    if capped and rules.cap is None:
        rules = BettingRules(cap=4, heads_up=rules.heads_up)
    top = 100_000 if deep_stacks else 400
    stacks = {s: draw(st.integers(0 if not deep_stacks else top, top)) for s in seats}
    kind = draw(st.sampled_from(["blinds", "none", "bring-in", "pot"]))
    if kind == "blinds":
        sb, bb = seats[-2], seats[-1]
        posted = {sb: min(stacks[sb], 5), bb: min(stacks[bb], 10)}
        stacks[sb] -= posted[sb]
        stacks[bb] -= posted[bb]
        return BettingRound.start(
            order=seats, stacks=stacks, structure=structure, rules=rules, posted=posted, level=10
        )
    if kind == "bring-in":
        stacks[seats[0]] = max(stacks[seats[0]], 1)
        complete = max(FixedLimit(10).bet, 3) if not isinstance(structure, FixedLimit) else None
        return BettingRound.start(
            order=seats,
            stacks=stacks,
            structure=structure,
            rules=rules,
            bring_in=1,
            complete_to=complete,
        )
    pot = draw(st.integers(0, 300)) if kind == "pot" else 0
    return BettingRound.start(
        order=seats, stacks=stacks, structure=structure, rules=rules, pot=pot
    )


def total_chips(r: BettingRound) -> int:
    return sum(r.stacks.values()) + sum(r.contributions.values())


def play(
    r: BettingRound,
    picks: list[int],
    on_step: Callable[[BettingRound, BettingAction, BettingRound], None] | None = None,
) -> BettingRound:
    """Apply random legal actions until the round closes (or the picks run out)."""
    for pick in picks:
        legal = r.legal_actions()
        if legal is None:
            break
        choices = legal_choices(legal, pick)
        assert choices, f"no legal action for {legal}"
        action = choices[pick % len(choices)]
        nxt = r.apply(action)
        if on_step is not None:
            on_step(r, action, nxt)
        r = nxt
    return r


def _picks(seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(10_000) for _ in range(60)]


# a seed stands for the random choices (cheap to generate; shrinks to seed 0)
picks_st = st.integers(0, 2**32).map(_picks)


@settings(max_examples=1000)
@given(rounds(), picks_st)
def test_chips_are_conserved_across_legal_actions(r: BettingRound, picks: list[int]) -> None:
    chips = total_chips(r)

    def check(before: BettingRound, action: BettingAction, after: BettingRound) -> None:
        assert total_chips(after) == chips
        assert all(x >= 0 for x in after.stacks.values())
        for seat, put in after.contributions.items():
            assert put >= before.contributions[seat]

    end = play(r, picks, check)
    assert total_chips(end) == chips
    assert end.total_pot == end.pot + sum(end.contributions.values())


@settings(max_examples=1000)
@given(rounds(), picks_st)
def test_rounds_close_with_everyone_matched_or_all_in(r: BettingRound, picks: list[int]) -> None:
    end = play(r, picks * 3)
    assert end.is_closed
    in_hand = end.in_hand
    if len(in_hand) > 1:
        live = [s for s in in_hand if end.stacks[s] > 0]
        top = max(end.contributions[s] for s in in_hand)
        for seat in live:
            # a player with chips behind has matched the wager, unless nobody can respond
            assert end.contributions[seat] >= min(top, end.current_bet) or len(live) == 1


@settings(max_examples=1000)
@given(rounds(deep_stacks=True, structure_st=fixed_limits), picks_st)
def test_every_fixed_limit_bet_or_raise_is_exactly_one_increment(
    r: BettingRound, picks: list[int]
) -> None:
    structure = r.structure
    assert isinstance(structure, FixedLimit)
    sizes = {structure.bet} | ({structure.double_bet} if structure.double_bet else set())

    def check(before: BettingRound, action: BettingAction, after: BettingRound) -> None:
        if isinstance(action, Bet | Raise | Complete) and before.bets > 0:
            assert after.current_bet - before.current_bet in sizes
        elif isinstance(action, Bet | Raise | Complete):
            # the first full bet: opening, or completing a bring-in or a short blind
            assert after.current_bet in sizes

    play(r, picks, check)


@settings(max_examples=1000)
@given(rounds(deep_stacks=True, structure_st=limits, capped=True), picks_st)
def test_the_cap_holds_except_heads_up(r: BettingRound, picks: list[int]) -> None:
    cap = r.rules.cap
    assert cap is not None
    rule = r.rules.heads_up
    # the big blind counts as the first bet when it is a full bet
    state = {"bets": 1 if r.current_bet >= minimum_bet(r.structure) else 0, "hu_at": -1}
    began_heads_up = len(r.seats) <= 2
    if began_heads_up:
        state["hu_at"] = state["bets"]

    def check(before: BettingRound, action: BettingAction, after: BettingRound) -> None:
        if isinstance(action, Bet | Raise | Complete):
            state["bets"] += 1
            if state["bets"] > cap:
                at = state["hu_at"]
                assert rule is not HeadsUpRaising.NEVER
                assert at >= 0, "raised past the cap multiway"
                if rule is HeadsUpRaising.BEFORE_CAP:
                    assert at < cap
                elif rule is HeadsUpRaising.BEFORE_THIRD_BET:
                    assert at < 3
                else:
                    assert began_heads_up
        if state["hu_at"] < 0 and len(after.in_hand) <= 2:
            state["hu_at"] = state["bets"]

    play(r, picks, check)


@settings(max_examples=1000)
@given(rounds(), picks_st, picks_st)
def test_a_rejected_action_leaves_the_state_unchanged(
    r: BettingRound, picks: list[int], bad: list[int]
) -> None:
    for step, pick in enumerate(picks[:20]):
        legal = r.legal_actions()
        if legal is None:
            with pytest.raises(GameOverError):
                r.apply(Check())
            break
        snapshot = copy.deepcopy(r)
        action = random_illegal(legal, bad[step % len(bad)] + step)
        if r.is_legal(action):
            r.apply(action)  # a legal action never raises
        else:
            with pytest.raises(IllegalActionError) as err:
                r.apply(action)
            assert err.value.legal == legal.describe()
            assert r == snapshot and r.legal_actions() == legal
        choices = legal_choices(legal, pick)
        r = r.apply(choices[pick % len(choices)])


@settings(max_examples=300)
@given(rounds(), picks_st)
def test_cap_error_is_cap_reached(r: BettingRound, picks: list[int]) -> None:
    end = play(r, picks[:10])
    legal = end.legal_actions()
    if (
        legal is not None
        and end.is_capped
        and legal.call is not None
        and end.stacks[legal.seat] > legal.call
        and len(end.in_hand) - len(end.all_in) > 1
    ):
        with pytest.raises(CapReachedError):
            end.apply(Raise(to=end.current_bet + 100))


@pytest.mark.parametrize("make", [lambda: Bet(0), lambda: Raise(to=-1), lambda: Bet(True)])
def test_malformed_bet_sizes_are_definition_errors(make: Callable[[], object]) -> None:
    with pytest.raises(InvalidDefinitionError, match="positive whole number of chips"):
        make()


@pytest.mark.parametrize(
    "options",
    [
        {"level": 2.5},
        {"raise_size": 1.5},
        {"bets": 1.5},
        {"structure": "NL"},
        {"rules": "RRoP"},
    ],
)
def test_start_refuses_amounts_that_are_not_whole_and_unknown_structures(
    options: dict[str, object],
) -> None:
    arguments: dict[str, object] = {
        "order": [1, 2],
        "stacks": {1: 10, 2: 10},
        "structure": NoLimit(2),
        **options,
    }
    with pytest.raises(InvalidDefinitionError):
        BettingRound.start(**arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "options",
    [
        {"incomplete_all_in": "half-bet rule"},
        {"heads_up": "before the cap"},
        {"cap": 2.5},
        {"cap": "4"},
        {"check_raise": "yes"},
    ],
)
def test_betting_rules_refuse_values_that_are_not_options(options: dict[str, object]) -> None:
    """A string spelling an option would otherwise be taken as some other rule."""
    with pytest.raises(InvalidDefinitionError):
        BettingRules(**options)  # type: ignore[arg-type]


def test_fixed_limit_double_bet_must_be_whole_chips() -> None:
    for bad in (20.5, "x"):
        with pytest.raises(InvalidDefinitionError):
            FixedLimit(10, double_bet=bad)  # type: ignore[arg-type]


def test_checking_while_the_bring_in_is_due_says_so() -> None:
    r = BettingRound.start(
        order=[1, 2, 3], stacks=dict.fromkeys((1, 2, 3), 100), structure=FixedLimit(10), bring_in=3
    )
    with pytest.raises(ActionNotAvailableError, match="the bring-in is due"):
        r.apply(Check())


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"order": [None, 2], "stacks": {None: 100, 2: 100}}, "order must list seat numbers"),
        ({"order": [True, 2], "stacks": {True: 100, 2: 100}}, "not True"),
        ({"order": [1.0, 2], "stacks": {1.0: 100, 2: 100}}, "not 1.0"),
        ({"order": "12", "stacks": {1: 100, 2: 100}}, "order must list seat numbers"),
        ({"order": 12, "stacks": {1: 100, 2: 100}}, "order must list seat numbers"),
        ({"order": [1, 2], "stacks": {True: 100, 2: 100}}, "stacks: True is not a seat"),
        ({"order": [1, 2], "stacks": None}, "stacks must be a mapping of seat -> chips"),
        ({"order": [1, 2], "stacks": {1: "100", 2: 100}}, "seat 1 has '100'"),
        ({"order": [1, 2], "stacks": {1: 100, 2: 100}, "posted": {True: 2}}, "posted: True"),
        ({"order": [1, 2], "stacks": {1: 100, 2: 100}, "posted": [2]}, "posted must be a mapping"),
        ({"order": [1, 2], "stacks": {1: 100, 2: 100}, "pot": 2.5}, "pot must be whole chips"),
        ({"order": [1, 2], "stacks": {1: 100, 2: 100}, "no_option": 5}, "no_option must list"),
        ({"order": [1, 2], "stacks": {1: 100, 2: 100}, "no_option": [True]}, "no_option"),
        (
            {"order": [1, 2], "stacks": {1: 100, 2: 100}, "posted": {1: 10**5000}, "level": 1},
            "about 5001 digits",
        ),
    ],
)
def test_start_refuses_seats_that_are_not_seat_numbers(
    options: dict[str, object], message: str
) -> None:
    """A seat of None or True would otherwise play (as None, or as seat 1)."""
    with pytest.raises(InvalidDefinitionError, match=message):
        BettingRound.start(structure=NoLimit(2), **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [True, False, "1", 1.0])
def test_apply_refuses_a_seat_that_is_not_a_seat_number(seat: object) -> None:
    r = deep([1, 2], NoLimit(2))
    with pytest.raises(InvalidDefinitionError, match="seat must be a seat number or None"):
        r.apply(Bet(2), seat=seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="seat must be a seat number or None"):
        r.apply(Check(), seat=seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("action", "kind", "message"),
    [
        (Bet(10**5000), BetSizeError, "cannot bet <an integer of about 5001 digits>"),
        (Raise(to=10**5000), ActionNotAvailableError, "cannot raise to <an integer of about"),
    ],
)
def test_an_illegal_huge_amount_is_named_by_its_size(
    action: BettingAction, kind: type[IllegalActionError], message: str
) -> None:
    """Building the message must not fail on an amount too long to print."""
    r = deep([1, 2], NoLimit(2))
    with pytest.raises(kind, match=message):
        r.apply(action)
    with pytest.raises(OutOfTurnError, match="seat 2 cannot"):
        r.apply(action, seat=2)
    closed = r.apply(Check()).apply(Check())
    with pytest.raises(GameOverError, match="about 5001 digits"):
        closed.apply(action)


def test_a_huge_raise_facing_a_bet_is_named_by_its_size() -> None:
    r = deep([1, 2], NoLimit(2)).apply(Bet(10))
    with pytest.raises(BetSizeError, match="raise to <an integer of about 5001 digits>"):
        r.apply(Raise(to=10**5000))


def test_errors_with_huge_stacks_still_say_what_is_legal() -> None:
    huge = 10**5000
    r = BettingRound.start(order=[1, 2], stacks={1: huge, 2: huge}, structure=NoLimit(2))
    with pytest.raises(ActionNotAvailableError, match="bet 2-<an integer of about 5001 digits>"):
        r.apply(Call())
    with pytest.raises(ActionNotAvailableError, match="is not a betting action"):
        r.apply("fold")  # type: ignore[arg-type]


@pytest.mark.parametrize("chip", [None, 10.5, -5, 0, True, "5"])
def test_interpret_single_chip_refuses_a_chip_that_is_not_a_positive_whole_number(
    chip: object,
) -> None:
    """A chip of 0 or -5 would otherwise be read as a minimum bet."""
    r = deep([1, 2], NoLimit(2))
    with pytest.raises(InvalidDefinitionError, match="chip must be a chip's value"):
        interpret_single_chip(r, chip)  # type: ignore[arg-type]


def test_interpret_single_chip_refuses_what_is_not_a_round() -> None:
    with pytest.raises(InvalidDefinitionError, match="round_ must be a BettingRound"):
        interpret_single_chip(None, 5)  # type: ignore[arg-type]


def test_interpret_single_chip_from_the_bring_in_is_the_bring_in() -> None:
    """A chip tossed by the stud player who must bring in is the bring-in, never a check
    (which is not legal then)."""
    r = BettingRound.start(
        order=[1, 2, 3], stacks=dict.fromkeys([1, 2, 3], 100), structure=FixedLimit(20), bring_in=5
    )
    for chip in (1, 5, 25):
        action = interpret_single_chip(r, chip)
        assert action == BringIn() and r.is_legal(action)


@settings(max_examples=500)
@given(rounds(), picks_st, st.integers(1, 1000))
def test_interpret_single_chip_is_always_legal(
    r: BettingRound, picks: list[int], chip: int
) -> None:
    def check(before: BettingRound, action: BettingAction, after: BettingRound) -> None:
        if before.legal_actions() is not None:
            assert before.is_legal(interpret_single_chip(before, chip))

    play(r, picks, check)


@settings(max_examples=1000)
@given(rounds(), picks_st)
def test_the_last_player_with_chips_acts_only_to_match_an_all_in(
    r: BettingRound, picks: list[int]
) -> None:
    """When everyone else still in is all-in, the one player with chips is asked to act only
    while it has less in than one of them: there is nothing else to decide."""

    def covered(state: BettingRound) -> bool:
        legal = state.legal_actions()
        if legal is None:
            return False
        live = [s for s in state.in_hand if state.stacks[s] > 0]
        mine = state.contributions[legal.seat]
        return live == [legal.seat] and all(
            state.contributions[s] <= mine for s in state.in_hand if s != legal.seat
        )

    assert not covered(r)

    def check(before: BettingRound, action: BettingAction, after: BettingRound) -> None:
        assert not covered(after)

    play(r, picks, check)


def test_sizing_helpers_refuse_bad_input() -> None:
    from pokerrules.betting.sizing import Wager, after_raise, raise_window

    limit = FixedLimit(20)
    w = Wager.opening(limit)
    with pytest.raises(InvalidDefinitionError, match="structure must be"):
        raise_window("NL", w, committed=0, stack=10, pot=0)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="wager must be a Wager"):
        raise_window(limit, None, committed=0, stack=10, pot=0)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="stack must be a whole number"):
        raise_window(limit, w, committed=0, stack=None, pot=0)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="to must be a whole number"):
        after_raise(limit, w, 20.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="half_bet must be True or False"):
        after_raise(limit, w, 20, half_bet=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="must be above the wager level"):
        after_raise(limit, w, 0)
    with pytest.raises(InvalidDefinitionError, match="level must be a whole number"):
        Wager.opening(limit, level=True)
    with pytest.raises(InvalidDefinitionError, match="raise_size"):
        Wager(raise_size=0, increment=20)
    with pytest.raises(InvalidDefinitionError, match="structure must be"):
        minimum_bet(None)  # type: ignore[arg-type]
