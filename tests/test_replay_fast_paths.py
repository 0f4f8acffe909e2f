"""The replay's shortcuts give exactly what its general paths give.

:func:`~pokerrules.history.replay.replay` compares whole-chip finishing stacks in one step,
works out the deep stack of a player whose starting stack is unknown only when one is, and
stand-in cards only for a history with unknown cards (``??``). Each shortcut is checked
against the general path: the same hand written so that it takes one or the other must get the
same verdict and the same stacks.
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any
from unittest.mock import patch

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.actions import Call, Check
from pokerrules.cards import STANDARD_CARDS
from pokerrules.engine import Action, Hand
from pokerrules.errors import InvalidDefinitionError, PokerRulesError
from pokerrules.history import _playing, _stakes
from pokerrules.history import replay as replay_module
from pokerrules.history.export import to_history
from pokerrules.history.phh import HandHistory, Notation, Verb, loads
from pokerrules.history.replay import VARIANT_CODES, Replay, Verdict, replay, variant_of_code
from pokerrules.testing import random_action, simple_stakes
from pokerrules.variants import Stakes

HEADS_UP = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [{first}, {second}]
actions = ["d dh p1 AcAd", "d dh p2 {cards}", "p2 cbr 6", "p1 f"]
finishing_stacks = [{end_first}, {end_second}]
"""


def heads_up(
    first: str = "200",
    second: str = "200",
    end_first: str = "198",
    end_second: str = "202",
    cards: str = "7h2c",
) -> str:
    return HEADS_UP.format(
        first=first, second=second, end_first=end_first, end_second=end_second, cards=cards
    )


@given(st.integers(10, 10**6), st.integers(10, 10**6), st.integers(-2, 2), st.integers(-2, 2))
def test_whole_chip_stacks_compare_as_their_decimal_forms_do(
    first: int, second: int, off_first: int, off_second: int
) -> None:
    """The one-step comparison of whole chips (ints) gives the verdict of the exact comparison
    (the same stacks written ``199.0``): a match only when every stack is the engine's."""
    # heads-up, PHH lists the big blind first: p2 raises to 6 and p1 folds its blind of 2
    ends = (first - 2 + off_first, second + 2 + off_second)
    whole = replay(loads(heads_up(str(first), str(second), *map(str, ends))))
    written = replay(loads(heads_up(str(first), str(second), *(f"{e}.0" for e in ends))))
    assert whole.verdict is written.verdict
    assert whole.verdict is (Verdict.MATCH if off_first == off_second == 0 else Verdict.MISMATCH)
    assert whole.stacks == (first - 2, second + 2)


@given(st.integers(10, 10**6), st.integers(-2, 2), st.integers(0, 10**6))
def test_an_unknown_starting_stack_is_left_out_of_the_comparison(
    second: int, off_second: int, anything: int
) -> None:
    """PHH writes an unknown starting stack ``inf``: the replay gives that player a stack deep
    enough for the hand and compares only the others' finishing stacks."""
    history = loads(heads_up("inf", str(second), str(anything), str(second + 2 + off_second)))
    result = replay(history)
    assert result.verdict is (Verdict.MATCH if off_second == 0 else Verdict.MISMATCH)
    assert result.stacks is not None and result.stacks[1] == second + 2
    known = replay(loads(heads_up("500", str(second), "498", str(second + 2 + off_second))))
    assert known.verdict is result.verdict and known.stacks is not None
    assert known.stacks[1] == result.stacks[1]


@given(st.sampled_from(["7h2c", "????", "7h??", "??2c"]))
def test_unknown_hole_cards_replay_as_named_ones(cards: str) -> None:
    """A hand the history never shows (``??``) is dealt stand-in cards; a folded hand replays to
    the same stacks and verdict whether its cards are named or not."""
    named = replay(loads(heads_up()))
    hidden = replay(loads(heads_up(cards=cards)))
    assert named.verdict is hidden.verdict is Verdict.MATCH
    assert named.stacks == hidden.stacks == (198, 202)
    assert hidden.hand is not None and named.hand is not None
    dealt = hidden.hand.holding(1).cards
    assert len(dealt) == 2 and not set(dealt) & set(named.hand.holding(0).cards)


_CHIPS = st.integers(0, 10**6)


@given(
    st.fixed_dictionaries(
        {
            "blinds": st.lists(st.integers(1, 10**6), max_size=2).map(tuple),
            "ante": _CHIPS,
            "bring_in": _CHIPS,
            "small_bet": _CHIPS,
            "big_bet": _CHIPS,
            "min_bet": st.none() | st.integers(1, 10**6),
        }
    )
)
def test_stakes_of_whole_chips_built_as_they_are_equal_the_checked_stakes(
    fields: dict[str, Any],
) -> None:
    """The replay builds the stakes of a history without the checks of ``Stakes`` when they
    pass them; otherwise ``Stakes`` refuses them with its own message (blinds out of posting
    order, a small bet above the big bet)."""
    try:
        checked: Stakes | str = Stakes(**fields)
    except InvalidDefinitionError as error:
        checked = f"error: {error}"
    try:
        fast: Stakes | str = _stakes._stakes(**fields)
    except InvalidDefinitionError as error:
        fast = f"error: {error}"
    assert fast == checked
    assert repr(fast) == repr(checked)


