"""The betting round's fast paths against its checked path.

:meth:`BettingRound.apply` takes the common actions (fold, check, call, bet, raise) without
building the legal actions; :meth:`BettingRound.trusted_check_or_call` is the hand engine's
shortcut for a check or a call. On random rounds -- every structure and rule option, with
blinds, a bring-in, a pot, seats without the option -- each must give exactly the round the
checked path gives (every action checked against the legal actions), and refuse exactly what
it refuses, with the same error and message, leaving the round unchanged.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.actions import Bet, BettingAction, Call, Check, Fold, Raise
from pokerrules.betting import BettingRound, BettingRules, FixedLimit, NoLimit, Structure
from pokerrules.betting._legality import checked_apply
from pokerrules.errors import IllegalActionError, InvalidDefinitionError
from tests.test_betting import (
    legal_choices,
    picks_st,
    random_illegal,
    rounds,
    rules_st,
    structures,
)


def _outcome(call: Callable[..., BettingRound], *args: object) -> tuple[str, object]:
    """What ``call(*args)`` gives: ``("round", the round)`` or ``("error", (its class, its
    message, its seat, what it says is legal))``."""
    try:
        return "round", call(*args)
    except IllegalActionError as err:
        return "error", (type(err), str(err), err.seat, err.legal)
    except InvalidDefinitionError as err:
        return "error", (type(err), str(err), None, None)


def _fast(r: BettingRound, action: BettingAction, seat: int | None) -> BettingRound:
    """``r.apply(action, seat=seat)``."""
    return r.apply(action, seat=seat)


def _checked(r: BettingRound, action: BettingAction, seat: int | None) -> BettingRound:
    """``r.apply(action, seat=seat)`` the long way."""
    return checked_apply(r, r._s[3], seat, action)


def _tried(r: BettingRound, pick: int) -> list[tuple[BettingAction, int | None]]:
    """Actions to try on ``r``: every legal kind (with amounts from each range), illegal ones
    (every kind, random amounts, amounts just outside the ranges), by the seat to act, by no
    seat named, and by a seat out of turn."""
    legal = r.legal_actions()
    actions: list[BettingAction] = [Fold(), Check(), Call(), Bet(1 + pick % 50)]
    actions.append(Raise(to=1 + pick % 80))
    # the sizes a limit or no-limit raise would have, legal or not
    wager = r.wager
    for size in {wager.base + wager.increment, wager.level + wager.raise_size}:
        actions += [Bet(size), Raise(to=size)]
    if legal is not None:
        actions += legal_choices(legal, pick)
        actions.append(random_illegal(legal, pick))
        for rng, make in ((legal.bet, Bet), (legal.raise_to, lambda to: Raise(to=to))):
            if rng is not None:
                actions += [make(rng.high + 1), make(rng.low + 1)]
                if rng.low > 1:
                    actions.append(make(rng.low - 1))
    seat = r.seat_to_act
    other = next((s for s in r.seats if s != seat), None)
    tried: list[tuple[BettingAction, int | None]] = [(a, None) for a in actions]
    tried += [(a, seat) for a in actions[:5]]
    if other is not None:
        tried += [(a, other) for a in actions[:5]]
    return tried


def _no_option_rounds(draw: st.DrawFn) -> BettingRound:
    """Fixed-limit rounds with blinds, some of them without the option, and short stacks."""
    n = draw(st.integers(2, 9))
    seats = list(range(n))
    bet = draw(st.sampled_from([2, 4, 10]))
    stacks = {s: draw(st.integers(1, 6 * bet)) for s in seats}
    posted = {seats[-2]: min(stacks[seats[-2]], bet // 2), seats[-1]: min(stacks[seats[-1]], bet)}
    for s, chips in posted.items():
        stacks[s] -= chips
    no_option = draw(st.sets(st.sampled_from(seats[-2:])))
    return BettingRound.start(
        order=seats,
        stacks=stacks,
        posted=posted,
        structure=FixedLimit(bet),
        rules=draw(rules_st),
        level=bet,
        no_option=no_option,
    )


any_rounds = st.one_of(rounds(), rounds(deep_stacks=True), st.composite(_no_option_rounds)())


@settings(max_examples=600, deadline=None)
@given(any_rounds, picks_st)
def test_apply_gives_what_the_checked_path_gives(r: BettingRound, picks: list[int]) -> None:
    """At every step of random play, ``apply`` and the checked path give equal rounds for
    every action tried, or refuse it with the same error and message; either way the round
    they were given is unchanged."""
    for pick in picks[:25]:
        snapshot = copy.deepcopy(r)
        for action, seat in _tried(r, pick):
            fast = _outcome(_fast, r, action, seat)
            slow = _outcome(_checked, r, action, seat)
            assert fast == slow, (action, seat, r)
            if fast[0] == "round":
                after, expected = fast[1], slow[1]
                assert isinstance(after, BettingRound) and isinstance(expected, BettingRound)
                # the same state, part for part, and what the public queries say of it
                assert after._s == expected._s
                assert after.legal_actions() == expected.legal_actions()
                assert after.stacks == expected.stacks and after.is_closed == expected.is_closed
            assert r == snapshot
        if r.legal_actions() is None:
            break
        r = r.apply(picked(r, pick))


@settings(max_examples=400, deadline=None)
@given(any_rounds, picks_st)
def test_trusted_check_or_call_gives_what_the_checked_path_gives(
    r: BettingRound, picks: list[int]
) -> None:
    """``trusted_check_or_call`` gives the round the checked path gives for a check or a call,
    with the seat and its chips behind, and declines exactly when that action is refused."""
    for pick in picks[:25]:
        i = r._s[3]
        for kind in (None, Check, Call):
            step = r.trusted_check_or_call(kind)
            expected: list[tuple[str, object]] = [
                _outcome(checked_apply, r, i, None, a)
                for a in ((Check(), Call()) if kind is None else (kind(),))
            ]
            done = [o[1] for o in expected if o[0] == "round"]
            if step is None:
                assert not done
                continue
            after, seat, left, closed = step
            assert len(done) == 1 and after == done[0]
            assert closed == after.is_closed
            assert seat == r.seat_to_act
            called = r.to_call > 0
            assert left == (after.stack(seat) if called else -1)
        if r.legal_actions() is None:
            break
        r = r.apply(picked(r, pick))


@settings(max_examples=100, deadline=None)
@given(any_rounds, picks_st)
def test_rounds_stay_values_through_fast_play(r: BettingRound, picks: list[int]) -> None:
    """Rounds the fast path built compare, hash, copy and pickle as values, and an earlier
    round still plays on (branching) after a later one was built from it."""
    seen = [r]
    for pick in picks[:20]:
        if r.legal_actions() is None:
            break
        r = r.apply(picked(r, pick))
        seen.append(r)
    for earlier in seen:
        assert pickle.loads(pickle.dumps(earlier)) == earlier
        assert hash(copy.copy(earlier)) == hash(earlier)
    first = seen[0]
    legal = first.legal_actions()
    if legal is not None:
        action = legal_choices(legal, 0)[0]
        assert first.apply(action) == first.apply(action)
        if len(seen) > 1:
            assert seen[1] == first.apply(picked(first, picks[0]))


def picked(r: BettingRound, pick: int) -> BettingAction:
    """The action ``pick`` chooses among ``r``'s legal actions."""
    legal = r.legal_actions()
    assert legal is not None
    choices = legal_choices(legal, pick)
    return choices[pick % len(choices)]


