"""Intents sent by the front end, validated before they reach the game.

The front end is not trusted: every message is checked for size, type and fields, and turned
into a small immutable value, or rejected with :class:`IntentError` saying what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import NsbError

MAX_MESSAGE_BYTES = 10_000
MAX_EXPORT_BYTES = 20_000_000


class IntentError(NsbError, ValueError):
    """A message from the front end that is not a valid intent."""


@dataclass(frozen=True)
class RevealIntent:
    """Reveal the next card."""


@dataclass(frozen=True)
class DrawIntent:
    """Draw a section to ``target``; ``origin`` and ``line`` may be left to the engine."""

    target: int
    origin: int | None
    line: str | None


@dataclass(frozen=True)
class PassIntent:
    """Finish the turn without (more) drawing."""


@dataclass(frozen=True)
class UndoIntent:
    """Take back the shown player's last action of this turn."""


@dataclass(frozen=True)
class NewGameIntent:
    """Start a new game with the same settings."""


@dataclass(frozen=True)
class SelectPlayerIntent:
    """Show another player's sheet."""

    player: int


@dataclass(frozen=True)
class PowerIntent:
    """Use the pencil power the shown player holds; ``station`` for a power that names one."""

    power: str
    station: int | None = None


@dataclass(frozen=True)
class HintIntent:
    """Ask for a hint for the shown player. ``version`` is the ``hints.version`` the page
    shows: a request made for a game that has changed since is dropped."""

    version: int | None = None


@dataclass(frozen=True)
class ExportResultIntent:
    """The front end's answer to an export request."""

    id: int
    format: str
    data: str
    error: str | None = None
    """Set when the front end could not make the export."""


Intent = (RevealIntent | DrawIntent | PassIntent | UndoIntent | NewGameIntent
          | SelectPlayerIntent | PowerIntent | HintIntent | ExportResultIntent)
#: Longest power id accepted (the ids are short words like "double").
MAX_POWER_ID = 40
_SIMPLE: dict[str, Callable[[], Intent]] = {
    "reveal": RevealIntent, "pass": PassIntent, "undo": UndoIntent, "new_game": NewGameIntent}


def _int(content: dict[str, Any], key: str, low: int, high: int, optional: bool = False) -> Any:
    value = content.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise IntentError(f"'{key}' must be an integer, got {_describe(value)}")
    if not low <= value <= high:
        raise IntentError(f"'{key}' must be between {low} and {high}, got {_describe(value)}")
    return value


def _describe(value: object) -> str:
    """A short repr of ``value`` (at most 40 characters; also for huge integers)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except Exception:  # e.g. a repr that recurses too deep
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


def _size(content: object) -> int:
    """The message's size as JSON, or :class:`IntentError` when it cannot be written as JSON
    (nested too deep, an integer too long to print, a cycle)."""
    try:
        return len(json.dumps(content, default=str))
    except (ValueError, TypeError, RecursionError) as exc:
        raise IntentError(f"the message cannot be read: {type(exc).__name__}") from None


def parse_intent(content: object, stations: int, players: int, shown_player: int = 0,
                 lines: tuple[str, ...] = ("bear", "crown")) -> Intent:
    """Check a front-end message and return the intent it asks for.

    A message may name its ``player``; it must then be the player this view plays for.
    """
    if not isinstance(content, dict):
        raise IntentError(f"a message must be an object, got {type(content).__name__}")
    kind = content.get("type")
    if "player" in content and kind != "select_player":
        claimed = _int(content, "player", 0, players - 1)
        if claimed != shown_player:
            raise IntentError(f"this view plays for player {shown_player + 1}, "
                              f"not player {claimed + 1}")
    if kind == "export_result":
        data = content.get("data")
        fmt = content.get("format")
        error = content.get("error")
        if fmt not in ("svg", "png") or not isinstance(data, str):
            raise IntentError("export_result needs 'format' (svg or png) and 'data' (text)")
        if error is not None and not isinstance(error, str):
            raise IntentError("export_result 'error' must be text")
        if len(data) > MAX_EXPORT_BYTES:
            raise IntentError("export_result is too large")
        return ExportResultIntent(_int(content, "id", 0, 2**31), fmt, data,
                                  (error or "")[:500] or None)
    size = _size(content)
    if size > MAX_MESSAGE_BYTES:
        raise IntentError(f"message too large ({size} bytes; the limit is {MAX_MESSAGE_BYTES})")
    if not isinstance(kind, str):
        raise IntentError("a message needs a 'type'")
    if kind in _SIMPLE:
        return _SIMPLE[kind]()
    if kind == "draw":
        line = content.get("line")
        if line is not None and line not in lines:
            names = ", ".join(f"'{name}'" for name in lines)
            raise IntentError(f"'line' must be {names} or null, got {_describe(line)}")
        return DrawIntent(
            target=_int(content, "target", 0, stations - 1),
            origin=_int(content, "origin", 0, stations - 1, optional=True),
            line=line,
        )
    if kind == "select_player":
        return SelectPlayerIntent(_int(content, "player", 0, players - 1))
    if kind == "hint":
        return HintIntent(_int(content, "version", 0, 2**53, optional=True))
    if kind == "power":
        power = content.get("power")
        if not isinstance(power, str) or not power or len(power) > MAX_POWER_ID:
            raise IntentError(f"'power' must be a power's name, got {_describe(power)}")
        return PowerIntent(power, _int(content, "station", 0, stations - 1, optional=True))
    raise IntentError(f"unknown message type {_describe(kind)}")
