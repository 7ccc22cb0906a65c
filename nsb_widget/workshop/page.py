"""One printable A4 page in two columns, as SVG (210 × 297 mm; one unit is one millimetre).

A page is a title and a list of blocks (:class:`Heading`, :class:`Text`, :class:`Bullets`,
:class:`Figure`) that flow down the left column, then the right one; text is broken into lines
with the font's widths (:mod:`nsb_widget.workshop.metrics`), and a text block may continue in
the next column. :func:`page_svg` picks the largest body size (from :data:`MAX_PT` down to
:data:`MIN_PT`) at which everything fits, so a page in a longer language gets smaller type and
every page is filled. ``**bold**`` marks bold words. Nothing is smaller than :data:`MIN_PT`
points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape

from .metrics import text_width

W, H = 210.0, 297.0
MARGIN = 9.0
GAP = 6.0
COLUMN = (W - 2 * MARGIN - GAP) / 2
#: Millimetres per point.
PT = 25.4 / 72
#: The body text's largest and smallest size (points); headings are larger.
MAX_PT, MIN_PT = 11.0, 8.0
INK, ACCENT, SOFT = "#1f2328", "#0b5e75", "#4b5563"
LEADING = 1.25


@dataclass(frozen=True)
class Heading:
    """A section's title."""

    text: str


@dataclass(frozen=True)
class Text:
    """A paragraph (``**bold**`` marks bold words)."""

    text: str


@dataclass(frozen=True)
class Bullets:
    """A list, one paragraph an item."""

    items: tuple[str, ...]


@dataclass(frozen=True)
class Figure:
    """A picture (an SVG document, drawn at the column's width, keeping its proportions), its
    overlay (SVG elements in the picture's own units: labels drawn at page scale) and a
    caption."""

    svg: str
    caption: str
    overlay: tuple[tuple[float, float, str, float, bool], ...] = ()
    """(x, y, text, size in mm, bold) in the picture's viewBox units, text centred."""


Block = Heading | Text | Bullets | Figure


@dataclass
class _Line:
    """A placed piece of a column: a line of text or a figure."""

    height: float
    svg: list[str] = field(default_factory=list)
    breakable: bool = True
    """False when the next piece must stay in the same column (a heading)."""
    gap: float = 0.0
    """Space before it (dropped at the top of a column)."""


def runs(text: str) -> list[tuple[str, bool]]:
    """``"a **b** c"`` -> ``[("a ", False), ("b", True), (" c", False)]``."""
    parts = re.split(r"\*\*", text)
    return [(part, i % 2 == 1) for i, part in enumerate(parts) if part]


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[list[tuple[str,
                                                                                       bool]]]:
    """The lines of a paragraph at font size ``size`` (mm) within ``width`` (mm), each a list
    of runs."""
    words: list[tuple[str, bool, bool]] = []  # (word, bold, space before)
    space = False
    for part, strong in runs(text):
        for k, word in enumerate(part.split(" ")):
            space = space or k > 0
            if word:
                words.append((word, strong or bold, space and bool(words)))
                space = False
    lines: list[list[tuple[str, bool]]] = []
    line: list[tuple[str, bool]] = []
    used = 0.0
    for word, strong, space in words:
        gap = text_width(" ", size, strong) if line and space else 0.0
        wide = text_width(word, size, strong)
        if line and used + gap + wide > width:
            lines.append(line)
            line, used, gap = [], 0.0, 0.0
        prefix = " " if gap else ""
        if line and line[-1][1] == strong:
            line[-1] = (line[-1][0] + prefix + word, strong)
        else:
            line.append((prefix + word, strong))
        used += gap + wide
    if line:
        lines.append(line)
    return lines


def _text_svg(x: float, y: float, line: list[tuple[str, bool]], size: float,
              colour: str = INK, bold: bool = False) -> str:
    spans = "".join(f'<tspan font-weight="bold">{escape(part)}</tspan>' if strong and not bold
                    else escape(part) for part, strong in line)
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.2f}" y="{y:.2f}" font-size="{size:.3f}" fill="{colour}"{weight} '
            f'xml:space="preserve">{spans}</text>')


def _pieces(block: Block, size: float) -> list[_Line]:
    """A block as the pieces a column stacks (positions relative to the piece's top)."""
    line_h = size * LEADING
    if isinstance(block, Heading):
        big = size * 1.18
        out = []
        for k, line in enumerate(wrap(block.text, big, COLUMN, bold=True)):
            out.append(_Line(big * LEADING, [_text_svg(0, big, line, big, ACCENT, True)],
                             breakable=False, gap=size * 0.75 if k == 0 else 0.0))
        return out
    if isinstance(block, Text):
        lines = wrap(block.text, size, COLUMN)
        return [_Line(line_h, [_text_svg(0, size, line, size)], gap=size * 0.3 if k == 0 else 0)
                for k, line in enumerate(lines)]
    if isinstance(block, Bullets):
        out = []
        indent = size * 1.0
        for item in block.items:
            for k, line in enumerate(wrap(item, size, COLUMN - indent)):
                parts = [_text_svg(indent, size, line, size)]
                if k == 0:
                    parts.append(_text_svg(size * 0.15, size, [("•", False)], size, ACCENT))
                out.append(_Line(line_h, parts, gap=size * 0.2 if k == 0 else 0.0))
        return out
    return _figure(block, size)


