"""A small custom map for the Berlin rules, written step by step (``docs/custom-map.md``).

The page shows each step; the docs build and ``tests/test_docs_site.py`` run them all, load
the map, play a few turns on it and draw it.
"""

from __future__ import annotations

from typing import Any

from nsb_widget import Game, MapError, load_map


# --8<-- [start:step1]
def step1_frame() -> dict[str, Any]:
    """The frame: a 6 x 6 grid, the Berlin rules, their two lines and four pencils."""
    return {
        "format": "nsb-map", "version": 1,
        "id": "toy-town", "title": "Toy Town", "ruleset": "berlin",
        "about": "A 6 x 6 town made for the documentation.",
        "grid": {"width": 6, "height": 6},
        "lines": ["bear", "crown"],
        "pencils": [
            {"id": "green", "name": "Green", "color": "#2b8a3e"},
            {"id": "pink", "name": "Pink", "color": "#d6336c"},
            {"id": "blue", "name": "Blue", "color": "#1971c2"},
            {"id": "brown", "name": "Brown", "color": "#8c5a2b"},
        ],
    }
# --8<-- [end:step1]


# --8<-- [start:step2]
def step2_districts(doc: dict[str, Any]) -> dict[str, Any]:
    """Districts: one key per grid cell, row by row. Four main districts (quarters) and the
    four corners as outer districts of one cell, each holding exactly one station."""
    doc["districts"] = [
        {"key": "N", "name": "North", "kind": "main"},
        {"key": "E", "name": "East", "kind": "main"},
        {"key": "S", "name": "South", "kind": "main"},
        {"key": "W", "name": "West", "kind": "main"},
        {"key": "a", "name": "Top Left", "kind": "outer"},
        {"key": "b", "name": "Top Right", "kind": "outer"},
        {"key": "c", "name": "Bottom Left", "kind": "outer"},
        {"key": "d", "name": "Bottom Right", "kind": "outer"},
    ]
    doc["district_grid"] = [
        "aNNNNb",
        "WNNNEE",
        "WWNEEE",
        "WWWSEE",
        "WWSSSE",
        "cSSSSd",
    ]
    return doc
# --8<-- [end:step2]


# --8<-- [start:step3]
def step3_stations(doc: dict[str, Any]) -> dict[str, Any]:
    """Stations on grid points, a symbol each; eight of them are start stations, Bear in the
    left half, Crown in the right half (as on the Berlin sheet)."""
    symbols = ["circle", "square", "triangle", "pentagon"]
    starts = {  # (x, y): (pencil, line)
        (1, 1): ("green", "bear"), (4, 1): ("green", "crown"),
        (0, 2): ("pink", "bear"), (5, 2): ("pink", "crown"),
        (1, 4): ("blue", "bear"), (4, 4): ("blue", "crown"),
        (2, 3): ("brown", "bear"), (3, 2): ("brown", "crown"),
    }
    doc["stations"] = []
    for y in range(6):
        for x in range(6):
            if (x + y) % 2 and (x, y) not in starts and (x, y) not in ((0, 5), (5, 0)):
                continue  # every other point, the corners and the starts
            station: dict[str, Any] = {"x": x, "y": y, "symbol": symbols[(x + 2 * y) % 4]}
            if (x, y) in starts:
                pencil, line = starts[(x, y)]
                station["start"] = {"pencil": pencil, "line": line}
            doc["stations"].append(station)
    return doc
# --8<-- [end:step3]


# --8<-- [start:step4]
def step4_load() -> Any:
    """Load and validate: a map either loads or raises MapError listing every problem."""
    doc = step3_stations(step2_districts(step1_frame()))
    broken = {**doc, "stations": [*doc["stations"], {"x": 9, "y": 0, "symbol": "hexagon"}]}
    try:
        load_map(broken)
    except MapError as error:
        problems = str(error)
        assert "outside the 6x6 grid" in problems and "unknown symbol 'hexagon'" in problems
    else:
        raise AssertionError("a station off the grid must be refused")
    game_map = load_map(doc)
    assert (game_map.id, len(game_map.districts)) == ("toy-town", 8)
    assert game_map.start_station("green", "bear").label == "B2"
    return game_map
# --8<-- [end:step4]


# --8<-- [start:step5]
def step5_play() -> Game:
    """Play on it: the Berlin rules, unchanged, on the new sheet."""
    game = Game.new(scenario=True, map=step4_load(), pencils=["green", "pink", "blue",
                                                              "brown"])
    game.reveal("bear joker")
    first = game.legal_moves()[0]
    game.play(first)
    assert game.sbahn_stations() == [first.target]
    game.reveal("crown joker")
    game.play(game.legal_moves()[-1])
    assert len(game.line_stations("crown")) == 2
    return game
# --8<-- [end:step5]


EXAMPLES = {"toy-town": step5_play}
"""The pictures of the page."""
