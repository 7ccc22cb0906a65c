"""One player's sheet: every section drawn so far and the two lines of the current round.

The state is plain ints and small lists so that :meth:`Sheet.copy` is cheap. Stations and
sections are bits of Python ints (see :mod:`nsb_widget.maps.model`).

The two lines of a round are kept as *components*: ``comp[line]`` names the component a line
belongs to; once the lines are joined both point at the same one. A component is a tree, with
its station set ``members``, its leaves ``ends`` (a lone start station is its own end) and its
section count. Leaves are maintained incrementally: a station is a leaf exactly when its degree
is 1, or when it is a component's only station.
"""

from __future__ import annotations

from typing import NamedTuple

from ..maps.model import GameMap
from .cards import Line

LINES = (Line.BEAR, Line.CROWN)


class DrawnSection(NamedTuple):
    """A section drawn on a sheet."""

    round: int
    """Round index, 0-based."""
    pencil: str
    """Pencil id."""
    line: Line
    """The line it was drawn for."""
    section: int
    """Potential-section index on the map."""
    origin: int
    """Station index it starts from."""
    target: int
    """Station index it leads to."""
    sbahn: bool
    """True when drawn for a Joker (the target was circled as an S-Bahn station)."""
    parallel: bool
    """True when drawn as a parallel track beside another colour (Double tracks)."""


class RoundLine(NamedTuple):
    """A connected line of one round, as it stood at the end of the round."""

    round: int
    pencil: str
    lines: tuple[Line, ...]
    """``(BEAR,)``, ``(CROWN,)`` or both when the two lines were joined."""
    stations: int
    """Station bitset."""
    sections: int
    """Number of sections."""
    connected: bool
    """True when both start stations of the round are on it."""


class Sheet:
    """The drawing on one player's sheet. Mutated only by :class:`~nsb_widget.rules.game.Game`."""

    __slots__ = (
        "blocked",
        "ce",
        "cm",
        "cn",
        "colour_stations",
        "comp",
        "doubled",
        "drawn",
        "history",
        "map",
        "pencil",
        "round_lines",
        "round_scores",
        "sbahn",
        "section_pencils",
        "starts",
    )

    def __init__(self, game_map: GameMap) -> None:
        self.map = game_map
        self.drawn = 0
        """Bitset of sections with at least one track, of any colour."""
        self.doubled = 0
        """Bitset of sections holding two parallel tracks."""
        self.blocked = 0
        """Bitset of sections crossing a drawn section."""
        self.sbahn = 0
        """Bitset of circled S-Bahn stations."""
        self.colour_stations: dict[str, int] = {}
        """Per pencil id, the stations touched by a section of that colour."""
        self.section_pencils: dict[int, tuple[str, ...]] = {}
        """Per drawn section, the pencils drawn on it (two with a parallel track)."""
        self.history: list[DrawnSection] = []
        self.round_lines: list[RoundLine] = []
        self.round_scores: list[object] = []
        # The current round.
        self.pencil = ""
        self.starts = (0, 0)
        self.comp = [0, 1]
        self.cm = [0, 0]
        self.ce = [0, 0]
        self.cn = [0, 0]

    def copy(self) -> Sheet:
        """An independent copy (the map is shared)."""
        new = Sheet.__new__(Sheet)
        new.map = self.map
        new.drawn = self.drawn
        new.doubled = self.doubled
        new.blocked = self.blocked
        new.sbahn = self.sbahn
        new.colour_stations = dict(self.colour_stations)
        new.section_pencils = dict(self.section_pencils)
        new.history = list(self.history)
        new.round_lines = list(self.round_lines)
        new.round_scores = list(self.round_scores)
        new.pencil = self.pencil
        new.starts = self.starts
        new.comp = list(self.comp)
        new.cm = list(self.cm)
        new.ce = list(self.ce)
        new.cn = list(self.cn)
        return new

    # ------------------------------------------------------------------ the current round
    def start_round(self, pencil: str) -> None:
        """Begin a round with ``pencil``: each line is its lone start station."""
        bear = self.map.start_station(pencil, Line.BEAR.value).index
        crown = self.map.start_station(pencil, Line.CROWN.value).index
        self.pencil = pencil
        self.starts = (bear, crown)
        self.comp = [0, 1]
        self.cm = [1 << bear, 1 << crown]
        self.ce = [1 << bear, 1 << crown]
        self.cn = [0, 0]
        self.colour_stations.setdefault(pencil, 0)

    @property
    def joined(self) -> bool:
        """True once the round's two start stations are connected."""
        return self.comp[0] == self.comp[1]

    def members(self, line: int) -> int:
        """Station bitset of a line (of the joined line once joined)."""
        return self.cm[self.comp[line]]

    def ends(self, line: int) -> int:
        """Bitset of the ends (leaves) of a line."""
        return self.ce[self.comp[line]]

    def section_count(self, line: int) -> int:
        """Number of sections of a line this round."""
        return self.cn[self.comp[line]]

    def add_section(
        self,
        round_index: int,
        line: int,
        origin: int,
        target: int,
        section: int,
        sbahn: bool,
    ) -> None:
        """Draw a (checked) section of ``line`` from ``origin`` to ``target``."""
        c = self.comp[line]
        other = 1 - c
        # origin's degree grows by one: a leaf of degree 1 stops being an end.
        if self.cn[c] > 0:
            self.ce[c] &= ~(1 << origin)
        bit = 1 << target
        if not self.joined and self.cm[other] & bit:
            # The section reaches the other line: the two lines become one.
            if self.cn[other] > 0:
                self.ce[other] &= ~bit
            self.cm[c] |= self.cm[other]
            self.ce[c] |= self.ce[other]
            self.cn[c] += self.cn[other] + 1
            self.comp = [c, c]
        else:
            self.cm[c] |= bit
            self.ce[c] |= bit
            self.cn[c] += 1
        parallel = bool(self.drawn >> section & 1)
        if parallel:
            self.doubled |= 1 << section
            self.section_pencils[section] = (*self.section_pencils[section], self.pencil)
        else:
            self.drawn |= 1 << section
            self.blocked |= self.map.crossings[section]
            self.section_pencils[section] = (self.pencil,)
        self.colour_stations[self.pencil] |= (1 << origin) | bit
        if sbahn:
            self.sbahn |= bit
        self.history.append(
            DrawnSection(round_index, self.pencil, LINES[line], section, origin, target, sbahn,
                         parallel)
        )

    def finish_round(self, round_index: int) -> list[RoundLine]:
        """Record the round's connected lines (those with at least one section)."""
        found = self.current_lines(round_index)
        self.round_lines.extend(found)
        return found

    def current_lines(self, round_index: int) -> list[RoundLine]:
        """The current round's connected lines with at least one section, as they stand."""
        bear_start, crown_start = self.starts
        found: list[RoundLine] = []
        seen: set[int] = set()
        for line in (0, 1):
            c = self.comp[line]
            if c in seen or self.cn[c] == 0:
                continue
            seen.add(c)
            lines = tuple(LINES[i] for i in (0, 1) if self.comp[i] == c)
            members = self.cm[c]
            connected = bool(members >> bear_start & 1 and members >> crown_start & 1)
            found.append(RoundLine(round_index, self.pencil, lines, members, self.cn[c], connected))
        return found
