"""The printed Next Station: London sheet as a map file, checked fact by fact against the
reference transcription in ``tests/data/london-sheet-facts.json``, and the map-format features
it needs: the ANY symbol, tourist sites, start stations without a line, river crossings."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from nsb_widget.errors import MapError
from nsb_widget.maps import CARD_SYMBOLS, GameMap, Symbol, get_map, load_map

FACTS: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "london-sheet-facts.json").read_text("utf-8")
)

#: Reference district name -> district name in london.json (documented in docs/london-sheet.md).
DISTRICT_NAMES = {
    "NW-corner": "NW corner",
    "north-west": "North-West",
    "north-central": "North-Central",
    "north-east": "North-East",
    "NE-corner": "NE corner",
    "west": "West",
    "central": "Central",
    "east": "East",
    "SW-corner": "SW corner",
    "south-west": "South-West",
    "south-central": "South-Central",
    "south-east": "South-East",
    "SE-corner": "SE corner",
}


@pytest.fixture(scope="module")
def london() -> GameMap:
    return get_map("london")


def london_doc() -> dict[str, Any]:
    text = resources.files("nsb_widget.maps").joinpath("data", "london.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def berlin_doc() -> dict[str, Any]:
    text = resources.files("nsb_widget.maps").joinpath("data", "berlin.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def _problems(doc: object) -> str:
    with pytest.raises(MapError) as info:
        load_map(doc)
    return "\n".join(str(p) for p in info.value.problems)


def _point_pair(m: GameMap, section: int) -> frozenset[tuple[int, int]]:
    s = m.sections[section]
    return frozenset((m.stations[s.a].point, m.stations[s.b].point))


# ---------------------------------------------------------------------- the sheet's identity
def test_london_is_a_builtin_map_with_its_identity(london: GameMap) -> None:
    assert (london.id, london.title, london.ruleset) == ("london", "London", "london")
    assert (london.width, london.height) == (FACTS["grid"]["width"], FACTS["grid"]["height"])
    assert london.lines == ("line",)
    assert [p.id for p in london.pencils] == FACTS["pencil_colors"]
    assert len({p.color.lower() for p in london.pencils}) == 4
    about = london.source["about"]
    assert isinstance(about, str) and "printed" in about
    assert get_map("london") is london  # cached


# ---------------------------------------------------------------------- stations
def test_every_station_is_as_printed(london: GameMap) -> None:
    assert len(london.stations) == len(FACTS["stations"]) == 53
    for ref in FACTS["stations"]:
        st = london.station_at(ref["x"], ref["y"])
        assert st is not None, ref
        want = Symbol.ANY if ref["symbol"] == "central" else Symbol(ref["symbol"])
        assert st.symbol is want, st.label
        assert london.districts[st.district].name == DISTRICT_NAMES[ref["district"]], st.label
        assert st.tourist is ref["tourist"], st.label
        if ref["start_color"] is None:
            assert st.start is None, st.label
        else:
            assert st.start is not None, st.label
            assert (st.start.pencil, st.start.line) == (ref["start_color"], "line")


def test_symbol_counts(london: GameMap) -> None:
    counts = Counter(s.symbol for s in london.stations)
    assert counts == {Symbol.SQUARE: 13, Symbol.TRIANGLE: 13, Symbol.PENTAGON: 13,
                      Symbol.CIRCLE: 13, Symbol.ANY: 1}


def test_central_station_is_f4_any_and_a_tourist_site(london: GameMap) -> None:
    f4 = london.station("F4")
    assert f4.point == (5, 3)
    assert london.station_at(5, 3) is f4
    assert f4.symbol is Symbol.ANY
    assert f4.tourist
    assert london.districts[f4.district].name == "Central"


def test_the_central_station_matches_every_card_symbol(london: GameMap) -> None:
    central = london.station("F4").index
    assert london.symbol_mask[Symbol.ANY] == 1 << central
    for sym in CARD_SYMBOLS:
        own = sum(1 << s.index for s in london.stations if s.symbol is sym)
        assert london.symbol_mask[sym] == own | 1 << central, sym
        assert london.symbol_mask[sym].bit_count() == 14


def test_card_symbols_are_the_four_printed_on_cards() -> None:
    assert CARD_SYMBOLS == (Symbol.SQUARE, Symbol.TRIANGLE, Symbol.PENTAGON, Symbol.CIRCLE)
    assert set(Symbol) - set(CARD_SYMBOLS) == {Symbol.ANY}
    assert Symbol("any") is Symbol.ANY and str(Symbol.ANY) == "any"


def test_label_convention(london: GameMap) -> None:
    assert london.station_at(5, 3) is not None
    assert london.station_at(5, 3).label == "F4"  # type: ignore[union-attr]
    assert london.station("a1").point == (0, 0)
    assert london.station("J10").point == (9, 9)
    for s in london.stations:
        assert s.label == f"{'ABCDEFGHIJ'[s.x]}{s.y + 1}"


def test_tourist_sites(london: GameMap) -> None:
    want = {(s["x"], s["y"]) for s in FACTS["stations"] if s["tourist"]}
    got = {s.point for s in london.stations if s.tourist}
    assert got == want
    assert len(got) == len(FACTS["shared_objectives"]) == 5  # "all 5 tourist sites"
    assert london.tourist_mask == sum(1 << s.index for s in london.stations if s.tourist)
    assert london.tourist_mask.bit_count() == 5


def test_departure_stations(london: GameMap) -> None:
    starts = {s.start.pencil: s.point for s in london.stations if s.start}
    assert starts == {pencil: tuple(xy) for pencil, xy in FACTS["start_stations"].items()}
    for pencil, (x, y) in FACTS["start_stations"].items():
        assert london.start_station(pencil, "line").point == (x, y)
        assert london.districts[london.station_at(x, y).district].kind == "main"  # type: ignore[union-attr]


# ---------------------------------------------------------------------- districts
def test_thirteen_districts_nine_main_four_corners(london: GameMap) -> None:
    assert len(london.districts) == 13
    assert Counter(d.kind for d in london.districts) == {"main": 9, "outer": 4}
    corners = {(0, 0), (9, 0), (0, 9), (9, 9)}
    for d in london.districts:
        if d.kind == "outer":
            assert len(d.cells) == 1 and d.cells[0] in corners, d.name
            assert len(d.stations) == 1, d.name


def test_district_cells_and_counts_follow_the_reference(london: GameMap) -> None:
    by_name = {d.name: d for d in london.districts}
    assert set(by_name) == set(DISTRICT_NAMES.values())
    corner_cells = {(r["x_range"][0], r["y_range"][0])
                    for r in FACTS["districts"] if r["station_count"] == 1
                    and r["x_range"][0] == r["x_range"][1]}
    assert len(corner_cells) == 4
    for ref in FACTS["districts"]:
        d = by_name[DISTRICT_NAMES[ref["name"]]]
        box = {(x, y) for x in range(ref["x_range"][0], ref["x_range"][1] + 1)
               for y in range(ref["y_range"][0], ref["y_range"][1] + 1)}
        want = box if ref["kind"] != "main" else box - corner_cells
        assert set(d.cells) == want, d.name
        assert d.kind == ("main" if ref["kind"] == "main" else "outer"), d.name
        assert len(d.stations) == ref["station_count"], d.name
    assert london.outer_mask.bit_count() == 4


# ---------------------------------------------------------------------- sections and the Thames
def test_potential_sections(london: GameMap) -> None:
    assert len(london.sections) == FACTS["potential_section_count"] == 155
    assert all(len(n) >= 2 for n in london.neighbours)


def test_thames_crossings_are_exactly_the_printed_ones(london: GameMap) -> None:
    assert london.river is not None and london.river.name == "Thames"
    assert [list(p) for p in london.river.polyline] == FACTS["thames"]["polyline"]
    want = {frozenset(tuple(p) for p in pair) for pair in FACTS["thames"]["crossing_sections"]}
    got = {_point_pair(london, i) for i in range(len(london.sections))
           if london.river_crossings >> i & 1}
    assert got == want
    assert london.river_crossings.bit_count() == FACTS["thames"]["crossing_section_count"] == 24


def test_no_thames_vertex_lies_on_a_section(london: GameMap) -> None:
    """So every crossing is a proper intersection (docs/london-sheet.md says so)."""
    assert london.river is not None
    for s in london.sections:
        (ax, ay), (bx, by) = london.stations[s.a].point, london.stations[s.b].point
        for vx, vy in london.river.polyline:
            cross = (bx - ax) * (Fraction(vy) - ay) - (by - ay) * (Fraction(vx) - ax)
            assert cross != 0, (london.section_label(s.index), (vx, vy))


def test_no_river_means_no_crossings() -> None:
    doc = london_doc()
    del doc["river"]
    m = load_map(doc)
    assert m.river is None and m.river_crossings == 0


def test_berlin_has_no_any_station_and_no_tourist_site() -> None:
    berlin = get_map("berlin")
    assert berlin.symbol_mask[Symbol.ANY] == 0
    assert berlin.tourist_mask == 0
    for sym in CARD_SYMBOLS:
        assert berlin.symbol_mask[sym] == sum(
            1 << s.index for s in berlin.stations if s.symbol is sym)
    assert berlin.river_crossings != 0  # the Spree is drawn across the city


# ---------------------------------------------------------------------- validation
def test_the_london_file_validates_as_a_document() -> None:
    m = load_map(london_doc())
    assert m.id == "london" and len(m.stations) == 53


@pytest.mark.parametrize("bad", ["yes", 1, 0, None, [True]])
def test_tourist_must_be_a_bool(bad: object) -> None:
    doc = london_doc()
    doc["stations"][2]["tourist"] = bad
    text = _problems(doc)
    assert "stations[2] (C1)" in text
    assert f"tourist must be true or false, found {bad!r}" in text


def test_start_line_may_be_left_out_only_with_one_line() -> None:
    doc = london_doc()
    green = next(s for s in doc["stations"] if s.get("start") == {"pencil": "green"})
    green["start"]["line"] = "line"
    assert load_map(doc).start_station("green", "line").label == "D3"
    green["start"]["line"] = "tube"
    assert "start names unknown line 'tube'; known: line" in _problems(doc)

    berlin = berlin_doc()
    del berlin["stations"][2]["start"]["line"]
    text = _problems(berlin)
    assert "stations[2] (E1)" in text
    assert "start must name its line, one of bear, crown" in text


def test_bad_start_objects_are_reported() -> None:
    doc = london_doc()
    starts = [s for s in doc["stations"] if s.get("start")]
    starts[0]["start"] = {"pencil": "brown"}
    starts[1]["start"] = "pink"
    starts[2]["start"]["colour"] = "purple"
    text = _problems(doc)
    assert "start names unknown pencil 'brown'; known: blue, green, pink, purple" in text
    assert "start must be an object {pencil, line}, found 'pink'" in text
    assert "start has unknown field(s) colour" in text
    assert "no start station for the brown line" not in text
    assert "no start station for the green line" in text


def test_any_symbol_and_unknown_fields_in_map_files() -> None:
    doc = london_doc()
    doc["stations"][0]["symbol"] = "central"
    doc["stations"][1]["tourists"] = True
    text = _problems(doc)
    assert "unknown symbol 'central'; known: square, triangle, pentagon, circle, any" in text
    assert "stations[1] (B1): unknown field(s) tourists" in text
