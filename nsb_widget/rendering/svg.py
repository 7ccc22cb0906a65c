"""A sheet as a standalone SVG document (for notebooks without the widget, files and docs).

Draws the scene of :mod:`nsb_widget.rendering.scene`: districts with yellow boundaries and
names, the river, dashed potential sections, stations with their symbols and labels, drawn
sections by colour (a badge on each section gives its round, so colours are told apart without
colour alone), S-Bahn circles, circled stations and interchange counts. The district names and
station labels come last, each with a halo in the paper colour, so a line never runs over one.

Everything map-specific comes from the scene's data, not from the map's name:

- a station whose symbol is ``"any"`` (London's central station, which matches every card) is a
  circle with a question mark;
- tourist sites (``"tourist": true``) carry a small orange star;
- start stations are filled with their pencil's colour. On a map with several lines per round
  (Berlin's Bear and Crown) they carry the first letter of their line (B or C), and the second
  and later lines are drawn with a white centre stripe; on a map with one line per round
  (London) they get a ring in their pencil's colour instead and sections are titled
  "Green line, round 2";
- stations circled with a pencil power (London) get a circle in the pencil's colour.

Names and tooltips are written in a :class:`~nsb_widget.i18n.Translator`'s language
(:func:`render_game` uses the game's :attr:`~nsb_widget.rules.game.Game.language`; English by
default): the names of the built-in maps that are words (London's districts, the Thames, the
pencils) and the tooltips; Berlin's district names are proper names and stay as they are.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any

from ..i18n import N_, Translator, translator
from ..rules.words import colour, map_name, symbol_noun
from .labels import LINE_GAP, split_label
from .scene import map_scene, sheet_scene

if TYPE_CHECKING:
    from ..maps.model import GameMap
    from ..rules.game import Game

CELL = 48.0
PAD = 34.0
DISTRICT_FILLS = ("#fbf7ea", "#f3f7ee", "#eef4f8", "#f8f0f3")
BOUNDARY = "#f0b429"
RIVER = "#8cc8ec"
DASH = "#a9adb3"
INK = "#2b2d31"
SOFT_INK = "#6b7079"
#: District names: a darker gold than the boundaries (4.5:1 on the paper).
DISTRICT_INK = "#8a6a1c"
PAPER = "#ffffff"
#: The width of a label's halo (a stroke in the paper colour painted under the letters).
HALO = 2.5
SYMBOL_R = 0.2  # in cells
TOURIST = "#f08c00"
#: The word for a section of a map with one line per round (message id).
LINE_WORD = N_("line")


def _xy(u: float) -> float:
    return PAD + (u + 0.5) * CELL


def symbol_path(symbol: str, cx: float, cy: float, r: float) -> str:
    """SVG path data of a station symbol centred on (cx, cy) with radius ``r`` (pixels).

    ``"any"`` (matches every card) is a slightly larger circle; :func:`render_scene` writes a
    question mark in it."""
    if symbol == "any":
        r *= 1.05
    if symbol in ("circle", "any"):
        return (f"M{cx - r:.1f},{cy:.1f}a{r:.1f},{r:.1f} 0 1,0 {2 * r:.1f},0"
                f"a{r:.1f},{r:.1f} 0 1,0 {-2 * r:.1f},0Z")
    if symbol == "square":
        s = r * 0.9
        return f"M{cx - s:.1f},{cy - s:.1f}h{2 * s:.1f}v{2 * s:.1f}h{-2 * s:.1f}Z"
    sides = 3 if symbol == "triangle" else 5  # pentagon
    rr = r * (1.2 if sides == 3 else 1.05)
    dy = r * 0.2 if sides == 3 else 0.0
    pts = []
    for k in range(sides):
        a = -math.pi / 2 + 2 * math.pi * k / sides
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + dy + rr * math.sin(a):.1f}")
    return "M" + "L".join(pts) + "Z"


def render_map(game_map: GameMap, **options: Any) -> str:
    """An empty sheet of a map as SVG (``options`` as for :func:`render_scene`)."""
    return render_scene(map_scene(game_map), None, **options)


def render_game(game: Game, player: int = 0, **options: Any) -> str:
    """A player's sheet as SVG, its names and tooltips in the game's language."""
    options.setdefault("translate", game.translator)
    return render_scene(map_scene(game.map), sheet_scene(game, player), **options)


def render_scene(
    scene: dict[str, Any],
    sheet: dict[str, Any] | None,
    *,
    width: int | None = None,
    title: str | None = None,
    translate: Translator | None = None,
) -> str:
    """Render a map scene and an optional sheet scene to an SVG document, with names and
    tooltips in ``translate``'s language (English when ``None``)."""
    t = translate if translate is not None else translator("en")
    w = PAD * 2 + scene["width"] * CELL
    h = PAD * 2 + scene["height"] * CELL
    size = f' width="{width}" height="{width * h / w:.0f}"' if width else ""
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.0f} {h:.0f}"{size} '
        f'font-family="Helvetica, Arial, sans-serif" role="img" '
        f'aria-label="{escape(title or "Next Station: " + scene["title"])}">',
        f'<rect width="{w:.0f}" height="{h:.0f}" fill="#ffffff"/>',
    ]
    out += _districts(scene, t)
    out += _river(scene, t)
    out += _edge_labels(scene)
    out += _potential_sections(scene)
    if sheet is not None:
        out += _drawn_sections(scene, sheet, t)
    out += _stations(scene, sheet, t)
    out += _labels(scene, t)
    out.append("</svg>")
    return "\n".join(out)


