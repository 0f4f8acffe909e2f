"""Complete hands per second, side by side with pokerkit, in one run.

Run ``pip install -e '.[bench]'`` once, then ``python benchmarks/hands.py``. Both libraries play
whole hands, from a new shuffled deck to the settled pot, doing the same work:

1. **no-limit check-down** -- 6-max no-limit hold'em, blinds 1/2, stacks 200: everyone calls
   the big blind, checks every street, and shows down;
2. **fixed-limit with raises** -- 6-max limit hold'em $2/$4, blinds 1/2: on every street the
   first player to act bets or raises and everyone else calls; then the showdown.

pokerkit runs with its automations (posting, dealing, burning, showing, killing hands, pushing
and pulling chips) and the player actions are issued one by one, exactly as pokerrules issues
them. Before timing, the same hands are dealt from the same cards to both libraries, which must
end with the same stacks. Times are CPU time, the libraries in turns, the median of five
rounds; the ratio is the peer's time divided by pokerrules'. A third row times one action from
a flop decision with the parent kept (branching for search), against OpenSpiel's ``clone()``
plus one action. The script also reports where a hand's time goes (``--profile``), the bytes a
finished hand holds, and the random-play conformance throughput of every catalogue variant.
``--write`` rewrites ``docs/performance/hands.rst`` and its chart; ``--quick`` is a smoke run.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import enum
import gc
import platform
import pstats
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pokerkit
from pokerkit import Automation, FixedLimitTexasHoldem, Mode, NoLimitTexasHoldem

from pokerrules.actions import Bet, Check, Raise
from pokerrules.cards import Card, Deck
from pokerrules.catalogue import CATALOGUE, LIMIT_HOLDEM, NO_LIMIT_HOLDEM
from pokerrules.engine import Hand, ShowdownPolicy
from pokerrules.testing import conformance_rate
from pokerrules.variants import Stakes, Variant

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "performance" / "hands.rst"
CHART = ROOT / "docs" / "_static" / "hands.png"
PLAYERS = 6
STACK = 200
NL = Stakes.no_limit(1, 2)
FL = Stakes.limit(2, 4)

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
#: The same, but the cards are dealt by hand (for the cross-check; pokerkit still burns).
MANUAL_DEALING = tuple(
    a for a in AUTOMATIONS if a not in (Automation.HOLE_DEALING, Automation.BOARD_DEALING)
)


# --- pokerrules -----------------------------------------------------------------------------------


def pr_hand(
    variant: Variant,
    stakes: Stakes,
    *,
    raises: bool,
    seed: int | None = None,
    deck: Deck | None = None,
) -> Hand:
    """Play one hand with pokerrules."""
    hand = Hand.start(
        variant,
        stakes=stakes,
        stacks=[STACK] * PLAYERS,
        button=PLAYERS - 1,
        seed=seed,
        deck=deck,
        showdown=ShowdownPolicy.MUCK_LOSERS,
    )
    street = None
    while not hand.is_complete:
        if not raises or hand.street == street:
            hand = hand.check_or_call()
            continue
        street = hand.street
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "bet"
        if legal.raise_to is not None:
            hand = hand.apply(Raise(to=legal.raise_to.low))
        elif legal.bet is not None:
            hand = hand.apply(Bet(legal.bet.low))
        else:
            hand = hand.check_or_call()
    return hand


# --- pokerkit -------------------------------------------------------------------------------------


def pk_state(limit: bool, automations: tuple[Automation, ...]) -> pokerkit.State:
    if limit:
        return FixedLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, 4, (STACK,) * PLAYERS, PLAYERS, mode=Mode.CASH_GAME
        )
    return NoLimitTexasHoldem.create_state(
        automations, True, 0, (1, 2), 2, (STACK,) * PLAYERS, PLAYERS, mode=Mode.CASH_GAME
    )


def pk_play(
    state: pokerkit.State, *, raises: bool, deal: Callable[[pokerkit.State], None] | None = None
) -> pokerkit.State:
    """Play one pokerkit hand with the same policy."""
    street = None
    while state.status:
        if deal is not None and (state.can_deal_hole() or state.can_deal_board()):
            deal(state)
            continue
        opener = raises and state.street_index != street
        street = state.street_index
        if opener and state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to()
        else:
            state.check_or_call()
    return state


# --- the cross-check: the same cards, the same stacks -----------------------------------------------


def cross_check(hands: int) -> None:
    """Deal the same cards to both libraries and compare the final stacks."""
    for limit, variant, stakes in ((False, NO_LIMIT_HOLDEM, NL), (True, LIMIT_HOLDEM, FL)):
        for seed in range(hands):
            cards = list(Deck.standard().cards)
            random.Random(seed).shuffle(cards)
            holes = cards[: 2 * PLAYERS]
            board = cards[2 * PLAYERS : 2 * PLAYERS + 5]
            # pokerrules deals in turn from the button's left; pokerkit deals round by round
            # from the small blind: the same cards in each player's hand either way.
            order = [holes[2 * p : 2 * p + 2] for p in range(PLAYERS)]
            burns = cards[2 * PLAYERS + 5 : 2 * PLAYERS + 8]
            stacked = [*holes, burns[0], *board[:3], burns[1], board[3], burns[2], board[4]]
            ours = pr_hand(variant, stakes, raises=limit, deck=Deck(stacked))
            dealt = iter(
                [
                    *(f"{a}{b}" for a, b in order),
                    "".join(map(str, board[:3])),
                    str(board[3]),
                    str(board[4]),
                ]
            )

            def deal(state: pokerkit.State, dealt: object = dealt) -> None:
                text = next(dealt)  # type: ignore[call-overload]
                if state.can_deal_hole():
                    state.deal_hole(text)
                else:
                    state.deal_board(text)

            with warnings.catch_warnings():  # pokerkit burns cards we deal: it warns
                warnings.simplefilter("ignore")
                theirs = pk_play(pk_state(limit, MANUAL_DEALING), raises=limit, deal=deal)
            mine = [ours.stacks[s] for s in range(PLAYERS)]
            if mine != list(theirs.stacks):
                raise SystemExit(f"different stacks for seed {seed}: {mine} != {theirs.stacks}")


# --- timing: CPU time, the libraries in turns, the median of several rounds ---------------------


def median_times(runs: Sequence[Callable[[], object]], rounds: int) -> list[float]:
    """The median CPU time of each of ``runs`` over ``rounds`` rounds, the runs taken in turns
    within each round (so a busy spell of the machine falls on all of them)."""
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(rounds):
        for k, run in enumerate(runs):
            start = time.process_time()
            run()
            times[k].append(time.process_time() - start)
    return [statistics.median(t) for t in times]


Row = tuple[str, float, float, str]  # what, pokerrules seconds per unit, peer's, peer name


def hand_rows(quick: bool, rounds: int) -> list[Row]:
    cross_check(3 if quick else 20)
    ours_hands, theirs_hands = (40, 4) if quick else (600, 40)
    rows: list[Row] = []
    for name, limit, variant, stakes in (
        ("6-max no-limit hold'em, check-down", False, NO_LIMIT_HOLDEM, NL),
        ("6-max limit hold'em, a bet or raise every street", True, LIMIT_HOLDEM, FL),
    ):

        def ours(v: Variant = variant, st: Stakes = stakes, r: bool = limit) -> None:
            for seed in range(ours_hands):
                pr_hand(v, st, raises=r, seed=seed)

        def theirs(r: bool = limit) -> None:
            for _ in range(theirs_hands):
                pk_play(pk_state(r, AUTOMATIONS), raises=r)

        mine, peer = median_times([ours, theirs], rounds)
        rows.append((name, mine / ours_hands, peer / theirs_hands, "pokerkit"))
    return rows


# --- branching: one action from a flop decision, the parent kept ----------------------------------

OPEN_SPIEL_GAME = (
    "universal_poker(betting=nolimit,numPlayers=6,numRounds=4,blind=1 2 0 0 0 0,"
    "firstPlayer=3 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,"
    "stack=200 200 200 200 200 200,bettingAbstraction=fullgame)"
)


def flop_hand() -> Hand:
    """A 6-max no-limit hand at its first flop decision (everyone called the big blind)."""
    hand = Hand.start(NO_LIMIT_HOLDEM, stakes=NL, stacks=[STACK] * PLAYERS, button=5, seed=1)
    while not hand.board:
        hand = hand.check_or_call()
    return hand


def branching_row(quick: bool, rounds: int) -> Row | None:
    """pokerrules ``hand.apply(Check())`` (the parent stays valid) against OpenSpiel's
    ``state.clone()`` then ``apply_action``, from the same kind of flop decision."""
    try:
        import pyspiel
    except ImportError:  # open_spiel is in the bench extra; skip the row without it
        return None
    game = pyspiel.load_game(OPEN_SPIEL_GAME)
    state = game.new_initial_state()
    rng = random.Random(1)
    calls = 0
    # the hole cards, everyone calling the big blind (six calls or checks), then the flop
    while calls < PLAYERS or state.is_chance_node():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(1)  # call or check
            calls += 1
    call = 1
    hand = flop_hand()
    check = Check()
    count = 2000 if quick else 40000

    def ours() -> None:
        for _ in range(count):
            hand.apply(check)

    def theirs() -> None:
        for _ in range(count):
            state.clone().apply_action(call)

    mine, peer = median_times([ours, theirs], rounds)
    return (
        "one action from a flop decision, the parent kept",
        mine / count,
        peer / count,
        "OpenSpiel (C++)",
    )


# --- conformance throughput, state size, profile ---------------------------------------------------


def conformance_rows(quick: bool) -> list[tuple[str, float]]:
    """Random-play conformance throughput per catalogue variant: hands/s, every invariant and
    every illegal-action refusal checked at every step (:mod:`pokerrules.testing`)."""
    hands = 3 if quick else 40
    return [(v.name, conformance_rate(v, hands=hands)) for v in CATALOGUE]


def state_bytes(hand: Hand) -> int:
    """The bytes a hand's state holds of its own: every object reachable from it, less those
    every hand shares (the variant, the stakes, cards, enums, classes and small constants)."""
    shared = (Variant, Stakes, Card, type, enum.Enum, int, bool, str, type(None))
    seen: set[int] = set()
    total = 0
    todo: list[object] = [hand]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, shared):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        todo.extend(gc.get_referents(obj))
    return total


def profile_shares(hands: int = 300) -> list[tuple[str, float, int]]:
    """A cProfile of ``hands`` check-down hands: the share of the time in each module, and the
    Python calls per hand."""
    profile = cProfile.Profile()
    profile.enable()
    for seed in range(hands):
        pr_hand(NO_LIMIT_HOLDEM, NL, raises=False, seed=seed)
    profile.disable()
    stats = pstats.Stats(profile)
    by_module: dict[str, float] = {}
    calls = 0
    for (path, _, _), (_, ncalls, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        calls += ncalls
        module = path.split("src/pokerrules/")[-1] if "pokerrules/" in path else "Python, attrs"
        if "benchmarks/" in path:
            module = "the benchmark loop"
        by_module[module] = by_module.get(module, 0.0) + tottime
    whole = sum(by_module.values())
    ranked = sorted(by_module.items(), key=lambda kv: -kv[1])
    return [(m, t / whole, calls // hands) for m, t in ranked]


# --- the page ----------------------------------------------------------------------------------------


def rst_rows(rows: Sequence[Row]) -> str:
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - Work",
        "     - pokerrules",
        "     - peer",
        "     - pokerrules speed-up",
    ]
    for name, mine, peer, who in rows:
        unit = "µs an action" if "action" in name else "µs a hand"
        lines += [
            f"   * - {name}",
            f"     - {mine * 1e6:,.1f} {unit}",
            f"     - {who}: {peer * 1e6:,.1f} {unit}",
            f"     - {peer / mine:.1f}x",
        ]
    return "\n".join(lines)


def rst_pairs(head: tuple[str, str], pairs: Sequence[tuple[str, str]]) -> str:
    lines = [".. list-table::", "   :header-rows: 1", "", f"   * - {head[0]}", f"     - {head[1]}"]
    for a, b in pairs:
        lines += [f"   * - {a}", f"     - {b}"]
    return "\n".join(lines)


def chart(rows: Sequence[Row], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8.5, 2.8))
    names = [f"{name}\n(vs {who})" for name, _, _, who in rows]
    ratios = [peer / mine for _, mine, peer, _ in rows]
    ax.barh(names[::-1], ratios[::-1], color="#3b6ea5")
    ax.axvline(1, color="black", linewidth=0.8)
    ax.set_xlim(0, max(ratios) * 1.18)
    ax.set_xlabel("speed-up: the peer's CPU time over pokerrules' (median of the rounds)")
    for k, r in enumerate(ratios[::-1]):
        ax.text(r, k, f" {r:.1f}x", va="center")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


PAGE_HEAD = """Complete hands
==============

