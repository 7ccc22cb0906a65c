"""Many games played by bots, as a table analysts can trust: one row per game and player with
every score term, reproducible from one seed whatever the workers, on processes or on any
``concurrent.futures`` executor (a Dask cluster). See ``docs/simulations.md``."""

from __future__ import annotations

from .compare import Comparison, compare
from .played import table_of
from .replay import replay
from .runner import GameFailure, SimulationError, play_game, simulate
from .spec import bot_rng, game_seed

__all__ = ["Comparison", "GameFailure", "SimulationError", "bot_rng", "compare", "game_seed",
           "play_game", "replay", "simulate", "table_of"]