def _districts(scene: dict[str, Any], t: Translator) -> list[str]:
    out = ['<g class="districts">']
    names = [escape(map_name(t, d["name"])) for d in scene["districts"]]
    for i, d in enumerate(scene["districts"]):
        path = "".join(
            "M" + "L".join(f"{_xy(x - 0.0) - 0:.1f},{_xy(y):.1f}" for x, y in loop) + "Z"
            for loop in d["outline"]
        )
        fill = DISTRICT_FILLS[i % len(DISTRICT_FILLS)]
        out.append(f'<path d="{path}" fill="{fill}" stroke="{BOUNDARY}" stroke-width="3" '
                   f'stroke-linejoin="round"><title>{names[i]}</title></path>')
    out.append("</g>")
    return out


def _labels(scene: dict[str, Any], t: Translator) -> list[str]:
    """District names and station labels, drawn last (above the drawn lines and the marks)
    with a halo in the paper colour, so a busy line never runs through a name."""
    out = [f'<g class="labels" stroke="{PAPER}" stroke-width="{HALO}" stroke-linejoin="round" '
           f'paint-order="stroke">']
    for d in scene["districts"]:
        name = escape(map_name(t, d["name"]))
        x, y = d["label_at"]
        lines = split_label(name) if d.get("label_wrap") else None
        rows = [(name, 0.0)] if lines is None else [(lines[0], -LINE_GAP), (lines[1], LINE_GAP)]
        for text, dy in rows:  # centred on (x, y + dy): the baseline 3 px below the middle
            out.append(f'<text class="district-name" x="{_xy(x):.1f}" '
                       f'y="{_xy(y + dy) + 3:.1f}" font-size="8.5" fill="{DISTRICT_INK}" '
                       f'text-anchor="middle">{text}</text>')
    r = SYMBOL_R * CELL
    for s in scene["stations"]:
        cx, cy = _xy(s["x"]), _xy(s["y"])
        out.append(f'<text class="station-label" x="{cx + r * 1.15:.1f}" '
                   f'y="{cy + r * 1.9:.1f}" font-size="7.5" fill="{SOFT_INK}">'
                   f'{escape(s["label"])}</text>')
    out.append("</g>")
    return out


