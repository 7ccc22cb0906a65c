"""Fast playouts against today's driver: random solo games per second, side by side in one run.

Run: python benchmarks/bench_playouts.py [--games N] [--batch 256,1024,4096] [--chunks C]
[--cpu] [--modules powers ...]

For each ruleset it prints the driver's random games per second (the loop
``nsb_widget.simulate`` plays each game with: ``Game.new`` and the random bot through
``plans()``/``play_plan()`` to the end, then ``game.score()``; the ratios are to this figure),
``simulate()`` itself (one process; it also builds a table row of every score term per game,
so it is slower than its loop), and the random and greedy playouts per second of
:class:`nsb_widget.rules.playouts.Playouts` for each batch size. The measurements are
interleaved in short chunks (the time of each summed over the chunks), so that a machine
shared with others slows all of them alike; ``--cpu`` counts this process's CPU time instead
of the wall clock (steadier when others load the machine). The playouts' figure counts
building the engine from a fresh game (a search bot builds one per decision) and dealing the
cards.

Target (issue 9): random playouts at least 5x the driver's random games per second.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from nsb_widget import Game
from nsb_widget.bots import make_bot
from nsb_widget.rules.playouts import Playouts
from nsb_widget.simulate import play_game

Clock = Callable[[], float]


MODULES: list[str] = []
"""The advanced modules of every game (``--modules``)."""


def driver_games(map_name: str, games: int, seed: int, clock: Clock) -> float:
    """Seconds for ``games`` random solo games through the driver (``simulate``'s loop)."""
    bot = make_bot("random")
    rng = random.Random(seed)
    start = clock()
    total = 0
    for i in range(games):
        game = play_game(Game.new(1, seed + i, map=map_name, modules=MODULES), [bot], rng)
        total += game.score(0)
    return clock() - start


def simulate_games(map_name: str, games: int, seed: int, clock: Clock) -> float | None:
    """Seconds for ``nsb_widget.simulate(...)`` with the random bot, in this process
    (``None`` when its signature is not one this script knows)."""
    from nsb_widget.simulate import simulate

    start = clock()
    try:
        simulate(map=map_name, bots="random", games=games, seed=seed, workers=1,
                 progress=False, modules=MODULES)
    except TypeError:
        try:
            simulate(games, bot="random", seed=seed, map_name=map_name)  # type: ignore[call-arg]
        except TypeError:
            return None
    return clock() - start


def playouts(map_name: str, games: int, batch: int, policy: str, seed: int,
             clock: Clock) -> tuple[int, float]:
    """Playouts from the start of fresh solo games, ``batch`` at a time: how many, seconds."""
    rng = np.random.default_rng(seed)
    done = 0
    i = 0
    start = clock()
    while done < games:
        engine = Playouts(Game.new(1, seed + i, map=map_name, modules=MODULES), 0)
        engine.run(batch, rng, policy)
        done += batch
        i += 1
    return done, clock() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000,
                        help="driver games in all (playouts: about 4x as many per row)")
    parser.add_argument("--batch", default="256,1024,4096", help="playout batch sizes")
    parser.add_argument("--chunks", type=int, default=10,
                        help="the measurements are interleaved in this many chunks")
    parser.add_argument("--maps", default="berlin,london")
    parser.add_argument("--cpu", action="store_true",
                        help="count this process's CPU time instead of wall-clock time")
    parser.add_argument("--modules", nargs="*", default=[],
                        help="advanced modules (London's greedy playouts use the powers)")
    args = parser.parse_args()
    MODULES[:] = args.modules
    clock: Clock = time.process_time if args.cpu else time.perf_counter
    batches = [int(b) for b in args.batch.split(",")]
    unit = "CPU s" if args.cpu else "s"
    print(f"{'ruleset':8} {'what':22} {'batch':>6} {'games/' + unit:>10} {'x driver':>9}")
    for map_name in args.maps.split(","):
        driver_games(map_name, 20, 99, clock)  # warm-up: imports, tables, caches
        for batch in batches:
            for policy in ("random", "greedy"):
                playouts(map_name, batch, batch, policy, 99, clock)
        chunk = max(1, args.games // args.chunks)
        seconds = {"driver": 0.0, "simulate": 0.0}
        counts = {"driver": 0, "simulate": 0}
        for rep in range(args.chunks):
            seed = 1000 * rep
            seconds["driver"] += driver_games(map_name, chunk, seed, clock)
            counts["driver"] += chunk
            took = simulate_games(map_name, chunk, seed, clock)
            if took is not None:
                seconds["simulate"] += took
                counts["simulate"] += chunk
            for batch in batches:
                for policy in ("random", "greedy"):
                    key = f"{policy}:{batch}"
                    done, took = playouts(map_name, max(4 * chunk, batch), batch, policy,
                                          seed, clock)
                    seconds[key] = seconds.get(key, 0.0) + took
                    counts[key] = counts.get(key, 0) + done
        base = counts["driver"] / seconds["driver"]
        print(f"{map_name:8} {'driver, random bot':22} {'':>6} {base:10.0f} {1.0:9.2f}")
        if counts["simulate"]:
            rate = counts["simulate"] / seconds["simulate"]
            print(f"{map_name:8} {'simulate(), random':22} {'':>6} {rate:10.0f} "
                  f"{rate / base:9.2f}")
        for policy in ("random", "greedy"):
            for batch in batches:
                key = f"{policy}:{batch}"
                rate = counts[key] / seconds[key]
                print(f"{map_name:8} {'playouts, ' + policy:22} {batch:6d} {rate:10.0f} "
                      f"{rate / base:9.2f}")


if __name__ == "__main__":
    main()
