"""A party night of five-card stud with forfeits, tracked hand by hand.

Four friends start with three forfeits and 100 chips each. Each hand everyone still in antes
10 chips, is dealt five cards, and the best hand takes the pot. The forfeit rule in force
(the worst hand forfeits by default; ``--rule`` picks another) decides who gives up a forfeit;
when the best hand chooses, it picks the next player round the table. A player short of chips
trades a forfeit for 50 chips, and buys one back for 60 when they can afford it. The night ends
when one player is left in.

Run: ``python examples/forfeit_night.py [--seed S] [--rule RULE]``
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from pokerrules.cards import Deck, format_cards
from pokerrules.evaluation import best_hands, evaluate_high
from pokerrules.games.forfeits import ForfeitGame, ForfeitRule, ForfeitRules

ANTE = 10


def play_hand(game: ForfeitGame, deck: Deck) -> ForfeitGame:
    """Deal one hand of five-card stud to everyone still in and apply the forfeit rule."""
    players = [p for p in game.in_game if game.chips(p) >= ANTE]
    if len(players) < len(game.in_game):
        for broke in set(game.in_game) - set(players):
            game = game.trade(broke)
            print(f"  {broke} trades a forfeit for {game.rules.trade_chips} chips")
        players = list(game.in_game)
    if len(players) < 2:
        return game
    hands = {p: deck.cards[5 * i : 5 * i + 5] for i, p in enumerate(players)}
    winners = best_hands(hands)
    pot = ANTE * len(players)
    results = dict.fromkeys(players, -ANTE)
    for i, winner in enumerate(winners):
        results[winner] += pot // len(winners) + (1 if i < pot % len(winners) else 0)
    for player, cards in hands.items():
        print(f"  {player:<4} {format_cards(cards):<16} {evaluate_high(cards).describe()}")
    if game.rules.rule is not ForfeitRule.BEST_HAND_CHOOSES:
        return game.end_hand(hands=hands, results=results)
    # the best hand names who forfeits: here, the first other player at the table
    chosen = {w: next(p for p in players if p != w) for w in winners}
    return game.end_hand(hands=hands, results=results, chosen=chosen)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the night and print each hand, the forfeits and the final tally."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--rule", choices=[r.name for r in ForfeitRule], default=ForfeitRule.WORST_HAND.name
    )
    args = parser.parse_args(argv)
    rules = ForfeitRules(
        rule=ForfeitRule[args.rule], trade_chips=50, buy_back=True, buy_back_price=60
    )
    game = ForfeitGame.start(["Ann", "Bob", "Cat", "Dan"], forfeits=3, chips=100, rules=rules)
    print(f"Forfeit rule: {rules.rule.value}")
    for number in range(1, 200):
        if game.is_over:
            break
        print(f"Hand {number}")
        game = play_hand(game, Deck.shuffled(seed=args.seed * 1000 + number))
        if game.last_forfeited:
            print(f"  forfeits: {', '.join(game.last_forfeited)}")
        for standing in game.standings:
            price = rules.price_to_buy_back or 0
            if standing.forfeits < 3 and standing.chips >= price + 2 * ANTE:
                game = game.buy_back(standing.name)
                print(f"  {standing.name} buys a forfeit back for {price} chips")
    print("Tally of forfeits:", game.tally())
    print("Left in:", ", ".join(game.in_game))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
