"""The example scripts (each runs on its own) and the home-game web table (home_game)."""
