"""Money mechanics, side by side with pokerkit: side pots and a 9-player fixed-limit round.

Run ``pip install -e '.[bench]'`` once, then ``python benchmarks/money.py``. The script

1. plays the same seeded pre-flop all-in hands (2 to 9 players, blinds 1/2, random stacks,
   some folds) with pokerkit, and checks that ``pokerrules.pots.side_pots`` on the resulting
   contributions gives exactly pokerkit's pots (amounts and eligible players);
2. generates the same seeded 9-player fixed-limit ($2/$4, blinds $1/$2) pre-flop rounds --
   folds, calls and raises up to the cap -- and checks that pokerkit, replaying them, ends with
   the same chips in front of every player;
3. times both libraries on that same work, in turns, and prints the ratios (pokerkit time /
   pokerrules time, CPU time of this process, the median of five runs; above 1 means
   pokerrules is faster). Machines are noisy; ratios travel better than absolute times.

``--quick`` uses fewer hands; ``--write`` also writes the ratio table into
``docs/_generated/money_table.rst`` and its chart into ``docs/_static/money.png``, which
``docs/performance/money.rst`` both include.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pokerkit
from _charts import ratio_chart
from pokerkit import Automation, FixedLimitTexasHoldem, NoLimitTexasHoldem

from pokerrules.actions import BettingAction, Call, Check, Fold, Raise
from pokerrules.betting import BettingRound, BettingRules, FixedLimit, HeadsUpRaising
from pokerrules.cards import Deck
from pokerrules.pots import side_pots, side_pots_batch

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "docs" / "_generated" / "money_table.rst"
CHART = ROOT / "docs" / "_static" / "money.png"

# pokerkit automates everything but the board, so a hand stops after the pre-flop round
AUTOMATIONS = tuple(
    a for a in Automation if a not in {Automation.BOARD_DEALING, Automation.RUNOUT_COUNT_SELECTION}
)
# pokerkit caps a fixed-limit street at four bets or raises on top of the blind: five bets
RULES = BettingRules(cap=5, heads_up=HeadsUpRaising.NEVER)
STACK = 200


# CPU time of this process: what the work costs, even while other processes share the machine
CLOCK = time.process_time


def timed(run: Callable[[], object]) -> Callable[[], float]:
    """A function that runs ``run`` once and returns the seconds it took."""

    def once() -> float:
        start = CLOCK()
        run()
        return CLOCK() - start

    return once


def median_times(
    ours: Callable[[], float], theirs: Callable[[], float], repeat: int
) -> tuple[float, float]:
    """The median of ``repeat`` runs of each side, taken in turns so that a busy spell of the
    machine falls on both."""
    mine: list[float] = []
    peer: list[float] = []
    for _ in range(repeat):
        mine.append(ours())
        peer.append(theirs())
    return statistics.median(mine), statistics.median(peer)


# --------------------------------------------------------------------------------------------
# side pots


def all_in_hand(rng: random.Random, players: int | None = None) -> pokerkit.State:
    """A pokerkit no-limit hand (2 to 9 players, or ``players``) where some players fold and
    the rest go all-in pre-flop."""
    n = rng.randint(2, 9) if players is None else players
    stacks = [
        rng.choice([3, 10, 25, 60, 100, 150, 200, 400]) + rng.randint(0, 9) for _ in range(n)
    ]
    state = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, stacks, n)
    shoved = False
    while state.actor_index is not None:
        if state.can_fold() and rng.random() < 0.3 and shoved:
            state.fold()
        elif not shoved and state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            shoved = True
        else:
            state.check_or_call()
    return state


def contributions_of(
    state: pokerkit.State, starting: Sequence[int]
) -> tuple[dict[int, int], set[int]]:
    chips = {i: starting[i] - state.stacks[i] for i in range(state.player_count)}
    folded = {i for i in range(state.player_count) if not state.statuses[i]}
    return chips, folded


def side_pot_work(
    count: int, seed: int, players: int | None = None
) -> tuple[list[pokerkit.State], list[tuple[dict[int, int], set[int]]]]:
    rng = random.Random(seed)
    states: list[pokerkit.State] = []
    inputs: list[tuple[dict[int, int], set[int]]] = []
    while len(states) < count:
        state = all_in_hand(rng, players)
        if not state.status:  # everyone folded to one player: no pots left to resolve
            continue
        starting = list(state.starting_stacks)
        chips, folded = contributions_of(state, starting)
        expected = [(p.unraked_amount, tuple(p.player_indices)) for p in state.pots]
        got = [(p.amount, p.eligible) for p in side_pots(chips, folded)]
        if got != expected:
            sys.exit(f"side pots differ from pokerkit's: {chips} {folded}: {got} != {expected}")
        states.append(state)
        inputs.append((chips, folded))
    return states, inputs


# --------------------------------------------------------------------------------------------
# a 9-player fixed-limit round

ORDER = (2, 3, 4, 5, 6, 7, 8, 0, 1)  # pokerkit's indices: 0 small blind, 1 big blind
STACKS = {i: STACK - (1 if i == 0 else 2 if i == 1 else 0) for i in range(9)}
POSTED = {0: 1, 1: 2}


def start_round() -> BettingRound:
    return BettingRound.start(
        order=ORDER, stacks=STACKS, posted=POSTED, structure=FixedLimit(2), rules=RULES
    )


def deal_and_start_round(rng: random.Random) -> BettingRound:
    """What pokerkit does to create a hand state: shuffle, deal the hole cards, post blinds."""
    Deck.shuffled(rng).deal(18)
    return start_round()


def random_round(rng: random.Random) -> tuple[list[BettingAction], str, dict[int, int]]:
    """Seeded decisions, legal in both libraries: the actions, their letters, the chips put in."""
    r = start_round()
    actions: list[BettingAction] = []
    letters = ""
    while (legal := r.legal_actions()) is not None:
        roll = rng.random()
        if legal.raise_to is not None and roll < 0.25:
            action: BettingAction = Raise(to=legal.raise_to.low)
            letters += "r"
        elif legal.call is not None and roll < 0.55:
            action = Fold()
            letters += "f"
        else:
            action = Check() if legal.check else Call()
            letters += "c"
        actions.append(action)
        r = r.apply(action)
    return actions, letters, r.contributions


def new_pokerkit_round() -> pokerkit.State:
    return FixedLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, 4, STACK, 9)


def play_pokerkit(state: pokerkit.State, letters: str) -> None:
    for letter in letters:
        if letter == "f":
            state.fold()
        elif letter == "c":
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to()


def play_pokerrules(r: BettingRound, actions: Sequence[BettingAction]) -> BettingRound:
    for action in actions:
        r = r.apply(action)
    return r


def round_work(count: int, seed: int) -> list[tuple[list[BettingAction], str]]:
    rng = random.Random(seed)
    work = []
    for _ in range(count):
        actions, letters, chips = random_round(rng)
        state = new_pokerkit_round()
        play_pokerkit(state, letters)
        put_in = {i: STACK - state.stacks[i] for i in range(9)}
        if len(state.statuses) - state.statuses.count(False) > 1 and put_in != chips:
            sys.exit(f"pokerkit disagrees on {letters}: {put_in} != {chips}")
        work.append((actions, letters))
    return work


# --------------------------------------------------------------------------------------------


def measure(quick: bool) -> list[tuple[str, str, float]]:
    pots_count = 300 if quick else 3000
    rounds_count = 100 if quick else 1000
    repeat = 3 if quick else 5
    rows = []

    states, inputs = side_pot_work(pots_count, seed=2024)
    chips = np.zeros((len(inputs), 9), dtype=np.int64)
    folded = np.ones((len(inputs), 9), dtype=bool)
    for n, (c, f) in enumerate(inputs):
        for seat, amount in c.items():
            chips[n, seat] = amount
            folded[n, seat] = seat in f
    table = side_pots_batch(chips, folded)
    for n, state in enumerate(states):
        expected = [(p.unraked_amount, tuple(p.player_indices)) for p in state.pots]
        if [(p.amount, p.eligible) for p in table.pots(n)] != expected:
            sys.exit(f"the batch side pots differ from pokerkit's in hand {n}")
    theirs_pots = timed(lambda: [tuple(s.pots) for s in states])
    ours, theirs = median_times(
        timed(lambda: [side_pots(c, f) for c, f in inputs]), theirs_pots, repeat
    )
    rows.append(("Side pots", "pots from contributions and folds, one hand a call", theirs / ours))
    nine_states, nine = side_pot_work(pots_count, seed=2025, players=9)
    ours_nine, theirs_nine = median_times(
        timed(lambda: [side_pots(c, f) for c, f in nine]),
        timed(lambda: [tuple(s.pots) for s in nine_states]),
        repeat,
    )
    rows.append(
        ("Side pots, 9 players", "the same, every hand 9 players", theirs_nine / ours_nine)
    )
    ours_batch, theirs = median_times(
        timed(lambda: side_pots_batch(chips, folded)), theirs_pots, repeat
    )
    rows.append(
        (
            "Side pots, batch",
            f"the same {len(inputs)} hands in one numpy call (pokerkit: one hand a call)",
            theirs / ours_batch,
        )
    )

    work = round_work(rounds_count, seed=7)
    start = start_round()

    def pokerkit_actions() -> float:
        fresh = [new_pokerkit_round() for _ in work]
        begin = CLOCK()
        for state, (_, letters) in zip(fresh, work, strict=True):
            play_pokerkit(state, letters)
        return CLOCK() - begin

    ours_apply, theirs_actions = median_times(
        timed(lambda: [play_pokerrules(start, a) for a, _ in work]), pokerkit_actions, repeat
    )

    def pokerkit_scratch() -> None:
        for _, letters in work:
            play_pokerkit(new_pokerkit_round(), letters)

    deal_rng = random.Random(11)
    ours_scratch, theirs_scratch = median_times(
        timed(lambda: [play_pokerrules(deal_and_start_round(deal_rng), a) for a, _ in work]),
        timed(pokerkit_scratch),
        repeat,
    )
    rows.append(
        (
            "9-player fixed-limit round",
            "the actions of a pre-flop round (pokerkit: on a ready state)",
            theirs_actions / ours_apply,
        )
    )
    rows.append(
        (
            "9-player fixed-limit round, from scratch",
            "shuffle, deal the hole cards and post the blinds, then the actions",
            theirs_scratch / ours_scratch,
        )
    )
    return rows


def rst_table(rows: list[tuple[str, str, float]]) -> str:
    head = ("Work", "What is timed", "pokerrules speed-up over pokerkit")
    body = [(a, b, f"{c:.1f}x") for a, b, c in rows]
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(3)]
    rule = "  ".join("=" * w for w in widths)

    def line(r: Sequence[str]) -> str:
        return "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip()

    machine = f"Python {platform.python_version()}, pokerkit {_pokerkit_version()}"
    return "\n".join(
        [rule, line(head), rule, *map(line, body), rule, "", f"Measured with {machine}.", ""]
    )


def chart(rows: Sequence[tuple[str, str, float]], path: Path) -> None:
    """A bar of each ratio, pokerkit at 1 (a line)."""
    ratio_chart(
        [name for name, _, _ in rows], [ratio for _, _, ratio in rows], path, size=(7.5, 2.9)
    )


def _pokerkit_version() -> str:
    from importlib.metadata import version

    return version("pokerkit")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer hands, for a smoke run")
    parser.add_argument(
        "--write",
        action="store_true",
        help=f"write {TABLE.relative_to(ROOT)} and {CHART.relative_to(ROOT)}",
    )
    args = parser.parse_args(argv)
    rows = measure(args.quick)
    table = rst_table(rows)
    print(table)
    if args.write:
        TABLE.write_text(table)
        chart(rows, CHART)
        print(f"wrote {TABLE.relative_to(ROOT)} and {CHART.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
