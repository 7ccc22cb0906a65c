"""A greedy policy: the section that most improves this round's line score right now."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .base import PowerUse, plan_move
from .evaluate import line_value, plan_values

if TYPE_CHECKING:
    from ..rules.game import Game, Plan
    from ..rules.moves import Move

#: A pencil power that changes this turn's draw is used when it adds at least this much to
#: the estimate (or anything at all on the round's last turn: unused, it is lost).
POWER_GAIN = 4.0


def best_plans(game: Game, player: int) -> tuple[list[Plan], float]:
    """The plans with the highest estimate
    (:func:`~nsb_widget.bots.evaluate.plan_values`) and that value; no plans and ``-1`` when
    the player cannot draw."""
    plans = game.plans(player)
    best_value = -1.0
    best: list[Plan] = []
    for plan, value in zip(plans, plan_values(game, player, plans), strict=True):
        if value > best_value:
            best_value, best = value, [plan]
        elif value == best_value:
            best.append(plan)
    return best, best_value


def turn_value(game: Game, player: int) -> float:
    """The estimate after the player's best greedy draws for the rest of this turn (a
    follow-up section included); the line as it stands when they cannot draw."""
    value = line_value(game, player)
    probe = game
    while True:
        best, best_value = best_plans(probe, player)
        if not best:
            return value
        value = best_value
        if probe is game:
            probe = game.copy()
        round_before = probe.round
        probe.play_plan(best[0], player)
        if probe.has_finished_turn(player) or probe.round != round_before or probe.is_over:
            return value


class GreedyBot:
    """Scores each legal section by the line score it would give if the round ended now
    (districts x best district's stations, +10 when a multi-line round's start stations are
    connected, +2 per river crossing where the ruleset scores them), plus small bonuses for
    stations other colours already use (future interchanges) and new tourist sites; draws the
    best one (ties broken at random). Never passes when it can draw. Uses a pencil power when
    it adds at least :data:`POWER_GAIN` to this turn's estimate, or anything on the round's
    last turn; circles, on the last turn, the station that raises the line score most."""

    name = "greedy"

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """The best move by the greedy estimate, or ``None`` when there is none."""
        plan = self.choose_plan(game, player, rng)
        return None if plan is None else plan_move(game, player, plan)

    def choose_plan(self, game: Game, player: int, rng: random.Random) -> Plan | None:
        """The best plan by the greedy estimate, or ``None`` when there is none."""
        best, _ = best_plans(game, player)
        return rng.choice(best) if best else None

    def choose_power(self, game: Game, player: int, rng: random.Random) -> PowerUse | None:
        """A pencil power worth using now, or ``None``."""
        held = game.power(player)
        if held is None:
            return None
        if game.why_power_illegal(str(held), None, player) is not None and \
                not game.is_last_turn:
            return None  # used, or the circle (kept for the last turn): no need to list
        options = game.power_options(player)
        if not options:
            return None
        if options[0][1] is not None:  # a power that names a station: the circle
            if not game.is_last_turn:
                return None
            return max(options, key=lambda use: circled_value(game, player, use))
        gain = turn_value(with_power(game, player, options[0]), player) - turn_value(game,
                                                                                      player)
        if gain >= POWER_GAIN or (game.is_last_turn and gain > 0):
            return options[0]
        return None


def circled_value(game: Game, player: int, use: PowerUse) -> float:
    """The line estimate with ``use``'s station circled."""
    return line_value(with_power(game, player, use), player)


def with_power(game: Game, player: int, use: PowerUse) -> Game:
    """A copy of ``game`` in which ``player`` has made the power use ``use``."""
    probe = game.copy()
    probe.use_power(use[0], use[1], player)
    return probe