# -- the short way through the actions ----------------------------------------------------------

#: The standard variant codes the random hands are played in (every betting shape: blinds,
#: limits, bring-ins and completions, draws, the lowball rules).
_CODES = sorted(VARIANT_CODES)


def checked_play(hand: Hand, actions: tuple[Notation, ...], scale: int, unknowns: Any) -> Hand:
    """Every action by the checked step, what is legal asked for each betting action: the
    reference for the replay's short way."""
    for index, action in enumerate(actions):
        try:
            hand = _playing._step(hand, action, index, scale, unknowns)
        except _playing._ReplayStoppedError as stop:
            stop.hand = hand
            raise
    return hand


def random_history(code: str, seed: int, players: int, stacks: list[int]) -> HandHistory:
    """A hand of ``code`` played by random legal actions, as PHH writes it."""
    variant = variant_of_code(code)
    players = min(players, variant.max_players)
    rng = random.Random(seed)
    hand = Hand.start(
        variant,
        stakes=simple_stakes(variant),
        stacks=stacks[:players],
        button=players - 1,
        seed=seed,
    )
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal is not None and legal.kind == "bet" and rng.random() < 0.6:
            # mostly checks and calls, so that many hands reach the showdown
            action: Action | None = Check() if legal.check else Call() if legal.call else None
        else:
            action = None
        action = action or random_action(hand, rng)
        if action is None:  # pragma: no cover - the hand deals itself
            break
        hand = hand.apply(action)
    return to_history(hand)


_CARDS = st.lists(st.sampled_from(STANDARD_CARDS), max_size=3, unique=True).map(tuple)
#: A betting notation, or a show (of any cards: held or not) or a muck, as keyword arguments.
_NOTATIONS = st.one_of(
    st.sampled_from([Verb.CHECK_OR_CALL, Verb.FOLD, Verb.BRING_IN]).map(lambda v: {"verb": v}),
    st.integers(1, 60).map(lambda a: {"verb": Verb.BET_OR_RAISE_TO, "amount": a}),
    _CARDS.map(lambda c: {"verb": Verb.SHOW_OR_MUCK, "cards": c}),
    st.just({"verb": Verb.SHOW_OR_MUCK, "shows_dealt": True}),
)


def same_replay(a: Replay, b: Replay) -> bool:
    return (
        (a.verdict, a.message, a.stacks, a.stopped_at)
        == (b.verdict, b.message, b.stacks, b.stopped_at)
        and (a.hand is None) is (b.hand is None)
        and (a.hand is None or (a.hand == b.hand and a.hand.log == b.hand.log))
    )


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(_CODES),
    st.integers(0, 2**32),
    st.integers(2, 6),
    st.lists(st.integers(3, 120), min_size=6, max_size=6),
    st.data(),
)
def test_the_short_way_replays_every_action_as_the_checked_steps(
    code: str, seed: int, players: int, stacks: list[int], data: st.DataObject
) -> None:
    """The replay deals named cards and takes the betting actions of the player to act without
    asking what is legal; whatever it takes that way, and whatever the engine refuses, ends
    exactly as the checked steps end: the same hand, verdict, message and stopping place. The
    histories are random hands, one action replaced by a random betting notation (by the
    player to act or not, of any size) or dropped, so that many replays stop on a refusal."""
    history = random_history(code, seed, players, stacks)
    actions = list(history.actions)
    where = data.draw(st.integers(0, len(actions) - 1), label="where")
    change = data.draw(st.sampled_from(["keep", "drop", "replace", "show"]), label="change")
    if change == "show":  # a show or muck in place of the history's last one, if any
        shows = [i for i, a in enumerate(actions) if a.verb is Verb.SHOW_OR_MUCK]
        where = shows[-1] if shows else where
        change = "replace"
    if change == "drop":
        del actions[where]
    elif change == "replace":
        fields = data.draw(_NOTATIONS, label="notation")
        player = data.draw(st.integers(0, history.players_count - 1), label="player")
        actions[where] = Notation(player=player, **fields)
    changed = attrs.evolve(history, actions=tuple(actions))
    short = replay(changed)
    with patch.object(replay_module, "_play", checked_play):
        checked = replay(changed)
    assert same_replay(short, checked), (short, checked)
    if change == "keep":
        assert short.verdict is Verdict.MATCH, short.message


# -- the plan of a hand: stakes, dues and straddles ---------------------------------------------


def planned(history: HandHistory, *, plain: bool) -> Any:
    try:
        return _stakes._planned(history, plain=plain)
    except PokerRulesError as error:
        return f"{type(error).__name__}: {error}"


