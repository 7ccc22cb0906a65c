"""Playing many games with bots, for analysis and benchmarks."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .bots import Bot, make_bot, play_turn
from .game import Game


def play_game(game: Game, bots: Sequence[Bot], rng: random.Random) -> Game:
    """Play ``game`` to its end, player ``p`` using ``bots[p]``; returns the game."""
    while not game.is_over:
        game.reveal()
        for player, bot in enumerate(bots):
            play_turn(game, player, bot, rng)
    return game


@dataclass(frozen=True)
class SimulationResult:
    """Final scores of simulated games (all players of every game) and the speed."""

    games: int
    scores: tuple[int, ...] = field(repr=False)
    rated_scores: tuple[int, ...] = field(repr=False)
    seconds: float

    @property
    def mean(self) -> float:
        """Mean final score."""
        return statistics.fmean(self.scores)

    @property
    def std(self) -> float:
        """Population standard deviation of the final scores."""
        return statistics.pstdev(self.scores)

    @property
    def min(self) -> int:
        """Lowest final score."""
        return min(self.scores)

    @property
    def max(self) -> int:
        """Highest final score."""
        return max(self.scores)

    @property
    def rated_mean(self) -> float:
        """Mean score after the solo module handicap (equals ``mean`` without modules)."""
        return statistics.fmean(self.rated_scores)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def to_json(self) -> dict[str, float | int]:
        """The summary as a JSON-ready dict."""
        return {
            "games": self.games,
            "mean": round(self.mean, 3),
            "std": round(self.std, 3),
            "min": self.min,
            "max": self.max,
            "rated_mean": round(self.rated_mean, 3),
            "games_per_second": round(self.games_per_second, 1),
        }


def simulate(
    games: int,
    players: int = 1,
    bot: str | Bot = "random",
    seed: int = 0,
    modules: Iterable[str] = (),
    map_name: str = "berlin",
) -> SimulationResult:
    """Play ``games`` full games with the same bot for every player.

    Game ``i`` uses seed ``seed + i`` for its cards and the bots draw from one random stream
    seeded with ``seed``, so the whole run is reproducible.
    """
    if games < 1:
        raise ValueError("games must be at least 1")
    mods = list(modules)
    policy = make_bot(bot) if isinstance(bot, str) else bot
    rng = random.Random(seed)
    scores: list[int] = []
    rated: list[int] = []
    minus = 0
    start = time.perf_counter()
    for i in range(games):
        game = Game.new(players, seed + i, map=map_name, modules=mods)
        if players == 1:
            minus = game.ruleset.solo_handicap(game.setup.modules)
        play_game(game, [policy] * players, rng)
        for p in range(players):
            total = game.score(p)
            scores.append(total)
            rated.append(total - minus)
    elapsed = time.perf_counter() - start
    return SimulationResult(games, tuple(scores), tuple(rated), elapsed)
