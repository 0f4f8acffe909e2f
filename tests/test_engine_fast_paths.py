"""The engine's fast paths agree with its checked paths.

The common action (``check_or_call``, ``apply(Check())``, ``apply(Call())``), a street dealt
from the deck in one step, and the dealer's showdown in one transition with its rankings kept
for the settlement are shortcuts: each must leave the hand exactly as the step-by-step path
would (Principle 8, "validate at the edge, trust inside": the shortcuts skip checks, never
rules).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.actions import Bet, Call, Check, Fold, Raise
from pokerrules.betting import BettingRound, FixedLimit, NoLimit
from pokerrules.cards import AnyCard
from pokerrules.catalogue import CATALOGUE, NO_LIMIT_HOLDEM
from pokerrules.engine import (
    Acted,
    Action,
    CarriedOver,
    Deal,
    DealStep,
    Hand,
    Muck,
    Phase,
    Raked,
    Returned,
    ShowdownPolicy,
    ShowHand,
    Won,
    dealer,
    flow,
)
from pokerrules.engine.begin import _shuffled
from pokerrules.engine.choices import (
    all_in_for_dead,
    beaten,
    best_shown,
    bets,
    contested_pots,
    dead_money,
    outshown,
    standing_pots,
)
from pokerrules.engine.events import Event
from pokerrules.engine.finish import finish, one_pot_settlement, settlement
from pokerrules.engine.hand import _face
from pokerrules.engine.settle import Settlement, dead_money_pots, settle
from pokerrules.engine.state import Entry, Log, State, event_of, events
from pokerrules.errors import IllegalActionError, PokerRulesError
from pokerrules.pots import side_pots
from pokerrules.showdown import Holding
from pokerrules.testing import random_action, simple_stakes
from pokerrules.variants import Variant, find_variant

VARIANTS = [v for v in CATALOGUE if v.max_players >= 2]


def _start(variant: Variant, players: int, seed: int, **options: object) -> Hand:
    return Hand.start(
        variant,
        stakes=simple_stakes(variant),
        stacks=[60] * players,
        button=0,
        seed=seed,
        **options,  # type: ignore[arg-type]
    )


def _checked_bet(hand: Hand, action: Action, seat: int) -> Hand:
    """``hand`` after the seat to act takes a betting ``action`` the checked way: every check
    of the betting round's transition made (no shortcut)."""
    return _face(flow.run_dealer(flow.bet(hand._state, seat, action)))


@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 10_000),
)
def test_check_or_call_matches_the_checked_path(variant: Variant, seed: int, moves: int) -> None:
    """At every betting decision of random play, ``check_or_call()`` and the fast
    ``apply(Check())``/``apply(Call())`` give the same hand as the checked path (the action
    applied with ``seat=``), and an action that does not fit is refused the same way with the
    hand left as it was."""
    players = random.Random(seed).randint(variant.min_players, min(variant.max_players, 6))
    hand = _start(variant, players, seed)
    rng = random.Random(moves)
    for _ in range(300):
        legal = hand.legal_actions()
        if legal is None:
            break
        if legal.kind == "bet" and (legal.check or legal.call is not None):
            passive = Check() if legal.check else Call()
            checked = _checked_bet(hand, passive, legal.seat)
            assert hand.check_or_call() == checked
            assert hand.apply(passive) == checked
            assert hand.apply(passive, seat=legal.seat) == checked
            wrong = Call() if legal.check else Check()
            before = hand.log
            with pytest.raises(IllegalActionError) as fast:
                hand.apply(wrong)
            with pytest.raises(IllegalActionError) as slow:
                _checked_bet(hand, wrong, legal.seat)
            with pytest.raises(IllegalActionError) as seated:
                hand.apply(wrong, seat=legal.seat)
            assert type(fast.value) is type(slow.value) is type(seated.value)
            assert str(fast.value) == str(slow.value) == str(seated.value)
            assert hand.log == before
        action = random_action(hand, rng)
        if action is None:
            break
        if legal.kind == "bet":
            # any betting action by the seat named: the same hand as the checked way
            assert hand.apply(action, seat=legal.seat) == _checked_bet(hand, action, legal.seat)
        hand = hand.apply(action)
    assert hand.is_complete


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000))
def test_a_street_dealt_in_one_step_matches_the_dealing_steps(variant: Variant, seed: int) -> None:
    """A street dealt from the deck in one transition (the burn, every player's cards and the
    board) gives the same cards, stub, muck and log as the dealing steps one by one."""
    players = random.Random(seed).randint(variant.min_players, min(variant.max_players, 6))
    fast = _start(variant, players, seed)
    with mock.patch.object(dealer, "_deal_street", return_value=None):
        slow = _start(variant, players, seed)
        rng_slow = random.Random(seed)
        slow_hands = [slow]
        while (action := random_action(slow, rng_slow)) is not None:
            slow = slow.apply(action)
            slow_hands.append(slow)
    rng_fast = random.Random(seed)
    assert fast == slow_hands[0]
    for expected in slow_hands[1:]:
        action = random_action(fast, rng_fast)
        assert action is not None
        fast = fast.apply(action)
        assert fast == expected
        assert fast.unseen_cards() == expected.unseen_cards()
    assert fast.is_complete


