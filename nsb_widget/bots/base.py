"""The bot interface: a policy that picks a section (or passes) for a player."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..rules.game import Game, Plan
    from ..rules.moves import Move


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and a ``choose`` method is a bot."""

    name: str

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """The section to draw now, or ``None`` to pass. Called while the player's turn is open;
        with a Double Switch it is called again for the second line."""
        ...


@runtime_checkable
class PlanBot(Protocol):
    """A bot that picks among :meth:`Game.plans` (plain ints, no notation): the fast path."""

    name: str

    def choose_plan(self, game: Game, player: int, rng: random.Random) -> Plan | None:
        """The plan to play now, or ``None`` to pass."""
        ...


def play_turn(game: Game, player: int, bot: Bot, rng: random.Random) -> None:
    """Let ``bot`` draw (once, or more with a switch or a power) and finish the player's turn."""
    choose_plan = getattr(bot, "choose_plan", None)  # a PlanBot (isinstance is slow here)
    if choose_plan is not None:
        while not game.has_finished_turn(player):
            plan = choose_plan(game, player, rng)
            if plan is None:
                game.pass_turn(player)
            else:
                game.play_plan(plan, player)
        return
    while not game.has_finished_turn(player):
        move = bot.choose(game, player, rng)
        if move is None:
            game.pass_turn(player)
        else:
            game.play(move, player)
