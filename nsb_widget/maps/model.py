"""The immutable data of one sheet, with the tables the rules engine needs precomputed.

A :class:`GameMap` is built once per map file by :func:`nsb_widget.maps.load_map` and shared by
every game on that map. Stations, districts and potential sections are numbered densely from
0, so the engine can use plain ints and int bitsets (bit ``i`` = station or section ``i``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from ..errors import UnknownNameError, quote
from .geometry import (
    Point,
    crossing_bitsets,
    points_strictly_between,
    polyline_crossing_bitset,
)

DistrictKind = Literal["main", "outer"]


class Symbol(str, enum.Enum):
    """A station symbol, as printed on stations and Station cards.

    :data:`CARD_SYMBOLS` are the four a card can show. ``ANY`` is printed on stations only
    (London's central station, a question mark): it matches every card.
    """

    SQUARE = "square"
    TRIANGLE = "triangle"
    PENTAGON = "pentagon"
    CIRCLE = "circle"
    ANY = "any"

    def __str__(self) -> str:
        return self.value


#: The symbols a card can show (every symbol but :attr:`Symbol.ANY`), in card order.
CARD_SYMBOLS: tuple[Symbol, ...] = (Symbol.SQUARE, Symbol.TRIANGLE, Symbol.PENTAGON, Symbol.CIRCLE)


def grid_label(x: int, y: int) -> str:
    """The display label of grid point (x, y): a column letter and a 1-based row, e.g. ``C4``."""
    return f"{chr(ord('A') + x)}{y + 1}"


@dataclass(frozen=True, slots=True)
class Pencil:
    """A pencil colour of the map."""

    id: str
    """Identifier used in code and files, e.g. ``"green"``."""
    name: str
    """Name shown to people, e.g. ``"Green"``."""
    color: str
    """CSS colour used to draw this pencil's lines, e.g. ``"#2f9e44"``."""


@dataclass(frozen=True, slots=True)
class StartInfo:
    """What makes a station a start station: whose pencil and which line starts there."""

    pencil: str
    """Pencil id, e.g. ``"pink"``."""
    line: str
    """Line id from the map's ``lines``, e.g. ``"bear"`` or ``"crown"`` (London: ``"line"``)."""


@dataclass(frozen=True, slots=True)
class Station:
    """One station of the sheet."""

    index: int
    """Dense index 0..n-1 (the bit of this station in station bitsets)."""
    label: str
    """Display label used in move notation and messages, e.g. ``"C4"``."""
    x: int
    """Grid column, 0 at the left."""
    y: int
    """Grid row, 0 at the top."""
    symbol: Symbol
    """The printed symbol."""
    district: int
    """Index of the district holding the station."""
    start: StartInfo | None
    """Set for start stations, ``None`` for the others."""
    tourist: bool = False
    """True for a tourist site (London)."""

    @property
    def point(self) -> Point:
        """Grid coordinates ``(x, y)``."""
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class District:
    """A district (city borough) bounded by the yellow lines."""

    index: int
    """Dense index 0..k-1."""
    key: str
    """One-character key used in the map file's district grid."""
    name: str
    """Printed name, e.g. ``"Mitte"``."""
    kind: DistrictKind
    """``"main"`` (several stations) or ``"outer"`` (a corner district with one station)."""
    cells: tuple[Point, ...]
    """Grid cells covered by the district."""
    outline: tuple[tuple[tuple[float, float], ...], ...]
    """Boundary loops in grid coordinates (cell corners at half-integers), for drawing."""
    stations: tuple[int, ...]
    """Indices of the stations inside the district."""


@dataclass(frozen=True, slots=True)
class Section:
    """A potential section: the dashed line between two stations with none in between."""

    index: int
    """Dense index 0..m-1 (the bit of this section in section bitsets)."""
    a: int
    """Station index of one end (always the smaller index)."""
    b: int
    """Station index of the other end."""

    def other(self, station: int) -> int:
        """The end that is not ``station``."""
        return self.b if station == self.a else self.a


@dataclass(frozen=True)
class River:
    """A river drawn across the sheet. The map knows which sections cross it
    (:attr:`GameMap.river_crossings`); whether a crossing scores is up to the ruleset (it does in
    London, not in Berlin)."""

    name: str
    """Printed name, e.g. ``"Thames"``."""
    polyline: tuple[tuple[float, float], ...]
    """The river's course in grid coordinates (may run past the grid's edge)."""


@dataclass(frozen=True, eq=False)
class GameMap:
    """A sheet: stations, districts, river, pencils and the precomputed section tables.

    Build it with :func:`nsb_widget.maps.load_map` or :func:`nsb_widget.maps.get_map`.
    """

    id: str
    title: str
    ruleset: str
    width: int
    height: int
    lines: tuple[str, ...]
    pencils: tuple[Pencil, ...]
    districts: tuple[District, ...]
    stations: tuple[Station, ...]
    sections: tuple[Section, ...]
    river: River | None
    source: dict[str, object] = field(repr=False, compare=False)
    """The validated map document, as loaded (for saving games with their map)."""

    # Derived tables, filled in __post_init__.
    crossings: tuple[int, ...] = field(init=False, repr=False)
    """Per section, the bitset of the sections it geometrically crosses."""
    neighbours: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, repr=False)
    neighbour_bits: tuple[tuple[tuple[int, int, int, int], ...], ...] = field(init=False,
                                                                               repr=False)
    """Per station, ``(other station, section, 1 << other, 1 << section)`` for each potential
    section (the move generator's inner loop)."""
    """Per station, the ``(other station, section index)`` pairs of its potential sections."""
    section_index: MappingProxyType[tuple[int, int], int] = field(init=False, repr=False)
    """``(a, b)`` and ``(b, a)`` station pairs to the section index."""
    symbol_mask: MappingProxyType[Symbol, int] = field(init=False, repr=False)
    """Per symbol, the bitset of the stations a card of that symbol lets a line reach: those
    carrying it plus the :attr:`Symbol.ANY` stations. ``symbol_mask[Symbol.ANY]`` is the ANY
    stations alone."""
    tourist_mask: int = field(init=False, repr=False)
    """Bitset of the tourist sites."""
    river_crossings: int = field(init=False, repr=False)
    """Bitset of the sections whose segment crosses the river (0 without a river)."""
    district_mask: tuple[int, ...] = field(init=False, repr=False)
    """Per district, the bitset of its stations."""
    outer_mask: int = field(init=False, repr=False)
    """Bitset of the stations in outer districts."""
    every_station: int = field(init=False, repr=False)
    """Bitset of all the stations (what a Joker may reach)."""
    labels: tuple[str, ...] = field(init=False, repr=False)
    """Per station index, its label."""
    _by_label: MappingProxyType[str, int] = field(init=False, repr=False)
    _by_point: MappingProxyType[Point, int] = field(init=False, repr=False)
    _starts: MappingProxyType[tuple[str, str], int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        segs = [(self.stations[s.a].point, self.stations[s.b].point) for s in self.sections]
        setattr_ = object.__setattr__
        setattr_(self, "crossings", tuple(crossing_bitsets(segs)))
        neighbours: list[list[tuple[int, int]]] = [[] for _ in self.stations]
        index: dict[tuple[int, int], int] = {}
        for s in self.sections:
            neighbours[s.a].append((s.b, s.index))
            neighbours[s.b].append((s.a, s.index))
            index[(s.a, s.b)] = s.index
            index[(s.b, s.a)] = s.index
        setattr_(self, "neighbours", tuple(tuple(n) for n in neighbours))
        setattr_(self, "neighbour_bits", tuple(tuple((t, s, 1 << t, 1 << s) for t, s in n)
                                               for n in neighbours))
        setattr_(self, "section_index", MappingProxyType(index))
        masks = dict.fromkeys(Symbol, 0)
        for st in self.stations:
            masks[st.symbol] |= 1 << st.index
        for sym in CARD_SYMBOLS:
            masks[sym] |= masks[Symbol.ANY]
        setattr_(self, "symbol_mask", MappingProxyType(masks))
        setattr_(self, "tourist_mask", sum(1 << st.index for st in self.stations if st.tourist))
        setattr_(
            self,
            "river_crossings",
            0 if self.river is None else polyline_crossing_bitset(segs, self.river.polyline),
        )
        setattr_(
            self,
            "district_mask",
            tuple(sum(1 << i for i in d.stations) for d in self.districts),
        )
        setattr_(
            self,
            "outer_mask",
            sum(m for d, m in zip(self.districts, self.district_mask, strict=True)
                if d.kind == "outer"),
        )
        setattr_(self, "every_station", (1 << len(self.stations)) - 1)
        setattr_(self, "labels", tuple(s.label for s in self.stations))
        setattr_(self, "_by_label", MappingProxyType({s.label: s.index for s in self.stations}))
        setattr_(self, "_by_point", MappingProxyType({s.point: s.index for s in self.stations}))
        setattr_(
            self,
            "_starts",
            MappingProxyType(
                {(s.start.pencil, s.start.line): s.index for s in self.stations if s.start}
            ),
        )

    def __copy__(self) -> GameMap:
        return self  # a map never changes: games share it

    def __deepcopy__(self, memo: dict[int, object]) -> GameMap:
        return self

    # ------------------------------------------------------------------ look-ups
    def station(self, label_or_index: str | int) -> Station:
        """The station with this label (``"C4"``, case-insensitive) or index.

        Raises :class:`~nsb_widget.errors.UnknownNameError` (a :class:`KeyError`) quoting the
        unknown label.
        """
        if isinstance(label_or_index, int):
            if 0 <= label_or_index < len(self.stations):
                return self.stations[label_or_index]
            raise UnknownNameError(f"no station with index {quote(label_or_index)} on the "
                                   f"{self.title} map")
        if not isinstance(label_or_index, str):
            raise UnknownNameError(f"a station is named by a label like 'C4' or an index, not "
                                   f"{quote(label_or_index)}")
        # str's own methods: a subclass's strip() or upper() may return anything.
        idx = self._by_label.get(str.upper(str.strip(label_or_index)))
        if idx is None:
            raise UnknownNameError(f"no station {quote(label_or_index)} on the {self.title} map")
        return self.stations[idx]

    def station_at(self, x: int, y: int) -> Station | None:
        """The station on grid point (x, y), or ``None``."""
        idx = self._by_point.get((x, y))
        return None if idx is None else self.stations[idx]

    def start_station(self, pencil: str, line: str) -> Station:
        """The start station of a pencil's line."""
        try:
            return self.stations[self._starts[(pencil, line)]]
        except (KeyError, TypeError):  # TypeError: a pencil or line that cannot be a key
            raise UnknownNameError(f"the {self.title} map has no {quote(pencil)} {quote(line)} "
                                   "start station") from None

    def pencil(self, pencil_id: str) -> Pencil:
        """The pencil with this id."""
        for p in self.pencils:
            if p.id == pencil_id:
                return p
        raise UnknownNameError(f"the {self.title} map has no pencil {quote(pencil_id)}")

    def section_between(self, a: int, b: int) -> int | None:
        """The index of the potential section joining stations ``a`` and ``b``, or ``None``."""
        return self.section_index.get((a, b))

    def section_label(self, section: int) -> str:
        """The section in move notation, e.g. ``"C4-D5"``."""
        s = self.sections[section]
        return f"{self.stations[s.a].label}-{self.stations[s.b].label}"

    def stations_between(self, a: int, b: int) -> list[Station]:
        """Stations lying strictly between stations ``a`` and ``b`` on the straight segment."""
        pa, pb = self.stations[a].point, self.stations[b].point
        pts = points_strictly_between(pa, pb, self._by_point.keys())
        return [self.stations[self._by_point[p]] for p in pts]

    def crossing_matrix(self) -> object:
        """The crossing table as a numpy boolean matrix (sections x sections)."""
        import numpy as np

        n = len(self.sections)
        matrix = np.zeros((n, n), dtype=bool)
        for i, mask in enumerate(self.crossings):
            for j in range(n):
                if mask >> j & 1:
                    matrix[i, j] = True
        return matrix

    def __repr__(self) -> str:
        return (
            f"<GameMap {self.id!r}: {len(self.stations)} stations, "
            f"{len(self.districts)} districts, {len(self.sections)} potential sections>"
        )