def _the_dealers_turns_taken(dealt: Hand, by_hand: Hand) -> Hand:
    """``by_hand``, at the showdown, after its players show and muck as the dealer did for
    them in ``dealt`` (finished); the hand must be over then."""
    for event in dealt.log:
        if isinstance(event, Acted) and isinstance(event.action, ShowHand | Muck):
            by_hand = by_hand.apply(event.action)
    assert by_hand.is_complete
    return by_hand


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 9))
def test_the_dealers_showdown_matches_the_players_showing_in_turn(seed: int, players: int) -> None:
    """Under ``MUCK_LOSERS`` the dealer turns up or mucks every hand in one transition and
    settles with the rankings it worked out: the same log and outcome as the players taking
    those show and muck actions one by one (the settlement ranking the hands again)."""
    variant = find_variant("no-limit hold'em")
    dealt = _start(variant, players, seed, showdown=ShowdownPolicy.MUCK_LOSERS)
    by_hand = _start(variant, players, seed)
    while not dealt.is_complete:
        dealt = dealt.check_or_call()
    while by_hand.phase is not Phase.SHOWDOWN and not by_hand.is_complete:
        by_hand = by_hand.check_or_call()
    by_hand = _the_dealers_turns_taken(dealt, by_hand)
    assert by_hand.log == dealt.log
    assert by_hand.outcome == dealt.outcome


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 9),
    folds=st.integers(0, 7),
)
def test_settle_with_the_showdowns_rankings_matches_settle_alone(
    seed: int, players: int, folds: int
) -> None:
    """``settle(..., rankings=...)`` with the rankings of the holdings on the board settles
    exactly as ``settle`` working them out itself."""
    rng = random.Random(seed)
    cards = list(find_variant("no-limit hold'em").deck.cards)
    rng.shuffle(cards)
    board = tuple(cards[:5])
    holdings = {
        s: Holding(down=tuple(cards[5 + 2 * s : 7 + 2 * s]), up=()) for s in range(players)
    }
    out = set(range(min(folds, players - 1)))
    chips = {s: rng.choice((5, 10, 20, 40)) for s in range(players)}
    showdown = find_variant("no-limit hold'em").showdown
    contenders = {s: h for s, h in holdings.items() if s not in out}
    rankings = showdown.trusted_rankings(contenders, board)
    alone = settle(showdown, contributions=chips, out=out, holdings=contenders, board=board)
    given_rankings = settle(
        showdown,
        contributions=chips,
        out=out,
        holdings=contenders,
        board=board,
        rankings=rankings,
    )
    assert given_rankings == alone


@settings(max_examples=60, deadline=None)
@given(
    actions=st.lists(st.sampled_from(["f", "c", "k", "x"]), max_size=20),
    limit=st.booleans(),
)
def test_betting_round_fast_check_or_call_matches_apply(actions: list[str], limit: bool) -> None:
    """``BettingRound.trusted_check_or_call`` gives the round ``apply(Check())`` or
    ``apply(Call())`` gives, with the seat that acted and its chips behind; it declines
    (``None``) exactly when the asked action is not the one to take."""
    structure = FixedLimit(2) if limit else NoLimit(2)
    r = BettingRound.start(
        order=[2, 3, 4, 0, 1],
        stacks={0: 99, 1: 98, 2: 7, 3: 100, 4: 100},
        posted={0: 1, 1: 2},
        structure=structure,
    )
    for letter in actions:
        if r.is_closed:
            assert r.trusted_check_or_call() is None
            break
        seat = r.seat_to_act
        to_call = r.to_call
        step = r.trusted_check_or_call()
        assert step is not None
        after, acted, left, closed = step
        expected = r.apply(Call() if to_call else Check())
        assert closed == expected.is_closed
        assert acted == seat
        assert after.stacks == expected.stacks
        assert after.contributions == expected.contributions
        assert after.seat_to_act == expected.seat_to_act
        assert left == (expected.stack(acted) if to_call else -1)
        assert (r.trusted_check_or_call(Check) is None) == bool(to_call)
        assert (r.trusted_check_or_call(Call) is None) == (not to_call)
        if letter == "f" and to_call:
            r = r.apply(Fold())
        elif letter == "x" and (legal := r.legal_actions()) is not None:
            if legal.raise_to is not None:
                r = r.apply(Raise(to=legal.raise_to.low))
            elif legal.bet is not None:
                r = r.apply(Bet(legal.bet.low))
            else:
                r = after
        else:
            r = after


