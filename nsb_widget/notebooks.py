"""The notebook that ``nsb-widget play`` opens (also committed as examples/play_berlin.ipynb)."""

from __future__ import annotations

from typing import Any

PLAY_CELLS: tuple[tuple[str, str], ...] = (
    ("markdown",
     "# Next Station: Berlin\n"
     "\n"
     "A solo game on the Berlin sheet. **Reveal next card**, then click an end of your line\n"
     "and one of the highlighted stations (one click is enough when only one end reaches it).\n"
     "Click any other station to hear why it cannot be reached. Keys: `r` reveal, `p` pass,\n"
     "`u` undo, `o` teaching overlay, arrows/Tab + Enter to draw, Esc to cancel."),
    ("code",
     "from nsb_widget import Game\n"
     "\n"
     "game = Game.new(players=1)  # Game.new(seed=7) replays the same cards\n"
     "widget = game.widget()\n"
     "widget"),
    ("markdown",
     "The game is an ordinary Python object: moves played from a cell show up on the map.\n"
     "Try `game.legal_moves()`, `game.play(game.legal_moves()[0])`, `game.score_sheet()`."),
    ("code", ""),
)


def notebook(cells: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """An nbformat 4 notebook with a Python 3 kernelspec."""
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
        "cells": [
            {"cell_type": kind, "id": f"cell-{i}", "metadata": {}, "source": source,
             **({"outputs": [], "execution_count": None} if kind == "code" else {})}
            for i, (kind, source) in enumerate(cells)
        ],
    }


def play_notebook() -> dict[str, Any]:
    """The solo-game notebook."""
    return notebook(PLAY_CELLS)
