"""Tournaments: levels, players over tables, eliminations, balancing, the chip race, payouts
and ICM.

* :mod:`~pokerrules.tournament.structure` -- blind and ante levels, advanced by hands or by a
  clock the caller drives;
* :mod:`~pokerrules.tournament.play` -- :class:`Tournament`: hands dealt and recorded at its
  tables, eliminations with the dead button, tables broken and balanced, the fixed-limit
  stage of WSOP rule 100b;
* :mod:`~pokerrules.tournament.seating` -- the TDA rules for breaking and balancing tables;
* :mod:`~pokerrules.tournament.chip_race` -- the colour-up and chip race of TDA Rule 24;
* :mod:`~pokerrules.tournament.money` -- payouts from a prize table, and ICM.
"""

from __future__ import annotations

from pokerrules.tournament.chip_race import ChipRace, RaceRounding, chip_race
from pokerrules.tournament.money import STANDARD_PRIZES, PrizeTable, icm, payouts, split_places
from pokerrules.tournament.play import Finish, Tournament, limit_stage
from pokerrules.tournament.seating import (
    balance_moves,
    player_to_move,
    tables_to_break,
    worst_seat,
)
from pokerrules.tournament.structure import Clock, Level, LevelClock, Structure

__all__ = [
    "STANDARD_PRIZES",
    "ChipRace",
    "Clock",
    "Finish",
    "Level",
    "LevelClock",
    "PrizeTable",
    "RaceRounding",
    "Structure",
    "Tournament",
    "balance_moves",
    "chip_race",
    "icm",
    "limit_stage",
    "payouts",
    "player_to_move",
    "split_places",
    "tables_to_break",
    "worst_seat",
]
