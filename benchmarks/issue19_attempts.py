"""Issue 19 experiments: two changes to the search bot, each played against the search itself.

Run: python benchmarks/issue19_attempts.py --attempt {halving,best-of-policies,search}
     [--first 1] [--games 40]

The search bot (16,000 playouts a decision, one card deeper) values each of the flat stage's
best choices by the mean, over the cards that may come next, of the best section each card
allows. Everything not named below (the flat stage's halving, the budget, the bot's seed, the
deals) is the search's own, so each game pairs with the ``search_16000_one_pass`` column of
``benchmarks/results/issue19-london.csv``; ``--attempt search`` plays the search itself (it
repeats that column: the check that the pairing holds). Prints each game and the running
paired mean with its standard error.

``halving``: the deeper stage gives each section after a card its share of the playouts in
rounds (sequential halving): after each round, every choice and card keeps the better half of
its sections by their mean so far (at least two), and the survivors get the next round's
playouts. Measured 2026-12-02: -1.43 ± 1.59 over seeds 1-40 (docs/bots.md).

``best-of-policies``: every position (of the flat stage and of the deeper stage) is played out
by three greedy policies on the same cards (the greedy weights, a new tourist site worth 5, an
interchange worth 4), a third of its playouts each, and is worth the best of the three means
(a "parallel rollout": a choice that needs another way of going on is judged by the policy
that suits it). Measured 2026-12-02: -6.50 ± 3.34 over seeds 1-6 and 21-26 (docs/bots.md).
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
from nsb_widget.rules.playouts import GreedyWeights, Playouts

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


#: The policies of ``best-of-policies``: the greedy weights, a new tourist site worth 5, an
#: interchange worth 4 (each tried alone before: docs/bots.md).
POLICIES = (GreedyWeights(), GreedyWeights(tourist=5.0), GreedyWeights(interchange=4.0))


def policy_sums(positions: list[Any], player: int, each: int,
                generator: np.random.Generator) -> np.ndarray:
    """Per position and policy, the sum of ``each`` playouts' totals, every policy on the
    same cards: shape ``(positions, policies)``."""
    seed = int(generator.integers(1 << 62))
    sums = []
    for weights in POLICIES:
        engine = Playouts(positions, player)
        engine.weights = weights
        sums.append(engine.run(each, np.random.default_rng(seed), "greedy").sum(axis=1))
    return np.stack(sums, axis=1)


class BestOfPoliciesSearch(base.SearchBot):
    """The search bot whose positions are each worth the best of :data:`POLICIES`' means."""

    def _batch_scores(self, game: Any, player: int, options: list[Any], draw: random.Random,
                      budget: base.Budget) -> dict[Any, Any]:
        k = len(POLICIES)
        positions = self._positions(game, player, options)  # the search's own
        generator = np.random.default_rng(draw.getrandbits(64))
        sums = {o: np.zeros(k) for o in options}
        counts = dict.fromkeys(options, 0)

        def value(option: Any) -> float:
            return float((sums[option] / max(1, counts[option])).max())

        alive = list(options)
        while True:
            each = max(1, min(base.BATCH, budget.left()) // (len(alive) * k))
            found = policy_sums([positions[o] for o in alive], player, each, generator)
            for option, row in zip(alive, found, strict=True):
                sums[option] += row
                counts[option] += each
            if budget.spend(len(alive) * each * k,
                            len(alive) * k * max(1, base.BATCH // (len(alive) * k))):
                break
            if len(alive) > 2:
                alive = sorted(alive, key=lambda o: -value(o))[:max(2, (len(alive) + 1) // 2)]
        # The search reads (total, count): the best mean times the count.
        return {o: (value(o) * counts[o], counts[o]) for o in options}

    def _deeper_scores(self, game: Any, player: int, options: list[Any], draw: random.Random,
                       budget: base.Budget) -> dict[Any, tuple[float, int]]:
        k = len(POLICIES)
        made = self._deeper_leaves(game, player, options, draw)  # the search's own
        if made is None:
            return {}
        leaves, branches = made
        planned = budget.left() // (len(leaves) * k)
        if planned < base.LEAST_PLAYOUTS:
            return {}
        groups: dict[tuple[object, ...], list[int]] = {}
        for i, leaf in enumerate(leaves):
            groups.setdefault(base._card_key(leaf), []).append(i)
        means = np.zeros(len(leaves))
        spent = np.zeros(len(leaves), dtype=np.int64)
        generator = np.random.default_rng(draw.getrandbits(64))
        waiting = len(leaves)
        for ids in groups.values():
            each = max(1, min(planned, budget.left() // (waiting * k)))
            found = policy_sums([leaves[i] for i in ids], player, each, generator)
            means[ids] = (found / each).max(axis=1)
            spent[ids] = each * k
            budget.spend(each * k * len(ids), 0)
            waiting -= len(ids)
        return {option: (float(sum(count * means[ids].max() for count, ids in found))
                         / sum(count for count, _ in found),
                         int(sum(spent[ids].sum() for _, ids in found)))
                for option, found in branches.items()}


ATTEMPTS = {"halving": HalvingSearch, "best-of-policies": BestOfPoliciesSearch,
            "search": base.SearchBot}


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
    parser.add_argument("--attempt", choices=ATTEMPTS, default="halving",
                        help="the change to play ('search': the search itself)")
    args = parser.parse_args()
    with RESULTS.open() as table:
        paired = {int(r["seed"]): int(r["search_16000_one_pass"]) for r in csv.DictReader(table)
                  if r["search_16000_one_pass"]}
    kind = ATTEMPTS[args.attempt]
    diffs: list[int] = []
    for seed in range(args.first, args.first + args.games):
        score = play(seed, kind(seconds=None, iterations=16000, seed=seed))
        diffs.append(score - paired[seed])
        error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        print(f"seed {seed}: {score} (the search: {paired[seed]}); paired mean "
              f"{statistics.fmean(diffs):+.2f} ± {error:.2f}", flush=True)


if __name__ == "__main__":
    main()