def _pots_the_long_way(hand: Hand) -> list[frozenset[int]]:
    """The seats eligible for each pot, from the side pots and the dead money (no shortcut)."""
    state = hand._state
    index = state.game.index
    out = [s for s in state.game.seats if state.folded[index[s]] or state.mucked[index[s]]]
    dead = dead_money(state)
    live = bets(state)
    pots = dead_money_pots(
        side_pots(live, out),
        dead,
        contenders=[s for s in live if s not in out],
        all_in=all_in_for_dead(state, dead, live),
    )
    return [frozenset(pot.eligible) for pot in pots]


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000))
def test_contested_pots_when_nobody_is_all_in_is_one_pot_for_every_hand(
    variant: Variant, seed: int
) -> None:
    """At every showdown decision of random play, the pots each hand contests are those the
    side pots and the dead money make -- one pot for every hand still in when nobody is
    all-in."""
    players = random.Random(seed).randint(variant.min_players, min(variant.max_players, 6))
    hand = _start(variant, players, seed)
    rng = random.Random(seed)
    while (action := random_action(hand, rng)) is not None:
        if hand.phase is Phase.SHOWDOWN:
            fast = [frozenset(p) for p in contested_pots(hand._state)]
            assert fast == _pots_the_long_way(hand)
        hand = hand.apply(action)


def _all_in_play(seed: int, players: int, showdown: ShowdownPolicy) -> Hand:
    """A no-limit hold'em hand with uneven stacks that someone opens all-in and everyone calls:
    side pots at the showdown."""
    stacks = [random.Random(seed * 10 + k).choice((20, 40, 60, 100)) for k in range(players)]
    hand = Hand.start(
        find_variant("no-limit hold'em"),
        stakes=simple_stakes(find_variant("no-limit hold'em")),
        stacks=stacks,
        button=0,
        seed=seed,
        showdown=showdown,
    )
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_to is not None
    hand = hand.apply(Raise(to=legal.raise_to.high))
    while hand.phase is Phase.BET:
        hand = hand.check_or_call()
    return hand


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 9))
def test_the_dealers_all_in_showdown_matches_the_players_showing_in_turn(
    seed: int, players: int
) -> None:
    """With side pots, the dealer's showdown hands the side pots it made to find the hands it
    may muck on to the settlement when no hand was mucked: the same log and outcome as the
    players showing and mucking one by one (the settlement making the side pots again)."""
    dealt = _all_in_play(seed, players, ShowdownPolicy.MUCK_LOSERS)
    by_hand = _all_in_play(seed, players, ShowdownPolicy.MANUAL)
    assert dealt.is_complete
    by_hand = _the_dealers_turns_taken(dealt, by_hand)
    assert by_hand.log == dealt.log
    assert by_hand.outcome == dealt.outcome
    assert by_hand.stacks == dealt.stacks


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000))
def test_finish_with_the_standing_side_pots_matches_finish_alone(
    variant: Variant, seed: int
) -> None:
    """At every showdown decision of random play, settling with the side pots
    :func:`~pokerrules.engine.choices.standing_pots` made gives the same hand as settling
    alone."""
    players = random.Random(seed).randint(variant.min_players, min(variant.max_players, 6))
    hand = _start(variant, players, seed)
    rng = random.Random(seed)
    while (action := random_action(hand, rng)) is not None:
        if hand.phase is Phase.SHOWDOWN:
            state = hand._state
            _, side = standing_pots(state)
            alone = _face(finish(state))
            assert _face(finish(state, side=side)) == alone
            assert alone.outcome is not None
            assert sum(alone.stacks.values()) + alone.outcome.carried + alone.outcome.rake == (
                sum(hand.stacks.values()) + hand.pot
            )
        hand = hand.apply(action)


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000))
def test_the_settlements_log_entries_match_the_outcome_made_on_reading(
    variant: Variant, seed: int
) -> None:
    """The settlement's events (kept as plain values until the log is read) and the outcome
    (made when it is read) tell the same story: each award's payouts as ``Won`` events in
    order, the returned chips as ``Returned``, the rake and the carry-over; the final stacks
    are the hand's; every face of the finished state makes an equal outcome."""
    players = random.Random(seed).randint(variant.min_players, min(variant.max_players, 6))
    hand = _start(variant, players, seed)
    rng = random.Random(seed)
    while (action := random_action(hand, rng)) is not None:
        hand = hand.apply(action)
    outcome = hand.outcome
    assert outcome is not None
    assert outcome.stacks == hand.stacks
    assert outcome == _face(hand._state).outcome
    assert hand.outcome is outcome  # made once a face
    log = hand.log
    won = [(e.seat, e.amount) for e in log if isinstance(e, Won)]
    assert won == [p for award in outcome.awards for p in award.payouts]
    returned = [(e.seat, e.amount) for e in log if isinstance(e, Returned)]
    assert returned == list(outcome.returned)
    assert sum(e.amount for e in log if isinstance(e, Raked)) == outcome.rake
    assert sum(e.amount for e in log if isinstance(e, CarriedOver)) == outcome.carried
    assert events(hand._state.log) == log
    assert [event_of(e) for e in _entries(hand._state.log)] == list(log)


