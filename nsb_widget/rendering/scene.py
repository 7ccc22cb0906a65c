"""The view model of a sheet: plain JSON-ready data that every renderer draws.

Both the Python SVG renderer (:mod:`nsb_widget.rendering.svg`) and the widget's front end draw
from these dicts, so a sheet looks the same in a static notebook output and in the live widget.
Stations are referred to by index everywhere; ``map_scene`` gives each index its label.
See ``docs/widget-protocol.md`` for the field-by-field description.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..bitset import iter_bits
from ..maps.model import GameMap
from ..scoring.interchanges import colour_counts
from .labels import district_labels

if TYPE_CHECKING:
    from ..rules.game import Game


def map_scene(game_map: GameMap) -> dict[str, Any]:
    """The static part of a sheet (sent once): grid, districts, river, stations, sections.
    A district's name is written centred on ``label_at``, in two lines when ``label_wrap``
    (:mod:`nsb_widget.rendering.labels`: clear of every station)."""
    labels = district_labels(game_map)
    return {
        "id": game_map.id,
        "title": game_map.title,
        "width": game_map.width,
        "height": game_map.height,
        "lines": list(game_map.lines),
        "pencils": [{"id": p.id, "name": p.name, "color": p.color} for p in game_map.pencils],
        "districts": [
            {
                "name": d.name,
                "kind": d.kind,
                "outline": [[list(pt) for pt in loop] for loop in d.outline],
                "label_at": [labels[d.index][0], labels[d.index][1]],
                "label_wrap": labels[d.index][2],
                "stations": list(d.stations),
            }
            for d in game_map.districts
        ],
        "river": None
        if game_map.river is None
        else {"name": game_map.river.name, "polyline": [list(p) for p in game_map.river.polyline],
              "crossings": iter_bits(game_map.river_crossings)},
        "stations": [
            {
                "label": s.label,
                "x": s.x,
                "y": s.y,
                "symbol": s.symbol.value,
                "district": s.district,
                "tourist": s.tourist,
                "start": None if s.start is None else {"pencil": s.start.pencil,
                                                       "line": s.start.line},
            }
            for s in game_map.stations
        ],
        "sections": [[s.a, s.b] for s in game_map.sections],
    }


def sheet_scene(game: Game, player: int) -> dict[str, Any]:
    """What is drawn on a player's sheet: sections, S-Bahn circles, interchanges, this round's
    lines. Sections are compact rows ``[section, origin, target, pencil, line, round, flags]``
    with ``pencil`` an index into the map's pencils, ``line`` an index into the map's lines
    (Berlin: 0 Bear / 1 Crown; London has one line), ``round`` 1-4 and ``flags`` bit 0 =
    S-Bahn (drawn for a Berlin Joker), bit 1 = parallel track. ``circled`` lists the stations
    circled with London's circle power, ``circled_by`` the same as ``[station, pencil]`` rows
    (the pencil of the round it was circled in)."""
    sheet = game.sheets[player]
    pencil_index = {p.id: i for i, p in enumerate(game.map.pencils)}
    sections = [
        [d.section, d.origin, d.target, pencil_index[d.pencil], sheet.line_ids.index(d.line),
         d.round + 1, int(d.sbahn) | (int(d.parallel) << 1)]
        for d in sheet.history
    ]
    # Who circled each circled station: the pencil of the scored round that counted it twice,
    # else (circled this round) the current pencil.
    circled_by: dict[int, int] = {}
    for line in sheet.round_lines:
        for i in iter_bits(line.doubled & sheet.circled):
            circled_by.setdefault(i, pencil_index[line.pencil])
    for i in iter_bits(sheet.circled):
        circled_by.setdefault(i, pencil_index.get(sheet.pencil, 0))
    counts = colour_counts(game.map, sheet.colour_stations.values())
    interchanges = [[i, n] for i, n in enumerate(counts) if n >= 2]
    in_round = not game.is_over
    lines = {
        name: {
            "stations": iter_bits(sheet.members(li)) if in_round else [],
            "ends": iter_bits(sheet.ends(li)) if in_round else [],
            "start": sheet.starts[li],
        }
        for li, name in enumerate(sheet.line_ids)
    }
    return {
        "player": player,
        "pencil": sheet.pencil,
        "sections": sections,
        "sbahn": iter_bits(sheet.sbahn),
        "circled": iter_bits(sheet.circled),
        "circled_by": [[i, circled_by[i]] for i in iter_bits(sheet.circled)],
        "interchanges": interchanges,
        "lines": lines,
        "joined": sheet.joined,
    }
