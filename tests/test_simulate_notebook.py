"""examples/analysis.ipynb runs from top to bottom (with a few games per run) and ends with
the best game of the strongest bot in the widget."""

from __future__ import annotations

from pathlib import Path

import pytest

nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")
pytest.importorskip("pandas")
pytest.importorskip("matplotlib")

ROOT = Path(__file__).resolve().parents[1]
WIDGET = "application/vnd.jupyter.widget-view+json"


def _text(cell) -> str:
    return "\n".join(str(o.get("text", "")) + str(o.get("data", {}).get("text/plain", ""))
                     for o in cell.get("outputs", []))


def test_analysis_notebook_compares_the_bots_and_replays_the_best_game(monkeypatch):
    monkeypatch.setenv("NSB_ANALYSIS_GAMES", "12")
    nb = nbformat.read(ROOT / "examples" / "analysis.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT)}}).execute()
    code = [c for c in nb.cells if c.cell_type == "code"]
    errors = [o for c in code for o in c.outputs if o.get("output_type") == "error"]
    assert not errors
    text = "\n".join(_text(c) for c in code)
    assert "mean total ± 95 % CI" in text and "berlin" in text and "london" in text
    assert "Double tracks in round 4 changes interchange points by" in text
    assert "(95% CI" in text and "12 paired games" in text
    pictures = [o for c in code for o in c.outputs if "image/png" in o.get("data", {})]
    assert len(pictures) >= 4  # distributions, terms on both maps, the heat map
    last = code[-1]
    assert "scored" in _text(last) and "BerlinWidget" in _text(last)
    assert any(WIDGET in o.get("data", {}) for o in last.outputs)
