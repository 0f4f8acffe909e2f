"""The floor under one call of ``side_pots``: what checking, computing and building cost apart.

Run ``python benchmarks/pots_floor.py`` (pokerkit installed, as for ``money.py``). On the same
seeded pre-flop all-in hands as ``money.py`` (9 players, and 2 to 9), it times, per call and in
turns with pokerkit's ``tuple(state.pots)`` (CPU time, the median of the rounds):

* **call** -- the timing loop calling a function that does nothing (reading each hand's input
  after pokerkit's turn, as ``money.py`` does);
* **check** -- the cheapest complete check of the public input: a ``dict`` whose keys and
  values are all exactly ``int`` (bools refused), and ``folded`` a plain collection of exactly
  ``int`` (the sign of the chips is seen for free by the sort in *compute*);
* **compute** -- the pots as plain ``(amount, eligible)`` pairs and the uncalled bet, from input
  trusted as valid: one sort of the contributions and one walk up the seats, the cheapest way
  found (it gives the pots ``side_pots`` gives, checked below);
* **build** -- the result objects from those pairs: a ``Pot`` a pot and the ``Pots``, made the
  cheapest way there is for these frozen attrs classes (``object.__new__`` and the slots' own
  setters, no validators);
* **side_pots** -- the public function, which does all three.

Each part is printed net of the call, with pokerkit's time over it. The floor is one call plus
the three parts: no pure-Python ``side_pots`` can be faster than that, so pokerkit's time over
the floor is the best ratio there is to reach (``--rounds`` sets the rounds, 7 by default).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Collection, Sequence
from operator import itemgetter
from typing import Any

from _timing import median_times_in_turns
from money import side_pot_work

from pokerrules.pots import Pot, Pots, side_pots

INT_ONLY = frozenset({int})
all_int = INT_ONLY.issuperset
PLAIN = frozenset({tuple, list, set, frozenset})
chips_of = itemgetter(1)
new = object.__new__
set_amount = Pot.__dict__["amount"].__set__
set_eligible = Pot.__dict__["eligible"].__set__
set_pots = Pots.__dict__["pots"].__set__
set_returned = Pots.__dict__["returned"].__set__

Plain = tuple[list[tuple[int, tuple[int, ...]]], tuple[int, int] | None]


def nothing(chips: dict[int, int], folded: Collection[int]) -> bool:
    """The call alone."""
    return True


def check(chips: dict[int, int], folded: Collection[int]) -> bool:
    """The public input's types, the cheapest complete way: a dict of exactly-int keys and
    values, and a plain collection of exactly-int folded seats."""
    if not (
        type(chips) is dict and all_int(map(type, chips)) and all_int(map(type, chips.values()))
    ):
        raise TypeError("the floor is timed on valid input only")
    if not (type(folded) in PLAIN and all_int(map(type, folded))):
        raise TypeError("the floor is timed on valid input only")
    return True


def compute(chips: dict[int, int], folded: Collection[int]) -> Plain:
    """The pots as ``(amount, eligible)`` pairs and the uncalled bet, on trusted input."""
    ranked = sorted(chips.items(), key=chips_of)
    if ranked[0][1] < 0:
        raise ValueError("the floor is timed on valid input only")
    eligible = sorted(chips.keys() - folded)
    left = len(ranked)
    top_seat, top = ranked[-1]
    second = ranked[-2][1] if left > 1 else 0
    returned = None
    if top > second:
        returned = (top_seat, top - second)
        ranked[-1] = (top_seat, second)
    if ranked[0][1] == second:  # everyone put in the same
        return [(second * left, tuple(eligible))], returned
    pots: list[tuple[int, tuple[int, ...]]] = []
    made = passed = below = 0
    leave = eligible.remove
    for seat, level in ranked:
        if seat not in folded:
            if level != below:
                capped = passed + level * left
                pots.append((capped - made, tuple(eligible)))
                made = capped
                below = level
            leave(seat)
        passed += level
        left -= 1
    if not pots:
        pots.append((passed, tuple(sorted(chips.keys() - folded))))
    elif passed > made:
        amount, last = pots[-1]
        pots[-1] = (amount + passed - made, last)
    return pots, returned


def build(plain: Plain) -> Pots:
    """The result objects from the plain pairs."""
    pairs, returned = plain
    pots = []
    for amount, eligible in pairs:
        pot = new(Pot)
        set_amount(pot, amount)
        set_eligible(pot, eligible)
        pots.append(pot)
    result = new(Pots)
    set_pots(result, tuple(pots))
    set_returned(result, returned)
    return result


def floor(players: int | None, seed: int, count: int, rounds: int) -> None:
    states, hands = side_pot_work(count, seed=seed, players=players)
    plain = [compute(c, f) for c, f in hands]
    for (c, f), made in zip(hands, plain, strict=True):
        if build(made) != side_pots(c, f):
            sys.exit(f"the floor's pots differ from side_pots': {c} {f}")
    runs: dict[str, Callable[[], Any]] = {
        "pokerkit": lambda: [tuple(s.pots) for s in states],
        "call": lambda: [nothing(c, f) for c, f in hands],
        "check": lambda: [check(c, f) for c, f in hands],
        "compute": lambda: [compute(c, f) for c, f in hands],
        "build": lambda: [build(p) for p in plain],
        "side_pots": lambda: [side_pots(c, f) for c, f in hands],
    }
    medians = median_times_in_turns(runs, rounds)
    per_call = {name: t / len(hands) * 1e6 for name, t in medians.items()}
    peer = per_call["pokerkit"]
    call = per_call["call"]
    pots = sum(len(p) for p, _ in plain) / len(plain)
    what = f"{players} players" if players else "2 to 9 players"
    print(f"{what}, {len(hands)} hands, {pots:.1f} pots a hand; microseconds a call")
    print(f"  {'pokerkit':<24}{peer:6.2f}")
    print(f"  {'call':<24}{call:6.2f}   pokerkit / {peer / call:.0f}")
    parts = 0.0
    for name in ("check", "compute", "build"):
        net = per_call[name] - call
        parts += net
        print(f"  {name + ' (net of the call)':<24}{net:6.2f}   pokerkit / {peer / net:.1f}")
    bare = call + per_call["check"] + per_call["build"] - 2 * call
    print(
        f"  {'call + check + build':<24}{bare:6.2f}   best ratio {peer / bare:.1f}x with no compute"
    )
    low = call + parts
    ours = per_call["side_pots"]
    print(f"  {'floor: call + parts':<24}{low:6.2f}   best ratio {peer / low:.1f}x")
    print(f"  {'side_pots':<24}{ours:6.2f}   ratio {peer / ours:.1f}x ({ours / low:.2f} floors)")
    print(f"  10x would need          {peer / 10:6.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (the median is kept)")
    parser.add_argument("--hands", type=int, default=3000, help="hands of each kind")
    args = parser.parse_args(argv)
    floor(9, 2025, args.hands, max(args.rounds, 5))
    floor(None, 2024, args.hands, max(args.rounds, 5))
    return 0


if __name__ == "__main__":
    sys.exit(main())