def _river(scene: dict[str, Any], t: Translator) -> list[str]:
    river = scene.get("river")
    if not river:
        return []
    pts = " ".join(f"{_xy(x):.1f},{_xy(y):.1f}" for x, y in river["polyline"])
    return [f'<polyline points="{pts}" fill="none" stroke="{RIVER}" stroke-width="9" '
            f'stroke-linecap="round" stroke-linejoin="round" opacity="0.75">'
            f'<title>{escape(map_name(t, river["name"]))}</title></polyline>']


def _edge_labels(scene: dict[str, Any]) -> list[str]:
    out = []
    for x in range(scene["width"]):
        out.append(f'<text x="{_xy(x):.1f}" y="{PAD * 0.55:.1f}" font-size="11" '
                   f'fill="{SOFT_INK}" text-anchor="middle">{chr(65 + x)}</text>')
    for y in range(scene["height"]):
        out.append(f'<text x="{PAD * 0.5:.1f}" y="{_xy(y) + 4:.1f}" font-size="11" '
                   f'fill="{SOFT_INK}" text-anchor="middle">{y + 1}</text>')
    return out


def _potential_sections(scene: dict[str, Any]) -> list[str]:
    st = scene["stations"]
    segs = "".join(
        f'M{_xy(st[a]["x"]):.1f},{_xy(st[a]["y"]):.1f}L{_xy(st[b]["x"]):.1f},{_xy(st[b]["y"]):.1f}'
        for a, b in scene["sections"]
    )
    return [f'<path d="{segs}" stroke="{DASH}" stroke-width="1.2" stroke-dasharray="3 3" '
            f'fill="none"/>']


def _drawn_sections(scene: dict[str, Any], sheet: dict[str, Any], t: Translator) -> list[str]:
    st = scene["stations"]
    pencils = scene["pencils"]
    line_names = [t.gettext(str(name).title()) for name in scene["lines"]]
    one_line = t.gettext(LINE_WORD)
    out = ['<g class="drawn">']
    badges = []
    for _section, o, target, pencil, line, rnd, flags in sheet["sections"]:
        x1, y1 = _xy(st[o]["x"]), _xy(st[o]["y"])
        x2, y2 = _xy(st[target]["x"]), _xy(st[target]["y"])
        if flags & 2:  # parallel track: shift sideways
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            nx, ny = -(y2 - y1) / length * 6, (x2 - x1) / length * 6
            x1, y1, x2, y2 = x1 + nx, y1 + ny, x2 + nx, y2 + ny
        color = escape(pencils[pencil]["color"])
        tip = t("{pencil} {line}, round {round}", pencil=map_name(t, pencils[pencil]["name"]),
                line=line_names[line] if len(line_names) > 1 else one_line, round=rnd)
        seg = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
        out.append(f'<line {seg} stroke="{color}" stroke-width="7" stroke-linecap="round">'
                   f'<title>{escape(tip)}</title></line>')
        if line:
            out.append(f'<line {seg} stroke="#ffffff" stroke-width="2" stroke-linecap="round"/>')
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        badges.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="5.5" fill="#ffffff" '
                      f'stroke="{color}" stroke-width="1.5"/><text x="{mx:.1f}" '
                      f'y="{my + 3:.1f}" font-size="8" text-anchor="middle" '
                      f'fill="{INK}">{rnd}</text>')
    out += badges
    out.append("</g>")
    return out


def _star_path(cx: float, cy: float, outer: float, inner: float) -> str:
    """A five-pointed star centred on (cx, cy), one point up."""
    pts = []
    for k in range(10):
        rr = outer if k % 2 == 0 else inner
        a = -math.pi / 2 + math.pi * k / 5
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return "M" + "L".join(pts) + "Z"


