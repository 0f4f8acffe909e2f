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
end with the same stacks. Times are the fastest of several runs; the ratio is pokerkit's time
divided by pokerrules' (hands per second relative to pokerkit). ``--write`` rewrites
``docs/performance/hands.rst`` with the figures; ``--quick`` is a smoke run.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from importlib.metadata import version
from pathlib import Path

import pokerkit
from pokerkit import Automation, FixedLimitTexasHoldem, Mode, NoLimitTexasHoldem

from pokerrules.actions import Bet, LegalActions, Raise
from pokerrules.cards import Deck
from pokerrules.catalogue import LIMIT_HOLDEM, NO_LIMIT_HOLDEM
from pokerrules.engine import Hand, Phase, ShowHand
from pokerrules.variants import Stakes, Variant

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "performance" / "hands.rst"
PLAYERS = 6
STACK = 200
NL = Stakes.no_limit(1, 2)
FL = Stakes.limit(2, 4)
SHOW = ShowHand()

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
        variant, stakes=stakes, stacks=[STACK] * PLAYERS, button=PLAYERS - 1, seed=seed, deck=deck
    )
    street = None
    while not hand.is_complete:
        if hand.phase is not Phase.BET:
            hand = hand.apply(SHOW)
            continue
        if not raises or hand.street == street:
            hand = hand.check_or_call()
            continue
        street = hand.street
        legal = hand.legal_actions()
        assert isinstance(legal, LegalActions)
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


# --- timing ---------------------------------------------------------------------------------------


def best_rate(run: Callable[[int], object], hands: int, repeat: int) -> float:
    """The best hands-per-second over ``repeat`` runs of ``hands`` hands."""
    best = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        for seed in range(hands):
            run(seed)
        best = max(best, hands / (time.perf_counter() - start))
    return best


def measure(quick: bool) -> list[tuple[str, float, float]]:
    cross_check(3 if quick else 20)
    ours_hands, theirs_hands, repeat = (30, 5, 1) if quick else (1500, 120, 5)
    rows = []
    for name, limit, variant, stakes in (
        ("6-max no-limit hold'em, check-down", False, NO_LIMIT_HOLDEM, NL),
        ("6-max limit hold'em, a bet or raise every street", True, LIMIT_HOLDEM, FL),
    ):

        def ours_run(
            seed: int, v: Variant = variant, st: Stakes = stakes, r: bool = limit
        ) -> Hand:
            return pr_hand(v, st, raises=r, seed=seed)

        def theirs_run(_: int, r: bool = limit) -> pokerkit.State:
            return pk_play(pk_state(r, AUTOMATIONS), raises=r)

        ours = best_rate(ours_run, ours_hands, repeat)
        theirs = best_rate(theirs_run, theirs_hands, repeat)
        rows.append((name, ours, theirs))
    return rows


def rst_table(rows: Sequence[tuple[str, float, float]]) -> str:
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - Complete hands",
        "     - pokerrules (hands/s)",
        "     - pokerkit (hands/s)",
        "     - ratio",
    ]
    for name, ours, theirs in rows:
        lines += [
            f"   * - {name}",
            f"     - {ours:,.0f}",
            f"     - {theirs:,.0f}",
            f"     - {ours / theirs:.1f}x",
        ]
    return "\n".join(lines)


PAGE_HEAD = """Complete hands
==============

``benchmarks/hands.py`` plays complete hands with the hand engine and with pokerkit, side by
side in one run, doing the same work: a new shuffled deck, posting the blinds, dealing and
burning, every player action issued one at a time, the showdown and the settled pot.

* **no-limit check-down** -- 6-max no-limit hold'em, blinds 1/2, stacks 200: everyone calls
  the big blind, checks every street and shows down;
* **fixed-limit with raises** -- 6-max limit hold'em $2/$4: on every street the first player to
  act bets or raises and everyone else calls.

pokerkit runs with its automations for the dealer's work (posting, dealing, burning, showing,
pushing and pulling chips). Before timing, both libraries are dealt the same cards for the
same hands and must end with the same stacks. The figures are the fastest of five runs; the
ratio is pokerrules' hands per second over pokerkit's.
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer hands, for a smoke run")
    parser.add_argument("--write", action="store_true", help=f"write {PAGE.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    rows = measure(args.quick)
    table = rst_table(rows)
    print(table)
    if args.write:
        machine = f"Python {platform.python_version()}, pokerkit {version('pokerkit')}"
        PAGE.write_text(
            f"{PAGE_HEAD}\n{table}\n\nMeasured with {machine}.\n\n"
            "Run it with ``python benchmarks/hands.py`` (``--write`` to regenerate "
            "this page).\n"
        )
        print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
