"""One player's sheet: every section drawn so far and the line(s) of the current round.

The state is plain ints and small lists so that :meth:`Sheet.copy` is cheap. Stations and
sections are bits of Python ints (see :mod:`nsb_widget.maps.model`).

A round has one line per line id of its ruleset (Berlin's Bear and Crown, London's single
line). The lines are kept as *components*: ``comp[line]`` names the component a line belongs
to; once two lines meet they point at the same one. A component is a tree, with its station
set ``members``, its leaves ``ends`` (a lone start station is its own end) and its section
count. Leaves are maintained incrementally: a station is a leaf exactly when its degree is 1,
or when it is a component's only station.
"""

from __future__ import annotations

from typing import NamedTuple

from ..maps.model import GameMap
from ..scoring.model import RoundScore


class DrawnSection(NamedTuple):
    """A section drawn on a sheet."""

    round: int
    """Round index, 0-based."""
    pencil: str
    """Pencil id."""
    line: str
    """The id of the line it was drawn for (``"bear"``, ``"crown"``, ``"line"``)."""
    section: int
    """Potential-section index on the map."""
    origin: int
    """Station index it starts from."""
    target: int
    """Station index it leads to."""
    sbahn: bool
    """True when drawn for a Berlin Joker (the target was circled as an S-Bahn station)."""
    parallel: bool
    """True when drawn as a parallel track beside another colour (Double tracks)."""


class RoundLine(NamedTuple):
    """A connected line of one round, as it stood at the end of the round."""

    round: int
    pencil: str
    lines: tuple[str, ...]
    """The line ids on it: ``("bear",)``, ``("crown",)``, both when joined, ``("line",)``."""
    stations: int
    """Station bitset."""
    sections: int
    """Number of sections."""
    connected: bool
    """True when every start station of the round is on it."""
    section_mask: int = 0
    """Bitset of its sections."""
    doubled: int = 0
    """Stations that count twice in its district score (London's circled station)."""


class Sheet:
    """The drawing on one player's sheet. Mutated only by :class:`~nsb_widget.rules.game.Game`."""

    __slots__ = (
        "blocked",
        "ce",
        "circled",
        "cm",
        "cn",
        "colour_stations",
        "comp",
        "cs",
        "doubled",
        "drawn",
        "history",
        "line_ids",
        "map",
        "pencil",
        "round_lines",
        "round_scores",
        "sbahn",
        "section_pencils",
        "starts",
    )

    def __init__(self, game_map: GameMap, line_ids: tuple[str, ...] | None = None) -> None:
        self.map = game_map
        self.line_ids: tuple[str, ...] = line_ids if line_ids is not None else game_map.lines
        """The ids of a round's lines, in order."""
        self.drawn = 0
        """Bitset of sections with at least one track, of any colour."""
        self.doubled = 0
        """Bitset of sections holding two parallel tracks."""
        self.blocked = 0
        """Bitset of sections crossing a drawn section."""
        self.sbahn = 0
        """Bitset of circled S-Bahn stations (Berlin)."""
        self.circled = 0
        """Bitset of stations circled with a pencil power (London), every round."""
        self.colour_stations: dict[str, int] = {}
        """Per pencil id, the stations on that colour's lines (touched by one of its sections;
        where the ruleset says so, its printed departure station too)."""
        self.section_pencils: dict[int, tuple[str, ...]] = {}
        """Per drawn section, the pencils drawn on it (two with a parallel track)."""
        self.history: list[DrawnSection] = []
        """Every section drawn, in order."""
        self.round_lines: list[RoundLine] = []
        """The lines of the rounds already scored."""
        self.round_scores: list[RoundScore] = []
        """The scores of the rounds already scored."""
        # The current round.
        n = len(self.line_ids)
        self.pencil = ""
        self.starts: tuple[int, ...] = (0,) * n
        self.comp = list(range(n))
        self.cm = [0] * n
        self.ce = [0] * n
        self.cn = [0] * n
        self.cs = [0] * n

    def copy(self) -> Sheet:
        """An independent copy (the map is shared)."""
        new = Sheet.__new__(Sheet)
        new.map = self.map
        new.line_ids = self.line_ids
        new.drawn = self.drawn
        new.doubled = self.doubled
        new.blocked = self.blocked
        new.sbahn = self.sbahn
        new.circled = self.circled
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
        new.cs = list(self.cs)
        return new

    # ------------------------------------------------------------------ the current round
    def start_round(self, pencil: str) -> None:
        """Begin a round with ``pencil``: each line is its lone start station."""
        starts = tuple(self.map.start_station(pencil, line).index for line in self.line_ids)
        n = len(starts)
        self.pencil = pencil
        self.starts = starts
        self.comp = list(range(n))
        self.cm = [1 << s for s in starts]
        self.ce = list(self.cm)
        self.cn = [0] * n
        self.cs = [0] * n
        self.colour_stations.setdefault(pencil, 0)

    @property
    def joined(self) -> bool:
        """True once all of the round's start stations are connected."""
        return all(c == self.comp[0] for c in self.comp)

    def members(self, line: int) -> int:
        """Station bitset of a line (of the joined line once joined)."""
        return self.cm[self.comp[line]]

    def ends(self, line: int) -> int:
        """Bitset of the ends (leaves) of a line."""
        return self.ce[self.comp[line]]

    def section_count(self, line: int) -> int:
        """Number of sections of a line this round."""
        return self.cn[self.comp[line]]

    def line_sections(self, line: int) -> int:
        """Bitset of the sections of a line this round."""
        return self.cs[self.comp[line]]

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
        comp = self.comp
        c = comp[line]
        cm, ce, cn = self.cm, self.ce, self.cn
        # origin's degree grows by one: a leaf of degree 1 stops being an end.
        if cn[c] > 0:
            ce[c] &= ~(1 << origin)
        bit = 1 << target
        other = -1
        for k in range(len(comp)):
            if comp[k] != c and cm[comp[k]] & bit:
                other = comp[k]
                break
        if other >= 0:
            # The section reaches another line: the two lines become one.
            if cn[other] > 0:
                ce[other] &= ~bit
            cm[c] |= cm[other]
            ce[c] |= ce[other]
            cn[c] += cn[other] + 1
            self.cs[c] |= self.cs[other] | (1 << section)
            for k in range(len(comp)):
                if comp[k] == other:
                    comp[k] = c
        else:
            cm[c] |= bit
            ce[c] |= bit
            cn[c] += 1
            self.cs[c] |= 1 << section
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
            DrawnSection(round_index, self.pencil, self.line_ids[line], section, origin, target,
                         sbahn, parallel)
        )

    def finish_round(self, round_index: int, doubled: int = 0) -> list[RoundLine]:
        """Record the round's connected lines (those with at least one section)."""
        found = self.current_lines(round_index, doubled)
        self.round_lines.extend(found)
        return found

    def current_lines(self, round_index: int, doubled: int = 0) -> list[RoundLine]:
        """The current round's connected lines with at least one section, as they stand."""
        found: list[RoundLine] = []
        seen: set[int] = set()
        for line in range(len(self.comp)):
            c = self.comp[line]
            if c in seen or self.cn[c] == 0:
                continue
            seen.add(c)
            lines = tuple(self.line_ids[i] for i in range(len(self.comp)) if self.comp[i] == c)
            members = self.cm[c]
            connected = len(self.starts) > 1 and all(members >> s & 1 for s in self.starts)
            found.append(RoundLine(round_index, self.pencil, lines, members, self.cn[c],
                                   connected, self.cs[c], doubled & members))
        return found