``benchmarks/hands.py`` plays complete hands with the hand engine and with pokerkit, side by
side in one run, doing the same work: a new shuffled deck, posting the blinds, dealing and
burning, every player action issued one at a time, the showdown and the settled pot.

* **no-limit check-down** -- 6-max no-limit hold'em, blinds 1/2, stacks 200: everyone calls
  the big blind, checks every street and shows down;
* **fixed-limit with raises** -- 6-max limit hold'em $2/$4: on every street the first player to
  act bets or raises and everyone else calls;
* **branching** -- one check from a 6-max no-limit flop decision, the parent state kept (what a
  search or a reinforcement learner does at every node): pokerrules' ``hand.apply(Check())``
  leaves the parent valid; OpenSpiel's C++ ``universal_poker`` needs ``state.clone()`` and
  then ``apply_action``.

pokerkit runs with its automations for the dealer's work (posting, dealing, burning, showing or
mucking, pushing and pulling chips); pokerrules with the dealer showing down
(:attr:`~pokerrules.engine.ShowdownPolicy.MUCK_LOSERS`). Before timing, both libraries are
dealt the same cards for the same hands and must end with the same stacks. Times are CPU time
of the benchmark process, the libraries run in turns, and each figure is the median of the
rounds; the speed-up is the peer's time over pokerrules'.
"""


def write_page(
    rows: Sequence[Row],
    rounds: int,
    conformance: Sequence[tuple[str, float]],
    size: int,
    after: Sequence[tuple[str, float, int]],
) -> None:
    chart(rows, CHART)
    machine = f"Python {platform.python_version()}, pokerkit {version('pokerkit')}"
    with contextlib.suppress(PackageNotFoundError):
        machine += f", open_spiel {version('open_spiel')}"
    calls = after[0][2] if after else 0
    profile = rst_pairs(
        ("Module", "share of the time"), [(m, f"{share:.0%}") for m, share, _ in after[:10]]
    )
    checked = rst_pairs(
        ("Variant", "hands/s, every step checked"),
        [(name, f"{rate:,.0f}") for name, rate in conformance],
    )
    PAGE.write_text(
        f"{PAGE_HEAD}\n{rst_rows(rows)}\n\n.. image:: ../_static/hands.png\n"
        f"   :alt: pokerrules' speed-up over pokerkit and OpenSpiel, row by row\n\n"
        f"Measured with {machine}, the median of {rounds} rounds.\n\n"
        + PAGE_PROFILE.format(calls=calls, profile=profile, size=size)
        + PAGE_CONFORMANCE.format(table=checked)
        + "\nRun it with ``python benchmarks/hands.py`` (``--quick`` for a smoke run, "
        "``--write`` to regenerate this page and its chart).\n"
    )


PAGE_PROFILE = """
Where the time goes
-------------------

