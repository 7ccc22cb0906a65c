"""A table for people: the rows of a score sheet as aligned text (what ``print()`` writes) and
as an HTML table (a notebook's ``_repr_html_``).

Layout only: it knows rows, not score sheets. :class:`~nsb_widget.scoring.model.ScoreSheet`
says what its rows are (each term with its arithmetic and its points, in the sheet's
language) and hands them here.
"""

from __future__ import annotations

from html import escape

#: One row: the term, how it is counted, its points (``None``: a row without points), and
#: whether it is a total (shown in bold).
Row = tuple[str, str, int | None, bool]


def table_text(title: str, rows: list[Row]) -> str:
    """The rows as aligned plain text under ``title``."""
    width = max(len(row[0]) for row in rows)
    lines = [title]
    for term, how, points, _total in rows:
        value = "" if points is None else f"{points:>4}"
        lines.append(f"  {term:<{width}}  {value}  {how}".rstrip())
    return "\n".join(lines)


def table_html(title: str, rows: list[Row]) -> str:
    """The rows as an HTML table captioned ``title``."""
    cells = []
    for term, how, points, total in rows:
        cell = "" if points is None else (f"<b>{points}</b>" if total else str(points))
        cells.append(f"<tr><th style=\"text-align:left\">{escape(term)}</th>"
                     f"<td style=\"text-align:left\">{escape(how)}</td>"
                     f"<td style=\"text-align:right\">{cell}</td></tr>")
    return (f"<table class=\"nsb-score-sheet\"><caption style=\"text-align:left\">"
            f"<b>{escape(title)}</b></caption>{''.join(cells)}</table>")
