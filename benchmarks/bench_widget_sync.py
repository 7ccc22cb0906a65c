"""Synced state per move: the bytes Python sends to the front end for each intent.

Plays whole games through the widget's message handler (the same path as clicks) and measures
the JSON size of every state update sent. Target (issue 3): under 5 KB per move.

Run: python benchmarks/bench_widget_sync.py [--games N]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics

from nsb_widget import Game
from nsb_widget.widget.widget import BerlinWidget


def measure(games: int, players: int, modules: tuple[str, ...],
            map_name: str = "berlin") -> dict[str, list[int]]:
    """Bytes of state sent per intent, by intent kind."""
    sizes: dict[str, list[int]] = {"reveal": [], "draw": [], "pass": []}
    rng = random.Random(1)
    for g in range(games):
        game = Game.new(players, seed=g, modules=modules, map=map_name)
        bots = {p: "random" for p in range(1, players)}
        widget = BerlinWidget(game, bots=bots, bot_seed=g)
        sent: list[dict] = []
        widget._send = lambda msg, buffers=None, sent=sent: sent.append(msg)
        while not game.is_over:
            sent.clear()
            if widget.turn["can_reveal"]:
                kind, content = "reveal", {"type": "reveal"}
            elif widget.hints["moves"]:
                _line, origin, target = rng.choice(widget.hints["moves"])
                kind, content = "draw", {"type": "draw", "origin": origin, "target": target}
            else:
                kind, content = "pass", {"type": "pass"}
            widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                                "buffers": []})
            size = sum(len(json.dumps(m.get("state", {}), separators=(",", ":")))
                       for m in sent if m.get("method") == "update")
            sizes[kind].append(size)
        widget.close()
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    runs = (("berlin", 1, ()), ("berlin", 1, ("effects", "objectives")), ("berlin", 4, ()),
            ("london", 1, ()), ("london", 1, ("objectives", "powers")), ("london", 4, ()))
    for map_name, players, modules in runs:
        sizes = measure(args.games, players, modules, map_name)
        every = [s for v in sizes.values() for s in v]
        label = (f"{map_name}, {players} player(s)"
                 f"{' + ' + ','.join(modules) if modules else ''}")
        print(f"{label}: per intent median {statistics.median(every) / 1000:.2f} KB, "
              f"p95 {sorted(every)[int(0.95 * len(every))] / 1000:.2f} KB, "
              f"max {max(every) / 1000:.2f} KB over {len(every)} intents")
        for kind, values in sizes.items():
            if values:
                print(f"    {kind:6s} median {statistics.median(values) / 1000:.2f} KB, "
                      f"max {max(values) / 1000:.2f} KB")


if __name__ == "__main__":
    main()
