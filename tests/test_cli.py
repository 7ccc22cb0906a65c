"""The nsb-widget command line."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from support import play_random

from nsb_widget import Game
from nsb_widget.cli import main


def test_simulate_json(capsys):
    assert main(["simulate", "--games", "20", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"games", "mean", "std", "min", "max", "games_per_second"}
    assert out["games"] == 20 and out["min"] <= out["mean"] <= out["max"]
    assert out["games_per_second"] > 0


def test_simulate_is_reproducible_and_modules_rated(capsys):
    args = ["simulate", "--games", "10", "--seed", "5", "--players", "2", "--bot", "greedy",
            "--json"]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    first.pop("games_per_second"), second.pop("games_per_second")
    assert first == second
    main(["simulate", "--games", "10", "--modules", "effects,objectives", "--json"])
    rated = json.loads(capsys.readouterr().out)
    assert rated["rated_mean"] == pytest.approx(rated["mean"] - 35)


def test_simulate_takes_the_power_limit(tmp_path, capsys):
    path = tmp_path / "once.csv"
    assert main(["simulate", "--map", "london", "--modules", "powers", "--power-limit", "game",
                 "--games", "2", "--workers", "1", "--csv", str(path)]) == 0
    assert "power_limit" in path.read_text().splitlines()[0].split(",")
    assert ",game," in path.read_text().splitlines()[1]


def test_a_bot_with_several_options_is_one_seat(capsys):
    assert main(["simulate", "--players", "2", "--bots", "lookahead(depth=1, seed=2),random",
                 "--games", "2", "--workers", "1", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["bots"]) == {"lookahead(depth=1, seed=2)",
                                                                "random"}


def test_simulate_fixes_the_module_cards(tmp_path, capsys):
    path = tmp_path / "fixed.csv"
    effects = "glimpse,double_stations,triple_outer,double_tracks"
    assert main(["simulate", "--modules", "effects,objectives", "--effects", effects,
                 "--objectives", "all_districts,sbahn_six_districts", "--games", "2",
                 "--workers", "1", "--csv", str(path)]) == 0
    rows = path.read_text().splitlines()[1:]
    assert len(rows) == 2 and all(f'"{effects}","all_districts,sbahn_six_districts"' in row
                                  for row in rows)
    assert main(["simulate", "--map", "london", "--modules", "powers", "--powers",
                 "joker,double,switch,circle", "--games", "1", "--workers", "1"]) == 0
    assert main(["simulate", "--effects", "glimpse", "--games", "1"]) == 1
    assert "effects given without the 'effects' module" in capsys.readouterr().err


def test_simulate_text(capsys):
    assert main(["simulate", "--games", "5"]) == 0
    out = capsys.readouterr().out
    assert "mean" in out and "games/s" in out


def test_render_and_validate(tmp_path, capsys):
    game = play_random(Game.new(seed=2), random.Random(2))
    saved = tmp_path / "g.json"
    game.save(saved)
    assert main(["render", str(saved), "-o", str(tmp_path / "g.svg")]) == 0
    svg = (tmp_path / "g.svg").read_text()
    assert svg.startswith("<svg") and svg.count("<line") >= len(game.sheets[0].history)
    from importlib import resources

    berlin = resources.files("nsb_widget.maps").joinpath("data", "berlin.json")
    assert main(["validate-map", str(berlin)]) == 0
    assert "53 stations" in capsys.readouterr().out


def test_errors_exit_1_with_the_list(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "nsb-map", "version": 1}))
    assert main(["validate-map", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "invalid map" in err and "grid" in err and "stations" in err
    assert main(["render", str(bad)]) == 1
    assert "invalid saved game" in capsys.readouterr().err


def test_entry_point_runs_as_a_module():
    out = subprocess.run([sys.executable, "-m", "nsb_widget", "simulate", "--games", "3",
                          "--json"], capture_output=True, text=True, check=True).stdout
    assert json.loads(out)["games"] == 3


def test_demo_writes_svg(tmp_path, capsys):
    out = tmp_path / "demo.svg"
    assert main(["demo", "-o", str(out), "--seed", "4"]) == 0
    assert out.read_text().startswith("<svg")