def _circled_colours(scene: dict[str, Any], sheet: dict[str, Any]) -> dict[int, str]:
    """The colour of each circled station: the pencil whose drawn sections touch it when only
    one does (a station is circled on one round's line), else the sheet's pencil."""
    pencils = scene["pencils"]
    touching: dict[int, set[int]] = {}
    for _section, o, t, pencil, *_rest in sheet["sections"]:
        touching.setdefault(o, set()).add(pencil)
        touching.setdefault(t, set()).add(pencil)
    own = next((escape(p["color"]) for p in pencils if p["id"] == sheet["pencil"]), INK)
    colours = {}
    for i in sheet.get("circled", []):
        found = touching.get(i, set())
        colours[i] = escape(pencils[next(iter(found))]["color"]) if len(found) == 1 else own
    return colours


def _stations(scene: dict[str, Any], sheet: dict[str, Any] | None,
              t: Translator) -> list[str]:
    pencils = {p["id"]: p for p in scene["pencils"]}
    one_line = len(scene["lines"]) == 1
    sbahn = set(sheet["sbahn"]) if sheet else set()
    circled = _circled_colours(scene, sheet) if sheet else {}
    inter = {i: n for i, n in sheet["interchanges"]} if sheet else {}
    r = SYMBOL_R * CELL
    out = ['<g class="stations">']
    for i, s in enumerate(scene["stations"]):
        cx, cy = _xy(s["x"]), _xy(s["y"])
        start = s["start"]
        symbol = s["symbol"]
        fill = escape(pencils[start["pencil"]]["color"]) if start else None
        tip = t("{station} {symbol}", station=s["label"], symbol=symbol_noun(t, symbol))
        departure = ""
        if start and one_line:
            departure = t("{pencil} departure station",
                          pencil=map_name(t, pencils[start["pencil"]]["name"]))
            tip = t("{first}, {second}", first=tip, second=departure)
        elif start:
            tip = t("{first}, {second}", first=tip, second=t(
                "{pencil} {line} start", pencil=colour(t, start["pencil"]),
                line=t.gettext(str(start["line"]))))
        if s.get("tourist"):
            tip = t("{first}, {second}", first=tip, second=t("tourist site"))
        if start and one_line:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 1.5:.1f}" fill="none" '
                       f'stroke="{fill}" stroke-width="2.5"><title>'
                       f'{escape(departure)}</title></circle>')
        out.append(f'<path d="{symbol_path(symbol, cx, cy, r)}" fill="{fill or "#ffffff"}" '
                   f'stroke="{INK}" stroke-width="1.8"><title>{escape(tip)}</title></path>')
        if symbol == "any":
            out.append(f'<text x="{cx:.1f}" y="{cy + 4.6:.1f}" font-size="13" font-weight="bold" '
                       f'fill="{"#ffffff" if start else INK}" text-anchor="middle">?</text>')
        if start and not one_line:
            mark = str(start["line"])[:1].upper()
            out.append(f'<text x="{cx:.1f}" y="{cy + 3.5:.1f}" font-size="10" font-weight="bold" '
                       f'fill="#ffffff" text-anchor="middle">{escape(mark)}</text>')
        if s.get("tourist"):
            out.append(f'<path d="{_star_path(cx - r * 1.3, cy - r * 1.3, 6.5, 2.8)}" '
                       f'fill="{TOURIST}" stroke="#ffffff" stroke-width="0.8" '
                       f'stroke-linejoin="round"><title>{escape(t("tourist site"))}'
                       f'</title></path>')
        if i in sbahn:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 1.75:.1f}" fill="none" '
                       f'stroke="{INK}" stroke-width="2"/>')
        if i in circled:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 1.85:.1f}" fill="none" '
                       f'stroke="{circled[i]}" stroke-width="2.5"><title>'
                       f'{escape(t("circled station"))}</title></circle>')
        if i in inter:
            out.append(f'<circle cx="{cx + r * 1.3:.1f}" cy="{cy - r * 1.3:.1f}" r="6" '
                       f'fill="{INK}"/><text x="{cx + r * 1.3:.1f}" y="{cy - r * 1.3 + 3:.1f}" '
                       f'font-size="8.5" fill="#ffffff" text-anchor="middle">{inter[i]}</text>')
    out.append("</g>")
    return out
