"""The bot interface: a policy that picks a section (or passes) for a player."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..rules.game import Game
    from ..rules.moves import Move


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and a ``choose`` method is a bot."""

    name: str

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """The section to draw now, or ``None`` to pass. Called while the player's turn is open;
        with a Double Switch it is called again for the second line."""
        ...


def play_turn(game: Game, player: int, bot: Bot, rng: random.Random) -> None:
    """Let ``bot`` draw (once, or twice with a Double Switch) and finish the player's turn."""
    while not game.has_finished_turn(player):
        move = bot.choose(game, player, rng)
        if move is None:
            game.pass_turn(player)
        else:
            game.play(move, player)