def _figure(block: Figure, size: float) -> list[_Line]:
    match = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', block.svg)
    assert match, "a figure needs a viewBox"
    vb_w, vb_h = float(match.group(1)), float(match.group(2))
    scale = COLUMN / vb_w
    height = vb_h * scale
    inner = block.svg.replace("<svg ", f'<svg x="0" y="0" width="{COLUMN:.2f}" '
                              f'height="{height:.2f}" ', 1)
    parts = [inner]
    for x, y, text, font, bold in block.overlay:
        weight = ' font-weight="bold"' if bold else ""
        parts.append(f'<text x="{x * scale:.2f}" y="{y * scale + font * 0.36:.2f}" '
                     f'font-size="{font:.3f}" fill="{SOFT}" text-anchor="middle"{weight}>'
                     f"{escape(text)}</text>")
    out = [_Line(height, parts, breakable=False, gap=size * 0.5)]
    for line in wrap(block.caption, size, COLUMN):  # the caption stays with its picture
        out.append(_Line(size * LEADING, [_text_svg(0, size, line, size, SOFT)],
                         breakable=False))
    out[-1].breakable = True
    return out


def _flow(blocks: list[Block], size: float, top: float, bottom: float) -> list[list[
        tuple[float, _Line]]] | None:
    """Pieces placed in two columns (their tops), or ``None`` when they do not fit."""
    pieces = [piece for block in blocks for piece in _pieces(block, size)]
    columns: list[list[tuple[float, _Line]]] = [[], []]
    column, y = 0, top
    i = 0
    while i < len(pieces):
        # a piece that may not be left alone moves with the ones after it
        j = i
        while j < len(pieces) - 1 and not pieces[j].breakable:
            j += 1
        group = pieces[i:j + 1]
        gap = group[0].gap if columns[column] else 0.0
        need = gap + sum(p.height + (p.gap if k else 0.0) for k, p in enumerate(group))
        if y + need > bottom:
            if column == 1:
                return None
            column, y = 1, top
            continue
        y += gap
        for k, piece in enumerate(group):
            if k:
                y += piece.gap
            columns[column].append((y, piece))
            y += piece.height
        i = j + 1
    return columns


@dataclass(frozen=True)
class Page:
    """A laid-out page: its SVG, the body size chosen (points) and where each column ends
    (mm from the top)."""

    svg: str
    body_pt: float
    column_ends: tuple[float, float]
    body_bottom: float


def page_svg(title: str, subtitle: str, blocks: list[Block], footer: str,
             label: str) -> Page:
    """The page, with the largest body size that fits; ``label`` is its accessible name."""
    big, sub, foot = 17 * PT, 10 * PT, 8.5 * PT
    subtitle_lines = wrap(subtitle, sub, W - 2 * MARGIN)
    top = MARGIN + big * 1.25 + sub * LEADING * len(subtitle_lines) + 3.5
    bottom = H - MARGIN - foot * 2.2
    steps = round((MAX_PT - MIN_PT) * 10)
    for k in range(steps + 1):
        pt = MAX_PT - k / 10
        placed = _flow(blocks, pt * PT, top, bottom)
        if placed is not None:
            break
    else:
        raise ValueError(f"the page does not fit at {MIN_PT} pt: {title!r}")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" '
           f'viewBox="0 0 {W:.0f} {H:.0f}" font-family="Helvetica, Arial, sans-serif" '
           f'role="img" aria-label="{escape(label)}">',
           f'<rect width="{W:.0f}" height="{H:.0f}" fill="#ffffff"/>']
    out.append(_text_svg(MARGIN, MARGIN + big * 0.8, [(title, True)], big, ACCENT, True))
    for n, line in enumerate(subtitle_lines):
        out.append(_text_svg(MARGIN, MARGIN + big * 1.25 + sub * (0.8 + n * LEADING), line, sub,
                             SOFT))
    out.append(f'<line x1="{MARGIN}" y1="{top - 2.2:.2f}" x2="{W - MARGIN}" y2="{top - 2.2:.2f}" '
               f'stroke="{ACCENT}" stroke-width="0.5"/>')
    ends = []
    for c, column in enumerate(placed):
        x = MARGIN + c * (COLUMN + GAP)
        end = top
        for y, piece in column:
            out.append(f'<g transform="translate({x:.2f},{y:.2f})">' + "".join(piece.svg)
                       + "</g>")
            end = y + piece.height
        ends.append(end)
    out.append(_text_svg(MARGIN, H - MARGIN, [(footer, False)], foot, SOFT))
    out.append("</svg>")
    return Page("\n".join(out) + "\n", pt, (ends[0], ends[1]), bottom)
