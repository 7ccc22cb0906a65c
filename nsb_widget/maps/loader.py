"""Reading and validating map files.

A map file is JSON (format ``nsb-map``, version 1); see ``docs/map-format.md``. Validation
collects *every* problem with its place before giving up, so a map author sees the whole list
at once.
"""

from __future__ import annotations

import copyreg
import json
import math
import re
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeGuard

from ..errors import MapError, Problem, UnknownNameError, did_you_mean, quote
from ..jsonfile import read_json, shape_problem, short
from .geometry import (
    Point,
    connected_parts,
    is_grid_direction,
    points_strictly_between,
    potential_sections,
    region_outline,
)
from .model import District, GameMap, Pencil, River, Section, StartInfo, Station, Symbol, grid_label

FORMAT = "nsb-map"
VERSION = 1
BUILTIN_MAPS = ("berlin", "london")
_KINDS = ("main", "outer")
_SYMBOLS = {s.value: s for s in Symbol}
_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[a-zA-Z]{1,30}")
#: Limits that keep a hostile file from costing time or memory (far above any real sheet).
MAX_NAME = 100
"""Longest id, title, ruleset, line, pencil, district or river name."""
MAX_STATIONS = 26 * 26
MAX_DISTRICTS = 100
MAX_PENCILS = 26
MAX_LINES = 8
MAX_RIVER_POINTS = 1000
MAX_SECTIONS = 4 * MAX_STATIONS
MAX_COORD = 1000.0
"""Largest absolute river coordinate, in grid units."""


class _Collector:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(Problem(where, message))


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _names(keys: Iterable[object]) -> str:
    """Unknown keys of an object, sorted and briefly quoted."""
    names = sorted(k if isinstance(k, str) and k.isidentifier() and len(k) <= 40 else short(k)
                   for k in keys)
    more = f" and {len(names) - 5} more" if len(names) > 5 else ""
    return ", ".join(names[:5]) + more


