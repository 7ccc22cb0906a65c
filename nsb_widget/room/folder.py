"""The room's folder on disk: where each file lives, writing them atomically, reading them back.

A room is a folder that every participant's kernel can read and write (a shared folder on a
JupyterHub, or any folder of one Jupyter server)::

    room.json          the room: its name, city, modules, language and what the table can see
                       (pencil order, effects, objectives, powers); written once, by the teacher
    table.json         the cards turned over so far (written by the teacher after each reveal)
    seats/<key>.json   one participant's hand-in: their name, a hash of their token and every
                       action of their game (written by that participant after each action)

Nothing secret is ever written here: the deal of a room dealt by the teacher stays in the
teacher's kernel (and the teacher's private store, :mod:`nsb_widget.room.private`).

Every write goes to a temporary file in the same folder, then replaces the target in one step
(``os.replace``), so a reader sees the old file or the new one, never half of one. A new seat is
claimed with ``os.link``, which fails when the name is taken: two participants who join with
the same name at the same moment cannot both get it. Each file has one writer, so no write can
undo another's.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import Problem, RoomError, RoomFileError
from ..i18n import Translator
from ..jsonfile import parse_bytes, short, version_problem

ROOM_FILE = "room.json"
TABLE_FILE = "table.json"
SEATS_DIR = "seats"
#: The ``format`` of each file, and the version this library writes and reads.
ROOM_FORMAT = "nsb-room"
TABLE_FORMAT = "nsb-room-table"
SEAT_FORMAT = "nsb-room-seat"
VERSION = 1
#: The largest room file read (a seat of a whole game is about 5 KB).
MAX_ROOM_FILE_BYTES = 200_000


def room_error(t: Translator, doing: str, path: Path, exc: OSError) -> RoomError:
    """A :class:`RoomError` for a failed file operation: what was being done, where, and why in
    words a teacher can act on (``doing`` is already in ``t``'s language)."""
    code = exc.errno
    if code == errno.ENOENT:
        why = t("the folder does not exist (check the path the teacher gave)")
    elif code == errno.ENOTDIR:
        why = t("a part of the path is a file, not a folder (check the path the teacher gave)")
    elif code in (errno.EACCES, errno.EPERM):
        why = t("permission denied: the folder must be readable and writable by every "
                "participant")
    elif code == errno.EROFS:
        why = t("the folder is on a read-only file system")
    elif code in (errno.ENOSPC, errno.EDQUOT):
        why = t("the disk (or your quota) is full")
    else:
        why = exc.strerror or type(exc).__name__
    return RoomError(t("{doing} {path}: {why}", doing=doing, path=str(path), why=why))


def write_atomic(path: Path, doc: Mapping[str, Any]) -> None:
    """Write ``doc`` as JSON to ``path`` in one step: readers see the old file or the new one.

    Raises :class:`OSError` (callers turn it into a :class:`RoomError` with :func:`room_error`).
    """
    tmp = _temporary(path, doc)
    try:
        os.replace(tmp, path)
    except BaseException:
        _remove(tmp)
        raise


def create_exclusive(path: Path, doc: Mapping[str, Any]) -> bool:
    """Create ``path`` holding ``doc``, in one step, only if it does not exist yet. Returns False
    (and writes nothing) when it exists: someone else took it first."""
    tmp = _temporary(path, doc)
    try:
        os.link(tmp, path)
        return True
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        # A file system without hard links: O_EXCL still claims the name in one step.
        try:
            with open(path, "x", encoding="utf-8") as handle:
                handle.write(Path(tmp).read_text(encoding="utf-8"))
            return True
        except FileExistsError:
            return False
    finally:
        _remove(tmp)


def _temporary(path: Path, doc: Mapping[str, Any]) -> str:
    """``doc`` written and flushed to a hidden temporary file beside ``path``.

    The file is readable by its writer alone until it is whole: a reveal whose write fails (a
    full disk, a quota) is refused, and nobody watching the folder may have read its card
    meanwhile (nor in a file left behind by a kernel killed while writing). Then it is made
    readable as the umask allows, and writable by its writer alone whatever the umask (002 is
    common on a hub's shared folder): a room file is replaced by its owner, never rewritten in
    place, so nobody else may put a card in ``table.json`` or a move in a hand-in."""
    text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    tmp = str(path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp"))
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with open(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
            if hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), 0o644 & ~_umask())
    except BaseException:
        _remove(tmp)
        raise
    return tmp


def _umask() -> int:
    """This process's umask (Linux tells it; elsewhere it is read by setting it, briefly, to a
    stricter one, so that a file another thread creates meanwhile is never more open)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    old = os.umask(0o077)
    os.umask(old)
    return old


def _set_mode(path: Path, mode: int) -> None:
    """``chmod`` a folder this account made, keeping its set-group bit (a shared folder's
    group); a folder of someone else's keeps its modes."""
    with contextlib.suppress(OSError):
        os.chmod(path, mode | (os.stat(path).st_mode & stat.S_ISGID))


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def read_bytes(path: Path) -> bytes | None:
    """The bytes of ``path``, or ``None`` when it does not exist. Opening the file (rather than
    asking for its size and time) also sees a change made by another machine on a network file
    system. A file larger than any room file is cut at :data:`MAX_ROOM_FILE_BYTES` + 1 bytes
    (:func:`parse_doc` refuses it). Anything but a regular file (a named pipe, a device, a
    folder) raises :class:`OSError` at once: a pipe put in a room's folder must not leave a
    reader waiting for ever."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    with open(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a pipe, a device or a folder)",
                          str(path))
        return handle.read(MAX_ROOM_FILE_BYTES + 1)


def parse_doc(data: bytes, path: Path, kind: str, room_id: str | None = None) -> dict[str, Any]:
    """The JSON object in ``data`` (read from ``path``), checked to be a file of ``kind`` (one of
    the ``*_FORMAT`` names) of this library's :data:`VERSION`, and of room ``room_id`` when
    given. Raises :class:`RoomFileError` naming every problem."""
    name = str(path)
    doc = parse_bytes(data, name, RoomFileError, MAX_ROOM_FILE_BYTES, "a room's file")
    if not isinstance(doc, dict):
        raise RoomFileError(name, [Problem("document", "must be a JSON object")])
    problems = []
    if doc.get("format") != kind:
        problems.append(Problem("format", f"must be {kind!r}, found {short(doc.get('format'))}"))
    version = version_problem(doc.get("version"), VERSION, "the room was made")
    if version is not None:
        problems.append(version)
    if room_id is not None and doc.get("room") != room_id and not problems:
        problems.append(Problem("room", f"belongs to another room ({short(doc.get('room'))}, "
                                        f"not {room_id!r})"))
    if problems:
        raise RoomFileError(name, problems)
    return doc


class RoomFolder:
    """The paths of one room's folder."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        """The folder."""

    @property
    def room_file(self) -> Path:
        """``room.json``: the room's public facts."""
        return self.path / ROOM_FILE

    @property
    def table_file(self) -> Path:
        """``table.json``: the cards turned over so far."""
        return self.path / TABLE_FILE

    def make(self) -> None:
        """Create the folder and its ``seats`` folder (when they do not exist), shared as the
        folder they are in is shared: whoever may write there may take a seat, but only the
        teacher writes the room's own files, and nobody replaces or deletes a file of someone
        else's in ``seats`` (the sticky bit, as on ``/tmp``). The modes matter when everyone is
        their own user (a JupyterHub); a folder this account does not own keeps its modes.
        "The folder they are in" is the room's folder itself when it was there before (a
        shared folder made for the room), else the folder that holds it."""
        existed = self.path.is_dir()
        self.path.mkdir(exist_ok=True)
        self.seats.mkdir(exist_ok=True)
        shared = stat.S_IMODE(os.stat(self.path if existed else self.path.parent).st_mode)
        readable = shared & 0o555
        _set_mode(self.path, 0o700 | readable | stat.S_ISVTX)
        _set_mode(self.seats, 0o700 | readable | (shared & 0o022) | stat.S_ISVTX)

    @property
    def seats(self) -> Path:
        """The folder of the participants' hand-ins."""
        return self.path / SEATS_DIR

    def seat_file(self, key: str) -> Path:
        """The hand-in of the participant whose name has ``key``
        (:func:`nsb_widget.room.names.name_key`)."""
        return self.seats / f"{key}.json"

    def seat_files(self) -> list[Path]:
        """Every hand-in in the folder (temporary files left out), sorted."""
        try:
            names = os.listdir(self.seats)
        except FileNotFoundError:
            return []
        return sorted(self.seats / n for n in names
                      if n.endswith(".json") and not n.startswith("."))
