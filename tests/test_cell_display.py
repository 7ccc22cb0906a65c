"""What a notebook cell shows for the library's results (issue 18, item 12): a score sheet and
an explanation display as a table (``_repr_html_``), print as text rows with their arithmetic,
and keep a one-line ``repr``; a simulation table's display keeps its rows one line high while
its data stays whole. The browser side (the rendered rows' height) is in
``test_e2e_issue18.py``."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest

from nsb_widget import Game


def _played(map_name: str, seed: int, modules: tuple[str, ...] = (), rounds: int = 4,
            language: str = "en", name: str | None = None) -> Game:
    game = Game.new(map=map_name, seed=seed, modules=list(modules), language=language,
                    names=None if name is None else [name])
    rng = random.Random(seed)
    while not game.is_over and game.round <= rounds:
        if game.phase.value == "reveal":
            game.reveal()
            continue
        moves = game.legal_moves()
        game.play(rng.choice(moves)) if moves else game.pass_turn()
    return game


class _Cells(HTMLParser):
    """The text of every table cell, row by row."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.bold: list[bool] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag == "tr":
            self.rows.append([])
            self.bold.append(False)
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "b" and self.rows:
            self.bold[-1] = True

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _cells(html: str) -> _Cells:
    parser = _Cells()
    parser.feed(html)
    return parser


def _sum(text: str) -> int:
    """The value of an arithmetic text like ``"3 × (2 × 2) + 5 × 2"``."""
    expression = text.replace("×", "*").replace("−", "-")
    assert re.fullmatch(r"[0-9*+\- ()]+", expression), text
    return int(eval(expression))


@pytest.mark.parametrize(("map_name", "modules"), [("berlin", ("effects", "objectives")),
                                                   ("london", ("objectives", "powers"))])
def test_a_score_sheet_shows_as_a_table_whose_sums_hold(map_name, modules):
    for seed in (1, 2, 3):
        game = _played(map_name, seed, modules)
        sheet = game.score_sheet()
        # a short repr: one line, not a screen of dataclass fields
        assert "\n" not in repr(sheet) and len(repr(sheet)) < 100
        assert repr(sheet).startswith("<ScoreSheet") and str(sheet.total) in repr(sheet)
        html = sheet._repr_html_()
        table = _cells(html)
        assert html.startswith("<table") and len(table.rows) >= 7
        rounds = [row for row in table.rows if row[0].startswith("Round")]
        assert [int(row[2]) for row in rounds] == [r.score for r in sheet.rounds]
        for row, scored in zip(rounds, sheet.rounds, strict=True):
            for part in row[1].split(";"):  # "Bear: 3 × 4 = 12; Crown: ..." (+ bonus names)
                left, right = part.split(":")[-1].split("=")
                assert _sum(left) == int(right.split("(")[0]), row
            assert f"({scored.pencil})" in row[0]
        total = next(row for row in table.rows if row[0].startswith("Total"))
        assert int(total[2]) == sheet.total == _sum(total[1]) and "final result" in total[0]
        # print() writes the same rows as text
        text = str(sheet)
        assert text.splitlines()[0] == "Score sheet of Player 1"
        assert all(row[0] in text for row in table.rows)


def test_the_sheet_display_speaks_the_games_language_and_escapes_names():
    game = _played("london", 4, rounds=1, language="fr", name="<b>Ada</b> & co")
    sheet = game.provisional_score_sheet()
    html = sheet._repr_html_()
    assert "<b>Ada</b>" not in html and "&lt;b&gt;Ada&lt;/b&gt; &amp; co" in html
    assert "Feuille de score de" in html and "Total (pour l&#x27;instant)" in html
    assert "Lignes" in str(sheet) and "Correspondances" in str(sheet)


def test_an_explanation_shows_as_a_table_with_the_changes_in_bold():
    game = Game.new(seed=5)
    game.reveal()
    move = game.legal_moves()[0]
    explanation = game.explain(move)
    assert "\n" not in repr(explanation) and len(repr(explanation)) < 100
    assert str(move) in repr(explanation) and f"{explanation.change:+d}" in repr(explanation)
    table = _cells(explanation._repr_html_())
    assert table.rows[0] == ["", "now", "if drawn", "change"]
    body = table.rows[1:]
    assert [row[0] for row in body] == [t.label for t in explanation.terms]
    for row, bold, term in zip(body, table.bold[1:], explanation.terms, strict=True):
        assert [int(x) for x in row[1:]] == [term.before, term.after, term.change]
        assert bold == bool(term.change)
    assert str(explanation).splitlines()[0] in explanation._repr_html_()


def test_a_simulation_table_displays_one_line_rows_and_keeps_its_data():
    pd = pytest.importorskip("pandas")
    from nsb_widget import simulate
    from nsb_widget.simulation.table import SimulationTable

    table = simulate(map="london", games=3, seed=1, progress=False, workers=1)
    head = table.head()
    assert isinstance(table, pd.DataFrame) and isinstance(head, SimulationTable)
    assert len(table.sections[0].split()) > 10  # the data: every section of the game
    cells = [row for row in _cells(head._repr_html_()).rows if len(row) > 5]
    columns = list(table.columns)
    for row in cells[1:]:  # past the header row; the index is the first cell
        for column in ("sections", "cards"):
            shown = row[columns.index(column) + 1]
            assert len(shown) <= 40 and "…" in shown, shown
            assert " " not in shown and "-" not in shown  # no-break spaces and hyphens
    assert table.to_csv().count("…") == 0  # only the display is shortened
