"""The workshop kit: examples/workshop.ipynb runs from top to bottom as handed out (every
exercise "not answered yet"), and again with the teacher's solutions filled in, when every
exercise is checked right by the engine and the room's table ranks three finished games of
the room's seed, replayed from their save files."""

from __future__ import annotations

from pathlib import Path

import pytest

nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "examples" / "workshop.ipynb"


def _run(nb: nbformat.NotebookNode, where: Path) -> nbformat.NotebookNode:
    nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                            resources={"metadata": {"path": str(where)}}).execute()
    return nb


def _outputs(cell: nbformat.NotebookNode) -> str:
    parts = []
    for out in cell.get("outputs", []):
        parts.append(out.get("text", ""))
        data = out.get("data", {})
        parts.append(str(data.get("text/plain", "")) + str(data.get("text/markdown", "")))
    return "\n".join(parts)


def _exercises(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if "exercise" in c.metadata.get("tags", [])]


def test_the_workshop_plan_has_a_scenario_and_an_exercise_per_rule():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    exercises = _exercises(nb)
    assert len(exercises) == 6
    assert all(c.metadata.get("solution") for c in exercises)
    assert code.count("game.widget()") >= 5  # each rule's scenario shown on the map
    assert "scenario=True" in code and "why_illegal" in code
    assert "Game.new(seed=ROOM_SEED)" in code  # the room's game: same cards for everyone
    plan = nb.cells[0].source
    assert "45-minute" in plan and "30-45" in plan


def test_the_workshop_runs_as_handed_out(tmp_path: Path):
    nb = _run(nbformat.read(NOTEBOOK, as_version=4), tmp_path)
    for cell in _exercises(nb):
        assert "not answered yet" in _outputs(cell), cell.source
    widgets = [o for c in nb.cells for o in c.get("outputs", [])
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(widgets) >= 6
    room = "\n".join(_outputs(c) for c in nb.cells if "hand_in(MY_NAME" in c.source)
    assert "not over yet: round 1 of 4" in room
    assert "nobody has handed in yet" in _outputs(nb.cells[-2])


def test_the_workshop_with_the_solutions_checks_every_answer_right(tmp_path: Path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    for cell in nb.cells:
        if "solution" in cell.metadata:
            cell.source = cell.metadata["solution"]
    nb = _run(nb, tmp_path)
    for cell in _exercises(nb):
        assert "✓ right!" in _outputs(cell), cell.source
    assert "crown F3-G3 scores 20" in "\n".join(_outputs(c) for c in nb.cells)
    assert "7 x 3 + 10" in "\n".join(_outputs(c) for c in nb.cells)
    # Three finished games of the room's seed handed in, replayed and ranked in one table.
    assert sorted(p.name for p in (tmp_path / "room").iterdir()) == [
        "first-move.json", "last-move.json", "random.json"]
    table = _outputs(nb.cells[-2])
    assert table.count("| 1 |") == 1 and "| 3 |" in table
    for name in ("first-move", "last-move", "random"):
        assert f"| {name} |" in table


def test_a_wrong_answer_is_told_so(tmp_path: Path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    first = _exercises(nb)[0]
    first.source = first.source.replace("answer = None", 'answer = {"bear E1-F1"}', 1)
    nb.cells = nb.cells[: nb.cells.index(first) + 1]
    nb = _run(nb, tmp_path)
    assert "✗ not quite" in _outputs(nb.cells[-1])
