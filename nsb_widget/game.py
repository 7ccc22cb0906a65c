"""The :class:`Game` users hold: the rules driver plus files, pictures and the widget.

The layers point one way: maps and scoring below the rules, the rulesets on the rules, files
(:mod:`nsb_widget.io`) and pictures (:mod:`nsb_widget.rendering`) on top of both, and this
class on top of everything, so nothing below imports it back.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from . import maps
from .errors import ArgumentError, Problem, SaveFileError, quote
from .io.savefile import game_from_json, game_to_json, load_game, save_game
from .maps import GameMap
from .rules.game import Game as RulesGame
from .rules.ruleset import ruleset_for


class Game(RulesGame):
    """A game of *Next Station* (Berlin or London): the complete rules of
    :class:`nsb_widget.rules.game.Game` (create one with :meth:`Game.new`), plus save files,
    SVG pictures and the widget."""

    def to_json(self) -> dict[str, Any]:
        """The game as a JSON-ready document (versioned: setup plus action log)."""
        return game_to_json(self)

    @classmethod
    def from_json(cls, doc: object, language: str | None = None) -> Game:
        """Rebuild a game saved by :meth:`to_json`, shown in ``language`` (as for
        :meth:`Game.new`: a save file holds no language); raises
        :class:`~nsb_widget.errors.SaveFileError` naming each problem (in English).

        ``doc`` is the parsed document (a ``dict``), not JSON text: read text with
        ``Game.from_json(json.loads(text))``, a file with :meth:`load`."""
        if isinstance(doc, str | bytes):
            raise SaveFileError("<document>", [Problem(
                "document", "is text: from_json takes the parsed object (json.loads(text)); "
                            "to read a file use Game.load(path)")])
        game = game_from_json(doc, cls=cls, language=language)
        assert isinstance(game, Game)
        return game

    def save(self, path: str | Path) -> None:
        """Write the game to a JSON file; a path that cannot be written (a folder, no
        permission) raises :class:`~nsb_widget.errors.SaveError`, an :class:`OSError`."""
        save_game(self, _path(path, "save to"))

    @classmethod
    def load(cls, path: str | Path, language: str | None = None) -> Game:
        """Read a game written by :meth:`save` and return it as a new game, shown in
        ``language`` (as for :meth:`Game.new`). A class method: ``Game.load(path)``;
        ``game.load(path)`` also returns the new game and leaves ``game`` as it was. A file
        that cannot be read or used raises :class:`~nsb_widget.errors.SaveFileError` listing
        its problems; a document (from :meth:`to_json`) is read by :meth:`from_json`."""
        if isinstance(path, Mapping):
            raise ArgumentError("load reads a file's path; a game's document (from to_json()) "
                                "is read by Game.from_json(doc)")
        game = load_game(_path(path, "load from"), cls, language)
        assert isinstance(game, Game)
        return game

    def svg(self, player: int = 0, **options: Any) -> str:
        """The player's sheet as an SVG document."""
        from .rendering.svg import render_game

        return render_game(self, self.check_player(player), **options)

    def _repr_svg_(self) -> str:
        return self.svg(0)

    def widget(self, player: int = 0, **options: Any) -> Any:
        """A Jupyter widget to play this game by clicking (needs anywidget)."""
        from .widget import BerlinWidget

        return BerlinWidget(self, player=player, **options)


def load_map(source: str | Path | Mapping[str, Any] | object) -> GameMap:
    """Load a map from a JSON file's path or a parsed document, validate it and check it
    against the ruleset it names (:func:`~nsb_widget.rules.ruleset.ruleset_for`), so a map
    that loads is a map :meth:`Game.new` plays. Raises :class:`~nsb_widget.errors.MapError`
    listing every problem with its place (``ruleset: unknown ruleset 'Berlin' ...``).
    :func:`nsb_widget.maps.load_map` checks the file alone."""
    game_map = maps.load_map(source)
    ruleset_for(game_map)
    return game_map


def _path(path: object, verb: str) -> str | Path:
    """``path`` if it names a file (text or ``os.PathLike``), else :class:`ArgumentError`."""
    if isinstance(path, str):
        return path
    if isinstance(path, os.PathLike):
        try:
            return Path(path)
        except TypeError:  # a bytes path
            pass
    raise ArgumentError(f"{verb} a path (text or os.PathLike), not {quote(path)}")
