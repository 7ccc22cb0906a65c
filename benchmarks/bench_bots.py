"""Bot strength and speed: solo base games, per ruleset and bot.

Run: python benchmarks/bench_bots.py [--games 200] [--maps berlin london]
     [--bots random greedy lookahead search] [--seconds 1.0 | --iterations 400]
     [--modules ...] [--workers 1]

For each map and bot it plays the same seeded games (seed 1 to ``games``) and prints the mean
final score with its standard error, min, max, the bot's seconds per decision (time inside the
bot's turns / turns played) and games per second. ``--iterations`` gives the search bot a
playout budget instead of a time budget, so the scores do not depend on the machine's speed.
With ``--workers N`` games run in N processes (each game on one core).

Targets (issue 9), solo base game, at most 1 s per decision: London greedy >= 123 and search
>= 158 (stretch 165); Berlin: the rulebook's assessment bands (greedy 91-110, strong 111-150).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def play(args: tuple[str, str, dict[str, Any], int, tuple[str, ...]]) -> tuple[int, float, int]:
    """One game: (final score, seconds inside the bot, turns the bot played)."""
    from nsb_widget import Game
    from nsb_widget.bots import make_bot, play_turn

    map_name, bot_name, options, seed, modules = args
    if bot_name in ("search", "lookahead"):
        options = {**options, "seed": seed}
    bot = make_bot(bot_name, **options)
    game = Game.new(1, seed, map=map_name, modules=modules)
    rng = random.Random(seed)
    spent = 0.0
    turns = 0
    while not game.is_over:
        game.reveal()
        start = time.perf_counter()
        play_turn(game, 0, bot, rng)
        spent += time.perf_counter() - start
        turns += 1
    return game.score(), spent, turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--maps", nargs="+", default=["london", "berlin"])
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "lookahead", "search"])
    parser.add_argument("--seconds", type=float, default=None,
                        help="search: time budget per decision (default 1.0 without "
                             "--iterations)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="search: playouts per decision")
    parser.add_argument("--modules", nargs="*", default=[])
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    search: dict[str, Any] = {"seconds": args.seconds, "iterations": args.iterations}
    if args.seconds is None and args.iterations is None:
        search["seconds"] = 1.0
    budget = (f"{search['iterations']} playouts" if search["iterations"]
              else f"{search['seconds']} s") + " per decision"
    print(f"{args.games} solo games per row, seeds 1-{args.games}, modules: "
          f"{', '.join(args.modules) or 'none'}; search budget: {budget}")
    print(f"{'map':<8}{'bot':<11}{'mean':>8}{'s.e.':>7}{'min':>6}{'max':>6}"
          f"{'s/decision':>12}{'games/s':>10}")
    with ProcessPoolExecutor(args.workers) as pool:
        for map_name in args.maps:
            for bot_name in args.bots:
                options = search if bot_name == "search" else {}
                jobs = [(map_name, bot_name, options, seed, tuple(args.modules))
                        for seed in range(1, args.games + 1)]
                start = time.perf_counter()
                results = list(pool.map(play, jobs)) if args.workers > 1 else list(
                    map(play, jobs))
                wall = time.perf_counter() - start
                scores = [r[0] for r in results]
                per_decision = sum(r[1] for r in results) / sum(r[2] for r in results)
                error = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0
                print(f"{map_name:<8}{bot_name:<11}{statistics.fmean(scores):>8.1f}"
                      f"{error:>7.2f}{min(scores):>6}{max(scores):>6}{per_decision:>12.4f}"
                      f"{len(scores) / wall:>10.2f}", flush=True)


if __name__ == "__main__":
    main()
