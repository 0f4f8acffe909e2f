"""Forced bets: who posts what, the action order, and the first betting round they start."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.actions import BringIn, Call, Check, Fold, LegalActions, Range
from pokerrules.betting import FixedLimit, NoLimit
from pokerrules.cards import Card, parse_cards
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import (
    AnteKind,
    ForcedBets,
    KillerInBlind,
    KillPost,
    Post,
    ShortForcedBet,
    SmallBlindRounding,
    bring_in_seat,
    post_forced_bets,
    small_blind,
    stud_first_to_act,
)

SIX = dict.fromkeys(range(1, 7), 1000)


def test_two_blinds_left_of_the_button() -> None:
    p = post_forced_bets(ForcedBets(blinds=(5, 10)), stacks=SIX, button=6)
    assert p.posts == (Post(1, "small blind", 5), Post(2, "big blind", 10))
    assert p.order == (3, 4, 5, 6, 1, 2) and p.later_order == (1, 2, 3, 4, 5, 6)
    assert p.level == 10 and p.dead == 0 and p.stacks[1] == 995


def test_one_blind_and_no_blinds() -> None:
    p = post_forced_bets(ForcedBets(blinds=(10,)), stacks=SIX, button=3)
    assert p.posts == (Post(4, "big blind", 10),) and p.order[0] == 5
    none = post_forced_bets(ForcedBets(ante=5), stacks=SIX, button=3)
    assert none.live == {} and none.dead == 30 and none.level == 0 and none.order[0] == 4


def test_three_blinds_left_of_or_on_the_button() -> None:
    p = post_forced_bets(ForcedBets(blinds=(5, 5, 10)), stacks=SIX, button=1)
    assert [(x.seat, x.kind) for x in p.posts] == [
        (2, "small blind"),
        (3, "middle blind"),
        (4, "big blind"),
    ]
    assert p.order[0] == 5
    on = post_forced_bets(
        ForcedBets(blinds=(5, 5, 10), first_blind_on_button=True), stacks=SIX, button=1
    )
    assert [x.seat for x in on.posts] == [1, 2, 3] and on.order[0] == 4


def test_empty_seats_are_skipped_and_dead_button() -> None:
    stacks = {2: 500, 5: 500, 9: 500}
    p = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks=stacks, button=3)  # empty seat
    assert p.live == {5: 1, 9: 2} and p.order == (2, 5, 9)


def test_antes_each_button_and_big_blind() -> None:
    each = post_forced_bets(ForcedBets(blinds=(5, 10), ante=1), stacks=SIX, button=6)
    assert each.dead == 6 and each.live == {1: 5, 2: 10} and each.stacks[3] == 999
    button = post_forced_bets(
        ForcedBets(blinds=(5, 10), ante=6, ante_kind=AnteKind.BUTTON), stacks=SIX, button=6
    )
    assert button.dead == 6 and button.stacks[6] == 994
    bb = post_forced_bets(
        ForcedBets(blinds=(5, 10), ante=10, ante_kind=AnteKind.BIG_BLIND), stacks=SIX, button=6
    )
    assert bb.dead == 10 and bb.stacks[2] == 980 and bb.posts[-1].kind == "big-blind ante"


def test_big_blind_ante_takes_the_blind_first_when_short() -> None:
    stacks = {**SIX, 2: 15}
    p = post_forced_bets(
        ForcedBets(blinds=(5, 10), ante=10, ante_kind=AnteKind.BIG_BLIND), stacks=stacks, button=6
    )
    assert p.live[2] == 10 and p.dead == 5 and p.all_in == {2}


def test_straddle_and_re_straddle() -> None:
    p = post_forced_bets(ForcedBets(blinds=(5, 10)), stacks=SIX, button=6, straddles=2)
    assert [(x.seat, x.kind, x.amount) for x in p.posts[2:]] == [
        (3, "straddle", 20),
        (4, "straddle", 40),
    ]
    assert p.level == 40 and p.order[0] == 5 and p.bets == 3
    r = p.start_round(NoLimit(10))
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to is not None and legal.raise_to.low == 80
    r = r.apply(Call()).apply(Call()).apply(Call()).apply(Call()).apply(Call())
    assert r.seat_to_act == 4  # the last straddler has the option
    with pytest.raises(InvalidDefinitionError):
        post_forced_bets(
            ForcedBets(blinds=(5, 10)), stacks={1: 100, 2: 100}, button=1, straddles=1
        )


def test_short_blind_is_all_in_and_others_call_the_full_blind() -> None:
    stacks = {**SIX, 2: 4}
    p = post_forced_bets(ForcedBets(blinds=(5, 10)), stacks=stacks, button=6)
    assert p.posts[1] == Post(2, "big blind", 4, all_in=True)
    assert p.level == 10 and p.all_in == {2}
    r = p.start_round(FixedLimit(10))
    assert r.legal_actions() == LegalActions(seat=3, fold=True, call=10, raise_to=Range(20, 20))
    as_posted = post_forced_bets(
        ForcedBets(blinds=(5, 10), short=ShortForcedBet.AS_POSTED), stacks=stacks, button=6
    )
    assert as_posted.level == 5


def test_big_blind_without_the_option() -> None:
    p = post_forced_bets(ForcedBets(blinds=(5, 10), big_blind_option=False), stacks=SIX, button=6)
    r = p.start_round(FixedLimit(10))
    for _ in range(5):
        r = r.apply(Call())
    assert r.is_closed


def test_small_blind_dead_option() -> None:
    p = post_forced_bets(ForcedBets(blinds=(5, 10), small_blind_dead=True), stacks=SIX, button=6)
    assert p.live == {2: 10} and p.dead == 5


def test_no_forced_bets_opens_at_one_chip() -> None:
    p = post_forced_bets(ForcedBets(chip=5), stacks=SIX, button=6)
    assert p.level == 5 and p.bets == 0 and p.live == {}
    r = p.start_round(NoLimit(5))
    legal = r.legal_actions()
    assert legal is not None and legal.call == 5 and not legal.check


def test_bring_in_round() -> None:
    doors = {1: Card("Kd"), 2: Card("3c"), 3: Card("3h"), 4: Card("As")}
    seat = bring_in_seat(doors)
    p = post_forced_bets(
        ForcedBets(ante=1, bring_in=3),
        stacks=dict.fromkeys(doors, 100),
        button=4,
        bring_in_seat=seat,
    )
    assert p.order == (2, 3, 4, 1) and p.dead == 4
    r = p.start_round(FixedLimit(10))
    assert r.legal_actions() == LegalActions(seat=2, bring_in=3, complete=10)
    r = r.apply(BringIn())
    assert r.legal_actions() == LegalActions(seat=3, fold=True, call=3, complete=10)


def test_kill_post_replaces_posts_or_owes_a_blind() -> None:
    kill = KillPost(seat=2, amount=20)
    p = post_forced_bets(ForcedBets(blinds=(5, 10)), stacks=SIX, button=6, kill=kill)
    assert p.live == {1: 5, 2: 20} and p.level == 20
    assert p.start_round(FixedLimit(20)).bets == 1  # a full bet of the kill round
    both = post_forced_bets(
        ForcedBets(blinds=(5, 10)),
        stacks=SIX,
        button=6,
        kill=KillPost(seat=2, amount=20, in_blind=KillerInBlind.POST_BOTH),
    )
    assert both.live == {1: 5, 2: 20} and both.dead == 10
    owe = post_forced_bets(
        ForcedBets(blinds=(5, 10)),
        stacks=SIX,
        button=6,
        kill=KillPost(seat=2, amount=20, in_blind=KillerInBlind.OWE_NEXT_HAND),
    )
    assert owe.live == {1: 5, 2: 20} and owe.owed == {2: 10}
    paid = post_forced_bets(ForcedBets(blinds=(5, 10)), stacks=SIX, button=1, owed=owe.owed)
    assert paid.dead == 10 and paid.stacks[2] == 985  # the owed 10 dead, then the small blind


def test_killer_acting_last() -> None:
    kill = KillPost(seat=4, amount=20, acts_last=True)
    p = post_forced_bets(ForcedBets(blinds=(5, 10)), stacks=SIX, button=6, kill=kill)
    assert p.order == (3, 5, 6, 1, 2, 4)
    r = p.start_round(FixedLimit(20))
    for _ in range(5):
        r = r.apply(Call())
    legal = r.legal_actions()
    assert legal is not None and legal.seat == 4 and legal.check  # the killer's option
    assert r.apply(Check()).is_closed


def test_invalid_forced_bets() -> None:
    with pytest.raises(InvalidDefinitionError):
        ForcedBets(blinds=(1, 2, 3, 4))
    with pytest.raises(InvalidDefinitionError):
        ForcedBets(blinds=(5,), bring_in=2)
    with pytest.raises(InvalidDefinitionError):
        post_forced_bets(ForcedBets(blinds=(1, 2)), stacks={1: 5}, button=1)
    with pytest.raises(InvalidDefinitionError):
        post_forced_bets(ForcedBets(bring_in=2), stacks=SIX, button=1)
    # a dead button (no player on it) posts no button ante rather than failing the deal
    dead = post_forced_bets(ForcedBets(ante=5, ante_kind=AnteKind.BUTTON), stacks=SIX, button=9)
    assert dead.dead == 0
    with pytest.raises(InvalidDefinitionError):
        small_blind(0)


def test_stud_first_to_act_ties_by_position() -> None:
    exposed = {1: parse_cards("Kd 7c"), 2: parse_cards("Kh 7s"), 3: parse_cards("Qs Js")}
    assert stud_first_to_act(exposed) == 1
    assert stud_first_to_act(exposed, order=[2, 3, 1]) == 2
    trips = {1: parse_cards("2c 2d 2h"), 2: parse_cards("Ac Ad Kc")}
    assert stud_first_to_act(trips) == 1


def test_small_blind_rounding_with_chips() -> None:
    assert small_blind(15, chip=5) == 5
    assert small_blind(15, chip=5, rounding=SmallBlindRounding.UP) == 10
    assert small_blind(1) == 1  # never less than a chip
    assert ForcedBets.two_blinds(5, rounding=SmallBlindRounding.UP).blinds == (3, 5)


def test_a_big_blind_below_the_smallest_chip_has_no_small_blind() -> None:
    """Rounding half a $2 big blind to $5 chips would make a small blind larger than the big
    blind; say so instead of failing later on the order of the blinds."""
    with pytest.raises(InvalidDefinitionError, match="less than the smallest chip"):
        small_blind(2, chip=5)
    with pytest.raises(InvalidDefinitionError, match="less than the smallest chip"):
        ForcedBets.two_blinds(20, chip=25)


@settings(max_examples=1000)
@given(st.integers(1, 10_000), st.integers(1, 100), st.sampled_from(list(SmallBlindRounding)))
def test_small_blind_is_whole_chips_at_most_the_big_blind(
    big_blind: int, chip: int, rounding: SmallBlindRounding
) -> None:
    """Wikipedia, "Blind (poker)": the small blind is half the big blind, rounded to the chips
    in play; it is never more than the big blind, and rounding goes to a neighbouring chip."""
    if big_blind < chip:
        with pytest.raises(InvalidDefinitionError):
            small_blind(big_blind, chip=chip, rounding=rounding)
        return
    sb = small_blind(big_blind, chip=chip, rounding=rounding)
    assert sb % chip == 0 and chip <= sb <= big_blind
    assert abs(2 * sb - big_blind) < 2 * chip or sb == chip


@settings(max_examples=1000)
@given(
    st.dictionaries(st.integers(1, 10), st.integers(1, 60), min_size=2, max_size=10),
    st.integers(1, 10),
    st.sampled_from([(), (10,), (5, 10), (5, 5, 10)]),
    st.integers(0, 3),
    st.sampled_from(list(AnteKind)),
)
def test_posting_conserves_chips_and_orders_everyone(
    stacks: dict[int, int], button: int, blinds: tuple[int, ...], ante: int, kind: AnteKind
) -> None:
    forced = ForcedBets(blinds=blinds, ante=ante, ante_kind=kind)
    if kind is AnteKind.BUTTON and ante and button not in stacks:
        return
    p = post_forced_bets(forced, stacks=stacks, button=button)
    posted = sum(x.amount for x in p.posts)
    assert posted == sum(p.live.values()) + p.dead
    assert sum(p.stacks.values()) + posted == sum(stacks.values())
    assert sorted(p.order) == sorted(stacks) == sorted(p.later_order)
    assert all(x >= 0 for x in p.stacks.values())
    for post in p.posts:
        if post.all_in:  # a short forced bet leaves the player all-in
            assert p.stacks[post.seat] == 0 and post.amount < max((*blinds, ante))
    p.start_round(FixedLimit(10))  # always a valid first round


def test_fold_to_big_blind_in_heads_up() -> None:
    p = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks={1: 50, 2: 50}, button=1)
    r = p.start_round(NoLimit(2))
    assert r.seat_to_act == 1
    assert r.apply(Fold()).is_closed


def test_kill_smaller_than_the_kill_rounds_bet_is_completed_like_a_short_big_blind() -> None:
    """RRoP "Button and Blind Use": a big blind smaller than the bet can be called or completed;
    a $20 kill in a $15/$30 game with $5/$10 blinds plays $30/$60, so the next player may call
    20 or complete to 30 -- not raise to 50 -- and the kill is not the first of the cap's bets."""
    p = post_forced_bets(
        ForcedBets(blinds=(5, 10)), stacks=SIX, button=6, kill=KillPost(seat=4, amount=20)
    )
    r = p.start_round(FixedLimit(30))
    assert r.bets == 0
    legal = r.legal_actions()
    assert legal is not None and legal.call == 20 and legal.complete == 30


