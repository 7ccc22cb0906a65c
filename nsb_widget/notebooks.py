"""The notebooks that ``nsb-widget play`` opens (also committed as examples/play_berlin.ipynb and
examples/play_london.ipynb)."""

from __future__ import annotations

from typing import Any

from .errors import UnknownNameError, quote

#: What both play notebooks say about the keys: they reach the game only while it has the focus.
KEYS_ADVICE = (
    "**Keys**: click anywhere on the game first, so that it has the keyboard (its toolbar then\n"
    "says *Keys on*). Then `r` reveals, `p` passes, `u` undoes, `h` asks for a hint (a strong\n"
    "move, highlighted, never played for you), `o` shows the teaching overlay; arrows or Tab\n"
    "and Enter draw, Esc cancels. Until you click the game, these letters are JupyterLab's:\n"
    "`r` would turn the selected cell into a Raw cell (press `y` to make it code again).")

PLAY_CELLS: tuple[tuple[str, str], ...] = (
    ("markdown",
     "# Next Station: Berlin\n"
     "\n"
     "A solo game on the Berlin sheet. **Reveal next card**, then click an end of your line\n"
     "and one of the highlighted stations (one click is enough when only one end reaches it).\n"
     "Click any other station to hear why it cannot be reached.\n"
     "\n" + KEYS_ADVICE),
    ("code",
     "from nsb_widget import Game\n"
     "\n"
     "game = Game.new(players=1)  # Game.new(seed=7) replays the same cards\n"
     "widget = game.widget()\n"
     "widget"),
    ("markdown",
     "The game is an ordinary Python object: moves played from a cell show up on the map.\n"
     "Try `game.legal_moves()`, `game.play(game.legal_moves()[0])`, `game.score_sheet()`.\n"
     "**New game** deals again on this same `game` (`widget.game is game` stays true).\n"
     "\n"
     "*Same cards for everyone* (a workshop): the widget shows its seed and the call that\n"
     "deals its cards, e.g. `Game.new(seed=7)`. Put that call in the cell above on every\n"
     "machine and the whole room plays the same game; compare the score sheets at the end.\n"
     "\n"
     "*Against a bot*: `Game.new(players=2).widget(bots={1: \"search\"})`; after each reveal\n"
     "the panel says what the bot drew, and *Sheet of* shows its drawing."),
    ("code", ""),
)


LONDON_CELLS: tuple[tuple[str, str], ...] = (
    ("markdown",
     "# Next Station: London\n"
     "\n"
     "A solo game of the base game on the London sheet. **Reveal next card**, then click an\n"
     "end of your line and one of the highlighted stations (one click is enough when only one\n"
     "end reaches it). The round ends after the 5th pink Underground card.\n"
     "\n" + KEYS_ADVICE),
    ("code",
     "from nsb_widget import Game\n"
     "\n"
     "# Game.new(map=\"london\", seed=7) replays the same cards\n"
     "game = Game.new(map=\"london\", players=1)\n"
     "widget = game.widget()\n"
     "widget"),
    ("markdown",
     "The game is an ordinary Python object: moves played from a cell show up on the map.\n"
     "Try `game.legal_moves()`, `game.play(game.legal_moves()[0])`, `game.score_sheet()`.\n"
     "**New game** deals again on this same `game`.\n"
     "\n"
     "**The advanced game**, once the base game is familiar: add the modules to the call above\n"
     "and run it again.\n"
     "\n"
     "- `modules=[\"powers\"]`: each pencil brings a power, usable once a round: a button\n"
     "  beside *Undo* (the circle: click the button, then a station of your line).\n"
     "- `modules=[\"objectives\"]`: two shared objectives, 10 points each when met.\n"
     "- `modules=[\"objectives\", \"powers\"]`: both.\n"
     "\n"
     "Solo, each module subtracts 10 points from the result before the assessment (the\n"
     "guide's handicap), so compare advanced scores with advanced scores.\n"
     "\n"
     "*Same cards for everyone* (a workshop): the widget shows its seed and the call that\n"
     "deals its cards, e.g. `Game.new(seed=7, map='london')`. Put that call in the cell above\n"
     "on every machine and the whole room plays the same game."),
    ("code", ""),
)
#: The play notebook of each built-in map.
PLAY_NOTEBOOKS: dict[str, tuple[tuple[str, str], ...]] = {
    "berlin": PLAY_CELLS, "london": LONDON_CELLS}


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


def play_notebook(map_name: str = "berlin") -> dict[str, Any]:
    """The solo-game notebook of a built-in map (``"berlin"`` or ``"london"``)."""
    if not isinstance(map_name, str) or str.__str__(map_name) not in PLAY_NOTEBOOKS:
        raise UnknownNameError(f"no play notebook for map {quote(map_name)}; "
                               f"choose {', '.join(PLAY_NOTEBOOKS)}")
    return notebook(PLAY_NOTEBOOKS[str.__str__(map_name)])