def _entries(log: Log) -> list[Event | Entry]:
    out: list[Event | Entry] = []
    while log is not None:
        log, entry = log
        out.append(entry)
    out.reverse()
    return out


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10_000),
    policy=st.sampled_from(list(ShowdownPolicy)),
)
def test_the_one_pot_settlement_matches_the_general_settlement(
    variant: Variant, seed: int, policy: ShowdownPolicy
) -> None:
    """Wherever random play ends a hand -- uneven stacks, so all-ins, side pots and uncalled
    bets are common -- the one-pot settlement, when it applies, settles exactly as the general
    settlement with every rule (``settle``) would."""
    rng = random.Random(seed)
    players = rng.randint(variant.min_players, min(variant.max_players, 6))
    hand = Hand.start(
        variant,
        stakes=simple_stakes(variant),
        stacks=[rng.choice((6, 30, 60, 60, 200)) for _ in range(players)],
        button=0,
        seed=seed,
        showdown=policy,
    )
    seen: list[bool] = []

    def checked(
        state: State,
        holdings: dict[int, Holding],
        rankings: tuple[dict[int, int], ...] | None,
        chips_in: dict[int, int],
    ) -> Settlement | None:
        fast = one_pot_settlement(state, holdings, rankings, chips_in)
        seen.append(fast is not None)
        if fast is not None:
            assert fast == settlement(state, holdings, rankings, None, chips_in)
        return fast

    with mock.patch("pokerrules.engine.finish.one_pot_settlement", checked):
        while (action := random_action(hand, rng)) is not None:
            hand = hand.apply(action)
    assert hand.is_complete
    assert len(seen) == 1


def test_a_checked_down_hand_takes_the_one_pot_settlement() -> None:
    """The commonest showdown (everyone checks down, one pot) is settled by the one-pot path,
    with the same outcome as the general settlement."""
    variant = find_variant("no-limit hold'em")
    hand = _start(variant, 6, 3, showdown=ShowdownPolicy.MUCK_LOSERS)
    taken: list[Settlement | None] = []

    def recorded(*args: Any) -> Settlement | None:
        taken.append(one_pot_settlement(*args))
        return taken[-1]

    with mock.patch("pokerrules.engine.finish.one_pot_settlement", recorded):
        while not hand.is_complete:
            hand = hand.check_or_call()
    assert len(taken) == 1
    assert taken[0] is not None
    assert hand.outcome is not None
    assert sum(hand.stacks.values()) == 6 * 60
    assert taken[0].awards[0].pot.amount == 6 * 2


