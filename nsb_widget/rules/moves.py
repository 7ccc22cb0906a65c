"""Moves and the actions that make up a game's history (the same for every ruleset)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import NotationError, quote

#: Longest text accepted as a move or a card: anything longer is refused before parsing.
MAX_NOTATION = 64

# No nested or adjacent quantifiers over the same characters: the match time is linear.
_MOVE = re.compile(
    r"\s*(?:([a-z]+)\s+)?([a-z])\s*(\d{1,2})(?:\s*-\s*|\s+)([a-z])\s*(\d{1,2})\s*", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class Move:
    """One section drawn for a line, from a station of the line to a new station.

    ``str(move)`` is the notation: ``"bear C4-D5"`` where a round has several lines (Berlin),
    ``"F4-G5"`` where it has one (London).
    """

    line: str | None
    """The line the section is drawn for (``None`` where a round has a single line)."""
    origin: str
    """Label of the station the section starts from (an end of the line, or with a switch
    any station of it)."""
    target: str
    """Label of the station the section leads to."""

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.origin}-{self.target}"
        return f"{self.line} {self.origin}-{self.target}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: str | Move, line: str | None = None) -> Move:
        """Read ``"bear C4-D5"``, ``"bear c4 d5"`` or ``"F4-G5"``. ``line`` supplies a missing
        line word. The line word is not checked here: the game's ruleset checks it.

        Raises :class:`~nsb_widget.errors.NotationError` saying what was expected.

        >>> Move.parse("bear c4 d5")
        Move('bear C4-D5')
        >>> Move.parse("F4-G5").line is None, str(Move.parse("C4-D5", line="crown"))
        (True, 'crown C4-D5')
        """
        if isinstance(text, Move):
            return text
        word, origin, target = split_move(text)
        chosen = word if word is not None else line
        return cls(None if chosen is None else str(chosen).lower(), origin, target)


def split_move(text: object) -> tuple[str | None, str, str]:
    """The parts of a move's text: line word (``None`` when left out, lower case), origin and
    target labels."""
    if not isinstance(text, str):
        raise NotationError(f"a move must be text like 'C4-D5', not {type(text).__name__}")
    text = str.__str__(text)  # plain text: a subclass's own methods are not used
    if len(text) > MAX_NOTATION:
        raise NotationError(f"a move is a few characters like 'C4-D5', not {len(text)}")
    m = _MOVE.fullmatch(text)
    if not m:
        raise NotationError(f"cannot read move {quote(text)}: write it like 'C4-D5'")
    word, c1, r1, c2, r2 = m.groups()
    return (word.lower() if word else None), f"{c1.upper()}{int(r1)}", f"{c2.upper()}{int(r2)}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the cards taken off the stack in one reveal step, in order.

    Usually one card; a switch brings the card that sets its symbol; in Berlin's "Glimpse into
    the future" round the next turn's card is also taken (shown as a preview).
    """

    cards: tuple[Any, ...]

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


@dataclass(frozen=True, slots=True)
class UsePower:
    """A player uses the power of the pencil they hold (London's pencil powers)."""

    player: int
    power: str
    """The power's id, e.g. ``"joker"``."""
    station: str | None = None
    """The station it applies to, for powers that name one (``"circle"``)."""

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-ready dict (save files)."""
        doc: dict[str, Any] = {"type": "power", "player": self.player, "power": self.power}
        if self.station is not None:
            doc["station"] = self.station
        return doc

    def __str__(self) -> str:
        where = f" {self.station}" if self.station else ""
        return f"player {self.player + 1}: power {self.power}{where}"


Action = Reveal | Draw | Pass | UsePower
