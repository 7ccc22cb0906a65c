"""A printable one-page summary of the Berlin rules, built from the engine's own pictures.

``summary_svg()`` returns an A4 portrait SVG (210 x 297 mm: print it at 100 % from any browser,
one page). Each panel is a sheet drawn by the engine (``Game.svg()``) for one of the rulebook's
worked examples in ``berlin_rulebook.py``, and every number on the page is read from the
engine's score sheet. The docs build writes it as ``img/engine/rules-summary.svg``; a copy is
kept as ``examples/rules-summary.svg`` for the workshop (``tests/test_docs_site.py`` checks
that the copy is current). Rewrite the copy with ``python docs/examples/rules_summary.py``.
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

import berlin_rulebook as book

from nsb_widget import Game, Move
from nsb_widget.rules.moves import Draw

W, H = 2100, 2970  # tenths of a millimetre
MARGIN, GAP = 90, 40
PANEL_W = (W - 2 * MARGIN - GAP) // 2
PICTURE = 540  # the square picture of a panel
PANEL_H = 820


def _embed(svg: str, x: float, y: float, size: float) -> str:
    """An engine SVG placed in a box (nested ``<svg>`` keeps its own viewBox)."""
    assert svg.startswith("<svg ") and ' width="' not in svg.split(">", 1)[0]
    return svg.replace("<svg ", f'<svg x="{x:.0f}" y="{y:.0f}" width="{size:.0f}" '
                       f'height="{size:.0f}" ', 1)


def _text(x: float, y: float, lines: list[str], size: int = 30, weight: str = "normal") -> str:
    out = [f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}">']
    for i, line in enumerate(lines):
        out.append(f'<tspan x="{x:.0f}" dy="{0 if i == 0 else size * 1.25:.1f}">'
                   f"{escape(line)}</tspan>")
    out.append("</text>")
    return "".join(out)


def _draws(game: Game) -> list[Move]:
    """The sections drawn so far, in order."""
    return [action.move for action in game.history if isinstance(action, Draw)]


def _panels() -> list[tuple[str, list[str], str]]:
    """(title, lines of text, engine SVG) per panel; the numbers come from the engine."""
    b = book.example_b()
    d = book.example_d()
    f = book.example_f()
    h = book.example_h()
    j = book.example_j()
    (jline,) = j.round_scores()[0].lines
    l_game = book.example_l()
    lscore = l_game.round_scores()[0]
    lb, lc = lscore.lines
    i = book.example_i()
    two, three, _four = i.score_sheet().interchanges
    return [
        ("1. A turn", [
            "Reveal a Station card. Everyone draws one",
            "straight section along a dashed track, from",
            "an end of the card's line (Bear or Crown) to a",
            "station with the card's symbol. Or pass.",
            "Never cross a section, never revisit your line.",
            "Here: " + ", then ".join(f"{cards[0]} {move.origin}-{move.target}" for cards, move
                                      in zip(b.round_turns, _draws(b), strict=True)) + "."],
         b.svg()),
        ("2. Join your two start stations", [
            "Join the Bear and Crown lines: +10 points",
            "this round, and from now on every end may be",
            "used whatever line the card shows.",
            f"Here: ends {', '.join(sorted(d.line_ends('bear')))} after the join."], d.svg()),
        ("3. Double Switch", [
            "Reveal one more card: its symbol counts.",
            "Draw one section on each line; each may",
            "branch from any station of its line.",
            f"Here: Bear ends {', '.join(sorted(f.line_ends('bear')))}."], f.svg()),
        ("4. Joker + S-Bahn", [
            "Any symbol. Circle the station reached:",
            "an S-Bahn station counts as 2 interchange",
            "stations at the end.",
            f"Here: circled {', '.join(sorted(h.sbahn_stations()))}."], h.svg()),
        ("5. Scoring a round", [
            "Districts crossed x most stations in one",
            "district (+10 if the starts are joined).",
            "Two separate lines: score each, add them.",
            f"Here: {jline.district_count} x {jline.best_count} + {jline.connected_bonus}"
            f" = {jline.score}.",
            f"Example L: ({lb.district_count} x {lb.best_count}) + "
            f"({lc.district_count} x {lc.best_count}) = {lscore.score}."], j.svg()),
        ("6. Interchanges, at the end", [
            "Stations of 2 / 3 / 4 colours score 2 / 5 / 9",
            "each (an S-Bahn station counts twice).",
            "A round ends after the 5th Bear or 5th Crown",
            "card; pass the pencil; 4 rounds.",
            f"Here: 2 colours {two.count} x 2 = {two.points},"
            f" 3 colours {three.count} x 5 = {three.points}."], i.svg()),
    ]


def summary_svg() -> str:
    """The one-page summary as an SVG document (A4 portrait)."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" '
           f'viewBox="0 0 {W} {H}" font-family="Helvetica, Arial, sans-serif" role="img" '
           f'aria-label="Next Station: Berlin, the rules on one page">',
           f'<rect width="{W}" height="{H}" fill="#ffffff"/>',
           _text(MARGIN, MARGIN + 50, ["Next Station: Berlin, the rules on one page"], 62,
                 "bold"),
           _text(MARGIN, MARGIN + 120, [
               "4 rounds, one pencil colour a round. Each round you draw a Bear and a Crown "
               "line from your colour's two start stations."], 30)]
    top = MARGIN + 190
    for n, (title, lines, svg) in enumerate(_panels()):
        col, row = n % 2, n // 2
        x = MARGIN + col * (PANEL_W + GAP)
        y = top + row * (PANEL_H + GAP)
        out.append(f'<rect x="{x}" y="{y}" width="{PANEL_W}" height="{PANEL_H}" rx="18" '
                   f'fill="none" stroke="#888888" stroke-width="3"/>')
        out.append(_text(x + 30, y + 60, [title], 40, "bold"))
        out.append(_embed(svg, x + (PANEL_W - PICTURE) / 2, y + 80, PICTURE))
        out.append(_text(x + 30, y + 80 + PICTURE + 40, lines, 24))
    out.append(_text(MARGIN, H - MARGIN + 20, [
        "Pictures drawn by nsb_widget from the rulebook's worked examples; "
        "numbers from its score sheet."], 24))
    out.append("</svg>")
    return "\n".join(out)


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else
                  Path(__file__).resolve().parents[2] / "examples" / "rules-summary.svg")
    target.write_text(summary_svg())
    print(target)
