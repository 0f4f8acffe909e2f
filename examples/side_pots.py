"""A no-limit hold'em hand with two all-ins: blinds, betting rounds, side pots and the showdown.

Four players with different stacks. Bob goes all-in before the flop and Cat on the flop, so
the chips split into a main pot that Bob can win and a side pot that he cannot; Dan's raise
that nobody can call comes back to him.
"""

from __future__ import annotations

from pokerrules import evaluate_high, parse_cards
from pokerrules.actions import Bet, BettingAction, Call, Check, Fold, Raise
from pokerrules.betting import BettingRound, NoLimit
from pokerrules.forced_bets import ForcedBets, post_forced_bets
from pokerrules.pots import award, clockwise_from, side_pots

NAMES = {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan"}
STACKS = {1: 500, 2: 60, 3: 150, 4: 400}
BUTTON = 4
HOLE = {1: "Ah Kh", 2: "Qs Qd", 3: "9c 9d", 4: "As Jc"}
BOARD = "Kd 9h 4s 2c Qc"
ACTIONS: list[list[BettingAction]] = [
    # pre-flop: Cat raises, Dan and Ann call, Bob is all-in for 60, everyone calls
    [Raise(to=40), Call(), Call(), Raise(to=60), Call(), Call(), Call()],
    # flop: Ann checks, Cat bets her last 90, Dan raises to 300, Ann folds
    [Check(), Bet(90), Raise(to=300), Fold()],
]


def play(r: BettingRound, actions: list[BettingAction]) -> BettingRound:
    """Apply the actions in turn, printing each one."""
    for action in actions:
        print(f"  {NAMES.get(r.seat_to_act or 0, '?')}: {action}")
        r = r.apply(action)
    return r


def main() -> None:
    """Play the hand and print the pots and the payouts."""
    posting = post_forced_bets(ForcedBets(blinds=(5, 10)), stacks=STACKS, button=BUTTON)
    for post in posting.posts:
        print(f"{NAMES[post.seat]} posts the {post.kind} of {post.amount}")
    contributions = dict.fromkeys(STACKS, 0)
    folded: set[int] = set()
    r = posting.start_round(NoLimit(10))
    for street, actions in zip(["Pre-flop", "Flop"], ACTIONS, strict=True):
        print(street)
        r = play(r, actions)
        for seat, chips in r.contributions.items():
            contributions[seat] += chips
        folded |= r.folded
        r = r.next_round(NoLimit(10), order=posting.later_order)
    print(f"No more betting: {', '.join(NAMES[s] for s in sorted(r.all_in))} all-in")

    pots = side_pots(contributions, folded)
    board = parse_cards(BOARD)
    values = {seat: evaluate_high(board + parse_cards(HOLE[seat])) for seat in r.in_hand}
    result = award(pots, values, odd_chip_order=clockwise_from(BUTTON, STACKS))

    print("Showdown on", BOARD)
    for seat, value in values.items():
        print(f"  {NAMES[seat]}: {HOLE[seat]}  {value.describe()}")
    for pot_award in result.pots:
        who = ", ".join(NAMES[s] for s in pot_award.pot.eligible)
        paid = ", ".join(f"{NAMES[s]} {c}" for s, c in pot_award.payouts)
        print(f"  {pot_award.name}: {pot_award.pot.amount} among {who} -> {paid}")
    if pots.returned:
        seat, chips = pots.returned
        print(f"  uncalled bet: {chips} back to {NAMES[seat]}")
    paid_out = sum(result.payouts.values()) + (pots.returned[1] if pots.returned else 0)
    print(f"Chips put in: {sum(contributions.values())}, paid out: {paid_out}")


if __name__ == "__main__":
    main()
