"""Explain a move: how each score term would change if it were drawn now.

Both sides are the provisional score sheet (:meth:`Game.provisional_score_sheet`: the sheet
as it would stand if the round ended now), so a teacher can put two candidate sections side
by side and see where the points come from. :meth:`Game.explain` checks the move and makes
the two sheets; this module only compares them and knows nothing of the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING

from ..i18n import Translator, translator
from .words import map_name

if TYPE_CHECKING:
    from ..scoring.model import LineScore, ScoreSheet
    from .moves import Move


@dataclass(frozen=True)
class TermChange:
    """One score term before and after the move."""

    id: str
    """Stable id: ``"round"``, ``"districts"``, ``"stations"`` (the move's line's, in a round
    of two lines), a bonus id (``"thames"``,
    ``"connected"``), a track id (``"tourist"``), ``"interchanges_2"`` to ``"_4"``, an
    objective id, or ``"total"``."""
    label: str
    """Its name for people, in the game's language."""
    before: int
    """The term now."""
    after: int
    """The term once the move is drawn."""

    @property
    def change(self) -> int:
        """``after - before``."""
        return self.after - self.before


@dataclass(frozen=True)
class Explanation:
    """The immediate effect of one move on every score term (this round as if it ended now,
    and the game-end terms as they would stand)."""

    move: Move
    """The move explained."""
    player: int
    """Whose sheet."""
    terms: tuple[TermChange, ...]
    """Every term, in score-sheet order, ``total`` last."""
    reason: str
    """One line for people, in the game's language: ``"+6: reaches Mitte; 3 stations in
    Mitte"``."""
    language: str = field(default="en", compare=False)
    """The language of its words (the game's)."""

    @property
    def change(self) -> int:
        """Change of the total."""
        return self.terms[-1].change

    @property
    def changed(self) -> tuple[TermChange, ...]:
        """The terms that change."""
        return tuple(t for t in self.terms if t.change)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data (for the widget's hint)."""
        return {"move": str(self.move), "player": self.player, "reason": self.reason,
                "change": self.change,
                "terms": [{"id": t.id, "label": t.label, "before": t.before, "after": t.after}
                          for t in self.terms]}

    def __str__(self) -> str:
        width = max(len(t.label) for t in self.terms)
        rows = [f"{self.move}: {self.reason}"]
        rows += [f"  {t.label:<{width}}  {t.before:>4} -> {t.after:>4}  ({t.change:+d})"
                 for t in self.terms]
        return "\n".join(rows)

    def __repr__(self) -> str:
        return (f"<Explanation {str(self.move)!r} for player {self.player + 1}: total "
                f"{self.change:+d}, {len(self.changed)} term(s) change>")

    def _repr_html_(self) -> str:
        """The same as ``print()`` as a table, for notebooks: the terms that change in bold."""
        rows = []
        for term in self.terms:
            cells = [escape(term.label), str(term.before), str(term.after), f"{term.change:+d}"]
            if term.change:
                cells = [f"<b>{c}</b>" for c in cells]
            rows.append("<tr><th style=\"text-align:left\">" + cells[0] + "</th>"
                        + "".join(f"<td style=\"text-align:right\">{c}</td>" for c in cells[1:])
                        + "</tr>")
        t = translator(self.language)
        head = "".join(f"<th style=\"text-align:right\">{escape(word)}</th>"
                       for word in (t("now"), t("if drawn"), t("change")))
        caption = escape(f"{self.move}: {self.reason}")
        return (f"<table class=\"nsb-explanation\"><caption style=\"text-align:left\">"
                f"<b>{caption}</b></caption><thead><tr><th></th>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")


def compare_sheets(move: Move, player: int, before: ScoreSheet, after: ScoreSheet,
                   t: Translator) -> Explanation:
    """The explanation of ``move`` for ``player`` from two score sheets: ``before``, the
    provisional sheet now, and ``after``, the sheet once the move is drawn (provisional, or
    scored when the move ended the round), as :meth:`Game.explain` makes them; labelled and
    reasoned in ``t``'s language."""
    line = None if move.line is None else str(getattr(move.line, "value", move.line))
    old, new = score_terms(before, t, line), score_terms(after, t, line)
    ids = list(new) + [k for k in old if k not in new]
    terms = [TermChange(k, (new.get(k) or old[k])[0], old.get(k, ("", 0))[1],
                        new.get(k, ("", 0))[1]) for k in ids if k != "total"]
    terms.append(TermChange("total", t("Total"), before.total, after.total))
    return Explanation(move, player, tuple(terms), _reason(before, after, terms[-1].change, t),
                       t.language)


def score_terms(sheet: ScoreSheet, t: Translator | None = None,
                line_id: str | None = None) -> dict[str, tuple[str, int]]:
    """``id -> (label, points)`` for the terms of the sheet's last round and the game-end
    terms, labelled in ``t``'s language (English by default; the sheet's own labels are taken
    as they are). In a round of two lines (Berlin's Bear and Crown, not yet joined) the
    districts and stations are those of ``line_id`` (the move's), labelled "of this line":
    the boxes of one line, not a sum of two (without ``line_id``: the sum)."""
    t = t if t is not None else translator("en")
    terms: dict[str, tuple[str, int]] = {}
    if sheet.rounds:
        last = sheet.rounds[-1]
        terms["round"] = (t("Round {number} score", number=last.round), last.score)
        own = [s for s in last.lines if line_id in s.lines]
        one_of_two = line_id is not None and (not own or len(own) < len(last.lines))
        counted = own if one_of_two else last.lines
        terms["districts"] = (t("Districts of this line") if one_of_two else t("Districts"),
                              sum(s.district_count for s in counted))
        terms["stations"] = (t("Stations in this line's best district") if one_of_two
                             else t("Stations in the best district"),
                             sum(s.station_count for s in counted))
        for line in last.lines:
            for bonus in line.bonuses:
                label, points = terms.get(bonus.id, (bonus.label, 0))
                terms[bonus.id] = (label, points + bonus.points)
            if line.connected_bonus and not any(b.id == "connected" for b in line.bonuses):
                terms["connected"] = (t("Start stations connected"), line.connected_bonus)
    for track in sheet.tracks:
        terms[track.id] = (track.label, track.points)
    for tier in sheet.interchanges:
        terms[f"interchanges_{tier.colours}"] = (
            t("Interchanges, {colours} colours", colours=tier.colours), tier.points)
    for objective in sheet.objectives:
        terms[objective.objective] = (t("Objective: {objective}", objective=objective.text),
                                      objective.points)
    terms["total"] = (t("Total"), sheet.total)
    return terms


def _reason(before: ScoreSheet, after: ScoreSheet, change: int, t: Translator) -> str:
    parts: list[str] = []
    if before.rounds and after.rounds and after.rounds[-1].round == before.rounds[-1].round:
        old_line, new_line = before.rounds[-1], after.rounds[-1]

        # Each line is compared with itself (Berlin's Bear and Crown are scored in boxes of
        # their own until joined): a district the other line has reached, or more stations
        # that stay fewer than the other line's, still change this line's boxes.
        def same(line: LineScore) -> list[LineScore]:
            return [o for o in old_line.lines if set(o.lines) & set(line.lines)]

        new_d = [d for line in new_line.lines for d in line.districts
                 if not any(d in o.districts for o in same(line))]
        if new_d:
            parts.append(t("reaches {districts}", districts=_names(t, dict.fromkeys(new_d))))
        grown = [line for line in new_line.lines
                 if line.station_count > max((o.station_count for o in same(line)), default=0)]
        best = max(grown, key=lambda line: line.station_count, default=None)
        if best is not None:
            count = best.station_count
            best_in = " / ".join(map_name(t, d) for d in best.best_districts)
            parts.append(t.ngettext("{count} station in {districts}",
                                    "{count} stations in {districts}", count)
                         .format(count=count, districts=best_in))
        if new_line.connected and not old_line.connected:
            parts.append(t("connects the start stations"))
        old_b = _bonus_counts(old_line.lines)
        for bonus_id, (label, count) in _bonus_counts(new_line.lines).items():
            if bonus_id == "connected":  # said above in words ("connects the start stations")
                continue
            if count > old_b.get(bonus_id, ("", 0))[1]:
                parts.append(t("{label}: {count}", label=label, count=count))
    for old_t, new_t in zip(before.tracks, after.tracks, strict=True):
        if new_t.count > old_t.count:
            parts.append(t("{label}: {count}", label=new_t.label, count=new_t.count))
    # a new interchange, or one that gains a colour (moves up a tier)
    old_x = {(s, tier.colours) for tier in before.interchanges for s in tier.stations}
    new_x = [s for tier in after.interchanges for s in tier.stations
             if (s, tier.colours) not in old_x]
    if new_x:
        parts.append(t("interchange at {stations}", stations=", ".join(new_x)))
    for old_o, new_o in zip(before.objectives, after.objectives, strict=True):
        if new_o.met and not old_o.met:
            parts.append(t("meets '{objective}'", objective=new_o.text))
    signed = f"{change:+d}"
    if not parts:
        return t("{change}: no score term changes now", change=signed)
    joined = parts[0]
    for part in parts[1:]:
        joined = t("{first}; {second}", first=joined, second=part)
    return t("{change}: {parts}", change=signed, parts=joined)


def _names(t: Translator, names: Iterable[str]) -> str:
    """District names, translated where the catalogue has them, comma-separated."""
    return ", ".join(map_name(t, n) for n in names)


def _bonus_counts(lines: object) -> dict[str, tuple[str, int]]:
    counts: dict[str, tuple[str, int]] = {}
    for line in lines:  # type: ignore[attr-defined]
        for bonus in line.bonuses:
            label, count = counts.get(bonus.id, (bonus.label, 0))
            counts[bonus.id] = (label, count + bonus.count)
    return counts
