"""Straddles outside under the gun: the button straddle and the Mississippi straddle."""

from __future__ import annotations

import random

import attrs
import pytest

from pokerrules.actions import Call
from pokerrules.betting import FixedLimit, NoLimit
from pokerrules.engine import Hand
from pokerrules.engine.events import Posted
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import ForcedBets, KillPost, MississippiAction, post_forced_bets
from pokerrules.history import phh
from pokerrules.history.export import to_history
from pokerrules.history.replay import VARIANT_CODES, Verdict, replay
from pokerrules.serialization import dumps, loads
from pokerrules.testing import random_action
from pokerrules.variants import Stakes, find_variant
from tests.test_engine import stakes_for

SIX = {1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: 100}


def test_pokernews_mississippi_straddle_button_straddle_small_blind_acts_first() -> None:
    """pokernews.com, "Mississippi Straddle": "When the button puts out a Mississippi
    Straddle, the small blind acts first"; the straddle is live and the straddler acts last
    (pokerterms.com: "the player who puts out the blind bet has the last option to raise
    preflop")."""
    p = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks=SIX, button=6, straddle_seat=6)
    assert [(x.seat, x.kind, x.amount, x.live) for x in p.posts] == [
        (1, "small blind", 1, True),
        (2, "big blind", 2, True),
        (6, "straddle", 4, True),
    ]
    assert p.order == (1, 2, 3, 4, 5, 6)
    assert p.level == 4 and p.bets == 2
    r = p.start_round(NoLimit(2))
    legal = r.legal_actions()
    assert legal is not None and legal.seat == 1 and legal.call == 3
    assert legal.raise_to is not None and legal.raise_to.low == 8  # a raise of the straddle
    for _ in range(5):
        r = r.apply(Call())
    legal = r.legal_actions()
    # everyone called: the straddler still has the option to raise
    assert legal is not None and legal.seat == 6 and legal.raise_to is not None


def test_pokerterms_mississippi_straddle_from_any_seat_left_of_straddler_opens() -> None:
    """pokerterms.com, "Mississippi Straddle": it "may be made from any position at the
    table" and "the player to the left of the Mississippi Straddle opens the action
    preflop"."""
    p = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks=SIX, button=6, straddle_seat=5)
    assert p.order == (6, 1, 2, 3, 4, 5)
    assert p.live == {1: 1, 2: 2, 5: 4}


def test_lee_jones_button_straddle_under_the_gun_option_skips_the_straddler() -> None:
    """Lee Jones, "Why Mississippi/Button Straddles Suck" (2019): in some rooms the player who
    would naturally act first (under the gun) starts, the straddler is skipped and acts
    last."""
    forced = ForcedBets(blinds=(1, 2), mississippi_action=MississippiAction.UNDER_THE_GUN)
    p = post_forced_bets(forced, stacks=SIX, button=6, straddle_seat=6)
    assert p.order == (3, 4, 5, 1, 2, 6)
    p = post_forced_bets(forced, stacks=SIX, button=6, straddle_seat=5)
    assert p.order == (3, 4, 6, 1, 2, 5)


def test_rrop_straddle_in_limit_counts_as_a_raise_for_the_cap() -> None:
    """Robert's Rules of Poker ("Button and Blind Use"): in limit a live straddle counts as a
    raise, so it is the second bet of the round."""
    p = post_forced_bets(ForcedBets(blinds=(5, 10)), stacks=SIX, button=6, straddle_seat=6)
    r = p.start_round(FixedLimit(10))
    legal = r.legal_actions()
    assert legal is not None and legal.call == 15 and legal.raise_to is not None
    assert legal.raise_to.low == legal.raise_to.high == 30


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"straddle_seat": 1}, "outside the blinds"),
        ({"straddle_seat": 2}, "outside the blinds"),
        ({"straddle_seat": 9}, "not dealt in"),
        ({"straddle_seat": "6"}, "seat number"),
        ({"straddle_seat": 6, "straddles": 1}, "takes the place"),
        ({"straddle_seat": 6, "kill": KillPost(seat=3, amount=20)}, "no straddles"),
    ],
)
def test_mississippi_straddle_refuses_a_seat_it_cannot_come_from(
    kwargs: dict[str, object], match: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=match):
        post_forced_bets(ForcedBets(blinds=(1, 2)), stacks=SIX, button=6, **kwargs)  # type: ignore[arg-type]


