"""A lookahead policy: the greedy estimate, averaged over the next card or two.

For each section it may draw, the bot asks: if I draw this, what is the best the next card
lets me reach? It goes through every card still face down (each distinct card weighted by
how many of it are left), imagines it revealed next (:meth:`Game.sample_hidden`), and takes
the best greedy estimate after it. With ``depth=2`` it looks one card further. On the round's
last turn there is no next card in the round, so it is the greedy estimate itself.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from .base import PowerUse, plan_move
from .checked import check_count
from .evaluate import line_value, plan_values
from .greedy import GreedyBot
from .options import pass_the_rest

if TYPE_CHECKING:
    from ..rules.game import Game, Plan
    from ..rules.moves import Move


class LookaheadBot:
    """Expectimax over the next ``depth`` cards (1 or 2) with the greedy estimate at the
    leaves; pencil powers as the greedy bot uses them."""

    name = "lookahead"

    def __init__(self, depth: int = 1, seed: int | None = None) -> None:
        check_count("depth", depth, 1, 2)  # ArgumentError
        self.depth = depth
        self._rng = None if seed is None else random.Random(seed)
        self._greedy = GreedyBot()

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """The best section by the lookahead value, or ``None`` when there is none."""
        plan = self.choose_plan(game, player, rng)
        return None if plan is None else plan_move(game, player, plan)

    def choose_plan(self, game: Game, player: int, rng: random.Random) -> Plan | None:
        """The best plan by the lookahead value, or ``None`` when there is none."""
        plans = game.plans(player)
        if len(plans) <= 1:
            return plans[0] if plans else None
        draw = self._rng if self._rng is not None else rng
        values = plan_values(game, player, plans)
        if not game.is_last_turn:
            values = [self._after(game, player, plan, draw) for plan in plans]
        best = max(values)
        return draw.choice([p for p, v in zip(plans, values, strict=True) if v == best])

    def choose_power(self, game: Game, player: int, rng: random.Random) -> PowerUse | None:
        """A pencil power worth using now (the greedy bot's rule)."""
        return self._greedy.choose_power(game, player, rng)

    def _after(self, game: Game, player: int, plan: Plan, rng: random.Random) -> float:
        """Expected value of the next turn's best draw after drawing ``plan`` now."""
        probe = game.copy()
        probe.play_plan(plan, player)
        if probe.has_finished_turn(player):
            return self._expect(probe, player, rng, self.depth)
        values = plan_values(probe, player, probe.plans(player))  # a follow-up section
        return max(values, default=line_value(probe, player))

    def _expect(self, game: Game, player: int, rng: random.Random, depth: int) -> float:
        """Mean over the next card of the best estimate it allows (``depth`` cards deep)."""
        now = line_value(game, player)
        pass_the_rest(game)
        if game.phase.value != "reveal" or game.is_last_turn:
            return now
        stack = Counter(game.stack)
        total = 0.0
        for card, count in stack.items():
            world = game.sample_hidden(rng, top=(card,))
            world.reveal()
            plans = world.plans(player)
            if not plans:
                best = now
            elif depth == 1 or world.is_last_turn:
                best = max(plan_values(world, player, plans))
            else:
                best = max(self._next(world, player, plan, rng, depth - 1) for plan in plans)
            total += count * best
        return total / sum(stack.values())

    def _next(self, game: Game, player: int, plan: Plan, rng: random.Random,
              depth: int) -> float:
        probe = game.copy()
        probe.play_plan(plan, player)
        while not probe.has_finished_turn(player):  # a follow-up: its best greedy section
            plans = probe.plans(player)
            if not plans:  # the switch's other line has none: _expect passes it
                break
            values = plan_values(probe, player, plans)
            probe.play_plan(plans[values.index(max(values))], player)
        return self._expect(probe, player, rng, depth)
