"""The workshop kit's notebooks run (``examples/workshop/<lang>/``, issue 17).

- Run All of each language's participant notebook: every exercise says *not answered yet*, no
  cell shows an answer or a right verdict, and the room cells ask for a name instead of failing.
- Run All of each answer key: every exercise is checked right.
- The exercise cells in other orders (reversed, shuffled, after other cells reassigned the
  notebook's globals) give the same verdicts: run in one Python namespace, as a kernel would.
- The teacher's notebook runs (rooms in a temporary folder, a private ``NSB_WIDGET_HOME``),
  with nobody in the rooms and with two participants who play both games to the end; a
  participant's notebook, its name set, joins the rooms the teacher's notebook made, and the
  teacher's notebook run again (a restarted kernel) takes the rooms back with her in them.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path

import pytest

from nsb_widget.workshop import EXERCISES
from nsb_widget.workshop.words import words

nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "examples" / "workshop"
LANGUAGES = ("en", "de", "fr")
WIDGET = "application/vnd.jupyter.widget-view+json"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder for the kernels (they inherit the environment)."""
    path = tmp_path / "home"
    monkeypatch.setenv("NSB_WIDGET_HOME", str(path))
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    return path


def _read(language: str, name: str) -> nbformat.NotebookNode:
    return nbformat.read(KIT / language / name, as_version=4)


def _run(nb: nbformat.NotebookNode, where: Path) -> nbformat.NotebookNode:
    nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                            resources={"metadata": {"path": str(where)}}).execute()
    return nb


def _outputs(cell: nbformat.NotebookNode) -> str:
    parts = []
    for out in cell.get("outputs", []):
        parts.append(out.get("text", "") + out.get("ename", "") + out.get("evalue", ""))
        data = out.get("data", {})
        parts.append(str(data.get("text/plain", "")) + str(data.get("text/markdown", ""))
                     + str(data.get("text/html", "")))
    return "\n".join(parts)


def _exercise_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if "exercise" in c.metadata.get("tags", [])]


def _kinds(nb: nbformat.NotebookNode, key: str) -> int:
    return sum(key in out.get("data", {}) for c in nb.cells for out in c.get("outputs", []))


@pytest.mark.parametrize("language", LANGUAGES)
def test_run_all_of_the_participants_notebook_answers_nothing(language, tmp_path, home):
    t = words(language)
    nb = _run(_read(language, "workshop.ipynb"), tmp_path)
    assert not [c for c in nb.cells if any(o.get("output_type") == "error"
                                           for o in c.get("outputs", []))]
    cells = _exercise_cells(nb)
    assert len(cells) == len(EXERCISES)
    unanswered = t("… not answered yet: write your answer after answer = and run this cell "
                   "again")
    for cell in cells:
        assert _outputs(cell).strip() == unanswered, cell.source
    everything = "\n".join(_outputs(c) for c in nb.cells)
    assert "✓" not in everything
    assert _kinds(nb, "image/svg+xml") == len(EXERCISES)  # each position, as a picture
    assert _kinds(nb, WIDGET) == 2  # a game of one's own in each city, nothing else
    # The room cells, and the room's board after each game: no seat, no board, and why.
    rooms = [c for c in nb.cells if "join(" in c.source or ".board()" in c.source]
    assert len(rooms) == 4
    for cell in rooms:
        assert t("Set your name first: in the notebook's first code cell, write your name in "
                 "quotes after MY_NAME = (for example MY_NAME = \"Ada\"), run that cell, then "
                 "this one again.") in _outputs(cell)
    assert not (tmp_path / "rooms").exists()  # no seat was taken under a default name


@pytest.mark.parametrize("language", LANGUAGES)
def test_run_all_of_the_answer_key_checks_every_answer_right(language, tmp_path, home):
    t = words(language)
    nb = _run(_read(language, "answers.ipynb"), tmp_path)
    right = t("✓ right! {explanation}", explanation="")
    cells = _exercise_cells(nb)
    assert len(cells) == len(EXERCISES)
    for cell in cells:
        assert _outputs(cell).startswith(right), (cell.source, _outputs(cell))
    assert "7 × 3 + 10 = 31" in "\n".join(_outputs(c) for c in nb.cells)


def _run_cells(sources: list[str], namespace: dict[str, object]) -> list[str]:
    """Each source run in one namespace, as a kernel runs cells; what each printed."""
    printed = []
    for source in sources:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(source, "<cell>", "exec"), namespace)
        printed.append(out.getvalue())
    return printed


def test_the_verdicts_do_not_depend_on_the_order_of_the_cells():
    key = _read("en", "answers.ipynb")
    setup = next(c.source for c in key.cells if c.cell_type == "code")
    checks = [c.source for c in _exercise_cells(key)]
    expected = _run_cells([setup, *checks], {})[1:]
    assert all(out.startswith("✓ right!") for out in expected)
    # reversed, after cells that reassign what a notebook's cells commonly name
    clobber = "game = None\nanswer = 'nothing'\nseat = None\nMY_NAME = 'me'\ncheck = print\n"
    assert _run_cells([setup, clobber, *reversed(checks)], {})[2:] == expected[::-1]
    order = list(range(len(checks)))
    random.Random(17).shuffle(order)
    shuffled = _run_cells([setup, clobber, *(checks[i] for i in order)], {})[2:]
    assert shuffled == [expected[i] for i in order]
    # the participant's cells, in any order, say "not answered yet" whatever ran before
    participant = _read("en", "workshop.ipynb")
    setup = next(c.source for c in participant.cells if c.cell_type == "code")
    theirs = [c.source for c in _exercise_cells(participant)]
    after_the_key = _run_cells([setup, *checks, *reversed(theirs)], {})
    assert all(out.startswith("… not answered yet") for out in after_the_key[-len(theirs):])


