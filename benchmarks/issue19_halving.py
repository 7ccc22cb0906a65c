"""Issue 19 experiment: the search bot's deeper stage with its sections halved after each card.

Run: python benchmarks/issue19_halving.py [--first 1] [--games 40] [--baseline]

The search bot (16,000 playouts a decision, one card deeper) values each of the flat stage's
best choices by the mean, over the cards that may come next, of the best section each card
allows, every section after a card getting an even share of the playouts. Here that share is
given in rounds instead (sequential halving): after each round, every choice and card keeps
the better half of its sections by their mean so far (at least two), and the survivors get the
next round's playouts. Everything else (the flat stage, the budget, the bot's seed, the deals)
is the search's own, so each game pairs with the ``search_16000_one_pass`` column of
``benchmarks/results/issue19-london.csv``; ``--baseline`` plays the search itself (it repeats
that column: the check that the pairing holds). Prints each game and the running paired mean
with its standard error. Measured 2026-12-02: -1.43 ± 1.59 over seeds 1-40 (docs/bots.md).
"""

from __future__ import annotations

import argparse
import csv
import random
import statistics
from pathlib import Path
from typing import Any

import numpy as np

from nsb_widget import Game
from nsb_widget.bots import play_turn
from nsb_widget.bots import search as base
from nsb_widget.rules.playouts import Playouts

RESULTS = Path(__file__).parent / "results" / "issue19-london.csv"


class HalvingSearch(base.SearchBot):
    """The search bot whose deeper stage halves the sections after each card."""

    def _deeper_scores(self, game: Any, player: int, options: list[Any], draw: random.Random,
                       budget: base.Budget) -> dict[Any, tuple[float, int]]:
        made = self._deeper_leaves(game, player, options, draw)  # the search's own
        if made is None:
            return {}
        leaves, branches = made
        if budget.left() // len(leaves) < base.LEAST_PLAYOUTS:
            return {}
        groups: dict[tuple[object, ...], list[int]] = {}
        for i, leaf in enumerate(leaves):
            groups.setdefault(base._card_key(leaf), []).append(i)
        sums = np.zeros(len(leaves))
        counts = np.zeros(len(leaves), dtype=np.int64)
        alive = {(option, k): list(ids) for option, found in branches.items()
                 for k, (_, ids) in enumerate(found)}
        rounds = max(1, int(np.ceil(np.log2(max(len(ids) for ids in alive.values())))))
        generator = np.random.default_rng(draw.getrandbits(64))
        for done in range(rounds):
            live = {i for ids in alive.values() for i in ids}
            share = budget.left() // (rounds - done) // max(1, len(live))
            if share < 1:
                break
            for ids in groups.values():
                run = [i for i in ids if i in live]
                if run:
                    totals = Playouts([leaves[i] for i in run], player).run(share, generator,
                                                                            "greedy")
                    sums[run] += totals.sum(axis=1)
                    counts[run] += share
                    budget.spend(share * len(run), 0)
            for key, ids in alive.items():
                if len(ids) > 2:
                    ranked = sorted(ids, key=lambda i: -sums[i] / max(1, counts[i]))
                    alive[key] = ranked[:max(2, (len(ranked) + 1) // 2)]
        means = sums / np.maximum(1, counts)
        return {option: (sum(count * max(means[i] for i in alive[(option, k)])
                             for k, (count, _) in enumerate(found))
                         / sum(count for count, _ in found),
                         int(sum(counts[i] for _, ids in found for i in ids)))
                for option, found in branches.items()}


def play(seed: int, bot: base.SearchBot) -> int:
    """One solo London game as ``benchmarks/bench_bots.py`` plays it (the same seeds)."""
    game = Game.new(1, seed, map="london")
    rng = random.Random(seed)
    while not game.is_over:
        game.reveal()
        play_turn(game, 0, bot, rng)
    return game.score()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--baseline", action="store_true", help="play the search itself")
    args = parser.parse_args()
    with RESULTS.open() as table:
        paired = {int(r["seed"]): int(r["search_16000_one_pass"]) for r in csv.DictReader(table)
                  if r["search_16000_one_pass"]}
    kind = base.SearchBot if args.baseline else HalvingSearch
    diffs: list[int] = []
    for seed in range(args.first, args.first + args.games):
        score = play(seed, kind(seconds=None, iterations=16000, seed=seed))
        diffs.append(score - paired[seed])
        error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        print(f"seed {seed}: {score} (the search: {paired[seed]}); paired mean "
              f"{statistics.fmean(diffs):+.2f} ± {error:.2f}", flush=True)


if __name__ == "__main__":
    main()
