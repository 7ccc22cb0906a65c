"""The random policy: any legal section, uniformly; passes only when nothing is legal."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules.game import Game, Plan
    from ..rules.moves import Move


class RandomBot:
    """Draws a uniformly random legal section; passes when there is none."""

    name = "random"

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """A random legal move, or ``None`` when there is none."""
        moves = game.legal_moves(player)
        return rng.choice(moves) if moves else None

    def choose_plan(self, game: Game, player: int, rng: random.Random) -> Plan | None:
        """The same choice as :meth:`choose`, as a plan (no notation)."""
        plans = game.plans(player)
        return rng.choice(plans) if plans else None
