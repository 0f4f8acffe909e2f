"""The floor under a betting-round action: what any immutable round pays before its rules.

Run ``python benchmarks/round_floor.py`` (pokerkit installed, as for ``money.py``). On the same
seeded 9-player fixed-limit pre-flop rounds as ``money.py`` (folds, calls and raises up to the
cap), it times, per action and in turns with pokerkit's actions on ready states (CPU time, the
median of the rounds):

* **call** -- the timing loop calling a function that hands back the round it is given;
* **entry** -- the least an immutable round can do for an action: read its state, replace the
  acting player's entry with a new one and make the new round value (no rule decided: not the
  action's effect, not the wager, not who acts next);
* **entry + next** -- the same, and finding the next player to act by the round's own scan of
  the players after the one who acted;
* **apply** -- :meth:`~pokerrules.betting.BettingRound.apply`, which does all of it and checks
  and applies the action by the rules.

pokerkit's time over each is the best ratio a round doing that much could reach. The floors
use the round's own values and constructors (``_s``, its slot's setter), as the library does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from _timing import median_times_in_turns
from money import new_pokerkit_round, play_pokerkit, round_work, start_round

from pokerrules.actions import BettingAction
from pokerrules.betting.round import BettingRound, _made, _put


def handed_back(r: BettingRound, action: BettingAction) -> BettingRound:
    """The call alone."""
    return r


def entry(r: BettingRound, action: BettingAction) -> BettingRound:
    """A new round with the acting player's entry replaced, and nothing else decided."""
    setup, players, wager, i, in_hand, live, at = r._s
    stack, committed, acted, folded, checked = players[i]
    changed = list(players)
    changed[i] = (stack, committed, acted, folded, checked)
    new = _made(BettingRound)
    _put(new, (setup, tuple(changed), wager, i, in_hand, live, at))
    return new


def entry_and_next(r: BettingRound, action: BettingAction) -> BettingRound:
    """:func:`entry`, and the next player to act found as the round finds it."""
    setup, players, wager, i, in_hand, live, at = r._s
    stack, committed, acted, folded, checked = players[i]
    changed = list(players)
    changed[i] = (stack, committed, wager[0], folded, checked)
    players = tuple(changed)
    level = wager[0]
    to_act = -1
    for j in setup.turns[i]:
        stack, committed, acted, folded, _ = players[j]
        if stack and not folded and (acted < 0 or committed < level):
            to_act = j
            break
    new = _made(BettingRound)
    _put(new, (setup, players, wager, i if to_act < 0 else to_act, in_hand, live, at))
    return new


def applied(r: BettingRound, action: BettingAction) -> BettingRound:
    """The round's own ``apply``."""
    return r.apply(action)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (the median is kept)")
    parser.add_argument("--count", type=int, default=1000, help="betting rounds")
    args = parser.parse_args(argv)
    work = round_work(args.count, seed=7)
    start = start_round()
    actions = sum(len(a) for a, _ in work)
    fresh: list[Any] = []

    def ours(step: Callable[[BettingRound, BettingAction], BettingRound]) -> Callable[[], None]:
        def run() -> None:
            for round_actions, _ in work:
                r = start
                for action in round_actions:
                    r = step(r, action)

        return run

    def make_pokerkit() -> None:
        fresh[:] = [new_pokerkit_round() for _ in work]

    def pokerkit() -> None:
        for state, (_, letters) in zip(fresh, work, strict=True):
            play_pokerkit(state, letters)

    runs: dict[str, Callable[[], object]] = {
        "make pokerkit states": make_pokerkit,
        "pokerkit": pokerkit,
        "call": ours(handed_back),
        "entry": ours(entry),
        "entry + next": ours(entry_and_next),
        "apply": ours(applied),
    }
    medians = median_times_in_turns(runs, max(args.rounds, 5))
    per = {
        name: t / actions * 1e6 for name, t in medians.items() if name != "make pokerkit states"
    }
    peer = per.pop("pokerkit")
    print(f"9-player fixed-limit rounds: {len(work)} rounds, {actions} actions; µs an action")
    print(f"  {'pokerkit':<14}{peer:7.3f}")
    for name, cost in per.items():
        print(f"  {name:<14}{cost:7.3f}   best ratio {peer / cost:5.1f}x")
    print(f"  20x would need {peer / 20:6.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