@settings(max_examples=300, deadline=None)
@given(
    ranks=st.lists(
        st.dictionaries(st.integers(0, 8), st.integers(0, 3), min_size=1), min_size=1, max_size=2
    ),
    order=st.permutations(list(range(9))),
    already=st.integers(0, 3),
)
def test_outshown_matches_beaten_when_one_pot_stands(
    ranks: list[dict[int, int]], order: list[int], already: int
) -> None:
    """With one pot that every hand contests, the running best hand shown (``best_shown``,
    ``outshown``) mucks exactly the hands ``beaten`` mucks, ties and hands that qualify for
    no share included (small ranks make ties common)."""
    rankings = tuple(ranks)
    pot = [tuple(sorted(order))]
    shown = order[:already]
    mucked: list[int] = []
    best = best_shown(rankings, [-1] * len(rankings), *shown)
    for seat in order[already:]:
        slow = beaten(seat, pot, rankings, shown, mucked)
        assert (bool(shown) and outshown(seat, rankings, best)) == slow
        if slow:
            mucked.append(seat)
        else:
            shown.append(seat)
            best = best_shown(rankings, best, seat)


@settings(max_examples=100, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000), board=st.integers(0, 5))
def test_card_rankings_match_the_rankings_of_holdings(
    variant: Variant, seed: int, board: int
) -> None:
    """``Showdown.trusted_card_rankings`` ranks each seat's own cards as ``trusted_rankings``
    ranks their holdings, whenever it ranks them at all (and it does for hold'em)."""
    rng = random.Random(seed)
    cards = list(variant.deck.cards)
    rng.shuffle(cards)
    shown = tuple(cards[:board])
    per = variant.hole_cards
    seats = rng.randint(2, max(2, min(6, (len(cards) - board) // max(per, 1))))
    own = {s: tuple(cards[board + per * s : board + per * (s + 1)]) for s in range(seats)}
    showdown = variant.showdown
    fast = showdown.trusted_card_rankings(own, shown)
    if fast is not None:
        holdings = {s: Holding(down=c) for s, c in own.items()}
        assert fast == showdown.trusted_rankings(holdings, shown)
    if variant.name == "No-limit Texas hold'em" and board >= 3:
        assert fast is not None


def _deal_outcome(
    deal: Callable[[State, DealStep, tuple[AnyCard, ...]], State],
    state: State,
    step: DealStep,
    cards: tuple[AnyCard, ...],
) -> object:
    """What a deal gives: the state's fields, or the refusal's class and message."""
    try:
        after = deal(state, step, cards)
    except PokerRulesError as error:
        return (type(error), str(error))
    return dict(vars(after))


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000))
def test_a_deal_by_hand_matches_the_checked_deal(variant: Variant, seed: int) -> None:
    """In hands dealt by hand -- draws and reshuffles included -- the dealer's deal of cards
    that may all be in the stub takes the short way; every deal, good or bad (cards in play,
    dealt twice, out of the deck, too few or too many, discards to reshuffle), gives the same
    state or the same refusal as the deal with every check made."""
    rng = random.Random(seed)
    players = rng.randint(variant.min_players, min(variant.max_players, 6))
    hand = Hand.start(variant, stakes=simple_stakes(variant), stacks=[60] * players, button=0)
    deck = list(variant.deck.cards)
    deals = 0
    while not hand.is_complete:
        step = hand.pending_deal
        if step is None:
            action = random_action(hand, rng)
            assert action is not None
            hand = hand.apply(action)
            continue
        state = hand._state
        good = sorted(hand.dealable_cards(), key=deck.index)
        count = step.count
        # a deal the dealer can make: cards that may be in the stub first, then discards
        stub = [c for c in good if c in state.pool]
        rest = [c for c in good if c not in state.pool]
        rng.shuffle(stub)
        rng.shuffle(rest)
        tries = [tuple((stub + rest)[:count])]
        tries.append(tuple(rng.sample(good, min(count, len(good)))))
        tries.append(tuple(rng.sample(deck, min(count, len(deck)))))
        if count > 1 and good:
            tries.append((good[0],) * count)
        tries.append(tuple(good[: count + 1]))
        for cards in tries:
            fast = _deal_outcome(dealer.manual_deal, state, step, cards)
            assert fast == _deal_outcome(dealer.checked_deal, state, step, cards)
        hand = hand.apply(Deal(tries[0]))
        deals += 1
    assert deals >= 2


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000))
def test_a_street_and_its_round_begun_in_one_step_match_the_steps(
    variant: Variant, seed: int
) -> None:
    """Wherever random play begins a street -- uneven stacks, so all-ins and closed rounds
    happen -- ``begin_street`` (which deals a later street from the deck and begins its
    betting round in one copy of the state) gives the same state as dealing it, then letting
    the dealer begin the round."""
    rng = random.Random(seed)
    players = rng.randint(variant.min_players, min(variant.max_players, 6))
    hand = Hand.start(
        variant,
        stakes=simple_stakes(variant),
        stacks=[rng.choice((6, 30, 60, 200)) for _ in range(players)],
        button=0,
        seed=seed,
    )
    begin = flow.begin_street

    def compared(state: State, k: int) -> State:
        fast = begin(state, k)
        if state.game.variant.streets[k].draw is None:  # a draw begins with the discards
            slow = flow.run_dealer(dealer.begin_deal(state, k))
            assert vars(flow.run_dealer(fast)) == vars(slow)
        return fast

    with mock.patch("pokerrules.engine.flow.begin_street", compared):
        while (action := random_action(hand, rng)) is not None:
            hand = hand.apply(action)
    assert hand.is_complete


