"""A nine-player sit-and-go played to the end by bots.

Nine bots sit at one no-limit hold'em table with 1,500 chips each; the blinds go up every ten
hands. Each bot plays by a simple rule of thumb with its own seeded generator. Busted players
leave with the dead-button rule keeping the blinds honest; the last three are paid 50/30/20 of
the 900 prize pool, and the ICM value of the stacks is shown when four players are left.
The tournament is bounded: it stops with an error if it runs past 2,000 hands.
"""

from __future__ import annotations

import random

from pokerrules.actions import Call, Check, Fold, Raise
from pokerrules.engine import Hand, PlayerAction, ShowHand
from pokerrules.tournament import STANDARD_PRIZES, Structure, Tournament
from pokerrules.variants import find_variant

BLINDS: list[tuple[int, int] | tuple[int, int, int]] = [(10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300, 25),
          (200, 400, 50), (300, 600, 75), (500, 1000, 100), (1000, 2000, 200)]  # fmt: skip
MAX_HANDS = 2000


def decide(hand: Hand, rng: random.Random) -> PlayerAction:
    """Raise now and then, call often, fold the rest; show down whatever is asked."""
    legal = hand.legal_actions()
    if legal is None or legal.kind == "showdown":
        return ShowHand()
    roll = rng.random()
    if legal.raise_to is not None and roll < 0.15:
        low, high = legal.raise_to.low, legal.raise_to.high
        return Raise(to=high if roll < 0.04 else low)
    if legal.check:
        return Check()
    if legal.call is not None and roll < 0.55:
        return Call()
    return Fold()


def main() -> None:
    variant = find_variant("no-limit hold'em")
    structure = Structure.blinds(BLINDS, length=10)
    prizes = STANDARD_PRIZES.payouts(entries=9, pool=900)
    tournament = Tournament.start(
        variant, structure=structure, entries=9, stack=1500, seats=9, prizes=prizes, seed=2024
    )
    rng = random.Random(7)
    shown_icm = False
    for number in range(MAX_HANDS):
        if tournament.is_over:
            break
        if tournament.remaining == 4 and not shown_icm:
            shown_icm = True
            values = tournament.icm()
            print("ICM with four left:")
            for player, chips in tournament.stacks().items():
                print(f"  player {player}: {chips:>6} chips, worth {float(values[player]):6.2f}")
        (table,) = tournament.ready_tables()
        tournament, hand = tournament.deal(table, seed=number)
        while not hand.is_complete:
            hand = hand.apply(decide(hand, rng))
        tournament = tournament.record(table, hand)
        if tournament.chips != 9 * 1500:
            raise SystemExit("chips were lost")
    else:
        raise SystemExit(f"no winner after {MAX_HANDS} hands")
    print(f"finished after {tournament.clock.hands} hands, at level {tournament.level + 1}")
    for finish in sorted(tournament.finishes, key=lambda f: f.place):
        print(f"  {finish.place}. player {finish.player}  prize {finish.prize}")
    if sum(f.prize for f in tournament.finishes) != 900:
        raise SystemExit("the prizes do not add up to the pool")


if __name__ == "__main__":
    main()