def test_a_round_is_built_with_start_not_the_class() -> None:
    """``BettingRound(...)`` is refused with a clear error naming ``start``; rounds made by
    ``start`` and by actions still copy and pickle (neither runs the refusing initializer)."""
    with pytest.raises(InvalidDefinitionError, match=r"BettingRound\.start"):
        BettingRound()
    with pytest.raises(InvalidDefinitionError, match=r"BettingRound\.start"):
        BettingRound(order=[1, 2])
    r = BettingRound.start(
        order=[1, 2], stacks={1: 10, 2: 10}, posted={1: 1, 2: 2}, structure=NoLimit(2)
    )
    after = r.apply(Call())
    assert copy.copy(r) == r
    assert pickle.loads(pickle.dumps(after)) == after


@settings(max_examples=300, deadline=None)
@given(
    structure=structures,
    rules=rules_st,
    stacks=st.lists(st.integers(0, 400), min_size=2, max_size=9),
    pot=st.integers(0, 300),
    picks=picks_st,
)
def test_a_later_streets_round_matches_the_checked_start(
    structure: Structure, rules: BettingRules, stacks: list[int], pot: int, picks: list[int]
) -> None:
    """The hand engine starts each street after the first with ``trusted_start`` and nothing
    posted: the same round, played the same way, as ``start`` with the same players, stacks
    and pot (the setup's facts, kept for each structure and rules, included)."""
    seats = tuple(range(1, len(stacks) + 1))
    trusted = BettingRound.trusted_start(structure, rules, seats, tuple(stacks), pot=pot)
    checked = BettingRound.start(
        order=seats,
        stacks=dict(zip(seats, stacks, strict=True)),
        structure=structure,
        rules=rules,
        pot=pot,
    )
    # an equal structure and rules that are other objects give the same round
    twin = BettingRound.trusted_start(
        attrs.evolve(structure),
        attrs.evolve(rules),
        seats,
        tuple(stacks),
        pot=pot,
    )
    assert trusted == checked == twin
    for pick in picks[:30]:
        if checked.legal_actions() is None:
            break
        action = picked(checked, pick)
        trusted, checked = trusted.apply(action), checked.apply(action)
        assert trusted == checked
