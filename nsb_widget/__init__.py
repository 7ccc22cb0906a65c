"""nsb_widget: Next Station: Berlin and London as a rules engine and a Jupyter widget.

The engine (maps, rules, rulesets, scoring, bots, rendering) needs only numpy; the widget
(:class:`BerlinWidget`) is imported on first use and needs anywidget.
"""

from __future__ import annotations

from typing import Any

from .errors import (
    ArgumentError,
    BotError,
    FileFormatError,
    IllegalMoveError,
    MapError,
    NotationError,
    NsbError,
    PhaseError,
    PlayerError,
    PlayerMoveError,
    SaveError,
    SaveFileError,
    SubscriberWarning,
    UnknownNameError,
)
from .game import Game, load_map
from .maps import GameMap, get_map
from .rules import GameEvent, Illegality, Move, Phase, Reason, Ruleset, get_ruleset
from .rulesets.berlin import Card, Effect, Line, Module, Objective
from .scoring import ScoreSheet

# The module nsb_widget.simulate is imported first, so the name is then the function (a later
# ``import nsb_widget.simulate`` finds the module loaded and leaves the name alone).
from .simulate import simulate

__version__ = "0.1.0"

__all__ = [
    "ArgumentError",
    "BerlinWidget",
    "BotError",
    "Card",
    "Effect",
    "FileFormatError",
    "Game",
    "GameEvent",
    "GameMap",
    "IllegalMoveError",
    "Illegality",
    "Line",
    "MapError",
    "Module",
    "Move",
    "NotationError",
    "NsbError",
    "NsbWidget",
    "Objective",
    "Phase",
    "PhaseError",
    "PlayerError",
    "PlayerMoveError",
    "Reason",
    "Ruleset",
    "SaveError",
    "SaveFileError",
    "ScoreSheet",
    "SubscriberWarning",
    "UnknownNameError",
    "__version__",
    "get_map",
    "get_ruleset",
    "load_map",
    "new_game",
    "simulate",
]


def new_game(players: int = 1, seed: int | None = None, **options: Any) -> Game:
    """Start a game; shorthand for :meth:`Game.new`."""
    return Game.new(players, seed, **options)


def __getattr__(name: str) -> Any:
    if name in ("BerlinWidget", "NsbWidget"):  # lazily: the engine works without anywidget
        from .widget import BerlinWidget

        return BerlinWidget
    raise AttributeError(f"module 'nsb_widget' has no attribute {name!r}")
