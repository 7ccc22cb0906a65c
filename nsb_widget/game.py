"""The :class:`Game` users hold: the rules driver plus files, pictures and the widget.

The layers point one way: maps and scoring below the rules, the rulesets on the rules, files
(:mod:`nsb_widget.io`) and pictures (:mod:`nsb_widget.rendering`) on top of both, and this
class on top of everything, so nothing below imports it back.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .errors import ArgumentError, quote
from .io.savefile import game_from_json, game_to_json, load_game, save_game
from .rules.game import Game as RulesGame


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
        :class:`~nsb_widget.errors.SaveFileError` naming each problem (in English)."""
        game = game_from_json(doc, cls=cls, language=language)
        assert isinstance(game, Game)
        return game

    def save(self, path: str | Path) -> None:
        """Write the game to a JSON file."""
        if not isinstance(path, (str, os.PathLike)):
            raise ArgumentError(f"save to a path (text or os.PathLike), not {quote(path)}")
        save_game(self, path)

    @classmethod
    def load(cls, path: str | Path, language: str | None = None) -> Game:
        """Read a game written by :meth:`save`, shown in ``language`` (as for :meth:`Game.new`)."""
        game = load_game(path, cls, language)
        assert isinstance(game, Game)
        return game

    def svg(self, player: int = 0, **options: Any) -> str:
        """The player's sheet as an SVG document."""
        from .rendering.svg import render_game

        return render_game(self, self._check_player(player), **options)

    def _repr_svg_(self) -> str:
        return self.svg(0)

    def widget(self, player: int = 0, **options: Any) -> Any:
        """A Jupyter widget to play this game by clicking (needs anywidget)."""
        from .widget import BerlinWidget

        return BerlinWidget(self, player=player, **options)
