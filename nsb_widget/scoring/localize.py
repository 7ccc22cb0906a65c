"""A score sheet in another language: its labels, objective texts and assessment translated.

The rulesets fill the sheet with English message ids (``"Thames crossings"``, a band's text),
which is also what the game stores; :func:`localize_sheet` makes the copy a player reads.
Numbers, ids, station labels and district names are left as they are.
"""

from __future__ import annotations

from dataclasses import replace

from ..i18n import Translator
from .model import LineScore, RoundScore, ScoreSheet


def localize_sheet(sheet: ScoreSheet, t: Translator, name: str | None = None) -> ScoreSheet:
    """``sheet`` with its words in ``t``'s language (and the player's ``name``, when given)."""
    gettext = t.gettext
    return replace(
        sheet,
        name=sheet.name if name is None else name,
        language=t.language,
        rounds=tuple(_round(r, t) for r in sheet.rounds),
        objectives=tuple(replace(o, text=gettext(o.text)) for o in sheet.objectives),
        tracks=tuple(replace(k, label=gettext(k.label)) for k in sheet.tracks),
        assessment=None if sheet.assessment is None
        else replace(sheet.assessment, text=gettext(sheet.assessment.text)),
    )


def _round(score: RoundScore, t: Translator) -> RoundScore:
    return replace(score, lines=tuple(_line(line, t) for line in score.lines))


def _line(line: LineScore, t: Translator) -> LineScore:
    return replace(line, bonuses=tuple(replace(b, label=t.gettext(b.label))
                                       for b in line.bonuses))
