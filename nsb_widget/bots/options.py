"""A player's choices at one moment of a turn, as values a search can try on a copy."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from .base import Bot, PowerUse, bot_turn
from .evaluate import plan_values

if TYPE_CHECKING:
    from ..rules.game import Game, Plan


class Option(NamedTuple):
    """Draw a plan, use a power, or pass (``plan`` and ``power`` both ``None``)."""

    plan: Plan | None = None
    """The section to draw."""
    power: PowerUse | None = None
    """The pencil power to use (the turn goes on after it)."""

    def apply(self, game: Game, player: int) -> None:
        """Do it on ``game`` (the real one or a copy)."""
        if self.plan is not None:
            game.play_plan(self.plan, player)
        elif self.power is not None:
            game.use_power(self.power[0], self.power[1], player)
        else:
            game.pass_turn(player)


PASS = Option()


def candidate_options(game: Game, player: int, widest: int) -> list[Option]:
    """The choices worth searching: the ``widest`` best sections by the quick estimate, every
    use of a pencil power, and passing (always last)."""
    plans = game.plans(player)
    if len(plans) > widest:
        values = plan_values(game, player, plans)
        ranked = sorted(range(len(plans)), key=lambda i: -values[i])
        plans = [plans[i] for i in sorted(ranked[:widest])]
    options = [Option(plan=p) for p in plans]
    options += [Option(power=use) for use in game.power_options(player)]
    options.append(PASS)
    return options


def pass_the_rest(game: Game) -> None:
    """Every player who has not finished the turn passes (in a lookahead the others' sheets
    never change the searching player's score)."""
    if game.is_over:
        return
    for p in range(game.players):
        if not game.has_finished_turn(p):
            game.pass_turn(p)


def finish_game(game: Game, policy: Bot | Sequence[Bot], rng: random.Random,
                only: int | None = None) -> None:
    """Play ``game`` to its end from wherever it stands, every player by ``policy`` (or player
    ``p`` by ``policy[p]``); with ``only``, that player by its bot and the others passing (a
    player's score never depends on the other sheets, so a search need not draw them)."""
    bots = list(policy) if isinstance(policy, Sequence) else [policy] * game.players
    players = range(game.players)
    while not game.is_over:
        if game.phase.value == "reveal":
            game.reveal()
        for p in players:
            if not game.has_finished_turn(p):
                if only is None or p == only:
                    bot_turn(game, p, bots[p], rng)
                else:
                    game.pass_turn(p)
