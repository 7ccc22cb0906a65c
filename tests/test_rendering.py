"""The Python SVG renderer draws each map from its data: London's central station, tourist
sites, departure stations, circled stations and one-line section titles; Berlin's Bear/Crown
start marks unchanged."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from nsb_widget.game import Game
from nsb_widget.maps import get_map
from nsb_widget.rendering import render_map
from nsb_widget.rendering.svg import CELL, PAD
from nsb_widget.rules.words import map_name

NS = "{http://www.w3.org/2000/svg}"
LONDON_TOURIST = {"G2", "A4", "F4", "J7", "E10"}
LONDON_DEPARTURES = {"D3": "green", "H4": "pink", "C6": "purple", "F8": "blue"}


def px(u: float) -> float:
    """Grid units to SVG pixels (the renderer's cell centre)."""
    return PAD + (u + 0.5) * CELL


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def title(el: ET.Element) -> str | None:
    t = el.find(f"{NS}title")
    return None if t is None else t.text


def titled(root: ET.Element, pattern: str) -> list[ET.Element]:
    """Elements whose own <title> matches the regular expression (whole text)."""
    return [el for el in root.iter() if (t := title(el)) is not None
            and re.fullmatch(pattern, t)]


def stations_group(root: ET.Element) -> ET.Element:
    groups = [g for g in root.iter(f"{NS}g") if g.get("class") == "stations"]
    assert len(groups) == 1
    return groups[0]


def nearest_station(game_map, x: float, y: float) -> str:
    """The label of the station whose centre is nearest the pixel (x, y)."""
    s = min(game_map.stations, key=lambda s: (px(s.x) - x) ** 2 + (px(s.y) - y) ** 2)
    return s.label


def path_centre(d: str) -> tuple[float, float]:
    """The mean of a polygon path's points (``M x,y L x,y ... Z``)."""
    pts = [tuple(map(float, p.split(","))) for p in re.findall(r"-?[\d.]+,-?[\d.]+", d)]
    assert pts, d
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def play_out(game: Game) -> Game:
    while not game.is_over:
        game.reveal()
        while game.waiting_for():  # twice on a Double Switch
            moves = game.legal_moves()
            game.play(moves[0]) if moves else game.pass_turn()
    return game


@pytest.fixture(scope="module")
def london_map():
    return get_map("london")


@pytest.fixture(scope="module")
def london_svg() -> str:
    return Game.new(map="london", seed=1).svg()


def test_london_sheet_is_wellformed_svg(london_svg, london_map):
    root = parse(london_svg)
    assert root.get("aria-label") == "Next Station: London"
    symbols = [el for el in stations_group(root) if el.tag == f"{NS}path"
               and (title(el) or "").split(" ")[0] in {s.label for s in london_map.stations}]
    assert len(symbols) == len(london_map.stations) == 53


def test_central_station_is_one_question_mark_at_f4(london_svg, london_map):
    root = parse(london_svg)
    marks = [t for t in root.iter(f"{NS}text") if t.text == "?"]
    assert len(marks) == 1
    f4 = london_map.station("F4")
    assert float(marks[0].get("x")) == pytest.approx(px(f4.x))
    assert abs(float(marks[0].get("y")) - px(f4.y)) < CELL * 0.2
    (symbol,) = titled(root, r"F4 any symbol.*")
    assert symbol.tag == f"{NS}path"
    # No other station reads as "any".
    assert len(titled(root, r"\S+ any symbol.*")) == 1


def test_five_tourist_badges_on_the_tourist_sites(london_svg, london_map):
    root = parse(london_svg)
    badges = titled(root, "tourist site")
    assert len(badges) == 5
    at = {nearest_station(london_map, *path_centre(b.get("d"))) for b in badges}
    assert at == LONDON_TOURIST
    assert {s.label for s in london_map.stations if s.tourist} == LONDON_TOURIST


def test_four_departure_rings_in_their_pencil_colours(london_svg, london_map):
    root = parse(london_svg)
    colours = {p.id: p.color for p in london_map.pencils}
    rings = titled(root, r"(Green|Pink|Purple|Blue) departure station")
    assert len(rings) == 4
    found = {}
    for ring in rings:
        assert ring.tag == f"{NS}circle" and ring.get("fill") == "none"
        label = nearest_station(london_map, float(ring.get("cx")), float(ring.get("cy")))
        found[label] = ring.get("stroke")
    assert found == {label: colours[pencil] for label, pencil in LONDON_DEPARTURES.items()}


def test_london_has_no_bear_or_crown(london_svg):
    root = parse(london_svg)
    letters = [t.text for t in stations_group(root).iter(f"{NS}text")
               if t.get("font-weight") == "bold"]
    assert letters == ["?"], "only the central station's question mark is bold"
    assert "Bear" not in london_svg and "Crown" not in london_svg
    assert " start" not in london_svg


def test_london_sections_are_titled_by_colour_and_round():
    game = play_out(Game.new(map="london", seed=1))
    history = game.sheets[0].history
    assert history
    svg = game.svg()
    root = parse(svg)
    titles = [title(el) for el in root.iter(f"{NS}line") if title(el)]
    assert len(titles) == len(history)
    names = {p.id: p.name for p in game.map.pencils}
    assert sorted(titles) == sorted(f"{names[d.pencil]} line, round {d.round + 1}"
                                    for d in history)
    assert "Bear" not in svg and "Crown" not in svg
    # One line per round: no Crown stripe.
    assert not [el for el in root.iter(f"{NS}line") if el.get("stroke") == "#ffffff"]


def test_circled_station_is_drawn_after_the_circle_power():
    game = Game.new(map="london", seed=10, modules=["powers"])
    assert game.power() == "circle"
    game.reveal()
    moves = game.legal_moves()
    assert moves
    game.play(moves[0])
    (target,) = set(game.line_stations()) - {"H4"}  # the station the section reached
    assert not titled(parse(game.svg()), "circled station")

    game.use_power("circle", target)
    assert game.circled_stations() == [target]
    (ring,) = titled(parse(game.svg()), "circled station")
    assert ring.tag == f"{NS}circle" and ring.get("fill") == "none"
    st = game.map.station(target)
    assert float(ring.get("cx")) == pytest.approx(px(st.x))
    assert float(ring.get("cy")) == pytest.approx(px(st.y))
    pink = next(p.color for p in game.map.pencils if p.id == game.pencil())
    assert game.pencil() == "pink" and ring.get("stroke") == pink


def test_berlin_keeps_its_eight_bear_and_crown_marks():
    game = Game.new(seed=1)
    root = parse(game.svg())
    marks = [t for t in stations_group(root).iter(f"{NS}text")
             if t.get("font-weight") == "bold"]
    starts = {s.label: s.start.line for s in game.map.stations if s.start}
    assert len(starts) == 8
    got = {nearest_station(game.map, float(t.get("x")), float(t.get("y")) - 3.5): t.text
           for t in marks}
    assert got == {label: "B" if line == "bear" else "C" for label, line in starts.items()}
    assert sorted(got.values()) == ["B"] * 4 + ["C"] * 4
    # Nothing London-only appears on the Berlin sheet.
    assert not titled(root, "tourist site")
    assert not titled(root, r".* departure station")
    assert not [t for t in root.iter(f"{NS}text") if t.text == "?"]
    assert len(titled(root, r"\S+ (square|triangle|pentagon|circle), \w+ (bear|crown) start")) \
        == 8


def test_berlin_sections_keep_bear_and_crown_titles():
    game = play_out(Game.new(seed=3))
    root = parse(game.svg())
    history = game.sheets[0].history
    titles = [title(el) for el in root.iter(f"{NS}line") if title(el)]
    names = {p.id: p.name for p in game.map.pencils}
    assert sorted(titles) == sorted(f"{names[d.pencil]} {d.line.title()}, round {d.round + 1}"
                                    for d in history)
    crown = sum(d.line == "crown" for d in history)
    assert crown and any(d.line == "bear" for d in history)
    stripes = [el for el in root.iter(f"{NS}line") if el.get("stroke") == "#ffffff"]
    assert len(stripes) == crown


def test_empty_map_draws_the_thames(london_map):
    root = parse(render_map(london_map))
    (river,) = titled(root, "Thames")
    assert river.tag == f"{NS}polyline"
    assert len(river.get("points").split()) == len(london_map.river.polyline)
    assert not titled(parse(render_map(get_map("berlin"))), "Thames")


def test_names_and_colours_from_a_shared_map_cannot_inject_markup():
    import json as _json
    import xml.etree.ElementTree as ET

    from nsb_widget import Game
    from nsb_widget.maps import get_map, load_map
    from nsb_widget.rendering.scene import map_scene, sheet_scene
    from nsb_widget.rendering.svg import render_scene

    doc = _json.loads(_json.dumps(get_map("london").source))
    doc["id"] = "evil"
    doc["pencils"][0]["name"] = '<script>alert("x")</script>'
    game = Game.new(map=load_map(doc), seed=1)
    while not game.is_over and not game.sheets[0].history:
        game.reveal()
        moves = game.legal_moves()
        game.play(moves[0]) if moves else game.pass_turn()
    scene = map_scene(game.map)
    sheet = sheet_scene(game, 0)
    scene["pencils"][0]["color"] = '"/><script>alert(1)</script><x a="'
    svg = render_scene(scene, sheet)
    assert "<script" not in svg
    ET.fromstring(svg)  # still well-formed XML


@pytest.mark.parametrize("city", ["berlin", "london"])
def test_labels_are_drawn_above_the_lines_with_a_halo(city):
    """A late game's static SVG: every district name and station label comes after every drawn
    line and mark (painted above them) and has a halo (a stroke in the paper colour, painted
    under the letters), so a busy line never runs through a name."""
    game = play_out(Game.new(map=city, seed=3))
    assert len(game.sheets[0].history) > 10
    root = parse(game.svg())
    order = list(root.iter())
    last_line = max(i for i, el in enumerate(order) if el.tag == f"{NS}line")
    last_mark = max(i for i, el in enumerate(order) if el.tag in (f"{NS}path", f"{NS}circle"))
    (group,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "labels"]
    assert group.get("paint-order") == "stroke" and group.get("stroke") == "#ffffff"
    assert float(group.get("stroke-width")) >= 2
    labels = list(group.iter(f"{NS}text"))
    names = [t.text for t in labels if t.get("class") == "district-name"]
    stations = [t.text for t in labels if t.get("class") == "station-label"]
    assert sorted(stations) == sorted(s.label for s in game.map.stations)
    assert "".join(names).replace(" ", "") == "".join(
        map_name(game.translator, d.name) for d in game.map.districts).replace(" ", "")
    for text in labels:
        assert order.index(text) > max(last_line, last_mark), text.text
    # no other text is left where the names were (under the lines)
    assert [t for t in root.iter(f"{NS}text") if t.get("class") in ("district-name",
                                                                      "station-label")] == labels
