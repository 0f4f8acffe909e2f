"""Compare a few hold'em hands at showdown and print each player's best five cards."""

from __future__ import annotations

from pokerrules import best_five, best_hands, evaluate_high, format_cards, parse_cards


def main() -> None:
    """Print the showdown."""
    board = parse_cards("Ah Kd 7h 7c 2h")
    players = {"Ann": "Qh Jh", "Bob": "As 9d", "Cat": "7s 2d"}
    hands = {name: board + parse_cards(hole) for name, hole in players.items()}
    for name, cards in hands.items():
        value = evaluate_high(cards)
        print(f"{name}: {format_cards(best_five(cards)):<16} {value.describe()}")
    print("Winner:", ", ".join(best_hands(hands)))


if __name__ == "__main__":
    main()
