"""The score sheet as structured data: every term the printed scoring area shows."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class LineScore:
    """Phase 3 for one connected line: districts x best district's stations (+10)."""

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
    """The 3rd box: 10 when both start stations of the round are on this line."""
    score: int
    """The 4th box: ``district_count * station_count + connected_bonus``."""


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
    """The City administration's assessment of a solo game."""

    rated_score: int
    """Final result minus the module handicap (10 objectives, 25 effects)."""
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
    """Final result: lines + interchanges + objectives."""
    tiebreak: int
    """Best single round score, the first tie-breaker."""
    final: bool
    """True once the game is over."""
    assessment: Assessment | None
    """Solo games, at the end: the City administration's assessment."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""
        return asdict(self)
