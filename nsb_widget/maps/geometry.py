"""Plane geometry of a sheet: potential sections, stations in between, crossings.

Stations sit on integer grid points, so every test between sections is exact integer
arithmetic. A river is a polyline with float vertices; tests against it use exact rational
arithmetic on the stored float values (:class:`fractions.Fraction`), so they are exact too.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

Point = tuple[int, int]
FloatPoint = tuple[float, float]

#: The eight directions of the printed dashed lines: rows, columns and 45-degree diagonals.
#: Only the four "forward" ones are needed to enumerate each section once.
FORWARD_DIRECTIONS: tuple[Point, ...] = ((1, 0), (0, 1), (1, 1), (1, -1))


def is_grid_direction(p: Point, q: Point) -> bool:
    """True when ``p`` and ``q`` lie on a common row, column or 45-degree diagonal."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    return (dx, dy) != (0, 0) and (dx == 0 or dy == 0 or abs(dx) == abs(dy))


def points_strictly_between(p: Point, q: Point, occupied: Iterable[Point]) -> list[Point]:
    """The points of ``occupied`` lying on the open segment ``p``-``q``, nearest to ``p`` first."""
    inside = [r for r in occupied if r != p and r != q and _on_segment(p, q, r)]
    inside.sort(key=lambda r: abs(r[0] - p[0]) + abs(r[1] - p[1]))
    return inside


def potential_sections(points: Sequence[Point]) -> list[tuple[int, int]]:
    """Every pair of points joined by a dashed line, as index pairs ``(i, j)`` with ``i < j``.

    Two points are joined when they lie on a common row, column or diagonal and no other
    point lies strictly between them: walking from a point in one of the four forward
    directions, the first point met is its neighbour.
    """
    index = {p: i for i, p in enumerate(points)}
    if not points:
        return []
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
    pairs: list[tuple[int, int]] = []
    for i, (x, y) in enumerate(points):
        for dx, dy in FORWARD_DIRECTIONS:
            cx, cy = x + dx, y + dy
            while lo_x <= cx <= hi_x and lo_y <= cy <= hi_y:
                j = index.get((cx, cy))
                if j is not None:
                    pairs.append((min(i, j), max(i, j)))
                    break
                cx, cy = cx + dx, cy + dy
    pairs.sort()
    return pairs


def _orientation(p: Point, q: Point, r: Point) -> int:
    """Sign of the cross product (q - p) x (r - p): 1 left turn, -1 right turn, 0 collinear."""
    value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (value > 0) - (value < 0)


def _on_segment(p: Point, q: Point, r: Point) -> bool:
    """True when ``r`` lies on the closed segment ``p``-``q``."""
    return (
        _orientation(p, q, r) == 0
        and min(p[0], q[0]) <= r[0] <= max(p[0], q[0])
        and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])
    )


def segments_cross(a: tuple[Point, Point], b: tuple[Point, Point]) -> bool:
    """True when two segments meet anywhere except at one shared endpoint.

    Segments that share an endpoint and otherwise stay apart do not cross (that is a
    station where lines meet). Collinear segments that overlap along a stretch do cross.
    """
    (p1, p2), (q1, q2) = a, b
    shared = {p1, p2} & {q1, q2}
    if len(shared) == 2:  # the same segment
        return True
    if shared:
        (s,) = shared
        other_a = p2 if p1 == s else p1
        other_b = q2 if q1 == s else q1
        if _orientation(s, other_a, other_b) != 0:
            return False
        # Collinear and touching at s: they overlap unless they leave s in opposite directions.
        same_direction = (other_a[0] - s[0]) * (other_b[0] - s[0]) + (other_a[1] - s[1]) * (
            other_b[1] - s[1]
        ) > 0
        return same_direction
    o1, o2 = _orientation(p1, p2, q1), _orientation(p1, p2, q2)
    o3, o4 = _orientation(q1, q2, p1), _orientation(q1, q2, p2)
    if o1 != o2 and o3 != o4:
        return True
    return (
        (o1 == 0 and _on_segment(p1, p2, q1))
        or (o2 == 0 and _on_segment(p1, p2, q2))
        or (o3 == 0 and _on_segment(q1, q2, p1))
        or (o4 == 0 and _on_segment(q1, q2, p2))
    )


def crossing_bitsets(segments: Sequence[tuple[Point, Point]]) -> list[int]:
    """For each segment, the bitset (bit ``j`` set) of the other segments it crosses."""
    masks = [0] * len(segments)
    boxes = [
        (min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1])) for p, q in segments
    ]
    for i in range(len(segments)):
        ax0, ax1, ay0, ay1 = boxes[i]
        for j in range(i + 1, len(segments)):
            bx0, bx1, by0, by1 = boxes[j]
            if ax1 < bx0 or bx1 < ax0 or ay1 < by0 or by1 < ay0:
                continue
            if segments_cross(segments[i], segments[j]):
                masks[i] |= 1 << j
                masks[j] |= 1 << i
    return masks