def test_mississippi_straddle_needs_the_chips_and_a_big_blind() -> None:
    with pytest.raises(InvalidDefinitionError, match="cannot cover"):
        post_forced_bets(
            ForcedBets(blinds=(1, 2)), stacks={**SIX, 6: 3}, button=6, straddle_seat=6
        )
    with pytest.raises(InvalidDefinitionError, match="big blind"):
        post_forced_bets(ForcedBets(ante=1), stacks=SIX, button=6, straddle_seat=6)
    heads_up = {1: 100, 2: 100}
    with pytest.raises(InvalidDefinitionError, match="outside the blinds"):
        post_forced_bets(ForcedBets(blinds=(1, 2)), stacks=heads_up, button=2, straddle_seat=2)


def _played(hand: Hand, rng: random.Random) -> Hand:
    while (action := random_action(hand, rng)) is not None:
        hand = hand.apply(action)
    return hand


@pytest.mark.parametrize("action", list(MississippiAction))
def test_button_straddle_hand_conserves_chips_and_round_trips(action: MississippiAction) -> None:
    holdem = find_variant("no-limit hold'em")
    variant = attrs.evolve(
        holdem, forced_bets=attrs.evolve(holdem.forced_bets, mississippi_action=action)
    )
    hand = Hand.start(
        variant, stakes=Stakes.no_limit(1, 2), stacks=[100] * 6, button=0, seed=4, straddle_seat=0
    )
    assert Posted(0, "straddle", 4, True) in hand.log
    assert hand.start_options["straddle_seat"] == 0
    assert loads(dumps(hand)).log == hand.log  # mid-play
    done = _played(hand, random.Random(2))
    assert loads(dumps(done)).log == done.log
    posted = [e for e in hand.log if isinstance(e, Posted)]
    assert [e for e in hand.rewind().log if isinstance(e, Posted)] == posted
    assert done.is_complete
    assert sum(done.stacks.values()) == 600


@pytest.mark.parametrize(("players", "seat"), [(6, 5), (6, 4), (9, 8), (4, 3)])
def test_phh_spec_mississippi_straddle_exports_into_blinds_or_straddles_and_replays(
    players: int, seat: int
) -> None:
    """PHH specification, "blinds_or_straddles": each player's forced bet in turn order, so
    a button straddle is the button's (the last) entry. It exports there, reads back and
    replays to the same hand (the reader acts the player left of the straddler first)."""
    holdem = VARIANT_CODES["NT"]
    hand = _played(
        Hand.start(
            holdem,
            stakes=stakes_for(holdem),
            stacks=[200] * players,
            button=players - 1,
            seed=seat,
            straddle_seat=seat,
        ),
        random.Random(seat),
    )
    history = to_history(hand)
    blinds = list(history.blinds_or_straddles or ())
    assert blinds[seat] == 2 * blinds[1] and blinds.count(0) == players - 3
    again = phh.loads(phh.dumps(history))
    assert again == history
    result = replay(again)
    assert result.verdict is Verdict.MATCH


def test_phh_export_refuses_a_mississippi_straddle_acted_under_the_gun() -> None:
    """PHH's reader acts the player after the largest straddle first: the under-the-gun way
    (:attr:`MississippiAction.UNDER_THE_GUN`) has no field there."""
    holdem = VARIANT_CODES["NT"]
    variant = attrs.evolve(
        holdem,
        forced_bets=attrs.evolve(
            holdem.forced_bets, mississippi_action=MississippiAction.UNDER_THE_GUN
        ),
    )
    hand = Hand.start(
        variant, stakes=stakes_for(holdem), stacks=[200] * 6, button=5, seed=1, straddle_seat=5
    )
    with pytest.raises(InvalidDefinitionError, match="Mississippi"):
        to_history(hand)


@pytest.mark.parametrize("straddler", [3, 4, 5])
def test_mississippi_straddle_first_to_act_matches_pokerkit(straddler: int) -> None:
    """pokerkit acts the player after the largest blind or straddle first: the same player
    as :attr:`MississippiAction.LEFT_OF_STRADDLER` (seats 0-5, the button on seat 5)."""
    pokerkit = pytest.importorskip("pokerkit")
    automations = tuple(
        a
        for a in pokerkit.Automation
        if a is not pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING
    )
    blinds = [1, 2, 0, 0, 0, 0]
    blinds[straddler] = 4
    state = pokerkit.NoLimitTexasHoldem.create_state(
        automations, True, 0, tuple(blinds), 2, (200,) * 6, 6
    )
    stacks = dict.fromkeys(range(6), 200)
    posting = post_forced_bets(
        ForcedBets(blinds=(1, 2)), stacks=stacks, button=5, straddle_seat=straddler
    )
    assert posting.order[0] == state.actor_index