A cProfile of the check-down hand loop (``--profile`` prints it). Before the engine's core was
redesigned, a hand made about 2,400 Python calls, and its time went 14% to the betting round,
13% to the hand's transitions, 10% to copying the hand's state, about 12% to re-checking values
the library had built itself (468 ``isinstance`` calls a hand), 7% to building attrs values,
7% to the pots and 5% to the forced bets. Then the hand's state became one value of tuples and
ints that each action copies only in part, the log a linked list made a tuple only when read,
inputs were checked once where they enter, and the dealer showed down: about 1,640 Python calls
a hand, 24% of the time in the transitions, 11% in the hand's face, 10% in the betting round and
6% in copying the state (44 copies a hand). Since then the common action (check or call) takes
one fast path that copies the state once, a street dealt from the deck is one transition with
no dealing steps made, the dealer turns every hand up or mucks it in one transition and hands
its rankings to the settlement, the log keeps the cards dealt, the forced bets, the burns and
the settlement's awards as plain tuples until it is read, and the outcome is made only when it
is asked for. Then the betting round became one tuple that an action copies only in its acting
player's entry; each street is dealt and its round begun in one copy of the state, and the
dealer's showdown begun and done in one step; the dealer ranks the hands from their cards with
the integer evaluator and settles the commonest
showdown (one pot that every hand still in matched) directly, the last hand left taking it
whole; posts and dealing steps are reused as the immutable values they are; and the phases are
read as module constants, not off their enum class. Lately the hand's check or call is applied
in the betting round directly, not through its general ``apply``; a bet, a raise or a fold makes
the next state in one copy of its fields; a street after the first begins its round from the
players' stacks alone, with its structure's facts worked out once; a hand's cards are drawn by a
partial shuffle that deals exactly what ``random.Random.sample`` dealt, without a Python call a
card; and new states and faces are set through their slots' own setters. A hand makes about
{calls:,} Python calls:

