"""Playing many games with bots, for analysis and benchmarks: ``nsb_widget.simulate(...)``.

The code is in :mod:`nsb_widget.simulation`; this module keeps the old import path
(``from nsb_widget.simulate import simulate, play_game``) working.
"""

from __future__ import annotations

from .simulation import GameFailure, SimulationError, play_game, replay, simulate

__all__ = ["GameFailure", "SimulationError", "play_game", "replay", "simulate"]
