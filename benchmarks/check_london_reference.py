"""Check the London engine against the independent reference model on many random games.

Run: python benchmarks/check_london_reference.py [--games N] [--seed FIRST] [--show K]

Each game (1-4 players, random modules, random power use, passes and moves) is compared with
``tests/reference/london_model.py`` after every reveal, power use, draw and pass (legal
sections, finished flags, line stations and ends, power legality), at every round end (every
round score term) and at the end (the whole tally, assessment and ranking). Prints the games
and decisions checked, the rule situations exercised and every mismatch with a reproduction.
Exit status 1 when any game disagrees.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from reference.london_driver import Mismatch, run_games
from reference.london_model import Sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games to check (2000)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (0)")
    parser.add_argument("--show", type=int, default=3, help="reproductions to print per kind")
    parser.add_argument("--quiet", action="store_true", help="no coverage table")
    args = parser.parse_args(argv)

    kinds: Counter[str] = Counter()
    shown: Counter[str] = Counter()

    def on_mismatch(m: Mismatch) -> None:
        kind = f"{m.where.split(' (')[0]}: {m.what.split(':')[0][:70]}"
        kinds[kind] += 1
        if shown[kind] < args.show:
            shown[kind] += 1
            print(f"MISMATCH {m}\n", flush=True)

    start = time.perf_counter()
    stats = run_games(args.games, first_seed=args.seed, sheet=Sheet(), on_mismatch=on_mismatch)
    seconds = time.perf_counter() - start

    print(f"games checked:        {stats.games}")
    print(f"decisions checked:    {stats.decisions} legal sets")
    print(f"power checks:         {stats.power_checks}")
    print(f"section probes:       {stats.probes} (why_illegal / is_legal)")
    print(f"round sheets checked: {stats.round_checks}")
    print(f"final tallies:        {stats.final_checks}")
    print(f"mismatches:           {len(stats.mismatches)} game(s)")
    for kind, n in kinds.most_common():
        print(f"  {n:6d}  {kind}")
    print(f"time:                 {seconds:.1f} s")
    if not args.quiet:
        print("rule situations exercised:")
        for name, n in sorted(stats.coverage.items()):
            print(f"  {n:8d}  {name}")
    return 1 if stats.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
