"""Intents sent by the front end, validated before they reach the game.

The front end is not trusted: every message is checked for size, type and fields, and turned
into a small immutable value, or rejected with :class:`IntentError` saying what is wrong (in
the language of the :class:`~nsb_widget.i18n.Translator` given, English by default).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import NsbError
from ..i18n import Translator, translator

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


def _english() -> Translator:
    return translator("en", "widget")


def _int(content: dict[str, Any], key: str, low: int, high: int, optional: bool = False,
         t: Translator | None = None) -> Any:
    t = t or _english()
    value = content.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise IntentError(t("'{key}' must be an integer, got {value}", key=key,
                            value=_describe(value, t)))
    if not low <= value <= high:
        raise IntentError(t("'{key}' must be between {low} and {high}, got {value}", key=key,
                            low=low, high=high, value=_describe(value, t)))
    return value


def _describe(value: object, t: Translator | None = None) -> str:
    """A short repr of ``value`` (at most 40 characters; also for huge integers)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return (t or _english())("an integer of about {digits} digits",
                                 digits=int(value.bit_length() * 0.30103))
    try:
        text = repr(value)
    except Exception:  # e.g. a repr that recurses too deep
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


def _size(content: object, t: Translator) -> int:
    """The message's size as JSON, or :class:`IntentError` when it cannot be written as JSON
    (nested too deep, an integer too long to print, a cycle)."""
    try:
        return len(json.dumps(content, default=str))
    except (ValueError, TypeError, RecursionError) as exc:
        raise IntentError(t("the message cannot be read: {error}",
                            error=type(exc).__name__)) from None


def parse_intent(content: object, stations: int, players: int, shown_player: int = 0,
                 lines: tuple[str, ...] = ("bear", "crown"),
                 t: Translator | None = None) -> Intent:
    """Check a front-end message and return the intent it asks for.

    A message may name its ``player``; it must then be the player this view plays for. ``t``
    (the widget's :class:`~nsb_widget.i18n.Translator`) is the language of the errors.
    """
    t = t or _english()
    if not isinstance(content, dict):
        raise IntentError(t("a message must be an object, got {type}",
                            type=type(content).__name__))
    kind = content.get("type")
    if "player" in content and kind != "select_player":
        claimed = _int(content, "player", 0, players - 1, t=t)
        if claimed != shown_player:
            raise IntentError(t("this view plays for player {shown}, not player {claimed}",
                                shown=shown_player + 1, claimed=claimed + 1))
    if kind == "export_result":
        data = content.get("data")
        fmt = content.get("format")
        error = content.get("error")
        if fmt not in ("svg", "png") or not isinstance(data, str):
            raise IntentError(t("export_result needs 'format' (svg or png) and 'data' (text)"))
        if error is not None and not isinstance(error, str):
            raise IntentError(t("export_result 'error' must be text"))
        if len(data) > MAX_EXPORT_BYTES:
            raise IntentError(t("export_result is too large"))
        return ExportResultIntent(_int(content, "id", 0, 2**31, t=t), fmt, data,
                                  (error or "")[:500] or None)
    size = _size(content, t)
    if size > MAX_MESSAGE_BYTES:
        raise IntentError(t("message too large ({size} bytes; the limit is {limit})",
                            size=size, limit=MAX_MESSAGE_BYTES))
    if not isinstance(kind, str):
        raise IntentError(t("a message needs a 'type'"))
    if kind in _SIMPLE:
        return _SIMPLE[kind]()
    if kind == "draw":
        line = content.get("line")
        if line is not None and line not in lines:
            names = ", ".join(f"'{name}'" for name in lines)
            raise IntentError(t("'line' must be {names} or null, got {value}", names=names,
                                value=_describe(line, t)))
        return DrawIntent(
            target=_int(content, "target", 0, stations - 1, t=t),
            origin=_int(content, "origin", 0, stations - 1, optional=True, t=t),
            line=line,
        )
    if kind == "select_player":
        return SelectPlayerIntent(_int(content, "player", 0, players - 1, t=t))
    if kind == "hint":
        return HintIntent(_int(content, "version", 0, 2**53, optional=True, t=t))
    if kind == "power":
        power = content.get("power")
        if not isinstance(power, str) or not power or len(power) > MAX_POWER_ID:
            raise IntentError(t("'power' must be a power's name, got {value}",
                                value=_describe(power, t)))
        return PowerIntent(power, _int(content, "station", 0, stations - 1, optional=True, t=t))
    raise IntentError(t("unknown message type {value}", value=_describe(kind, t)))
