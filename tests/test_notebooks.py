"""The example notebooks run from top to bottom in a real kernel."""

from __future__ import annotations

from pathlib import Path

import pytest

nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")

ROOT = Path(__file__).resolve().parents[1]


def _run(name: str) -> nbformat.NotebookNode:
    nb = nbformat.read(ROOT / "examples" / name, as_version=4)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT)}}).execute()
    return nb


def _text(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        parts.append(out.get("text", ""))
        parts.append(str(out.get("data", {}).get("text/plain", "")))
    return "\n".join(parts)


def test_scripting_notebook_rebuilds_example_j():
    nb = _run("scripting.ipynb")
    outputs = "\n".join(_text(c) for c in nb.cells if c.cell_type == "code")
    assert "7 districts x 3 stations + 10 = 31" in outputs
    assert "the card shows the Crown line" in outputs
    assert "the card shows a circle; J2 is a square" in outputs
    svg_cells = [c for c in nb.cells if c.cell_type == "code"
                 and any("image/svg+xml" in o.get("data", {}) for o in c.get("outputs", []))]
    assert svg_cells, "the game should show as SVG"
    widget_outputs = [o for c in nb.cells for o in c.get("outputs", [])
                      if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widget_outputs, "the widget cell should output a widget view"


def test_play_notebook_starts_a_game():
    nb = _run("play_berlin.ipynb")
    widget_outputs = [o for c in nb.cells for o in c.get("outputs", [])
                      if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(widget_outputs) == 1


def test_play_london_notebook_starts_new_players_on_the_base_game():
    """Issue 18, item 11: no module by default (a new player gets no solo handicap they did
    not choose); the notebook says how to add the modules, and those calls work."""
    from nsb_widget import Game

    nb = _run("play_london.ipynb")
    widget_outputs = [o for c in nb.cells for o in c.get("outputs", [])
                      if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(widget_outputs) == 1
    code = next(c.source for c in nb.cells if c.cell_type == "code")
    space: dict[str, object] = {}
    exec(code, space)
    game = space["game"]
    assert isinstance(game, Game) and game.map.id == "london" and not game.setup.modules
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for modules in (["powers"], ["objectives"], ["objectives", "powers"]):
        assert f"modules={modules!r}".replace("'", '"') in text
        advanced = Game.new(map="london", players=1, seed=1, modules=modules)
        assert advanced.ruleset.solo_handicap(advanced.setup.modules) == 10 * len(modules)
    assert "subtracts 10 points" in text


def test_example_notebooks_are_the_ones_nsb_widget_play_writes(tmp_path, monkeypatch):
    import json
    import subprocess

    from nsb_widget import cli
    from nsb_widget.notebooks import play_notebook

    for name in ("berlin", "london"):
        committed = json.loads((ROOT / "examples" / f"play_{name}.ipynb").read_text())
        assert committed == play_notebook(name)
    calls = []
    monkeypatch.setattr(subprocess, "call", lambda cmd: calls.append(cmd) or 0)
    monkeypatch.setattr(cli, "_has_module", lambda name: True)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["play", "--map", "london"]) == 0
    assert json.loads((tmp_path / "play_london.ipynb").read_text()) == play_notebook("london")
    assert calls[-1][-1] == "play_london.ipynb"
    assert cli.main(["play"]) == 0  # Berlin stays the default
    assert json.loads((tmp_path / "play_berlin.ipynb").read_text()) == play_notebook()
    assert cli.main(["play", "--map", "london", "mine.ipynb", "--no-browser"]) == 0
    assert (tmp_path / "mine.ipynb").exists() and calls[-1][-2:] == ["mine.ipynb", "--no-browser"]
