"""A search bot: Monte Carlo playouts over the cards it cannot see.

For each choice worth trying (:func:`~nsb_widget.bots.options.candidate_options`) the bot
imagines the hidden cards many times (:meth:`Game.sample_hidden`: the face-down stack
reshuffled from its known composition, later rounds dealt afresh), plays each imagined game
to its end with the greedy policy (the other players pass: a score never depends on the
other sheets), and keeps the choice with the best mean final score. Every choice is tried on
the same imagined games (common random numbers), and after 2, 4, 8, ... games the worse half
of the choices is dropped (successive halving), so the budget goes to the close calls.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..rules.playouts import Playouts
from .base import PowerUse, play_turn
from .greedy import GreedyBot, plan_move
from .options import PASS, Option, candidate_options, finish_game

if TYPE_CHECKING:
    from ..rules.game import Game, Plan
    from ..rules.moves import Move

#: Default time budget per decision, in seconds (what players and the Hint button get): under
#: a second with the hint's own work (the explanation) added.
DEFAULT_SECONDS = 0.9


@dataclass(frozen=True)
class OptionValue:
    """What the search found about one choice."""

    option: Option
    """The choice."""
    mean: float
    """Mean final score over the imagined games it was tried on."""
    playouts: int
    """How many imagined games."""


class SearchBot:
    """Monte Carlo search over the hidden cards with greedy playouts.

    ``seconds`` bounds the time per decision; ``iterations`` bounds the playouts per decision
    (set ``seconds=None`` for results that do not depend on the machine's speed); ``widest``
    is how many sections (best first by the quick estimate) are searched; ``seed`` makes the
    bot's imagined cards reproducible (otherwise it draws them from the ``rng`` it is given).
    ``playouts`` picks the engine: ``"batch"`` (numpy batches,
    :class:`~nsb_widget.rules.playouts.Playouts`, many times faster), ``"driver"`` (the game
    driver, one playout at a time) or ``"auto"``: batches unless the game has the pencil
    powers module (batched playouts never use a power) or its ruleset no vectorised rules.
    """

    name = "search"

    def __init__(self, seconds: float | None = DEFAULT_SECONDS, iterations: int | None = None,
                 widest: int = 8, seed: int | None = None, playouts: str = "auto") -> None:
        if seconds is None and iterations is None:
            raise ValueError("a search needs a budget: seconds=, iterations= or both")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations!r}")
        if widest < 1:
            raise ValueError(f"widest must be at least 1, not {widest!r}")
        if playouts not in ("auto", "batch", "driver"):
            raise ValueError(f"playouts must be 'auto', 'batch' or 'driver', not {playouts!r}")
        self.playouts = playouts
        self.seconds = seconds
        self.iterations = iterations
        self.widest = widest
        self._rng = None if seed is None else random.Random(seed)
        self._policy = GreedyBot()
        self._plan: Plan | None = None
        self.last: tuple[OptionValue, ...] = ()
        """The values found at the last decision, best first (for hints and teaching)."""

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """The best section found, or ``None`` to pass (a pencil power is chosen by
        :meth:`choose_power`)."""
        plan = self.choose_plan(game, player, rng)
        return None if plan is None else plan_move(game, player, plan)

    def choose_plan(self, game: Game, player: int, rng: random.Random) -> Plan | None:
        """The best plan found, or ``None`` to pass."""
        option = self._decide(game, player, rng, powers=False)
        return option.plan

    def choose_power(self, game: Game, player: int, rng: random.Random) -> PowerUse | None:
        """A pencil power to use now, when the search prefers it to every section."""
        if not game.power_options(player):
            return None
        option = self._decide(game, player, rng, powers=True)
        if option.power is None:
            self._plan = option.plan  # the same search chose the section: keep it
        return option.power

    def search(self, game: Game, player: int, rng: random.Random,
               powers: bool = True) -> tuple[OptionValue, ...]:
        """Every choice tried, best first (most playouts, then best mean), with its mean
        final score."""
        options = candidate_options(game, player, self.widest)
        if not powers:
            options = [o for o in options if o.power is None]
        if len(options) == 1:
            self.last = (OptionValue(options[0], 0.0, 0),)
            return self.last
        draw = self._rng if self._rng is not None else rng
        budget = Budget(self.seconds, self.iterations)
        if self._batched(game):
            scores = self._batch_scores(game, player, options, draw, budget)
        else:
            scores = self._driver_scores(game, player, options, draw, budget)
        ranked = sorted((OptionValue(o, total / count if count else 0.0, count)
                         for o, (total, count) in scores.items()),
                        key=lambda v: (-v.playouts, -v.mean))
        self.last = tuple(ranked)
        return self.last

    def _batched(self, game: Game) -> bool:
        """Whether this decision's playouts run on :class:`Playouts` (numpy batches): they
        never use a pencil power, so with the powers module the driver plays them (its greedy
        policy does use powers), as it does for a ruleset without vectorised rules."""
        if self.playouts == "driver":
            return False
        supported = Playouts.supports(game) and not game.setup.powers
        if self.playouts == "batch" and not supported:
            raise ValueError("this game has no vectorised playouts (the powers module is in "
                             "play, or the ruleset has none): use playouts='auto'")
        return supported

    def _driver_scores(self, game: Game, player: int, options: list[Option],
                       draw: random.Random, budget: Budget) -> dict[Option, tuple[int, int]]:
        """Playouts through the driver: one imagined world at a time, every alive choice on
        it, the worse half dropped after 2, 4, 8, ... worlds."""
        scores = {o: (0, 0) for o in options}
        alive = list(options)
        worlds = 0
        next_cut = 2
        while True:
            world = game.sample_hidden(draw)
            seed = draw.getrandbits(32)
            for option in alive:
                playout = world.copy()
                option.apply(playout, player)
                finish_game(playout, self._policy, random.Random(seed), only=player)
                total, count = scores[option]
                scores[option] = (total + playout.score(player), count + 1)
            worlds += 1
            if budget.spend(len(alive), len(alive)):
                return scores
            if worlds == next_cut and len(alive) > 2:
                alive = _better_half(alive, scores)
                next_cut *= 2

    def _batch_scores(self, game: Game, player: int, options: list[Option],
                      draw: random.Random, budget: Budget) -> dict[Option, tuple[int, int]]:
        """Playouts on numpy batches: every alive choice on the same imagined cards (a
        batch of :data:`BATCH` playouts in all), the worse half dropped after each batch."""
        positions = {}
        for option in options:
            after = game.copy()
            option.apply(after, player)
            if not after.is_over and not after.has_finished_turn(player):
                play_turn(after, player, self._policy, random.Random(0))  # a follow-up
            positions[option] = after
        generator = np.random.default_rng(draw.getrandbits(64))
        scores = {o: (0, 0) for o in options}
        alive = list(options)
        while True:
            each = max(1, BATCH // len(alive))
            if budget.iterations is not None:
                each = max(1, min(each, (budget.iterations - budget.used) // len(alive)))
            totals = Playouts([positions[o] for o in alive], player).run(each, generator,
                                                                         "greedy")
            for option, row in zip(alive, totals, strict=True):
                total, count = scores[option]
                scores[option] = (total + int(row.sum()), count + each)
            if budget.spend(len(alive) * each, len(alive) * max(1, BATCH // len(alive))):
                return scores
            if len(alive) > 2:
                alive = _better_half(alive, scores)

    def _decide(self, game: Game, player: int, rng: random.Random, powers: bool) -> Option:
        if not powers and self._plan is not None:
            plan, self._plan = self._plan, None
            if plan in game.plans(player):
                return Option(plan=plan)
        values = self.search(game, player, rng, powers)
        return values[0].option if values else PASS


#: Playouts per batch in all (split between the choices still alive): numpy is fastest from
#: about a thousand.
BATCH = 1024


class Budget:
    """What a decision may still spend: playouts (``iterations``) and time (``seconds``)."""

    def __init__(self, seconds: float | None, iterations: int | None) -> None:
        self.iterations = iterations
        self.used = 0
        self._started = time.perf_counter()
        self._deadline = None if seconds is None else self._started + seconds

    def spend(self, playouts: int, upcoming: int) -> bool:
        """Count ``playouts`` just played; True when the next step (``upcoming`` playouts)
        would go over the budget."""
        self.used += playouts
        if self.iterations is not None and self.used + upcoming > self.iterations:
            return True
        if self._deadline is not None:
            now = time.perf_counter()
            return now + (now - self._started) / self.used * upcoming >= self._deadline
        return False


def _better_half(alive: list[Option], scores: dict[Option, tuple[int, int]]) -> list[Option]:
    """The better half of the choices by mean score (at least two)."""
    ranked = sorted(alive, key=lambda o: -scores[o][0] / max(1, scores[o][1]))
    return ranked[:max(2, (len(ranked) + 1) // 2)]
