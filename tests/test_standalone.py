"""The engine works without Jupyter: no ipywidgets, anywidget, traitlets or IPython needed."""

from __future__ import annotations

import subprocess
import sys

CODE = r"""
import sys, importlib.abc

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"ipywidgets", "anywidget", "traitlets", "IPython", "jupyterlab",
                                  "comm", "ipykernel"}:
            raise ImportError(f"blocked {name}")
        return None

sys.meta_path.insert(0, Block())
import random
from nsb_widget import Game
from nsb_widget.simulate import simulate
result = simulate(games=3, players=2, bots="greedy", seed=1, workers=1, progress=False)
game = Game.new(seed=2)
game.reveal()
svg = game._repr_svg_()
assert svg.startswith("<svg")
loaded = Game.from_json(game.to_json())
print("ok", result["game"].nunique(), len(svg) > 1000, loaded.turn)
"""


def test_engine_imports_and_plays_without_jupyter_packages():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["ok", "3", "True", "1"]
