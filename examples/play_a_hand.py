"""Play a hand of any variant with the hand engine, then write it as a PHH hand history and
replay it.

A six-handed limit hold'em table: the player under the gun raises, the next player and both
blinds call, and the rest of the hand is checked down to the showdown. The hand is printed as it goes; then the same
hand is written in the Poker Hand History format and replayed through the engine, which must
end with the same stacks.
"""

from __future__ import annotations

from pokerrules.actions import Call, Check, Fold, Raise
from pokerrules.engine import Acted, Dealt, Hand, PlayerAction, ShowHand, Won
from pokerrules.history.export import to_history
from pokerrules.history.phh import dumps
from pokerrules.history.replay import Verdict, replay
from pokerrules.variants import Stakes, find_variant

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def decide(hand: Hand) -> PlayerAction:
    """Under the gun raises, the next player and the blinds call, the others fold; after the
    flop everyone checks."""
    legal = hand.legal_actions()
    if legal is None or legal.kind == "showdown":
        return ShowHand()
    if hand.street != "pre-flop":
        return Check() if legal.check else Call()
    seat = legal.seat
    if seat == 2 and legal.raise_to is not None:
        return Raise(to=legal.raise_to.low)
    if seat in (3, 0, 1) and legal.call is not None:
        return Call()
    return Check() if legal.check else Fold()


def main() -> None:
    variant = find_variant("limit hold'em")
    hand = Hand.start(variant, stakes=Stakes.limit(10, 20), stacks=[300] * 6, button=5, seed=42)
    while not hand.is_complete:
        hand = hand.apply(decide(hand))
    for event in hand.log:
        if isinstance(event, Dealt) and event.seat is None:
            print(f"board {' '.join(map(str, event.cards))}")
        elif isinstance(event, Acted):
            print(f"{NAMES[event.seat]}: {event.action}")
        elif isinstance(event, Won):
            print(f"{NAMES[event.seat]} wins {event.amount}")
    history = to_history(hand, players=NAMES)
    print()
    print(dumps(history))
    result = replay(history)
    print(f"replayed through the engine: {result.verdict.value}")
    if result.verdict is not Verdict.MATCH or sum(hand.stacks.values()) != 6 * 300:
        raise SystemExit(result.message)


if __name__ == "__main__":
    main()
