"""The score sheet as structured data: every term the printed scoring area shows, and the
rows a person reads of it (:func:`sheet_rows`: each term with its arithmetic and its points,
in the sheet's language), laid out by :mod:`nsb_widget.scoring.display`."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..i18n import Translator, translator
from .display import Row, table_html, table_text


@dataclass(frozen=True)
class Bonus:
    """Points a line adds to ``districts x stations``: Berlin's connected start stations,
    London's Thames crossings."""

    id: str
    """Stable identifier: ``"connected"`` or ``"thames"``."""
    label: str
    """The box's name for people."""
    count: int
    """How many times it was earned (1 or 0 for ``connected``; crossings for ``thames``)."""
    points_each: int
    """Points per time."""
    points: int
    """``count * points_each``."""
    sections: tuple[str, ...] = ()
    """The sections that earned it, as ``"A1-B2"`` labels (the Thames crossings)."""


@dataclass(frozen=True)
class LineScore:
    """Round scoring of one connected line: districts x best district's stations + bonuses."""

    lines: tuple[str, ...]
    """``("bear",)``, ``("crown",)`` or ``("bear", "crown")`` for joined lines."""
    stations: tuple[str, ...]
    """Labels of the line's stations."""
    districts: tuple[str, ...]
    """Names of the districts holding at least one station of the line."""
    outer_districts: tuple[str, ...]
    """The outer districts among them."""
    district_count: int
    """The 1st box: number of districts (outer ones count 3 with Triple outer districts)."""
    best_districts: tuple[str, ...]
    """The district(s) where the line has the most stations (several when tied)."""
    best_count: int
    """Stations of the line in its best district."""
    station_multiplier: int
    """2 when Double stations applies to this line, else 1."""
    station_count: int
    """The 2nd box: ``best_count * station_multiplier``."""
    connected_bonus: int
    """Berlin's 3rd box: 10 when both start stations of the round are on this line."""
    score: int
    """The last box: ``district_count * station_count`` plus every bonus."""
    bonuses: tuple[Bonus, ...] = ()
    """Every bonus term, zero ones included, in the order the sheet prints them."""
    doubled_stations: tuple[str, ...] = ()
    """Stations counted twice in their district (London's circled station)."""


@dataclass(frozen=True)
class RoundScore:
    """Phase 3 of one round for one player."""

    round: int
    """Round number, 1 to 4."""
    pencil: str
    """Pencil id used this round."""
    effect: str | None
    """Round effect in play, if any."""
    lines: tuple[LineScore, ...]
    """One entry for a connected line, two for separate lines, none if nothing was drawn."""
    connected: bool
    """True when both start stations were connected."""
    score: int
    """Sum of the line scores."""
    tourist_sites: tuple[str, ...] = ()
    """Tourist sites on the round's line, one circle each on the tourist track (London)."""


@dataclass(frozen=True)
class InterchangeTier:
    """Interchange stations where exactly ``colours`` colours meet."""

    colours: int
    """2, 3 or 4."""
    stations: tuple[str, ...]
    """Labels of those stations."""
    sbahn: tuple[str, ...]
    """The circled S-Bahn stations among them (each counts as 2 stations)."""
    count: int
    """Stations counted: ``len(stations) + len(sbahn)``."""
    points_each: int
    """2, 5 or 9."""
    points: int
    """``count * points_each``."""


@dataclass(frozen=True)
class TrackScore:
    """A track filled in during the game and scored at the end (London's tourist track)."""

    id: str
    """Stable identifier, e.g. ``"tourist"``."""
    label: str
    """Its name for people."""
    count: int
    """Circles crossed off (capped at the track's length)."""
    values: tuple[int, ...]
    """The printed values; the final score takes ``values[count]``."""
    points: int
    """``values[count]``."""


@dataclass(frozen=True)
class ObjectiveResult:
    """Progress on one Objective card."""

    objective: str
    """The objective's id."""
    text: str
    """The task in words."""
    progress: int
    """How many of the counted things the network has."""
    target: int
    """How many are needed."""
    met: bool
    """True when the task is done."""
    points: int
    """10 when met, else 0."""


@dataclass(frozen=True)
class Assessment:
    """The assessment of a solo game (Berlin's City administration, London's solo table)."""

    rated_score: int
    """Final result minus the module handicap."""
    handicap: int
    """Points subtracted before reading the table."""
    band: str
    """The score band, e.g. ``"111-130"``."""
    text: str
    """The rulebook's text for that band."""


@dataclass(frozen=True)
class ScoreSheet:
    """A player's whole scoring area, final or so far."""

    player: int
    """Player index, 0-based."""
    name: str
    """Player name."""
    rounds: tuple[RoundScore, ...]
    """The rounds scored so far."""
    lines_total: int
    """Sum of the round scores."""
    interchanges: tuple[InterchangeTier, ...]
    """Tiers for 2, 3 and 4 colours."""
    interchanges_total: int
    """Sum of the interchange points."""
    objectives: tuple[ObjectiveResult, ...]
    """Objective cards in play (empty without the module)."""
    objectives_total: int
    """Sum of the objective points."""
    total: int
    """Final result: lines + tracks + interchanges + objectives."""
    tiebreak: int
    """Best single round score, the first tie-breaker."""
    final: bool
    """True once the game is over."""
    assessment: Assessment | None
    """Solo games, at the end: the assessment."""
    tracks: tuple[TrackScore, ...] = ()
    """Tracks scored at the end (London's tourist track)."""
    tracks_total: int = 0
    """Sum of the track points."""
    language: str = field(default="en", compare=False)
    """The language of its words (labels, objective texts, the assessment): what
    :meth:`~nsb_widget.rules.game.Game.score_sheet` gives is in the game's language."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""
        return asdict(self)

    def __repr__(self) -> str:
        """A short, one-line ``repr`` (English, for programmers)."""
        state = "final" if self.final else "so far"
        return (f"<ScoreSheet {self.name!r}: {self.total} points {state}, "
                f"{len(self.rounds)} round(s) scored>")

    def __str__(self) -> str:
        """The sheet as text, a row per term with its arithmetic (``print(sheet)``)."""
        return table_text(sheet_title(self), sheet_rows(self))

    def _repr_html_(self) -> str:
        """The same rows as a table, for notebooks."""
        return table_html(sheet_title(self), sheet_rows(self))


# ---------------------------------------------------------------------- the sheet for people
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