def test_a_checked_down_hold_em_street_is_begun_in_one_step() -> None:
    """In a checked-down hold'em hand every later street is dealt and its round begun without
    the dealer's separate steps (``begin_deal`` is not reached after the first street)."""
    variant = find_variant("no-limit hold'em")
    hand = _start(variant, 6, 3)
    streets: list[int] = []
    deal = dealer.begin_deal

    def recorded(state: State, k: int, steps: tuple[DealStep, ...] = ()) -> State:
        streets.append(k)
        return deal(state, k, steps)

    with mock.patch("pokerrules.engine.flow.begin_deal", recorded):
        while hand.phase is Phase.BET:
            hand = hand.check_or_call()
    assert streets == []
    assert len(hand.board) == 5


@settings(max_examples=100, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10_000),
    short=st.booleans(),
)
def test_a_hand_started_in_one_step_matches_the_dealers_steps(
    variant: Variant, seed: int, short: bool
) -> None:
    """``Hand.start`` deals the first street and begins its betting round in one copy of the
    state where it can: the same hand as the dealer's steps (dealing, then beginning the
    round), short stacks included (all-in blinds, rounds closed as they begin)."""
    rng = random.Random(seed)
    players = rng.randint(variant.min_players, min(variant.max_players, 6))
    stacks = [rng.choice((1, 2, 3, 60) if short else (60, 200)) for _ in range(players)]

    def start() -> Hand:
        return Hand.start(
            variant, stakes=simple_stakes(variant), stacks=stacks, button=0, seed=seed
        )

    fast = start()
    with mock.patch("pokerrules.engine.flow.deal_and_begin", return_value=None):
        slow = start()
    assert vars(fast._state) == vars(slow._state)


@settings(max_examples=200, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**64),
    most=st.integers(6, 60),
)
def test_the_cards_drawn_for_a_hand_are_those_random_sample_draws(
    variant: Variant, seed: int, most: int
) -> None:
    """``Hand.start`` draws the cards a hand can take with a partial shuffle of its own: from a
    plain ``random.Random``, the same cards in the same order as ``Random.sample`` (so a seed
    deals what it always dealt), leaving the generator in the same state; the cards that can
    never be dealt follow in deck order."""
    cards = variant.deck.cards
    most = min(most, len(cards) - 1)
    ours, theirs = random.Random(seed), random.Random(seed)
    stub = _shuffled(cards, ours, most)
    top = theirs.sample(cards, most)
    assert stub[:most] == tuple(top)
    assert stub[most:] == tuple(c for c in cards if c not in set(top))
    assert ours.getrandbits(64) == theirs.getrandbits(64)


def test_a_generator_of_another_kind_draws_with_its_own_sample() -> None:
    """A ``random.Random`` subclass given as ``rng`` draws with its own ``sample``: the partial
    shuffle is taken only for a plain ``random.Random``, whose draws it is known to match."""

    class Counted(random.Random):
        samples = 0

        def sample(self, population: Any, k: int, **kwargs: Any) -> list[Any]:
            Counted.samples += 1
            return super().sample(population, k, **kwargs)

    def start(rng: random.Random) -> Hand:
        return Hand.start(
            NO_LIMIT_HOLDEM,
            stakes=simple_stakes(NO_LIMIT_HOLDEM),
            stacks=[50] * 3,
            button=0,
            rng=rng,
        )

    plain, counted = start(random.Random(5)), start(Counted(5))
    assert Counted.samples == 1
    assert plain._state.stub == counted._state.stub
