"""Engine speed: random-policy solo games per second and legal-move listings per second.

Run: python benchmarks/bench_engine.py [--games N] [--seconds S]
Target (issue 2): at least 400 random solo Berlin games per second on one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from nsb_widget import Game
from nsb_widget.bots import RandomBot
from nsb_widget.simulate import play_game, simulate


def bench_games(games: int, repeats: int) -> list[float]:
    """Games per second of full random solo games, one figure per repeat."""
    rates = []
    for r in range(repeats):
        result = simulate(games, players=1, bot="random", seed=1000 * r)
        rates.append(result.games_per_second)
    return rates


def bench_legal_moves(positions: int) -> float:
    """legal_moves() calls per second over positions taken from random games."""
    rng = random.Random(3)
    games: list[Game] = []
    while len(games) < positions:
        game = Game.new(1, rng.randrange(10**6))
        target = rng.randrange(1, 60)
        steps = 0
        while not game.is_over and steps < target:
            if game.phase.value == "reveal":
                game.reveal()
            moves = game.legal_moves()
            if moves:
                game.play(rng.choice(moves))
            elif not game.has_finished_turn():
                game.pass_turn()
            steps += 1
        if game.phase.value == "draw" and not game.has_finished_turn():
            games.append(game)
    calls = 0
    start = time.perf_counter()
    for _ in range(20):
        for game in games:
            game.legal_moves()
            calls += 1
    return calls / (time.perf_counter() - start)


def bench_copy(n: int) -> float:
    """Game.copy() calls per second on a mid-game position."""
    game = Game.new(1, 5)
    play_game(game, [RandomBot()], random.Random(1))
    game.undo()
    start = time.perf_counter()
    for _ in range(n):
        game.copy()
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rates = bench_games(args.games, args.repeats)
    print(f"random solo Berlin games/s: median {statistics.median(rates):.0f} "
          f"(min {min(rates):.0f}, max {max(rates):.0f}; {args.repeats} x {args.games} games)")
    print(f"legal_moves() listings/s:    {bench_legal_moves(300):.0f}")
    print(f"Game.copy() per second:      {bench_copy(20000):.0f}")


if __name__ == "__main__":
    main()
