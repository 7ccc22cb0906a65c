"""Maps as data: the Berlin sheet's structure, geometry tables and validation of broken maps."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from nsb_widget.errors import MapError
from nsb_widget.maps import get_map, load_map
from nsb_widget.maps.geometry import (
    potential_sections,
    segment_crosses_polyline,
    segments_cross,
)


def berlin_doc() -> dict:
    text = resources.files("nsb_widget.maps").joinpath("data", "berlin.json").read_text()
    return json.loads(text)


# ---------------------------------------------------------------------- the Berlin sheet
def test_berlin_has_the_rulebook_structure():
    m = get_map("berlin")
    assert len(m.districts) == 12
    kinds = Counter(d.kind for d in m.districts)
    assert kinds == {"main": 8, "outer": 4}
    for d in m.districts:
        if d.kind == "outer":
            assert len(d.stations) == 1
        else:
            assert 4 <= len(d.stations) <= 9
    names = {d.name for d in m.districts}
    assert names == {
        "Mitte", "Friedrichshain-Kreuzberg", "Pankow", "Charlottenburg-Wilmersdorf", "Spandau",
        "Steglitz-Zehlendorf", "Tempelhof-Schöneberg", "Neukölln", "Treptow-Köpenick",
        "Marzahn-Hellersdorf", "Lichtenberg", "Reinickendorf"}


def test_berlin_outer_districts_sit_in_the_four_corners():
    m = get_map("berlin")
    corners = {(0, 0), (m.width - 1, 0), (0, m.height - 1), (m.width - 1, m.height - 1)}
    outer_cells = {d.name: set(d.cells) for d in m.districts if d.kind == "outer"}
    for cells in outer_cells.values():
        assert len(cells & corners) == 1


def test_berlin_density_matches_the_london_reference():
    m = get_map("berlin")
    assert (m.width, m.height) == (10, 10)
    assert 50 <= len(m.stations) <= 56
    assert 145 <= len(m.sections) <= 165
    symbols = Counter(s.symbol for s in m.stations)
    assert max(symbols.values()) - min(symbols.values()) <= 1


def test_berlin_start_stations():
    m = get_map("berlin")
    starts = [s for s in m.stations if s.start]
    assert len(starts) == 8
    assert {(s.start.pencil, s.start.line) for s in starts} == {
        (p, line) for p in ("green", "pink", "blue", "brown") for line in ("bear", "crown")}
    for s in starts:
        if s.start.line == "bear":
            assert s.x < m.width / 2, s.label
        else:
            assert s.x >= m.width / 2, s.label
        symbols = {m.stations[o].symbol for o, _ in m.neighbours[s.index]}
        assert len(symbols) >= 3, f"{s.label} reaches only {symbols}"
        assert m.districts[s.district].kind == "main"


def test_no_isolated_station_and_labels():
    m = get_map("berlin")
    assert all(len(m.neighbours[s.index]) >= 2 for s in m.stations)
    assert m.station("c4").label == "C4" if m.station_at(2, 3) else True
    for s in m.stations:
        assert s.label == f"{'ABCDEFGHIJ'[s.x]}{s.y + 1}"
        assert m.station(s.label) is s


# ---------------------------------------------------------------------- geometry
def test_potential_sections_follow_rows_columns_and_diagonals():
    pts = [(0, 0), (2, 0), (4, 0), (1, 1), (2, 2), (0, 3)]
    pairs = {frozenset((pts[a], pts[b])) for a, b in potential_sections(pts)}
    assert frozenset(((0, 0), (2, 0))) in pairs
    assert frozenset(((0, 0), (4, 0))) not in pairs  # (2,0) lies between
    assert frozenset(((0, 0), (1, 1))) in pairs and frozenset(((0, 0), (2, 2))) not in pairs
    assert frozenset(((1, 1), (0, 3))) not in pairs  # not a 45-degree direction
    assert frozenset(((0, 0), (0, 3))) in pairs


@pytest.mark.parametrize(
    ("a", "b", "crosses"),
    [
        (((0, 0), (1, 1)), ((0, 1), (1, 0)), True),  # an X in one cell
        (((0, 0), (2, 0)), ((1, -1), (1, 1)), True),  # meeting at an empty grid point
        (((0, 0), (1, 1)), ((1, 1), (2, 0)), False),  # shared station
        (((0, 0), (1, 0)), ((1, 0), (2, 0)), False),  # continuing straight through a station
        (((0, 0), (2, 0)), ((1, 0), (3, 0)), True),  # overlapping
        (((0, 0), (1, 0)), ((0, 1), (1, 1)), False),  # parallel
    ],
)
def test_segments_cross(a, b, crosses):
    assert segments_cross(a, b) is crosses
    assert segments_cross(b, a) is crosses


@pytest.mark.parametrize(
    ("polyline", "crosses"),
    [
        ([(1.0, -1.0), (1.0, 1.0)], True),  # straight across
        ([(0.5, -1.0), (1.65, 1.35)], True),  # slanting across
        ([(-1.0, 0.5), (3.0, 0.5)], False),  # alongside
        ([(-1.0, 0.5), (0.5, -1.0)], False),  # passes beside the section
        ([(3.0, -1.0), (3.0, 1.0)], False),  # crosses the section's line beyond its end
        ([(1.0, -1.0), (1.0, 0.0), (2.0, 1.0)], True),  # bends on the section and goes on
        ([(1.0, -1.0), (1.0, 0.0), (1.5, -1.0)], False),  # touches it from below only
        ([(1.0, 1.0), (1.0, 0.0), (1.5, 1.0)], False),  # touches it from above only
        ([(0.0, -1.0), (0.0, 1.0)], False),  # through a station: not a crossing there
        ([(-1.0, 1.0), (0.5, 1.0), (1.0, -1.0), (1.5, 1.0)], True),  # crosses twice
    ],
)
def test_segment_crosses_polyline(polyline, crosses):
    section = ((0, 0), (2, 0))
    assert segment_crosses_polyline(section, polyline) is crosses
    assert segment_crosses_polyline(section[::-1], polyline) is crosses
    assert segment_crosses_polyline(section, polyline[::-1]) is crosses


def test_river_bending_on_a_section_crosses_it():
    """Berlin's Spree has vertices exactly on four sections (e.g. A3-B4 through (0.5, 2.5));
    it passes from one side to the other there, so those sections cross the river."""
    m = get_map("berlin")
    crossing = {m.section_label(i) for i in range(len(m.sections)) if m.river_crossings >> i & 1}
    assert {"A3-B4", "D4-G7", "E4-D5", "H6-G7"} <= crossing


def test_crossing_table_is_symmetric_and_matches_geometry():
    m = get_map("berlin")
    for i, mask in enumerate(m.crossings):
        assert not mask >> i & 1
        for j in range(len(m.sections)):
            if mask >> j & 1:
                assert m.crossings[j] >> i & 1
    si = m.sections
    seg = lambda s: (m.stations[s.a].point, m.stations[s.b].point)  # noqa: E731
    for i in range(0, len(si), 7):
        for j in range(len(si)):
            if i != j:
                assert bool(m.crossings[i] >> j & 1) == segments_cross(seg(si[i]), seg(si[j]))
    assert m.crossing_matrix().sum() == sum(mask.bit_count() for mask in m.crossings)


# ---------------------------------------------------------------------- validation
def _problems(doc) -> list[str]:
    with pytest.raises(MapError) as info:
        load_map(doc)
    return [str(p) for p in info.value.problems]


def test_builtin_map_file_validates():
    assert load_map(berlin_doc()).id == "berlin"


def test_every_problem_is_reported_with_its_place():
    doc = berlin_doc()
    doc["stations"][3]["symbol"] = "hexagon"
    doc["stations"][5]["x"] = 42
    doc["stations"][7]["x"] = doc["stations"][8]["x"]
    doc["stations"][7]["y"] = doc["stations"][8]["y"]
    problems = _problems(doc)
    text = "\n".join(problems)
    assert "stations[3]" in text and "unknown symbol 'hexagon'" in text
    assert "stations[5]" in text and "outside the 10x10 grid" in text
    assert "stations[8]" in text and "same point as stations[7]" in text
    assert len(problems) >= 3


def test_missing_start_station_and_empty_district():
    doc = berlin_doc()
    doc["stations"] = [s for s in doc["stations"]
                       if s.get("start") != {"pencil": "pink", "line": "crown"}]
    corner = next(s for s in doc["stations"] if (s["x"], s["y"]) == (9, 9))
    doc["stations"].remove(corner)
    text = "\n".join(_problems(doc))
    assert "no start station for the pink crown line" in text
    assert "Treptow-Köpenick" in text and "holds no station" in text


def test_outer_district_with_two_stations_and_bad_grid():
    doc = berlin_doc()
    doc["stations"].append({"x": 1, "y": 0, "symbol": "circle"})  # second Reinickendorf station
    doc["district_grid"][4] = doc["district_grid"][4][:-1] + "?"
    text = "\n".join(_problems(doc))
    assert "outer district and must hold exactly 1 station, holds 2" in text
    assert "district_grid row 5, column 10" in text and "unknown district key '?'" in text


def test_structural_problems():
    assert "must be a JSON object" in _problems([1, 2])[0]
    doc = berlin_doc()
    doc["format"] = "other"
    doc["version"] = 9
    del doc["pencils"]
    text = "\n".join(_problems(doc))
    assert "format" in text and "version" in text and "pencils" in text


def test_explicit_sections_are_checked():
    doc = berlin_doc()
    labels = [f"{'ABCDEFGHIJ'[s['x']]}{s['y'] + 1}" for s in doc["stations"]]
    good = get_map("berlin")
    pairs = [[good.stations[s.a].label, good.stations[s.b].label] for s in good.sections]
    doc["sections"] = copy.deepcopy(pairs)
    assert len(load_map(doc).sections) == len(good.sections)
    doc["sections"] += [["A1", "Z9"], ["A1", "A1"], pairs[0], ["A1", "D2"]]
    text = "\n".join(_problems(doc))
    assert "unknown station(s) Z9" in text
    assert "joins a station to itself" in text
    assert "is listed twice" in text
    assert "not on a row, column or 45-degree diagonal" in text
    assert labels  # the labels exist


def test_load_map_from_files(tmp_path):
    good = tmp_path / "ok.json"
    good.write_text(json.dumps(berlin_doc()))
    assert load_map(good).title == "Berlin"
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(MapError, match=r"line 1, column 3: not JSON"):
        load_map(bad)
    with pytest.raises(MapError, match="cannot be read"):
        load_map(tmp_path / "missing.json")


def test_unknown_builtin_map():
    with pytest.raises(KeyError, match=r"no built-in map 'paris'; built-in maps: berlin, london$"):
        get_map("paris")
    with pytest.raises(KeyError, match=r"london \(names are lower case: 'london'\)"):
        get_map("London")
    with pytest.raises(KeyError, match=r"london \(a map file is loaded first: "
                                      r"map=load_map\(path\)\)"):
        get_map("maps/toy-town.json")


def test_potential_section_rule_reproduces_the_printed_london_sheet():
    """The printed London sheet has 155 dashed lines; the row/column/diagonal rule must find
    exactly those from its 53 station points."""
    from pathlib import Path

    facts = json.loads((Path(__file__).parent / "data" / "london-points.json").read_text())
    points = [tuple(p) for p in facts["points"]]
    assert len(points) == 53
    assert len(potential_sections(points)) == facts["potential_section_count"] == 155


def test_a_map_file_that_is_not_text(tmp_path):
    bad = tmp_path / "bin.json"
    bad.write_bytes(b"\xff\xfe\x00{")
    with pytest.raises(MapError, match="not UTF-8 text"):
        load_map(bad)
