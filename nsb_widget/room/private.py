"""What stays on one person's account, out of the room's folder: a participant's tokens and the
teacher's deal.

Both live under the library's data folder: ``$NSB_WIDGET_HOME`` when set, else
``$XDG_DATA_HOME/nsb_widget``, else ``~/.local/share/nsb_widget``; files are created readable by
their owner only. On a JupyterHub every user has their own, so a participant cannot read the
teacher's deal. On one shared laptop every notebook runs as the same user: the room's folder,
the widgets and the messages still hold no future card, but a participant who goes looking with
code could read the teacher's files (``docs/workshop.md`` says so).

**Tokens.** Joining a room gives a seat and a token; the seat's file keeps only a hash of it.
The token is remembered for the notebook that joined (Jupyter tells a kernel its notebook's
path in ``JPY_SESSION_NAME``), so running ``join(...)`` again after a kernel restart takes the
same seat back, while someone else's notebook typing the same name is refused.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
from pathlib import Path
from typing import Any

from .folder import write_atomic

#: Token letters: no 0/o, 1/l/i, so a token read aloud or from a projector is typed right.
_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"


def data_home() -> Path:
    """The library's private data folder (not created here)."""
    explicit = os.environ.get("NSB_WIDGET_HOME")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "nsb_widget"


def new_token() -> str:
    """A fresh token, like ``"k7m2q-x9t4p"`` (about 50 bits)."""
    letters = "".join(secrets.choice(_ALPHABET) for _ in range(10))
    return f"{letters[:5]}-{letters[5:]}"


def token_hash(room_id: str, token: str) -> str:
    """What a seat's file keeps of its token: a hash that also names the room, so the same
    token means nothing in another room."""
    canonical = "".join(token.lower().split()).replace("-", "")
    return hashlib.sha256(f"nsb-room:{room_id}:{canonical}".encode()).hexdigest()


def session_name() -> str | None:
    """The notebook this kernel runs (``JPY_SESSION_NAME``, set by Jupyter Server), or ``None``
    outside Jupyter."""
    return os.environ.get("JPY_SESSION_NAME") or None


def _private_dir(*parts: str) -> Path:
    path = data_home().joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def _write_private(path: Path, doc: dict[str, Any]) -> None:
    old = os.umask(0o077)
    try:
        write_atomic(path, doc)
    finally:
        os.umask(old)


def _read(path: Path) -> dict[str, Any] | None:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) else None


def _session_file(room_id: str, session: str, key: str) -> Path:
    digest = hashlib.sha256(f"{session}\0{key}".encode()).hexdigest()[:24]
    return data_home() / "seats" / room_id / f"{digest}.json"


def remembered_token(room_id: str, key: str, session: str | None) -> str | None:
    """The token this notebook (``session``) got for the seat ``key`` of room ``room_id``."""
    if session is None or not room_id.isalnum():
        return None
    doc = _read(_session_file(room_id, session, key))
    token = doc.get("token") if doc else None
    return token if isinstance(token, str) else None


def remember_token(room_id: str, key: str, session: str | None, name: str, token: str) -> bool:
    """Keep ``token`` for this notebook; False (and nothing kept) outside a notebook or when
    the data folder cannot be written (the token then has to be typed to rejoin)."""
    if session is None or not room_id.isalnum():
        return False
    try:
        _private_dir("seats", room_id)
        _write_private(_session_file(room_id, session, key),
                       {"room": room_id, "session": session, "name": name, "token": token})
    except OSError:
        return False
    return True


def deal_file(room_id: str) -> Path:
    """Where the teacher's deal of room ``room_id`` is kept by default."""
    return data_home() / "deals" / f"{room_id}.json"


def keep_deal(path: Path, doc: dict[str, Any]) -> None:
    """Write the teacher's deal (readable by the teacher's account only)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    _write_private(path, doc)


def read_deal(path: Path) -> dict[str, Any] | None:
    """The teacher's deal kept at ``path``, or ``None`` when there is none (or it is not JSON)."""
    return _read(path)
