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