def test_posting_refuses_stacks_straddles_and_owed_blinds_that_cannot_be_posted() -> None:
    blinds = ForcedBets(blinds=(5, 10))
    for stacks in ({1: 100, 2: -5, 3: 100}, {1: 100, 2: 0, 3: 100}, {1: 100, 2: 2.5, 3: 100}):
        with pytest.raises(InvalidDefinitionError):
            post_forced_bets(blinds, stacks=stacks, button=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="straddles"):
        post_forced_bets(blinds, stacks=SIX, button=6, straddles=-1)
    with pytest.raises(InvalidDefinitionError, match="no straddles"):
        post_forced_bets(
            blinds, stacks=SIX, button=6, straddles=1, kill=KillPost(seat=4, amount=20)
        )
    with pytest.raises(InvalidDefinitionError, match="not dealt in"):
        post_forced_bets(blinds, stacks=SIX, button=6, owed={9: 5})
    with pytest.raises(InvalidDefinitionError, match="owes"):
        post_forced_bets(blinds, stacks=SIX, button=6, owed={1: -5})


@pytest.mark.parametrize(
    "options",
    [
        {"blinds": (5, 2)},
        {"straddle_multiple": 1},
        {"straddle_multiple": -1},
        {"bring_in": 1.5},
        {"bring_in": "3"},
        {"ante_kind": "each"},
        {"short": "full"},
        {"small_blind_dead": "no"},
        {"chip": 0},
    ],
)
def test_forced_bets_refuse_bad_options(options: dict[str, object]) -> None:
    with pytest.raises(InvalidDefinitionError):
        ForcedBets(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("big_blind", "options", "message"),
    [
        ("x", {}, "big blind of 'x'"),
        (None, {}, "big blind of None"),
        (2.0, {}, "big_blind must be a positive whole number"),
        (True, {}, "big_blind must be a positive whole number"),
        (-4, {}, "big_blind"),
        (3, {"chip": 1.5}, "chip must be a positive whole number"),
        (3, {"chip": 0}, "chip must be a positive whole number"),
        (3, {"chip": None}, "chip"),
        (3, {"rounding": "up"}, "rounding must be SmallBlindRounding"),
        (3, {"rounding": None}, "rounding"),
        pytest.param(10**5000, {"chip": 0}, "chip must be", id="huge-big-blind"),
    ],
)
def test_small_blind_refuses_bad_amounts_and_rounding(
    big_blind: object, options: dict[str, object], message: str
) -> None:
    """A float or a string rounding would otherwise give 1.0, 1.5 or silently round down."""
    with pytest.raises(InvalidDefinitionError, match=message):
        small_blind(big_blind, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"button": "x"}, "button must be a seat number"),
        ({"button": None}, "button must be a seat number"),
        ({"button": True}, "button must be a seat number"),
        ({"stacks": None}, "stacks must be a mapping of seat -> chips"),
        ({"stacks": [100, 100]}, "stacks must be a mapping"),
        ({"stacks": {None: 100, 2: 100}}, "None is not a seat number"),
        ({"stacks": {True: 100, 2: 100}}, "True is not a seat number"),
        ({"stacks": {1: 100, 2: 10**5000 * -1}}, "about 5001 digits"),
        ({"forced": (1, 2)}, "forced must be ForcedBets"),
        ({"kill": 4}, "kill must be a KillPost"),
        ({"straddles": True}, "straddles must be a count"),
        ({"bring_in_seat": "1"}, "bring_in_seat must be a seat number"),
        ({"owed": [5]}, "must be a mapping of seat -> chips"),
        ({"owed": {None: 5}}, "None owes a blind but is not a seat number"),
        ({"missed": {9: 10}}, "seat 9 missed a big blind but is not dealt in"),
        ({"missed": {1: 2.5}}, "missed a big blind of 2.5"),
    ],
)
def test_posting_refuses_arguments_of_the_wrong_kind(
    arguments: dict[str, object], message: str
) -> None:
    call: dict[str, object] = {
        "forced": ForcedBets(blinds=(1, 2)),
        "stacks": {1: 100, 2: 100, 3: 100},
        "button": 1,
    }
    call.update(arguments)
    forced = call.pop("forced")
    with pytest.raises(InvalidDefinitionError, match=message):
        post_forced_bets(forced, **call)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("exposed", "order", "message"),
    [
        ({1: parse_cards("Kd")}, [5], r"order \[5\] names none of the seats"),
        ({1: parse_cards("Kd")}, [], "names none of the seats"),
        ({1: parse_cards("Kd")}, "1", "order must be a sequence of seat numbers"),
        ({1: parse_cards("Kd")}, [None, 1], "order must list seat numbers, not None"),
        ({1: parse_cards("Kd")}, [True], "order must list seat numbers, not True"),
        ([parse_cards("Kd")], None, "exposed must be a mapping"),
        ({"1": parse_cards("Kd")}, None, "'1' is not a seat number"),
        ({1: "Kd"}, None, "seat 1's cards must be a sequence of Card values"),
        ({1: [None]}, None, "seat 1's cards must be a sequence of Card values"),
    ],
)
def test_stud_first_to_act_refuses_bad_input(exposed: object, order: object, message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        stud_first_to_act(exposed, order=order)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("door_cards", "options", "message"),
    [
        ({1: "2c"}, {}, "door card must be a Card"),
        ({None: Card("2c")}, {}, "None is not a seat number"),
        ([Card("2c")], {}, "door_cards must be a mapping"),
        ({1: Card("2c")}, {"highest": "yes"}, "highest must be True or False"),
    ],
)
def test_bring_in_seat_refuses_bad_input(
    door_cards: object, options: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        bring_in_seat(door_cards, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "fields",
    [
        {"seat": "1", "kind": "ante", "amount": 5},
        {"seat": 1, "kind": None, "amount": 5},
        {"seat": 1, "kind": "ante", "amount": 5.5},
        {"seat": 1, "kind": "ante", "amount": 5, "live": "no"},
        {"seat": 1, "kind": "ante", "amount": 5, "all_in": 1},
    ],
)
def test_a_post_refuses_fields_of_the_wrong_kind(fields: dict[str, object]) -> None:
    with pytest.raises(InvalidDefinitionError):
        Post(**fields)  # type: ignore[arg-type]


def test_blinds_in_the_wrong_order_are_named_even_when_huge() -> None:
    with pytest.raises(InvalidDefinitionError, match="about 5001 digits"):
        ForcedBets(blinds=(10**5000, 1))
    with pytest.raises(InvalidDefinitionError, match="sequence of amounts"):
        ForcedBets(blinds=None)  # type: ignore[arg-type]


def test_the_first_round_counts_chips_carried_in_for_a_pot_limit_bet() -> None:
    """Chips carried into the pot from an earlier hand are in the pot: the first round's pot
    (and so a pot-limit raise) counts them; they must be whole chips >= 0."""
    from pokerrules.betting import PotLimit

    p = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks={0: 500, 1: 500}, button=1)
    assert p.start_round(PotLimit(2)).legal_actions() == LegalActions(
        seat=1, fold=True, call=1, raise_to=Range(4, 6)
    )
    r = p.start_round(PotLimit(2), carried=100)
    assert r.pot == 100 and r.total_pot == 103
    assert r.legal_actions() == LegalActions(seat=1, fold=True, call=1, raise_to=Range(4, 106))
    for bad in (-1, 1.5, True):
        with pytest.raises(InvalidDefinitionError, match="carried chips"):
            p.start_round(PotLimit(2), carried=bad)  # type: ignore[arg-type]
