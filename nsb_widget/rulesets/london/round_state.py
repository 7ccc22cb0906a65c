"""London's own state of a round (``Game.round_state``): the ruleset keeps it, its playouts
read it."""

from __future__ import annotations


class LondonRoundState:
    """London's own flags of a round, per player: power used, double section pending, the
    circled station."""

    __slots__ = ("circle", "double", "used")

    def __init__(self, players: int) -> None:
        self.used = [False] * players
        """The player has used their pencil's power this round."""
        self.double = [False] * players
        """The double power is pending: the next section brings a second one."""
        self.circle = [-1] * players
        """The station circled with the circle power this round (-1: none)."""

    def copy(self) -> LondonRoundState:
        """An independent copy."""
        new = LondonRoundState.__new__(LondonRoundState)
        new.used = list(self.used)
        new.double = list(self.double)
        new.circle = list(self.circle)
        return new