def _integer_points(points: Sequence[FloatPoint]) -> tuple[list[tuple[int, int]], int]:
    """The points scaled by a common denominator to exact integers, and that scale.

    A float is a binary fraction, so its rational value times the least common multiple of
    the denominators is an integer: the crossing tests below then run on plain ints.
    """
    values = [Fraction(v) for point in points for v in point]
    scale = 1
    for v in values:
        scale = math.lcm(scale, v.denominator)
    ints = [int(v * scale) for v in values]
    return [(ints[i], ints[i + 1]) for i in range(0, len(ints), 2)], scale


def _orientation_int(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int]) -> int:
    value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (value > 0) - (value < 0)


def segment_crosses_polyline(segment: tuple[Point, Point], polyline: Sequence[FloatPoint]) -> bool:
    """True when the polyline (a river) passes from one side of the segment to the other.

    In general position that is a proper intersection: a polyline segment and ``segment`` meet
    at one point inside both. A polyline vertex lying exactly inside ``segment`` is a crossing
    when the polyline arrives from one side and leaves to the other (a bend on the segment),
    not when it only touches it. Passing through an end of ``segment`` (a station) is not a
    crossing of ``segment``. The arithmetic is exact (on the floats' rational values).
    """
    river, scale = _integer_points(polyline)
    return _crosses(segment, river, scale)


def _crosses(segment: tuple[Point, Point], river: list[tuple[int, int]], scale: int) -> bool:
    a = (segment[0][0] * scale, segment[0][1] * scale)
    b = (segment[1][0] * scale, segment[1][1] * scale)
    sides = [_orientation_int(a, b, q) for q in river]
    for k in range(len(river) - 1):
        q1, q2 = river[k], river[k + 1]
        if (
            sides[k] * sides[k + 1] < 0
            and _orientation_int(q1, q2, a) * _orientation_int(q1, q2, b) < 0
        ):
            return True
    for k, q in enumerate(river):
        if sides[k] != 0 or not _strictly_inside(a, b, q):
            continue
        before = next((s for s in reversed(sides[:k]) if s), 0)
        after = next((s for s in sides[k + 1:] if s), 0)
        if before * after < 0:
            return True
    return False


def _strictly_inside(a: tuple[int, int], b: tuple[int, int], q: tuple[int, int]) -> bool:
    """True when ``q``, known to be on the line through ``a`` and ``b``, lies strictly between."""
    return any(min(a[i], b[i]) < q[i] < max(a[i], b[i]) for i in (0, 1))


def polyline_crossing_bitset(
    segments: Sequence[tuple[Point, Point]], polyline: Sequence[FloatPoint]
) -> int:
    """The bitset (bit ``i`` set) of the segments the polyline crosses.

    See :func:`segment_crosses_polyline` for what counts as a crossing.
    """
    river, scale = _integer_points(polyline)
    mask = 0
    for i, segment in enumerate(segments):
        if _crosses(segment, river, scale):
            mask |= 1 << i
    return mask


def region_outline(cells: set[Point]) -> list[list[tuple[float, float]]]:
    """Boundary loops around a set of unit cells centred on grid points.

    Each loop is a closed polygon (first vertex not repeated) along cell edges, with
    corners at half-integer coordinates; collinear vertices are merged.
    """
    # Directed boundary edges, counter-clockwise around each cell, kept where no neighbour.
    edges: dict[tuple[float, float], list[tuple[float, float]]] = {}
    for x, y in cells:
        corners = [(x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5)]
        neighbours = [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]
        for k in range(4):
            if neighbours[k] not in cells:
                edges.setdefault(corners[k], []).append(corners[(k + 1) % 4])
    loops: list[list[tuple[float, float]]] = []
    while edges:
        start = min(edges)
        loop = [start]
        current = start
        while True:
            targets = edges[current]
            nxt = targets.pop()
            if not targets:
                del edges[current]
            if nxt == start:
                break
            loop.append(nxt)
            current = nxt
        loops.append(_merge_collinear(loop))
    return loops


def _merge_collinear(loop: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    n = len(loop)
    for i in range(n):
        prev, cur, nxt = loop[i - 1], loop[i], loop[(i + 1) % n]
        cross = (cur[0] - prev[0]) * (nxt[1] - cur[1]) - (cur[1] - prev[1]) * (nxt[0] - cur[0])
        if cross != 0:
            out.append(cur)
    return out


def connected_parts(cells: set[Point]) -> int:
    """Number of 4-connected parts of a set of cells."""
    seen: set[Point] = set()
    parts = 0
    for cell in cells:
        if cell in seen:
            continue
        parts += 1
        stack = [cell]
        seen.add(cell)
        while stack:
            x, y = stack.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
    return parts
