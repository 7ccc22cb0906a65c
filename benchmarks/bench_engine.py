"""Engine speed: random-policy solo games per second (Berlin and London), legal-move listings
and copies per second, measured side by side with a baseline version of the code.

Run: python benchmarks/bench_engine.py [--games N] [--repeats R] [--baseline REF]

The machines this project runs on vary in speed by 2x between sessions, so absolute figures
alone say little. Each repeat runs today's code and the baseline (a git commit checked out in
a temporary worktree; default: the last commit before the ruleset seam) one after the other,
each in a fresh process on one core, and the ratio of the medians is printed with the figures.

Targets (issue 7): at least 1,000 random solo London games per second through the public API
(every decision counted: reveal, listing the legal sections, drawing or passing), and Berlin no
slower than the baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEFORE_SEAM = "7ce0c9c"


def games_per_second(map_name: str, games: int, seed: int) -> float:
    """Random solo games per second, through :func:`nsb_widget.simulate.play_game` (in the
    baseline too: the same loop the old ``simulate()`` ran, without building a table)."""
    from nsb_widget import Game
    from nsb_widget.bots import RandomBot
    from nsb_widget.simulate import play_game

    bot, rng = RandomBot(), random.Random(seed)
    start = time.perf_counter()
    for i in range(games):
        play_game(Game.new(1, seed + i, map=map_name), [bot], rng)
    return games / (time.perf_counter() - start)


def bench_legal_moves(map_name: str, positions: int) -> float:
    """legal_moves() calls per second over positions taken from random games."""
    from nsb_widget import Game

    rng = random.Random(3)
    games = []
    while len(games) < positions:
        game = Game.new(1, rng.randrange(10**6), map=map_name)
        target = rng.randrange(1, 60)
        for step in range(target):
            if game.is_over:
                break
            if game.phase.value == "reveal":
                game.reveal()
            if step == target - 1:
                break  # stop with a card on the table
            moves = game.legal_moves()
            if moves:
                game.play(rng.choice(moves))
            elif not game.has_finished_turn():
                game.pass_turn()
        if game.phase.value == "draw" and not game.has_finished_turn():
            games.append(game)
    calls = 0
    start = time.perf_counter()
    for _ in range(20):
        for game in games:
            game.legal_moves()
            calls += 1
    return calls / (time.perf_counter() - start)


def bench_copy(map_name: str, n: int) -> float:
    """Game.copy() calls per second on a position late in a game."""
    from nsb_widget import Game
    from nsb_widget.bots import RandomBot
    from nsb_widget.simulate import play_game

    game = Game.new(1, 5, map=map_name)
    play_game(game, [RandomBot()], random.Random(1))
    game.undo()
    start = time.perf_counter()
    for _ in range(n):
        game.copy()
    return n / (time.perf_counter() - start)


def worker(args: argparse.Namespace) -> None:
    """Run one measurement in this process and print it as JSON."""
    if args.what == "games":
        value = games_per_second(args.map, args.games, args.seed)
    elif args.what == "legal":
        value = bench_legal_moves(args.map, 300)
    else:
        value = bench_copy(args.map, 20000)
    print(json.dumps(value))


def measure(tree: Path, what: str, map_name: str, games: int, seed: int) -> float:
    """One measurement in a fresh process importing the package from ``tree``, on one core."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--what", what,
           "--map", map_name, "--games", str(games), "--seed", str(seed)]
    if hasattr(os, "sched_setaffinity"):
        cmd = ["taskset", "-c", "0", *cmd] if _has("taskset") else cmd
    out = subprocess.run(cmd, env=env, cwd=tree, check=True, capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def _has(program: str) -> bool:
    from shutil import which

    return which(program) is not None


def baseline_tree(ref: str, where: Path) -> Path | None:
    """A worktree of ``ref``, or ``None`` when git cannot provide it."""
    target = where / "baseline"
    done = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f",
                           str(target), ref], capture_output=True, text=True)
    if done.returncode != 0:
        print(f"(no baseline: {done.stderr.strip() or 'git worktree failed'})")
        return None
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--baseline", default=BEFORE_SEAM,
                        help=f"git ref to compare with (default {BEFORE_SEAM}, before the "
                             "ruleset seam); 'none' to skip")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--what", default="games", help=argparse.SUPPRESS)
    parser.add_argument("--map", default="berlin", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        base = None if args.baseline == "none" else baseline_tree(args.baseline, Path(tmp))
        try:
            report(args, base)
        finally:
            if base is not None:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                                str(base)], capture_output=True)


def report(args: argparse.Namespace, base: Path | None) -> None:
    """Interleave today's code and the baseline, then print medians and ratios."""
    rows: dict[str, list[float]] = {"london": [], "berlin": [], "berlin (baseline)": []}
    for r in range(args.repeats):
        seed = 1000 * r
        rows["london"].append(measure(ROOT, "games", "london", args.games, seed))
        rows["berlin"].append(measure(ROOT, "games", "berlin", args.games, seed))
        if base is not None:
            rows["berlin (baseline)"].append(measure(base, "games", "berlin", args.games, seed))
    print(f"random solo games per second, one core ({args.repeats} x {args.games} games, "
          "fresh process each):")
    for name, values in rows.items():
        if values:
            print(f"  {name:18} median {statistics.median(values):6.0f}  "
                  f"(min {min(values):.0f}, max {max(values):.0f})")
    if rows["berlin (baseline)"]:
        ratio = statistics.median(rows["berlin"]) / statistics.median(rows["berlin (baseline)"])
        print(f"  Berlin today / baseline {args.baseline}: {ratio:.2f}x")
        london = statistics.median(rows["london"]) / statistics.median(rows["berlin (baseline)"])
        print(f"  London today / Berlin baseline: {london:.2f}x")
    for map_name in ("london", "berlin"):
        legal = measure(ROOT, "legal", map_name, 0, 0)
        copies = measure(ROOT, "copy", map_name, 0, 0)
        print(f"{map_name}: legal_moves() listings/s {legal:.0f}, Game.copy()/s {copies:.0f}")


if __name__ == "__main__":
    main()
