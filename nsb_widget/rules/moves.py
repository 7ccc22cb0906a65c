"""Moves and the actions that make up a game's history."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import NotationError
from .cards import Card, Line

_MOVE = re.compile(r"^\s*(?:(bear|crown)\s+)?([a-z])\s*(\d{1,2})\s*[-\s]\s*([a-z])\s*(\d{1,2})\s*$",
                   re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Move:
    """One section drawn for a line, from a station of the line to a new station.

    ``str(move)`` is the notation ``"bear C4-D5"`` and :meth:`parse` reads it back.
    """

    line: Line
    """The line the section is drawn for (the card's line symbol, or a Double Switch slot)."""
    origin: str
    """Label of the station the section starts from (an end of the line, or with a Double
    Switch any station of it)."""
    target: str
    """Label of the station the section leads to."""

    def __str__(self) -> str:
        return f"{self.line.value} {self.origin}-{self.target}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: str | Move, line: Line | str | None = None) -> Move:
        """Read ``"bear C4-D5"`` (also ``"bear c4 d5"``). ``line`` supplies a missing line word.

        Raises :class:`~nsb_widget.errors.NotationError` saying what was expected.
        """
        if isinstance(text, Move):
            return text
        word, origin, target = split_move(text)
        chosen = word or (None if line is None else Line(line))
        if chosen is None:
            raise NotationError(f"move {text!r} names no line: write 'bear {origin}-{target}'"
                                f" or 'crown {origin}-{target}'")
        return cls(chosen, origin, target)


def split_move(text: object) -> tuple[Line | None, str, str]:
    """The parts of a move's text: line (``None`` when left out), origin and target labels."""
    if not isinstance(text, str):
        raise NotationError(f"a move must be text like 'bear C4-D5', not {type(text).__name__}")
    m = _MOVE.match(text)
    if not m:
        raise NotationError(f"cannot read move {text!r}: write it like 'bear C4-D5'")
    word, c1, r1, c2, r2 = m.groups()
    line = Line(word.lower()) if word else None
    return line, f"{c1.upper()}{int(r1)}", f"{c2.upper()}{int(r2)}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the cards taken off the stack in one reveal step, in order.

    Usually one card; the Double Switch brings its symbol card; in a "Glimpse into the future"
    round the next turn's card is also taken (shown as a preview).
    """

    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-ready dict (save files)."""
        return {"type": "reveal", "cards": [str(c) for c in self.cards]}

    def __str__(self) -> str:
        return "reveal " + ", ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Draw:
    """A player draws a section."""

    player: int
    move: Move

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-ready dict (save files)."""
        return {"type": "draw", "player": self.player, "move": str(self.move)}

    def __str__(self) -> str:
        return f"player {self.player + 1}: {self.move}"


@dataclass(frozen=True, slots=True)
class Pass:
    """A player ends their turn (drawing nothing more this turn)."""

    player: int

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-ready dict (save files)."""
        return {"type": "pass", "player": self.player}

    def __str__(self) -> str:
        return f"player {self.player + 1}: pass"


Action = Reveal | Draw | Pass
