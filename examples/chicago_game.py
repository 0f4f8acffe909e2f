"""Play a game of Swedish Chicago: one player chosen by hand, the others by the simple
strategy; print each deal's scores, the winner and check that the log replays the game."""

from __future__ import annotations

from pokerrules.games.chicago import (
    SWEDISH_RULES,
    Action,
    CallChicago,
    ChicagoGame,
    Declare,
    Exchange,
    Pass,
    Phase,
    PlayCard,
    SimplePlayer,
)


def my_choice(game: ChicagoGame) -> Action:
    """A hand-written policy for seat 0: keep pairs, always declare, never call Chicago,
    and save the highest card for the last trick."""
    hand = game.hands[0]
    if game.phase is Phase.EXCHANGE and len(hand) == 5:
        ranks = [card.rank for card in hand]
        return Exchange([card for card in hand if ranks.count(card.rank) == 1])
    if game.phase is Phase.DECLARATION:
        return Declare() if Declare() in game.legal_actions() else Pass()
    if game.phase is Phase.CHICAGO:
        return Pass()
    if game.phase is Phase.TRICKS:
        return PlayCard(game.playable_cards()[0])
    return SimplePlayer().choose(game)


def main() -> None:
    """Play one seeded game with the Swedish rules and print it."""
    game = ChicagoGame.new(["You", "Ulf", "Siv"], rules=SWEDISH_RULES, seed=42)
    others = SimplePlayer()
    while not game.is_over:
        action = my_choice(game) if game.to_act == 0 else others.choose(game)
        if isinstance(action, CallChicago):
            print(f"{game.names[game.to_act or 0]} calls Chicago in deal {game.deal_number}")
        game = game.apply(action)
    print(game.sheet.format())
    winner = game.winner if game.winner is not None else 0
    print(f"\nWinner: {game.names[winner]} with {game.scores[winner]} points")
    print("The log replays the game:", ChicagoGame.replay(game.log) == game)


if __name__ == "__main__":
    main()
