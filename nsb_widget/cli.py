"""The ``nsb-widget`` command: simulate games, render saved games, validate maps, play, write
the workshop kit."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import NsbError


def _summary(totals: Any) -> dict[str, float | int]:
    return {"games": 0, "mean": round(float(totals.mean()), 3),
            "std": round(float(totals.std(ddof=0)), 3), "min": int(totals.min()),
            "max": int(totals.max())}


def _cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate
    from .simulation.spec import split_labels

    modules = [m for m in (args.modules or "").split(",") if m]
    bots = split_labels(args.bot)  # "search(seconds=None, iterations=50),greedy": two
    effects, objectives, powers = (
        [c for c in text.split(",") if c] or None
        for text in (args.effects, args.objectives, args.powers))
    table = simulate(map=args.map, players=args.players,
                     bots=bots if len(bots) > 1 else (bots[0] if bots else ""),
                     games=args.games, seed=args.seed, modules=modules,
                     effects=effects, objectives=objectives, powers=powers,
                     power_limit=args.power_limit, workers=args.workers,
                     progress=args.progress if args.progress is not None
                     else sys.stderr.isatty() and not args.json)
    speed = table.attrs["games_per_second"]
    summary = {**_summary(table["total"]), "games": args.games,
               "rated_mean": round(float(table["rated"].mean()), 3),
               "games_per_second": round(speed, 1)}
    per_bot = {str(bot): {**_summary(part["total"]), "games": int(part["game"].nunique()),
                          "wins": int((part["rank"] == 1).sum())}
               for bot, part in table.groupby("bot", sort=True)}
    if args.csv:
        table.to_csv(args.csv, index=False)
    if args.plot:
        from .plots import report

        fig = report(table)
        fig.savefig(args.plot, dpi=110)
        import matplotlib.pyplot as plt

        plt.close(fig)
    if args.json:
        print(json.dumps({**summary, "bots": per_bot}))
        return 0
    print(f"{args.games} game(s), {args.players} player(s), bots {','.join(bots)}, "
          f"map {args.map}" + (f", modules {','.join(modules)}" if modules else ""))
    print(f"final score: mean {summary['mean']:.2f}, std {summary['std']:.2f}, "
          f"min {summary['min']}, max {summary['max']}")
    if len(per_bot) > 1:
        for bot, row in per_bot.items():
            print(f"  {bot}: mean {row['mean']:.2f}, std {row['std']:.2f}, wins {row['wins']}")
    if modules and args.players == 1:
        print(f"assessment-adjusted mean: {summary['rated_mean']:.2f}")
    print(f"speed: {speed:.1f} games/s")
    for path, what in ((args.csv, "table"), (args.plot, "figures")):
        if path:
            print(f"wrote the {what} to {path}")
    return 0


def _cmd_render(args: argparse.Namespace) -> int:
    from .game import Game

    game = Game.load(args.game)
    if not 0 <= args.player < game.players:
        raise NsbError(f"player must be 0 to {game.players - 1}")
    svg = game.svg(args.player)
    out = Path(args.output) if args.output else Path(args.game).with_suffix(".svg")
    out.write_text(svg, encoding="utf-8")
    print(f"wrote {out}")
    return 0


def _cmd_validate_map(args: argparse.Namespace) -> int:
    from .game import load_map
    from .rules.ruleset import ruleset_for

    game_map = load_map(args.file)  # MapError: every problem, the ruleset's included
    ruleset = ruleset_for(game_map)
    print(f"ok: {game_map.title} ({ruleset.title}): {len(game_map.stations)} stations, "
          f"{len(game_map.districts)} districts, {len(game_map.sections)} potential sections")
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    """Simulate one game and write its sheet as SVG (a quick look without Jupyter)."""
    import random

    from .bots import make_bot
    from .game import Game
    from .simulate import play_game

    game = Game.new(1, args.seed, map=args.map)
    play_game(game, [make_bot(args.bot)], random.Random(args.seed))
    out = Path(args.output)
    out.write_text(game.svg(), encoding="utf-8")
    print(f"{args.bot} bot scored {game.score()} (seed {args.seed}); wrote {out}")
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    """Open a playable game in JupyterLab (copies the example notebook if needed)."""
    import subprocess

    from .notebooks import play_notebook

    target = Path(args.notebook or f"play_{args.map}.ipynb")
    if not target.exists():
        target.write_text(json.dumps(play_notebook(args.map), indent=1) + "\n",
                          encoding="utf-8")
        print(f"created {target}")
    if not _has_module("jupyterlab"):
        raise NsbError("JupyterLab is not installed: pip install 'nsb-widget[play]'")
    cmd = [sys.executable, "-m", "jupyterlab", str(target), *args.lab_args]
    return subprocess.call(cmd)


def _cmd_workshop(args: argparse.Namespace) -> int:
    """Write the workshop kit (notebooks and handouts) in one language into a folder."""
    from .workshop import write_kit

    written = write_kit(args.out, args.language, args.rooms, force=args.force)
    print(f"wrote the workshop kit ({args.language}) to {args.out}: "
          + ", ".join(path.name for path in written))
    return 0


def _has_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``nsb-widget``."""
    parser = argparse.ArgumentParser(prog="nsb-widget", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play many games with bots: score statistics, "
                         "the table as CSV, figures")
    sim.add_argument("--map", default="berlin", help="built-in map (default: berlin)")
    sim.add_argument("--players", type=int, default=1, choices=range(1, 5), metavar="N")
    sim.add_argument("--bot", "--bots", default="random", metavar="BOT[,BOT...]",
                     help="a bot for every seat, or one per seat comma-separated, e.g. "
                     "greedy,random; options in parentheses: "
                     "'search(seconds=None, iterations=400),greedy' (default: random)")
    sim.add_argument("--games", type=int, default=1000, metavar="G")
    sim.add_argument("--seed", type=int, default=0, metavar="S")
    sim.add_argument("--modules", default="",
                     help="Berlin: effects,objectives; London: objectives,powers")
    for kind, example in (("effects", "glimpse,double_stations,triple_outer,double_tracks"),
                          ("objectives", "all_districts,sbahn_six_districts"),
                          ("powers", "joker,double,switch,circle")):
        sim.add_argument(f"--{kind}", default="", metavar="CARD[,CARD...]",
                         help=f"the {kind} module's cards for every game, in order, e.g. "
                         f"{example} (default: dealt from each game's seed)")
    sim.add_argument("--power-limit", choices=("round", "game"), default="round",
                     help="London's pencil powers: one use a round (default) or a game")
    sim.add_argument("--workers", type=int, default=None, metavar="W",
                     help="processes (default: one per core)")
    sim.add_argument("--csv", metavar="PATH", help="write the table: a row per game and player")
    sim.add_argument("--plot", metavar="PATH", help="write the figures (.png, .svg, .pdf)")
    sim.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help="progress bar (default: on in a terminal)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(func=_cmd_simulate)

    ren = sub.add_parser("render", help="draw a saved game as SVG")
    ren.add_argument("game", help="a game saved with Game.save")
    ren.add_argument("-o", "--output", help="output .svg (default: next to the game file)")
    ren.add_argument("--player", type=int, default=0)
    ren.set_defaults(func=_cmd_render)

    val = sub.add_parser("validate-map", help="check a map file and list every problem")
    val.add_argument("file")
    val.set_defaults(func=_cmd_validate_map)

    demo = sub.add_parser("demo", help="simulate one solo game and write its sheet as SVG")
    demo.add_argument("-o", "--output", default="berlin-demo.svg")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--bot", default="greedy")
    demo.add_argument("--map", default="berlin", help="built-in map (default: berlin)")
    demo.set_defaults(func=_cmd_demo)

    play = sub.add_parser("play", help="open a playable game in JupyterLab")
    play.add_argument("--map", default="berlin", choices=["berlin", "london"],
                      help="the city to play (default: berlin)")
    play.add_argument("notebook", nargs="?", default=None,
                      help="notebook to open, created when missing (default: play_<map>.ipynb)")
    play.add_argument("lab_args", nargs=argparse.REMAINDER,
                      help="further arguments for jupyter lab")
    play.set_defaults(func=_cmd_play)

    kit = sub.add_parser("workshop", help="write the two-hour workshop kit: the participants' "
                         "and the teacher's notebooks, the answer key, the printable rules")
    kit.add_argument("--language", default="en", choices=["en", "de", "fr"],
                     help="the kit's language (default: en)")
    kit.add_argument("--out", default="workshop", metavar="DIR",
                     help="the folder to write (default: ./workshop)")
    kit.add_argument("--rooms", default="rooms", metavar="PATH",
                     help="the folder of the rooms, as the notebooks see it: relative to them "
                     "(default: rooms) or a shared folder on a JupyterHub")
    kit.add_argument("--force", action="store_true", help="overwrite the kit's files in DIR")
    kit.set_defaults(func=_cmd_workshop)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "games", 1) < 1:
        parser.error("--games must be at least 1")
    try:
        return int(args.func(args))
    except NsbError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except ImportError as exc:  # an optional extra (pandas, matplotlib) is missing
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except (ValueError, KeyError) as exc:
        print(f"error: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