{profile}

A finished check-down hand holds {size:,} bytes of its own (its state, log and outcome; the
variant, stakes and cards are shared by every hand).
"""

PAGE_CONFORMANCE = """
Random-play conformance
-----------------------

:func:`pokerrules.testing.conformance_rate` plays seeded random hands of each catalogue variant
and checks every step as :func:`~pokerrules.testing.check_variant` does: chips conserved, the
player to act live, the caps, the pots, and every kind of illegal action refused with the right
error and the hand left unchanged. Checked hands per second of CPU time:

{table}
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer hands, for a smoke run")
    parser.add_argument("--write", action="store_true", help=f"write {PAGE.relative_to(ROOT)}")
    parser.add_argument("--profile", action="store_true", help="print where a hand's time goes")
    args = parser.parse_args(argv)
    rounds = 5
    rows = hand_rows(args.quick, rounds)
    branch = branching_row(args.quick, rounds)
    if branch is not None:
        rows.append(branch)
    print(rst_rows(rows))
    after = profile_shares(50 if args.quick else 300)
    if args.profile:
        for module, share, _ in after:
            print(f"{share:6.1%}  {module}")
        print(f"{after[0][2]:,} Python calls a hand")
    size = state_bytes(pr_hand(NO_LIMIT_HOLDEM, NL, raises=False, seed=1))
    print(f"a finished check-down hand holds {size:,} bytes")
    conformance = conformance_rows(args.quick)
    for name, rate in conformance:
        print(f"{rate:8,.0f} checked hands/s  {name}")
    if args.write:
        write_page(rows, rounds, conformance, size, after)
        print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
