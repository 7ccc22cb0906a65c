"""Every error the library raises on purpose.

All of them derive from :class:`NsbError`, so ``except NsbError`` catches a user's mistake
without hiding a bug. Each message says what went wrong and why, in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules.moves import Move
    from .rules.reasons import Illegality, Reason


class NsbError(Exception):
    """Base class of the errors raised by nsb_widget."""


@dataclass(frozen=True)
class Problem:
    """One problem found in a file, with where it is."""

    where: str
    """Location in the file, e.g. ``"stations[12] (C4)"`` or ``"district_grid row 3"``."""
    message: str
    """What is wrong, in words."""

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


class FileFormatError(NsbError, ValueError):
    """A file (map or saved game) that cannot be used; lists every problem found."""

    kind = "file"

    def __init__(self, source: str, problems: list[Problem]) -> None:
        self.source = source
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        count = len(self.problems)
        plural = "s" if count != 1 else ""
        super().__init__(f"invalid {self.kind} {source}: {count} problem{plural}\n{lines}")


class MapError(FileFormatError):
    """A map file that fails validation."""

    kind = "map"


class SaveFileError(FileFormatError):
    """A saved game that cannot be loaded."""

    kind = "saved game"


class IllegalMoveError(NsbError, ValueError):
    """A move that the rules forbid. The game is left exactly as it was.

    ``reason`` is a :class:`~nsb_widget.rules.reasons.Reason` for code; ``str(error)`` is a
    sentence naming the player, the move and the reason.
    """

    def __init__(self, player: int, move: Move | str, illegality: Illegality) -> None:
        self.player = player
        self.move = move
        self.illegality = illegality
        self.reason: Reason = illegality.reason
        super().__init__(f"player {player + 1}: {move} is illegal: {illegality.message}")


class NotationError(NsbError, ValueError):
    """Text that does not read as a move or a card (e.g. ``"bear C4-"``)."""


class PhaseError(NsbError, RuntimeError):
    """An action asked for at the wrong moment (e.g. revealing before everyone has drawn)."""
