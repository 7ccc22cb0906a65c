"""A score sheet for people: the rows a notebook shows (``_repr_html_``) and ``print()`` writes.

Each row is a term of the sheet with its arithmetic and its points: the rounds (districts ×
stations plus each bonus, per line), the lines' total, the tracks, the interchange tiers, the
objectives, the total and the solo assessment. The words are in the sheet's language
(:attr:`ScoreSheet.language`); numbers, station labels and district names stay as they are.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..i18n import Translator, translator

if TYPE_CHECKING:
    from .model import LineScore, RoundScore, ScoreSheet

#: One row: the term, how it is counted, its points (``None``: a row without points), and
#: whether it is a total (shown in bold).
Row = tuple[str, str, int | None, bool]


def _line_sum(line: LineScore, t: Translator, several: bool) -> str:
    stations = str(line.best_count)
    if line.station_multiplier > 1:
        stations = f"({line.best_count} × {line.station_multiplier})"
    text = f"{line.district_count} × {stations}"
    for bonus in line.bonuses:
        if not bonus.points:
            continue
        text += (f" + {bonus.count} × {bonus.points_each}" if bonus.sections or bonus.count > 1
                 else f" + {bonus.points}")
    if line.connected_bonus and not any(b.id == "connected" for b in line.bonuses):
        text += f" + {line.connected_bonus}"
    text += f" = {line.score}"
    if several:
        names = " + ".join(t.gettext(name.title()) for name in line.lines)
        text = f"{names}: {text}"
    return text


def _round_row(score: RoundScore, t: Translator) -> Row:
    several = len(score.lines) > 1 or any(len(line.lines) > 1 for line in score.lines)
    how = "; ".join(_line_sum(line, t, several) for line in score.lines) or "0"
    bonuses = sorted({b.label for line in score.lines for b in line.bonuses if b.points})
    if bonuses:
        how += f" ({', '.join(bonuses)})"
    term = t("Round {number} score", number=score.round)
    return f"{term} ({t.gettext(score.pencil)})", how, score.score, False


def sheet_rows(sheet: ScoreSheet) -> list[Row]:
    """Every row of the sheet, in the printed order, in the sheet's language."""
    t = translator(sheet.language)
    rows: list[Row] = [_round_row(r, t) for r in sheet.rounds]
    rows.append((t("Lines"), " + ".join(str(r.score) for r in sheet.rounds) or "0",
                 sheet.lines_total, True))
    for track in sheet.tracks:
        rows.append((track.label, t("{count} reached", count=track.count), track.points, True))
    for tier in sheet.interchanges:
        if tier.count:
            rows.append((t("Interchanges, {colours} colours", colours=tier.colours),
                         f"{tier.count} × {tier.points_each}", tier.points, False))
    rows.append((t("Interchanges"), "", sheet.interchanges_total, True))
    for objective in sheet.objectives:
        rows.append((t("Objective: {objective}", objective=objective.text),
                     f"{objective.progress}/{objective.target}", objective.points, False))
    terms = [sheet.lines_total, *(k.points for k in sheet.tracks), sheet.interchanges_total]
    if sheet.objectives:
        terms.append(sheet.objectives_total)
    state = t("final result") if sheet.final else t("so far")
    rows.append((f"{t('Total')} ({state})", " + ".join(map(str, terms)), sheet.total, True))
    if sheet.assessment is not None:
        a = sheet.assessment
        how = (f"{sheet.total} − {a.handicap} = {a.rated_score}: " if a.handicap
               else f"{a.rated_score}: ") + f"{a.band}. {a.text}"
        rows.append((t("Solo assessment"), how, None, False))
    return rows


def sheet_title(sheet: ScoreSheet) -> str:
    """``"Score sheet of Player 1"`` in the sheet's language."""
    t = translator(sheet.language)
    return t("Score sheet of {name}", name=sheet.name)


def sheet_text(sheet: ScoreSheet) -> str:
    """The sheet as aligned plain text (what ``print(sheet)`` writes)."""
    rows = sheet_rows(sheet)
    width = max(len(row[0]) for row in rows)
    lines = [sheet_title(sheet)]
    for term, how, points, _total in rows:
        value = "" if points is None else f"{points:>4}"
        lines.append(f"  {term:<{width}}  {value}  {how}".rstrip())
    return "\n".join(lines)


def sheet_html(sheet: ScoreSheet) -> str:
    """The sheet as an HTML table (a notebook's rich display)."""
    rows = []
    for term, how, points, total in sheet_rows(sheet):
        cell = "" if points is None else (f"<b>{points}</b>" if total else str(points))
        rows.append(f"<tr><th style=\"text-align:left\">{escape(term)}</th>"
                    f"<td style=\"text-align:left\">{escape(how)}</td>"
                    f"<td style=\"text-align:right\">{cell}</td></tr>")
    return (f"<table class=\"nsb-score-sheet\"><caption style=\"text-align:left\">"
            f"<b>{escape(sheet_title(sheet))}</b></caption>{''.join(rows)}</table>")


def sheet_repr(sheet: ScoreSheet) -> str:
    """A short, one-line ``repr`` (English, for programmers)."""
    state = "final" if sheet.final else "so far"
    return (f"<ScoreSheet {sheet.name!r}: {sheet.total} points {state}, "
            f"{len(sheet.rounds)} round(s) scored>")