def _is_name(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and 0 < len(value) <= MAX_NAME


def _is_coord(value: object) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        return math.isfinite(value) and abs(value) <= MAX_COORD
    except OverflowError:  # an int too large for a float
        return False


def _is_point(value: object) -> bool:
    return isinstance(value, list | tuple) and len(value) == 2 and all(map(_is_coord, value))


def load_map(source: str | Path | Mapping[str, Any] | object) -> GameMap:
    """Load and validate a map from a JSON file path or an already parsed document.

    Raises :class:`~nsb_widget.errors.MapError` listing every problem found, each with its
    location in the file. This checks the file alone: :func:`nsb_widget.load_map` also checks
    the map against the ruleset it names (an unknown ``ruleset`` is refused there).
    """
    if not isinstance(source, str | Path):
        return build_map(source, "<document>")
    doc = read_json(source, MapError)
    return build_map(doc, str(source))


def get_map(name: str = "berlin") -> GameMap:
    """A map shipped with the package, by name (``"berlin"``, ``"london"``).

    Loaded once, then cached. Any other name raises
    :class:`~nsb_widget.errors.UnknownNameError` (a :class:`KeyError`) naming the built-in maps.

    >>> berlin = get_map("berlin")
    >>> berlin.title, len(berlin.stations), len(berlin.districts)
    ('Berlin', 53, 12)
    >>> berlin.station("E1").symbol, berlin.start_station("green", "bear").label
    (<Symbol.PENTAGON: 'pentagon'>, 'E1')
    """
    key = str.__str__(name) if isinstance(name, str) else None  # plain text, whatever subclass
    if key not in BUILTIN_MAPS:
        raise UnknownNameError(f"no built-in map {quote(name)}; built-in maps: "
                               f"{', '.join(BUILTIN_MAPS)}{_map_hint(key)}")
    return _builtin_map(key)


def _map_hint(key: str | None) -> str:
    """What an unknown map name probably meant: another case of a built-in name, or a file."""
    if key is None:
        return ""
    if key.lower() in BUILTIN_MAPS:
        return f" (names are lower case: {key.lower()!r})"
    if key.endswith(".json") or "/" in key or "\\" in key:
        return " (a map file is loaded first: map=load_map(path))"
    return did_you_mean(key, BUILTIN_MAPS)


@cache
def _builtin_map(name: str) -> GameMap:
    """The built-in map ``name`` (checked), read once."""
    text = resources.files(__package__).joinpath("data", f"{name}.json").read_text("utf-8")
    return build_map(json.loads(text), f"<built-in map {name}>")


def _pickled_map(game_map: GameMap) -> tuple[Any, tuple[Any, ...]]:
    """How a map pickles (registered with :mod:`copyreg`, so that a game can go to another
    process): a built-in map by its name, the same object again once unpickled; any other by
    its validated document, checked again when it is rebuilt."""
    if game_map.id in BUILTIN_MAPS and _builtin_map(game_map.id) is game_map:
        return get_map, (game_map.id,)
    return build_map, (game_map.source, f"<map {game_map.id!r}, unpickled>")


copyreg.pickle(GameMap, _pickled_map)


def build_map(doc: object, name: str) -> GameMap:
    """Validate a parsed map document and build the :class:`GameMap`."""
    out = _Collector()
    if not isinstance(doc, Mapping):
        raise MapError(name, [Problem("document", "must be a JSON object")])
    shape = shape_problem(doc)
    if shape is not None:
        raise MapError(name, [shape])
    doc = _own_copy(doc)  # the caller's document may change later: the map must not
    assert isinstance(doc, dict)
    if doc.get("format") != FORMAT:
        out.add("format", f"must be {FORMAT!r}, found {short(doc.get('format'))}")
    if doc.get("version") != VERSION:
        out.add("version", f"must be {VERSION}, found {short(doc.get('version'))}")
    for key in ("id", "title", "ruleset"):
        if not _is_name(doc.get(key)):
            out.add(key, f"must be a non-empty string of at most {MAX_NAME} characters")
    about = doc.get("about")
    if about is not None and not isinstance(about, str):
        out.add("about", f"must be a string, found {short(about)}")

    width, height = _grid(doc, out)
    lines = _lines(doc, out)
    pencils = _pencils(doc, out)
    keys = _district_legend(doc, out)
    cells = _district_grid(doc, out, keys, width, height)
    stations_raw = _stations(doc, out, width, height, cells, keys, pencils, lines)
    river = _river(doc, out)

    # Cross-checks that need the parts above.
    by_key: dict[str, list[int]] = {k: [] for k in keys}
    for i, st in enumerate(stations_raw):
        if st["district"] in by_key:
            by_key[st["district"]].append(i)
    for k, info in keys.items():
        where = f"districts[{info['index']}] ({info['name']})"
        count = len(by_key[k])
        if not cells.get(k):
            out.add(where, "covers no cell of the district grid")
        elif connected_parts(set(cells[k])) > 1:
            out.add(where, "is split into separate parts on the district grid")
        if count == 0:
            out.add(where, "holds no station")
        elif info["kind"] == "outer" and count != 1:
            out.add(where, f"is an outer district and must hold exactly 1 station, holds {count}")
    starts = {(s["start"].pencil, s["start"].line) for s in stations_raw if s["start"]}
    for p in pencils:
        for line in lines:
            if (p.id, line) not in starts:
                out.add("stations", f"no start station for the {p.id} {line} line")

    points: list[Point] = [(s["x"], s["y"]) for s in stations_raw]
    pairs = _sections(doc, out, stations_raw, points)
    if not out.problems:
        degree = [0] * len(points)
        for a, b in pairs:
            degree[a] += 1
            degree[b] += 1
        for i, d in enumerate(degree):
            if d == 0:
                out.add(f"stations[{i}] ({stations_raw[i]['label']})", "has no potential section")

    if out.problems:
        raise MapError(name, out.problems)

    # Order stations top-to-bottom, left-to-right so indices read like the sheet.
    order = sorted(range(len(stations_raw)), key=lambda i: (points[i][1], points[i][0]))
    new_index = {old: new for new, old in enumerate(order)}
    district_index = {k: info["index"] for k, info in keys.items()}
    stations = tuple(
        Station(
            index=new_index[old],
            label=stations_raw[old]["label"],
            x=points[old][0],
            y=points[old][1],
            symbol=stations_raw[old]["symbol"],
            district=district_index[stations_raw[old]["district"]],
            start=stations_raw[old]["start"],
            tourist=stations_raw[old]["tourist"],
        )
        for old in order
    )
    districts = tuple(
        District(
            index=info["index"],
            key=k,
            name=info["name"],
            kind=info["kind"],
            cells=tuple(sorted(cells[k])),
            outline=tuple(tuple(loop) for loop in region_outline(set(cells[k]))),
            stations=tuple(sorted(new_index[i] for i in by_key[k])),
        )
        for k, info in sorted(keys.items(), key=lambda kv: kv[1]["index"])
    )
    renumbered = sorted(
        (min(new_index[a], new_index[b]), max(new_index[a], new_index[b])) for a, b in pairs
    )
    sections = tuple(Section(i, a, b) for i, (a, b) in enumerate(renumbered))
    return GameMap(
        id=str(doc["id"]),
        title=str(doc["title"]),
        ruleset=str(doc["ruleset"]),
        width=width,
        height=height,
        lines=tuple(lines),
        pencils=tuple(pencils),
        districts=districts,
        stations=stations,
        sections=sections,
        river=river,
        source=doc,
    )


def _own_copy(value: Any) -> Any:
    """A copy of a (shape-checked) document sharing nothing with it: objects become dicts,
    arrays lists. A map keeps it as its :attr:`~GameMap.source`, which it pickles (to a
    simulation's worker processes) and saves as: a document the caller edits afterwards (for
    a variant of the map) must change neither."""
    if isinstance(value, Mapping):
        return {key: _own_copy(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_own_copy(item) for item in value]
    return value


# ---------------------------------------------------------------------- parts of the document
def _grid(doc: Mapping[str, Any], out: _Collector) -> tuple[int, int]:
    grid = doc.get("grid")
    if not isinstance(grid, Mapping):
        out.add("grid", "must be an object with integer 'width' and 'height'")
        return 0, 0
    size = []
    for key in ("width", "height"):
        value = grid.get(key)
        if not _is_int(value) or not 2 <= value <= 26:
            out.add(f"grid.{key}", f"must be an integer from 2 to 26, found {short(value)}")
            size.append(0)
        else:
            size.append(value)
    return size[0], size[1]


def _lines(doc: Mapping[str, Any], out: _Collector) -> list[str]:
    lines = doc.get("lines")
    if (
        not isinstance(lines, list)
        or not 0 < len(lines) <= MAX_LINES
        or not all(_is_name(x) for x in lines)
        or len(set(lines)) != len(lines)
    ):
        out.add("lines", f"must be a list of 1 to {MAX_LINES} distinct line names, "
                         "e.g. ['bear', 'crown']")
        return []
    return list(lines)


def _pencils(doc: Mapping[str, Any], out: _Collector) -> list[Pencil]:
    raw = doc.get("pencils")
    if not isinstance(raw, list) or not 0 < len(raw) <= MAX_PENCILS:
        out.add("pencils", f"must be a list of 1 to {MAX_PENCILS} {{id, name, color}}")
        return []
    pencils: list[Pencil] = []
    for i, p in enumerate(raw):
        where = f"pencils[{i}]"
        if not isinstance(p, Mapping) or not all(
            _is_name(p.get(k)) for k in ("id", "name", "color")
        ):
            out.add(where, "must have non-empty strings 'id', 'name' and 'color' "
                           f"(at most {MAX_NAME} characters)")
            continue
        if not _COLOUR.fullmatch(p["color"]):
            out.add(where, "color must be a CSS colour as #rgb, #rrggbb (or with alpha) or a "
                           f"colour name, found {short(p['color'])}")
            continue
        if any(q.id == p["id"] for q in pencils):
            out.add(where, f"pencil id {short(p['id'])} appears twice")
            continue
        pencils.append(Pencil(p["id"], p["name"], p["color"]))
    return pencils


def _district_legend(doc: Mapping[str, Any], out: _Collector) -> dict[str, dict[str, Any]]:
    raw = doc.get("districts")
    if not isinstance(raw, list) or not 0 < len(raw) <= MAX_DISTRICTS:
        out.add("districts", f"must be a list of 1 to {MAX_DISTRICTS} {{key, name, kind}}")
        return {}
    keys: dict[str, dict[str, Any]] = {}
    for i, d in enumerate(raw):
        where = f"districts[{i}]"
        if not isinstance(d, Mapping):
            out.add(where, "must be an object {key, name, kind}")
            continue
        key, dname, kind = d.get("key"), d.get("name"), d.get("kind")
        if not isinstance(key, str) or len(key) != 1 or key in ". ":
            out.add(where, "key must be one character other than '.' or space, "
                           f"found {short(key)}")
            continue
        if key in keys:
            out.add(where, f"key {key!r} is used by another district")
            continue
        if not _is_name(dname):
            out.add(where, f"name must be a non-empty string of at most {MAX_NAME} characters")
            continue
        if not isinstance(kind, str) or kind not in _KINDS:
            out.add(where, f"kind must be 'main' or 'outer', found {short(kind)}")
            continue
        keys[key] = {"index": len(keys), "name": dname, "kind": kind}
    return keys


def _district_grid(
    doc: Mapping[str, Any],
    out: _Collector,
    keys: Mapping[str, Any],
    width: int,
    height: int,
) -> dict[str, list[Point]]:
    rows = doc.get("district_grid")
    cells: dict[str, list[Point]] = {}
    if (not isinstance(rows, list) or len(rows) > 26
            or not all(isinstance(r, str) and len(r) <= 26 for r in rows)):
        out.add("district_grid", "must be a list of strings, one per grid row "
                                 "(at most 26 of at most 26 cells)")
        return cells
    if height and len(rows) != height:
        out.add("district_grid", f"has {len(rows)} rows, the grid has {height}")
    for y, row in enumerate(rows):
        if width and len(row) != width:
            out.add(f"district_grid row {y + 1}", f"has {len(row)} cells, the grid has {width}")
        for x, ch in enumerate(row):
            if ch not in keys:
                if keys:
                    out.add(f"district_grid row {y + 1}, column {x + 1}",
                            f"unknown district key {short(ch)}")
                continue
            cells.setdefault(ch, []).append((x, y))
    return cells


def _stations(
    doc: Mapping[str, Any],
    out: _Collector,
    width: int,
    height: int,
    cells: Mapping[str, list[Point]],
    keys: Mapping[str, Any],
    pencils: list[Pencil],
    lines: list[str],
) -> list[dict[str, Any]]:
    raw = doc.get("stations")
    if not isinstance(raw, list) or not 0 < len(raw) <= MAX_STATIONS:
        out.add("stations", f"must be a list of 1 to {MAX_STATIONS} {{x, y, symbol}}")
        return []
    cell_key = {p: k for k, pts in cells.items() for p in pts}
    pencil_ids = {p.id for p in pencils}
    seen_points: dict[Point, int] = {}
    seen_starts: dict[tuple[str, str], int] = {}
    result: list[dict[str, Any]] = []
    for i, s in enumerate(raw):
        where = f"stations[{i}]"
        if not isinstance(s, Mapping):
            out.add(where, "must be an object {x, y, symbol}")
            continue
        x, y = s.get("x"), s.get("y")
        if not _is_int(x) or not _is_int(y) or max(abs(x), abs(y)) > 1000:
            out.add(where, f"x and y must be integers inside the grid, found x={short(x)}, "
                           f"y={short(y)}")
            continue
        label = grid_label(x, y) if 0 <= x < 26 else f"({x},{y})"
        where = f"stations[{i}] ({label})"
        ok = True
        if width and height and not (0 <= x < width and 0 <= y < height):
            out.add(where, f"lies outside the {width}x{height} grid")
            ok = False
        if (x, y) in seen_points:
            out.add(where, f"is on the same point as stations[{seen_points[(x, y)]}]")
            ok = False
        seen_points.setdefault((x, y), i)
        raw_symbol = s.get("symbol")
        symbol = _SYMBOLS.get(raw_symbol) if isinstance(raw_symbol, str) else None
        if symbol is None:
            out.add(where, f"unknown symbol {short(raw_symbol)}; known: {', '.join(_SYMBOLS)}")
            ok = False
        district = cell_key.get((x, y))
        stated = s.get("district")
        if stated is not None and not isinstance(stated, str):
            out.add(where, f"district must be a district key, found {short(stated)}")
            ok = False
        elif stated is not None and district is not None and stated != district:
            out.add(where, f"says district {short(stated)} but its cell belongs to "
                           f"{district!r}")
            ok = False
        if district is None and ok and keys:
            out.add(where, "is not inside any district")
            ok = False
        start = None
        if s.get("start") is not None:
            start = _start(s["start"], where, out, pencil_ids, lines)
            if start is None:
                ok = False
            else:
                if (start.pencil, start.line) in seen_starts:
                    other = seen_starts[(start.pencil, start.line)]
                    out.add(where, f"is a second {start.pencil} {start.line} start "
                                   f"(stations[{other}] is one already)")
                    ok = False
                seen_starts.setdefault((start.pencil, start.line), i)
        tourist = s.get("tourist", False)
        if not isinstance(tourist, bool):
            out.add(where, f"tourist must be true or false, found {short(tourist)}")
            ok = False
        extra = set(s) - {"x", "y", "symbol", "district", "start", "tourist"}
        if extra:
            out.add(where, f"unknown field(s) {_names(extra)}")
        if ok:
            result.append(
                {"x": x, "y": y, "label": label, "symbol": symbol, "district": district,
                 "start": start, "tourist": tourist}
            )
    return result


def _start(
    raw: object, where: str, out: _Collector, pencil_ids: set[str], lines: list[str]
) -> StartInfo | None:
    """A station's ``start`` object; ``line`` may be left out when the map has a single line."""
    if not isinstance(raw, Mapping):
        out.add(where, f"start must be an object {{pencil, line}}, found {short(raw)}")
        return None
    ok = True
    pencil, line = raw.get("pencil"), raw.get("line")
    if not isinstance(pencil, str) or pencil not in pencil_ids:
        known = ", ".join(sorted(pencil_ids)) or "none"
        out.add(where, f"start names unknown pencil {short(pencil)}; known: {known}")
        ok = False
    if line is None and len(lines) == 1:
        line = lines[0]
    elif not lines:
        ok = False  # the map's lines are broken, reported already
    elif line is None:
        out.add(where, f"start must name its line, one of {', '.join(lines)}")
        ok = False
    elif not isinstance(line, str) or line not in lines:
        out.add(where, f"start names unknown line {short(line)}; known: {', '.join(lines)}")
        ok = False
    extra = set(raw) - {"pencil", "line"}
    if extra:
        out.add(where, f"start has unknown field(s) {_names(extra)}")
        ok = False
    return StartInfo(str(pencil), str(line)) if ok else None


def _river(doc: Mapping[str, Any], out: _Collector) -> River | None:
    raw = doc.get("river")
    if raw is None:
        return None
    if (
        not isinstance(raw, Mapping)
        or not _is_name(raw.get("name"))
        or not isinstance(raw.get("polyline"), list)
        or not 2 <= len(raw["polyline"]) <= MAX_RIVER_POINTS
        or not all(_is_point(p) for p in raw["polyline"])
    ):
        out.add("river", f"must be {{name, polyline: [[x, y], ...]}} with 2 to "
                         f"{MAX_RIVER_POINTS} points, each coordinate a number from "
                         f"-{MAX_COORD:g} to {MAX_COORD:g}")
        return None
    return River(raw["name"], tuple((float(p[0]), float(p[1])) for p in raw["polyline"]))


def _sections(
    doc: Mapping[str, Any],
    out: _Collector,
    stations: list[dict[str, Any]],
    points: list[Point],
) -> list[tuple[int, int]]:
    explicit = doc.get("sections")
    if explicit is None:
        return potential_sections(points)
    by_label = {s["label"]: i for i, s in enumerate(stations)}
    if not isinstance(explicit, list) or len(explicit) > MAX_SECTIONS:
        out.add("sections", f"must be a list of at most {MAX_SECTIONS} [label, label] pairs, "
                            "or be left out")
        return []
    pairs: set[tuple[int, int]] = set()
    for k, pair in enumerate(explicit):
        where = f"sections[{k}]"
        if not (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(p, str) and len(p) <= 3 for p in pair)):
            out.add(where, "must be a pair of station labels, e.g. ['C4', 'D5']")
            continue
        missing = [p for p in pair if p not in by_label]
        if missing:
            out.add(where, f"unknown station(s) {', '.join(missing)}")
            continue
        a, b = by_label[pair[0]], by_label[pair[1]]
        if a == b:
            out.add(where, "joins a station to itself")
            continue
        if not is_grid_direction(points[a], points[b]):
            out.add(where, f"{pair[0]}-{pair[1]} is not on a row, column or 45-degree diagonal")
            continue
        between = points_strictly_between(points[a], points[b], points)
        if between:
            names = ", ".join(stations[points.index(p)]["label"] for p in between)
            out.add(where, f"{pair[0]}-{pair[1]} passes through {names}")
            continue
        key = (min(a, b), max(a, b))
        if key in pairs:
            out.add(where, f"{pair[0]}-{pair[1]} is listed twice")
            continue
        pairs.add(key)
    return sorted(pairs)

