"""What a game waits for: the phase every part of the rules reads (the driver, the rulesets'
hooks, the playouts), below all of them."""

from __future__ import annotations

import enum


class Phase(str, enum.Enum):
    """What the game waits for."""

    REVEAL = "reveal"
    """The next card must be revealed."""
    DRAW = "draw"
    """Players draw or pass for the revealed card."""
    OVER = "over"
    """The game has ended; final scoring is available."""

    def __str__(self) -> str:
        return self.value
