"""Bot strength and speed: solo games, per ruleset and bot, and the search's budget curve.

Run: python benchmarks/bench_bots.py [--games 200] [--first 1] [--maps berlin london]
     [--bots random greedy lookahead search] [--seconds 0.9 | --iterations 16000]
     [--budgets 2000 4000 8000 16000] [--option key=value ...] [--compare key=value ...]
     [--modules ...] [--power-limit round|game]
     [--workers 1] [--csv scores.csv]

For each map and bot it plays the same seeded games (seeds ``first`` to ``first + games - 1``)
and prints the mean final score with its standard error, min, max, the bot's seconds per
decision (time inside the bot's turns / turns played), the search's playouts per second and
games per second. ``--iterations`` gives the search bot a playout budget instead of a time
budget, so the scores do not depend on the machine's speed; ``--budgets`` plays one search row
per playout budget: the curve of score against budget. Every search row after the first
prints its paired difference with the first (the same deals, and the same bot seed: common
random numbers), with the standard error of the paired differences. ``--option`` passes an
option to the search bot (``--option depth=1``; the value is read as JSON when it can be);
``--compare depth=1`` adds a row with that option changed, at the first budget, paired.
The load average is printed before and after: seconds per decision depend on it, the scores
under an iteration budget do not. With ``--workers N`` games run in N processes (each game on
one core). ``--csv`` writes every game's score, for pairing runs made apart.

Targets (issue 19), solo base game, at most 1 s per decision on one core: London search >= 162
(stretch 165); Berlin search at least 8 points above lookahead.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

Job = tuple[str, str, dict[str, Any], int, tuple[str, ...]] | tuple[
    str, str, dict[str, Any], int, tuple[str, ...], dict[str, Any]]
"""(map, bot, bot options, seed, modules[, options of ``Game.new``])."""


def play(args: Job) -> tuple[int, float, int, int]:
    """One game: (final score, seconds inside the bot, turns the bot played, playouts)."""
    from nsb_widget import Game
    from nsb_widget.bots import make_bot, play_turn

    map_name, bot_name, options, seed, modules = args[:5]
    setup: dict[str, Any] = args[5] if len(args) > 5 else {}  # type: ignore[misc]
    if bot_name in ("search", "lookahead"):
        options = {**options, "seed": seed}
    bot = make_bot(bot_name, **options)
    game = Game.new(1, seed, map=map_name, modules=modules, **setup)
    rng = random.Random(seed)
    spent = 0.0
    turns = 0
    while not game.is_over:
        game.reveal()
        start = time.perf_counter()
        play_turn(game, 0, bot, rng)
        spent += time.perf_counter() - start
        turns += 1
    return game.score(), spent, turns, int(getattr(bot, "played", 0))


def paired(base: list[int], other: list[int]) -> tuple[float, float]:
    """Mean and standard error of the paired differences ``other - base``."""
    diffs = [b - a for a, b in zip(base, other, strict=True)]
    error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return statistics.fmean(diffs), error


def option_value(text: str) -> tuple[str, Any]:
    """``key=value``, the value read as JSON when it can be (``depth=1``, ``seconds=null``)."""
    key, _, value = text.partition("=")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def load() -> str:
    """The load average (1, 5, 15 minutes)."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=1, help="first seed")
    parser.add_argument("--maps", nargs="+", default=["london", "berlin"])
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "lookahead", "search"])
    parser.add_argument("--seconds", type=float, default=None,
                        help="search: time budget per decision (default 0.9 without "
                             "--iterations or --budgets)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="search: playouts per decision")
    parser.add_argument("--budgets", type=int, nargs="*", default=[],
                        help="search: one row per playout budget (the budget curve)")
    parser.add_argument("--option", action="append", default=[], type=option_value,
                        help="search: an option, key=value (every search row)")
    parser.add_argument("--compare", action="append", default=[], type=option_value,
                        help="search: one more row per key=value, at the first budget with "
                             "that option changed (paired with the first search row)")
    parser.add_argument("--modules", nargs="*", default=[])
    parser.add_argument("--power-limit", choices=["round", "game"], default=None,
                        help="London's pencil powers: once a round (the default) or a game")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--csv", default=None, help="write each game's score here")
    args = parser.parse_args()
    extra = dict(args.option)
    searches: list[tuple[str, dict[str, Any]]] = []
    for iterations in args.budgets:
        searches.append((f"{iterations} playouts",
                         {"seconds": None, "iterations": iterations, **extra}))
    if not searches:
        seconds = args.seconds
        if seconds is None and args.iterations is None:
            seconds = 0.9
        budget = (f"{args.iterations} playouts" if args.iterations else f"{seconds} s")
        searches.append((budget, {"seconds": seconds, "iterations": args.iterations, **extra}))
    label, first = searches[0]
    for key, value in args.compare:
        searches.append((f"{label}, {key}={json.dumps(value)}", {**first, key: value}))
    seeds = range(args.first, args.first + args.games)
    setup = {} if args.power_limit is None else {"power_limit": args.power_limit}
    print(f"{args.games} solo games per row, seeds {seeds[0]}-{seeds[-1]}, modules: "
          f"{', '.join(args.modules) or 'none'}"
          f"{'' if not setup else f' (power limit: {args.power_limit})'}; "
          f"search options: {extra or 'default'}")
    print(f"load average before: {load()}")
    print(f"{'map':<8}{'bot':<36}{'mean':>7}{'s.e.':>6}{'min':>5}{'max':>5}"
          f"{'s/decision':>11}{'playouts/s':>11}{'games/s':>8}  paired vs first search row")
    rows: list[tuple[str, str, list[int]]] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for map_name in args.maps:
            first_search: list[int] | None = None
            for bot_name in args.bots:
                for label, options in (searches if bot_name == "search" else [("", {})]):
                    jobs: list[Job] = [(map_name, bot_name, options, seed, tuple(args.modules),
                                        setup) for seed in seeds]
                    start = time.perf_counter()
                    results = (list(pool.map(play, jobs)) if args.workers > 1
                               else list(map(play, jobs)))
                    wall = time.perf_counter() - start
                    scores = [r[0] for r in results]
                    spent = sum(r[1] for r in results)
                    per_decision = spent / sum(r[2] for r in results)
                    rate = sum(r[3] for r in results) / spent if bot_name == "search" else 0
                    error = (statistics.stdev(scores) / len(scores) ** 0.5
                             if len(scores) > 1 else 0)
                    name = f"{bot_name} {label}".strip()
                    versus = ""
                    if bot_name == "search":
                        if first_search is None:
                            first_search = scores
                        else:
                            diff, diff_error = paired(first_search, scores)
                            versus = f"{diff:+.2f} ± {diff_error:.2f}"
                    print(f"{map_name:<8}{name:<36}{statistics.fmean(scores):>7.1f}"
                          f"{error:>6.2f}{min(scores):>5}{max(scores):>5}{per_decision:>11.4f}"
                          f"{rate:>11.0f}{len(scores) / wall:>8.2f}  {versus}", flush=True)
                    rows.append((map_name, name, scores))
    print(f"load average after: {load()}")
    if args.csv:
        with open(args.csv, "w", newline="") as out:
            table = csv.writer(out, lineterminator="\n")  # a bot's name may hold a comma
            table.writerow(["map", "bot", "seed", "score"])
            for map_name, name, scores in rows:
                table.writerows([map_name, name, seed, score]
                                for seed, score in zip(seeds, scores, strict=True))


if __name__ == "__main__":
    main()