def test_the_teachers_notebook_runs_with_empty_rooms(tmp_path, home):
    nb = _run(_read("en", "teacher.ipynb"), tmp_path)
    assert not [c for c in nb.cells if any(o.get("output_type") == "error"
                                           for o in c.get("outputs", []))]
    assert (tmp_path / "rooms" / "berlin" / "room.json").exists()
    london = json.loads((tmp_path / "rooms" / "london" / "room.json").read_text())
    assert london["map"] == "london" and london["modules"] == ["powers"]
    assert _kinds(nb, WIDGET) == 2  # the two boards
    everything = "\n".join(_outputs(c) for c in nb.cells)
    assert everything.count("No figures yet: no participant has finished the game yet") == 2
    # Nobody has joined: the export cell writes no empty results folders, and says so.
    assert not list(tmp_path.glob("*-results"))
    assert everything.count("Nothing exported yet: nobody has joined the room. Run this cell "
                            "again after the game.") == 2


#: Played in the teacher's kernel between the rooms' cell and the boards: two participants
#: (their own notebooks, as far as the rooms know) draw a legal section on every card.
PLAY_BOTH_ROOMS = """
import os
from nsb_widget.room import join as take_seat

def play(room):
    seats = []
    for name in ("Ada", "Grace"):
        os.environ["JPY_SESSION_NAME"] = f"{name}-{room.info.map_id}.ipynb"
        seats.append(take_seat(room.folder.path, name, follow=False))
    while not room.is_over:
        room.reveal()
        for k, seat in enumerate(seats):
            seat.sync()
            game = seat.game
            while not game.is_over and not game.has_finished_turn():
                moves = sorted(game.legal_moves(), key=str)
                game.play(moves[k % len(moves)]) if moves else game.pass_turn()
    room.poll()
    return [s.game.score() for s in seats]

print("scores", play(berlin), play(london))
"""


def test_the_teachers_notebook_shows_the_figures_and_exports_after_a_game(tmp_path, home):
    pytest.importorskip("matplotlib")
    nb = _read("en", "teacher.ipynb")
    rooms = next(i for i, c in enumerate(nb.cells) if "Room.open(" in c.source)
    nb.cells.insert(rooms + 1, nbformat.v4.new_code_cell(PLAY_BOTH_ROOMS))
    nb = _run(nb, tmp_path)
    figures = [c for c in nb.cells if c.source.startswith("show_figures(")]
    assert len(figures) == 2
    for cell in figures:
        assert any("image/png" in o.get("data", {}) for o in cell.outputs), _outputs(cell)
    standings = [c for c in nb.cells if c.source.endswith(".standings()")]
    for cell in standings:
        assert "Ada" in _outputs(cell) and "Grace" in _outputs(cell)
    for city in ("berlin", "london"):
        csv = (tmp_path / f"workshop-{city}-results" / "standings.csv").read_text()
        assert "Ada" in csv and "Grace" in csv and "finished" in csv
        assert len(list((tmp_path / f"workshop-{city}-results" / "sheets").glob("*.svg"))) == 2


def test_a_participant_joins_the_rooms_the_teachers_notebook_made(tmp_path, home):
    teacher = _run(_read("de", "teacher.ipynb"), tmp_path)
    # Run All before anyone joined: the export cell wrote empty results folders; it says why not.
    assert not list(tmp_path.glob("*-results")), sorted(p.name for p in tmp_path.iterdir())
    # One export cell per room (found in the French run in Notebook 7: one cell for both
    # printed Berlin's folder, then "nothing exported yet" for London, read as Berlin's).
    exports = [c for c in teacher.cells if c.source.startswith("export_results(")]
    assert [c.source for c in exports] == ["export_results(berlin)", "export_results(london)"]
    for export in exports:
        assert _outputs(export).count("Noch nichts exportiert: Noch ist niemand dem Raum "
                                      "beigetreten") == 1
    nb = _read("de", "workshop.ipynb")
    setup = next(c for c in nb.cells if c.cell_type == "code")
    setup.source = setup.source.replace("MY_NAME = None", 'MY_NAME = "Ada"', 1)
    nb = _run(nb, tmp_path)
    joins = [c for c in nb.cells if "join(" in c.source]
    assert len(joins) == 2
    for cell, room in zip(joins, ("Workshop: Berlin", "Workshop: London"), strict=True):
        said = _outputs(cell)
        assert f"Ada im Raum {room}" in said and "Dein Code:" in said, said
        assert any(WIDGET in o.get("data", {}) for o in cell.outputs)
    # Her own view of each room's board (read-only; nothing is written for it).
    boards = [c for c in nb.cells if ".board()" in c.source]
    assert len(boards) == 2
    for cell in boards:
        assert not [o for o in cell.outputs if o.get("output_type") == "error"], cell.outputs
        assert any(WIDGET in o.get("data", {}) for o in cell.outputs), cell.outputs
    # One seat file (the hidden ".look-" file beside it is the claim on her name's look).
    seats = [p for p in (tmp_path / "rooms" / "berlin" / "seats").iterdir()
             if not p.name.startswith(".")]
    assert len(seats) == 1
    # The teacher's kernel restarts and Run All again: the rooms are taken back, Ada in them.
    again = _run(_read("de", "teacher.ipynb"), tmp_path)
    said = "\n".join(_outputs(c) for c in again.cells)
    assert "already holds a room" not in said and "Ada" in said
