"""Reading a JSON file whose every failure becomes a :class:`FileFormatError` with its place."""

from __future__ import annotations

import json
from pathlib import Path

from .errors import FileFormatError, Problem


def read_json(path: str | Path, error: type[FileFormatError]) -> object:
    """The parsed document of ``path``; raises ``error`` when the file cannot be read, is not
    UTF-8 text or is not JSON (with the line and column)."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise error(name, [Problem("file", f"cannot be read: {exc.strerror or exc}")]) from None
    except UnicodeDecodeError:
        raise error(name, [Problem("file", "is not UTF-8 text")]) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(
            name, [Problem(f"line {exc.lineno}, column {exc.colno}", f"not JSON: {exc.msg}")]
        ) from None