_FORCED = st.sampled_from([0, 0, 0, 1, 2, 3, 5, 10])


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(["NT", "FT", "F7S", "NS"]),
    st.integers(2, 6).flatmap(
        lambda n: st.tuples(
            st.lists(_FORCED, min_size=n, max_size=n),
            st.lists(_FORCED | st.sampled_from([-1, -2]), min_size=n, max_size=n),
            st.lists(st.integers(1, 12) | st.just(200) | st.none(), min_size=n, max_size=n),
        )
    ),
    st.lists(st.integers(1, 10**5), max_size=3),
)
def test_a_plan_of_plain_chips_is_the_plan_of_checked_amounts(
    code: str, forced: tuple[list[int], list[int], list[int | None]], amounts: list[int]
) -> None:
    """A history of plain whole chips (:func:`_stakes._plain_inputs`) is planned from its
    amounts as they are: the same variant, stakes, dues and straddles -- or the same refusal
    -- as when each amount is converted and checked; the dues and straddles are those
    :func:`_stakes._dues` and :func:`_stakes._straddles` work out on their own."""
    antes, blinds, stacks = forced
    stud = code == "F7S"
    fields: dict[str, Any] = (
        {"bring_in": 1, "small_bet": 2, "big_bet": 4}
        if stud
        else {"blinds_or_straddles": blinds, "small_bet": 2, "big_bet": 4}
        if code == "FT"
        else {"blinds_or_straddles": blinds, "min_bet": 2}
    )
    history = HandHistory(
        variant=code,
        antes=antes,
        starting_stacks=stacks,
        actions=[Notation(verb=Verb.BET_OR_RAISE_TO, player=0, amount=a) for a in amounts],
        **fields,
    )
    plain = _stakes._plain_inputs(history)
    named = [amount for _, amount in _stakes._inputs(history)]
    negative = any(b < 0 for b in history.blinds_or_straddles or ())
    assert plain is (_stakes._whole_chips(named) and not negative)
    fast = planned(history, plain=plain)
    assert fast == planned(history, plain=False)
    if isinstance(fast, _stakes._Plan):
        assert (fast.owed, fast.missed) == _stakes._dues(history, fast.scale)
        assert (fast.straddles, fast.straddle_seat) == _stakes._straddles(history)
        assert fast[:3] == _stakes.stakes_of(history)


def test_a_show_of_a_card_thrown_away_in_the_draw_is_refused_as_the_checked_steps_refuse_it() -> (
    None
):
    """The short way checks a show against the cards dealt only until someone draws: a player
    who shows a card they threw away is refused, exactly as the checked steps refuse them."""
    found = 0
    for seed in range(300):
        history = random_history("N2L1D", seed, 3, [60, 60, 60, 60, 60, 60])
        actions = list(history.actions)
        thrown = {
            a.player: a.cards[0]
            for a in actions
            if a.verb is Verb.STAND_PAT_OR_DISCARD and a.cards and a.cards[0] is not None
        }
        shows = [
            i
            for i, a in enumerate(actions)
            if a.verb is Verb.SHOW_OR_MUCK and a.cards and a.player in thrown
        ]
        if not shows:
            continue
        show = actions[shows[0]]
        card = thrown[show.player]
        actions[shows[0]] = attrs.evolve(show, cards=(card, *show.cards[1:]))
        changed = attrs.evolve(history, actions=tuple(actions))
        short = replay(changed)
        with patch.object(replay_module, "_play", checked_play):
            checked = replay(changed)
        assert same_replay(short, checked), (short, checked)
        # (a show after the hand is over is let pass: the hand is already settled)
        found += short.verdict is Verdict.FAILED and "do not hold" in short.message
    assert found >= 5


def chips(convert: Any, amount: Any, scale: int) -> int | str:
    try:
        converted: int = convert(amount, scale, "the amount")
    except (PokerRulesError, ValueError, OverflowError) as error:
        return f"{type(error).__name__}: {error}"
    return converted


@settings(max_examples=1000, deadline=None)
@given(
    st.one_of(
        st.decimals(allow_nan=True, allow_infinity=True, places=None),
        st.decimals(min_value=-(10**16), max_value=10**16, places=3),
        st.from_regex(r"-?[0-9]{1,40}(\.[0-9]{1,40})?(E[+-]?[0-9]{1,3})?", fullmatch=True).map(
            Decimal
        ),
        st.integers(-(10**20), 10**20),
    ),
    st.integers(0, 14).map(lambda k: 10**k),
)
def test_chips_of_an_exact_decimal_product_are_the_chips_of_fractions(
    amount: Any, scale: int
) -> None:
    """An amount in chips from a decimal product that needs no rounding is the amount exact
    fractions give -- a whole number at least 0 -- and anything else is refused (or fails) as
    the fractions refuse it."""
    assert chips(_stakes._chips, amount, scale) == chips(_stakes._fraction_chips, amount, scale)
