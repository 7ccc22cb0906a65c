"""Where a district's name is written so that no station covers it (issue 18, item 8).

Both renderers draw the name centred on the point given here, in one line or, when
``wrap`` is set, in two (split by :func:`split_label`): the Python SVG renderer and the widget
draw from the same scene, so both stay clear of the stations. The search places the text's
box (its width estimated generously, for the wider of the two renderers' fonts) on a grid of
points: between two rows of the district (where no station stands) or on a row's free
stretch, and keeps the point whose box overlaps no station symbol, station label or tourist
star of either renderer, lies inside the district as far as it can, and is nearest the
district's centre. Positions are in grid units: station ``(x, y)`` is at the centre of cell
``(x, y)``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..maps.model import District, GameMap

#: A box: (left, top, right, bottom) in grid units.
Box = tuple[float, float, float, float]
#: A name's width per character and its line height, in cells (the static SVG's 8.5 px
#: italic in 48 px cells, the wider of the two renderers, with room to spare).
CHAR_WIDTH = 0.1
LINE_HEIGHT = 0.18
#: Half the distance between the two lines of a wrapped name, in cells.
LINE_GAP = 0.1
#: Candidate points every this many cells, across the district and one cell around it.
STEP_X = 0.125
STEP_Y = 0.0625


def split_label(name: str) -> tuple[str, str] | None:
    """A name in two lines: after the hyphen, else at the space, nearest its middle
    (``"Marzahn-Hellersdorf"`` -> ``("Marzahn-", "Hellersdorf")``); ``None`` when it has
    neither. The widget's front end splits the same way (``js/src/map.js``)."""
    middle = len(name) / 2
    cuts = [i + 1 for i, c in enumerate(name) if c == "-" and 0 < i < len(name) - 1]
    if not cuts:
        cuts = [i for i, c in enumerate(name) if c == " " and 0 < i < len(name) - 1]
    if not cuts:
        return None
    cut = min(cuts, key=lambda i: abs(i - middle))
    return name[:cut].rstrip(), name[cut:].lstrip()


def _obstacles(game_map: GameMap) -> list[Box]:
    """What a name must not touch, for each station, in both renderers: the symbol with the
    rings a game may draw round it (departure, S-Bahn, circled), its label (the widget writes
    it above right, the SVG below right), the badge of an interchange (the widget's above left,
    the SVG's above right) and a tourist site's star (the widget below left, the SVG above
    left)."""
    boxes: list[Box] = []
    for s in game_map.stations:
        x, y = s.x, s.y
        boxes.append((x - 0.37, y - 0.37, x + 0.37, y + 0.37))
        boxes.append((x - 0.39, y - 0.39, x - 0.11, y - 0.11))
        boxes.append((x + 0.11, y - 0.4, x + 0.4, y - 0.11))
        width = 0.085 * len(s.label) + 0.05
        boxes.append((x + 0.19, y - 0.31, x + 0.23 + width, y - 0.11))
        boxes.append((x + 0.2, y + 0.24, x + 0.24 + width, y + 0.44))
        if s.tourist:
            boxes.append((x - 0.37, y + 0.12, x - 0.12, y + 0.37))
            boxes.append((x - 0.38, y - 0.38, x - 0.14, y - 0.14))
    return boxes


def _hits(box: Box, boxes: list[Box]) -> bool:
    left, top, right, bottom = box
    return any(left < b[2] and b[0] < right and top < b[3] and b[1] < bottom for b in boxes)


def _outside(box: Box, cells: frozenset[tuple[int, int]]) -> float:
    """How much of the box's width lies outside the district (in cells, top and bottom
    edges counted apart)."""
    left, top, right, bottom = box
    out = 0.0
    samples = max(2, math.ceil((right - left) / 0.1))
    for edge in (top + 0.02, bottom - 0.02):
        row = math.floor(edge + 0.5)
        for k in range(samples):
            x = left + (k + 0.5) * (right - left) / samples
            if (math.floor(x + 0.5), row) not in cells:
                out += (right - left) / samples
    return out


def _points(district: District) -> Iterator[tuple[float, float]]:
    """Points across the district's bounding box and one cell around it."""
    xs = [c[0] for c in district.cells]
    ys = [c[1] for c in district.cells]
    steps_x = round((max(xs) - min(xs) + 3) / STEP_X) + 1
    steps_y = round((max(ys) - min(ys) + 3) / STEP_Y) + 1
    for i in range(steps_x):
        for j in range(steps_y):
            yield min(xs) - 1.5 + i * STEP_X, min(ys) - 1.5 + j * STEP_Y


@lru_cache(maxsize=64)
def district_labels(game_map: GameMap) -> tuple[tuple[float, float, bool], ...]:
    """For each district of the map (in order): ``(x, y, wrap)``, the centre of its name and
    whether it is written in two lines (cached per map)."""
    every = _obstacles(game_map)
    out = []
    for district in game_map.districts:
        cells = frozenset(district.cells)
        xs = [c[0] for c in district.cells]
        ys = [c[1] for c in district.cells]
        near = (min(xs) - 3, min(ys) - 3, max(xs) + 3, max(ys) + 3)
        obstacles = [b for b in every if _hits(b, [near])]
        cx = sum(c[0] for c in district.cells) / len(district.cells)
        cy = sum(c[1] for c in district.cells) / len(district.cells)
        shapes: list[tuple[bool, float, float]] = [
            (False, CHAR_WIDTH * len(district.name) + 0.1, LINE_HEIGHT)]
        parts = split_label(district.name)
        if parts is not None:
            shapes.append((True, CHAR_WIDTH * max(map(len, parts)) + 0.1,
                           2 * LINE_GAP + LINE_HEIGHT))
        best: tuple[float, float, float, bool] | None = None
        for x, y in _points(district):
            for wrap, width, height in shapes:
                box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
                if (box[0] < -0.5 or box[2] > game_map.width - 0.5 or box[1] < -0.5
                        or box[3] > game_map.height - 0.5 or _hits(box, obstacles)):
                    continue
                score = (10 * _outside(box, cells) + (1.5 if wrap else 0.0)
                         + math.hypot(x - cx, y - cy) * 0.5)
                if best is None or score < best[0]:
                    best = (score, x, y, wrap)
        if best is None:  # nowhere clear (a crowded custom map): the centre, in one line
            out.append((round(cx, 3), round(cy, 3), False))
        else:
            out.append((best[1], best[2], best[3]))
    return tuple(out)
