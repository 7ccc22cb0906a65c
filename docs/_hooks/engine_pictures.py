"""MkDocs hooks: the pictures and score tables of the docs, made by the engine at build time.

A page asks for them with HTML comments, which stay invisible if the hook is missing:

``<!-- picture: berlin a -->``
    runs ``example_a()`` of ``docs/examples/berlin_rulebook.py`` (``london`` for
    ``london_guide.py``, ``custom`` for ``custom_map.py``) and shows the game it returns as
    the engine's own SVG (``Game.svg()``), written into the site as ``img/engine/...``;
``<!-- score-sheet: berlin m -->``
    the same game's score sheet (``game.score_sheet()``) as a table;
``<!-- summary -->``
    the workshop kit's printable one-page rules summaries (``nsb_widget.workshop.handouts``):
    Berlin's and London's in English, with links to every language's page.

Each example checks the rulebook's claims with ``assert``: a failing example stops the build,
and so does a page asking for an example that does not exist.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

EXAMPLES_DIR = Path(__file__).resolve().parents[1] / "examples"
MODULES = {"berlin": "berlin_rulebook", "london": "london_guide", "custom": "custom_map"}
MARKER = re.compile(r"<!--\s*(picture|score-sheet|summary)(?::\s*(\w+)\s+([\w-]+))?\s*-->")

_games: dict[tuple[str, str], Any] = {}


def _module(book: str) -> Any:
    if str(EXAMPLES_DIR) not in sys.path:
        sys.path.insert(0, str(EXAMPLES_DIR))
    if book not in MODULES:
        raise PluginError(f"unknown example book {book!r}: one of {sorted(MODULES)}")
    return importlib.import_module(MODULES[book])


def example_game(book: str, name: str) -> Any:
    """The game an example returns, built (and checked) once per build."""
    key = (book, name)
    if key not in _games:
        examples = _module(book).EXAMPLES
        if name not in examples:
            raise PluginError(f"no example {name!r} in {MODULES[book]}.py")
        try:
            _games[key] = examples[name]()
        except AssertionError as error:
            raise PluginError(f"the {book} example {name!r} no longer holds: {error!r}") \
                from error
    return _games[key]


def picture_path(book: str, name: str) -> str:
    """Where an example's picture lives in the site."""
    return f"img/engine/{book}-{name}.svg"


def on_pre_build(config: Any) -> None:
    """Every build runs the examples afresh (``mkdocs serve`` rebuilds after an edit)."""
    _games.clear()
    for name in list(sys.modules):
        if name in MODULES.values():
            del sys.modules[name]


def on_files(files: Files, config: Any) -> Files:
    """Add one engine picture per example of every book, and the rules summaries."""
    from nsb_widget.i18n import LANGUAGES
    from nsb_widget.workshop.handouts import handout

    for book in MODULES:
        for name in _module(book).EXAMPLES:
            game = example_game(book, name)
            svg = game.svg(title=f"{MODULES[book]}: {name}")
            files.append(File.generated(config, picture_path(book, name), content=svg))
    for city in SUMMARY_CITIES:
        for language in LANGUAGES:
            files.append(File.generated(config, summary_path(city, language),
                                        content=handout(city, language)))
    return files


#: The cities of the rules summaries.
SUMMARY_CITIES = ("berlin", "london")


def summary_path(city: str, language: str) -> str:
    """Where a rules summary lives in the site."""
    return f"img/workshop/{city}-summary-{language}.svg"


def _summaries(up: str) -> str:
    """The English rules summaries side by side, and links to every language's page."""
    from nsb_widget.i18n import LANGUAGES

    pictures = " ".join(
        f"[![The one-page rules summary of {city.title()}]({up}{summary_path(city, 'en')})"
        f"{{ width=\"49%\" }}]({up}{summary_path(city, 'en')})" for city in SUMMARY_CITIES)
    links = "; ".join(
        f"{city.title()}: " + ", ".join(f"[{language}]({up}{summary_path(city, language)})"
                                        for language in LANGUAGES)
        for city in SUMMARY_CITIES)
    return f"{pictures}\n\n{links}\n"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _line_term(line: Any) -> str:
    """One line's score as arithmetic that adds up: ``districts × stations`` (the circled
    station and Double stations said where they count), plus every bonus it earned."""
    stations = _plural(line.best_count, "station")
    if line.station_multiplier > 1:
        stations = f"({stations} × {line.station_multiplier})"
    term = f"{_plural(line.district_count, 'district')} × {stations}"
    if line.doubled_stations:
        term += f" (circled {', '.join(line.doubled_stations)} counting twice)"
    for bonus in line.bonuses:
        if not bonus.points:
            continue
        if bonus.sections:  # earned per section (London's Thames crossings)
            term += f" + {bonus.label} {bonus.count} × {bonus.points_each}"
        else:  # earned once (Berlin's connected start stations)
            term += f" + {bonus.points} ({bonus.label})"
    if line.connected_bonus and not any(b.id == "connected" for b in line.bonuses):
        term += f" + {line.connected_bonus} (start stations connected)"
    return f"{term} = {line.score}"


def _score_table(game: Any) -> str:
    """A game's score sheet as a Markdown table whose every row is arithmetic that adds up
    (``tests/test_docs_site.py`` checks each sum)."""
    sheet = game.score_sheet()
    rows = ["| | what the engine's score sheet says | points |", "|---|---|---:|"]
    for r in sheet.rounds:
        parts = [f"{'+'.join(line.lines)}: {_line_term(line)}" for line in r.lines]
        rows.append(f"| round {r.round} ({r.pencil}) | {'; '.join(parts) or 'nothing drawn'} "
                    f"| {r.score} |")
    rows.append(f"| lines | {' + '.join(str(r.score) for r in sheet.rounds) or 0} "
                f"| **{sheet.lines_total}** |")
    sbahn = False
    for tier in sheet.interchanges:
        if tier.count:
            sbahn = sbahn or bool(tier.sbahn)
            where = ", ".join(s + ("*" if s in tier.sbahn else "") for s in tier.stations)
            rows.append(f"| {tier.colours} colours | {where}: "
                        f"{_plural(tier.count, 'station')} × {tier.points_each} "
                        f"= {tier.points} | {tier.points} |")
    rows.append(f"| interchanges | | **{sheet.interchanges_total}** |")
    for track in sheet.tracks:
        rows.append(f"| {track.label} | {track.count} reached: the track's value "
                    f"{track.values[track.count]} | **{track.points}** |")
    for obj in sheet.objectives:
        rows.append(f"| objective: {obj.text} | {obj.progress}/{obj.target} | **{obj.points}** |")
    terms = [sheet.lines_total, *(t.points for t in sheet.tracks), sheet.interchanges_total,
             *(o.points for o in sheet.objectives)]
    rows.append(f"| **total** | {' + '.join(map(str, terms))} | **{sheet.total}** |")
    note = "\n\n*\\* an S-Bahn (circled) station, counting 2*" if sbahn else ""
    return "\n".join(rows) + note + "\n"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """Replace the markers of a page with pictures and tables."""
    depth = page.file.src_uri.count("/")
    up = "../" * depth

    def replace(match: re.Match[str]) -> str:
        kind, book, name = match.groups()
        if kind == "summary":
            return _summaries(up)
        game = example_game(book, name)
        if kind == "picture":
            return (f"![{book} example {name}, drawn by the engine]"
                    f"({up}{picture_path(book, name)}){{ .engine-picture loading=lazy }}")
        return _score_table(game)

    return MARKER.sub(replace, markdown)
