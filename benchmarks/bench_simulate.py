"""Simulation speed: 10,000 greedy solo Berlin games with the default workers, and the scaling
from 1 to N worker processes.

Run: python benchmarks/bench_simulate.py [--games 10000] [--per-worker 1500] [--max-workers N]

Targets (issue 10): the 10,000 games in under 30 seconds on a 2-core machine; games per second
per worker at least 80 % of the single-worker figure at every worker count (so sending the
rows back and building the table is not the bottleneck). The machines this project runs on are
shared and vary in speed by 2x between sessions: compare figures from the same run.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from nsb_widget import Game, simulate
from nsb_widget.bots import make_bot
from nsb_widget.simulation import play_game
from nsb_widget.simulation.runner import default_workers


def bare_loop(games: int) -> float:
    """Games per second of the play loop alone (no rows, no table), in this process."""
    bot = make_bot("greedy")
    start = time.perf_counter()
    for i in range(games):
        play_game(Game.new(1, i), [bot], random.Random(i))
    return games / (time.perf_counter() - start)


def timed(games: int, workers: int | None) -> tuple[float, float, float, float]:
    """One simulate() call: wall-clock seconds, games per second, games per CPU-second of
    the workers, and the CPU seconds of this (the collecting) process, table included."""
    start, cpu = time.perf_counter(), time.process_time()
    table = simulate(map="berlin", players=1, bots="greedy", games=games, seed=1,
                     workers=workers, progress=False)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert len(table) == games
    return seconds, games / seconds, games / table.attrs["cpu_seconds"], cpu


def load() -> str:
    """The machine's load average (other processes share these cores)."""
    return "load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--per-worker", type=int, default=1500,
                        help="games per worker in the scaling runs")
    parser.add_argument("--max-workers", type=int, default=default_workers())
    args = parser.parse_args()

    print(f"cores available: {default_workers()}; {load()}")
    loop = bare_loop(300)
    print(f"play loop alone, one process: {loop:.0f} games/s")

    seconds, rate, cpu_rate, parent = timed(args.games, None)
    verdict = "ok" if seconds < 30 else "SLOWER than the 30 s target"
    print(f"{args.games} greedy solo Berlin games, default workers: {seconds:.1f} s "
          f"({rate:.0f} games/s) - {verdict}; {load()}")
    print(f"  workers: {cpu_rate:.0f} games per CPU-second; collecting process: {parent:.2f} "
          f"CPU-s in all ({parent / seconds:.0%} of one core), the table included")

    print("\nscaling (the same games per worker at each count). Wall-clock efficiency needs "
          "idle cores;\nCPU efficiency (games per CPU-second of each worker) does not:")
    print(f"{'workers':>7} {'games':>6} {'seconds':>8} {'games/s':>8} {'per worker':>10} "
          f"{'efficiency':>10} {'per CPU-s':>9} {'CPU eff.':>8}")
    single = single_cpu = 0.0
    for workers in range(1, args.max_workers + 1):
        games = args.per_worker * workers
        seconds, rate, cpu_rate, _ = timed(games, workers)
        per_worker = rate / workers
        single = single or per_worker
        single_cpu = single_cpu or cpu_rate
        efficiency = per_worker / single
        flag = "" if efficiency >= 0.8 else " (<80 %)"
        print(f"{workers:>7} {games:>6} {seconds:>8.2f} {rate:>8.0f} {per_worker:>10.0f} "
              f"{efficiency:>10.0%} {cpu_rate:>9.0f} {cpu_rate / single_cpu:>8.0%}{flag}")
    print(load())


if __name__ == "__main__":
    main()
