"""Reading a JSON file whose every failure becomes a :class:`FileFormatError` with its place,
and quoting untrusted values briefly in messages."""

from __future__ import annotations

import json
import math
from itertools import islice
from pathlib import Path
from typing import Any

from .errors import FileFormatError, Problem

#: The largest file :func:`read_json` reads (maps and saved games are a few hundred KB at most).
MAX_FILE_BYTES = 5_000_000
#: The deepest nesting of arrays and objects a document may have.
MAX_DEPTH = 64
#: The most digits an integer in a document may have.
MAX_INT_DIGITS = 100
#: The most arrays and objects a document may hold (a saved game holds a few hundred).
MAX_CONTAINERS = 50_000
SHAPE_MESSAGE = (f"nests arrays and objects more than {MAX_DEPTH} deep, or holds more than "
                 f"{MAX_CONTAINERS:,} of them")
#: How many characters of an untrusted value a message quotes.
QUOTE_CHARS = 40


class _Refused(Exception):
    """A value the JSON parser met that no map or saved game may hold."""


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"an integer of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {short(text)} is too large")
    return value


def _parse_constant(text: str) -> float:
    raise _Refused(f"{text} is not a number JSON allows")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the document; a key given twice is refused (JSON would keep the last one
    silently, so an edited file could say two things and be read as one)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {short(key)} twice in one object")
            seen.add(key)
    return obj


def read_json(path: str | Path, error: type[FileFormatError]) -> object:
    """The parsed document of ``path``; raises ``error`` when the file cannot be read, is
    larger than :data:`MAX_FILE_BYTES`, is not UTF-8 text, is not JSON (with the line and
    column), nests deeper than :data:`MAX_DEPTH`, holds a number no file needs (more than
    :data:`MAX_INT_DIGITS` digits, too large for a float, ``NaN``, ``Infinity``) or an object
    with a key given twice."""
    name = str(path)
    try:
        with Path(path).open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise error(name, [Problem("file", f"cannot be read: {exc.strerror or exc}")]) from None
    return parse_bytes(data, name, error)


def parse_bytes(data: bytes, name: str, error: type[FileFormatError],
                limit: int = MAX_FILE_BYTES, what: str = "a map or saved game") -> object:
    """The document in the bytes of a file, refused as :func:`read_json` does; ``limit`` is
    the largest size, ``what`` names the files it is about."""
    if len(data) > limit:
        size = (f"{limit // 1_000_000} MB" if limit % 1_000_000 == 0 else f"{limit:,} bytes")
        raise error(name, [Problem("file", f"is larger than {size}; {what} is far smaller")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise error(name, [Problem("file", "is not UTF-8 text")]) from None
    return parse_json(text, name, error)


def parse_json(text: str, name: str, error: type[FileFormatError]) -> object:
    """The document in ``text``, with the refusals of :func:`read_json`."""
    try:
        doc = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                         parse_constant=_parse_constant, object_pairs_hook=_object)
    except RecursionError:
        raise error(name, [Problem("document", SHAPE_MESSAGE)]) from None
    except json.JSONDecodeError as exc:
        raise error(
            name, [Problem(f"line {exc.lineno}, column {exc.colno}", f"not JSON: {exc.msg}")]
        ) from None
    except _Refused as exc:
        raise error(name, [Problem("document", f"holds {exc}")]) from None
    except (ValueError, OverflowError) as exc:  # pragma: no cover - safety net
        raise error(name, [Problem("document", f"cannot be read: {type(exc).__name__}")]) from None
    problem = shape_problem(doc)
    if problem is not None:
        raise error(name, [problem])
    return doc


def shape_problem(doc: object) -> Problem | None:
    """The problem with a document nested too deeply or holding too many arrays and objects
    (see :func:`nesting_depth`), or ``None``."""
    return Problem("document", SHAPE_MESSAGE) if nesting_depth(doc) > MAX_DEPTH else None


def nesting_depth(value: object, limit: int = MAX_DEPTH) -> int:
    """How deeply lists, tuples and dicts nest in ``value`` (iterative; stops past ``limit``).

    A value holding more than :data:`MAX_CONTAINERS` lists and objects counts as nested
    past ``limit`` too: no map or saved game has that many, and walking them costs time."""
    if not isinstance(value, list | tuple | dict):
        return 0
    deepest = 0
    budget = MAX_CONTAINERS
    stack: list[tuple[Any, int]] = [(value, 1)]
    containers = (list, tuple, dict)
    while stack:
        item, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return deepest
        children = item.values() if isinstance(item, dict) else item
        kinds = set(map(type, children))  # fast for the long flat lists of a hostile file
        if any(issubclass(k, containers) for k in kinds):
            inner = islice((c for c in children if isinstance(c, containers)), budget + 1)
            before = len(stack)
            stack.extend((c, depth + 1) for c in inner)
            budget -= len(stack) - before
            if budget < 0:
                return limit + 1
    return deepest


def version_problem(found: object, version: int, what: str) -> Problem | None:
    """The problem with a document's ``version`` field when it is not ``version`` (``None``
    when it is): a larger integer was written by a newer nsb_widget, which ``what`` names
    (``"the game was saved"``), so the message says to update; anything else must be
    ``version``."""
    if found == version:
        return None
    if isinstance(found, int) and not isinstance(found, bool) and found > version:
        return Problem("version", f"is {short(found)}: {what} by a newer nsb_widget (this one "
                                  f"reads version {version}); update nsb_widget to read it")
    return Problem("version", f"must be {version}, found {short(found)}")


def short(value: object, chars: int = QUOTE_CHARS) -> str:
    """``repr(value)`` for a message, quoting at most ``chars`` characters of a long value
    (then ``…``); safe for any value (huge integers, deep nesting, a ``repr`` that raises)."""
    if isinstance(value, str):
        value = str.__str__(value)  # plain text: a subclass's len, slicing or repr are not used
        return repr(value) if len(value) <= chars else repr(value[:chars]) + "…"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of {value.bit_length()} bits"
    if isinstance(value, list | tuple | dict) and (
        len(value) > chars or nesting_depth(value, 4) > 4
    ):
        kind = type(value).__name__
        return f"a {kind} of {len(value)} entries"
    try:
        text = repr(value)
    except Exception:  # a caller's object whose repr fails (or recursion, guarded above)
        return f"a {type(value).__name__}"
    return text if len(text) <= chars + 2 else text[:chars] + "…"
