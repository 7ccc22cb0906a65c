"""The room's folder on disk: where each file lives, writing them atomically, reading them back.

A room is a folder that every participant's kernel can read and write (a shared folder on a
JupyterHub, or any folder of one Jupyter server)::

    room.json          the room: its name, city, modules, language and what the table can see
                       (pencil order, effects, objectives, powers); written once, by the teacher,
                       made in one step as the claim of the folder (two notebooks creating a
                       room there at the same moment make one)
    table.json         the cards turned over so far (written by the teacher after each reveal),
                       with a sequence number that every write moves on
    seats/<key>.json   one participant's hand-in: their name, a hash of their token and every
                       action of their game (written by that participant after each action)
    seats/.look-<h>    claims the look of a name (its lookalike-folded key), so that two
                       names that look alike cannot both join, even at the same instant
    ended/<key>.json   once the teacher has ended the game: each placed participant's
                       hand-in as it was then (the games the final places count)
    .table.lock        held by a teacher's kernel while it checks and writes table.json

Nothing secret is ever written here: the deal of a room dealt by the teacher stays in the
teacher's kernel (and the teacher's private store, :mod:`nsb_widget.room.private`).

Every write goes to a temporary file in the same folder, then replaces the target in one step
(``os.replace``), so a reader sees the old file or the new one, never half of one. A new seat is
claimed with ``os.link``, which fails when the name is taken: two participants who join with
the same name at the same moment cannot both get it. Each seat file has one writer, so no write
can undo another's. ``table.json`` could have two (the teacher's notebook open twice, or a
restarted kernel beside a stale one): each write holds the lock file (:func:`locked`, made with
``O_CREAT | O_EXCL``, broken when its holder died) while it checks that the table on disk is
still the one the kernel knows, so a kernel that is behind writes nothing.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import secrets
import socket
import stat
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..errors import Problem, RoomError, RoomFileError
from ..i18n import Translator
from ..jsonfile import parse_bytes, short, version_problem

ROOM_FILE = "room.json"
TABLE_FILE = "table.json"
SEATS_DIR = "seats"
ENDED_DIR = "ended"
LOCK_FILE = ".table.lock"
#: A seat's file name: its key (:func:`nsb_widget.room.names.name_key`, 24 hex digits) and
#: ``.json``. Any other name in ``seats/`` is nobody's seat, and is not read.
SEAT_NAME = re.compile(r"[0-9a-f]{24}\.json")
#: The ``format`` of each file, and the version this library writes and reads.
ROOM_FORMAT = "nsb-room"
TABLE_FORMAT = "nsb-room-table"
SEAT_FORMAT = "nsb-room-seat"
LOOK_FORMAT = "nsb-room-look"
VERSION = 1
#: The largest room file read (a seat of a whole game is about 5 KB).
MAX_ROOM_FILE_BYTES = 200_000
#: A lock file seen unchanged for this long (seconds) is left over by a kernel that died while
#: holding it, and is broken: the work it guards (reading and writing ``table.json``) takes a
#: few milliseconds. A lock of a process that is gone (same machine) is broken at once.
LOCK_STALE_SECONDS = 10.0
#: The longest a writer waits for the lock (seconds), stale locks broken included.
LOCK_WAIT_SECONDS = 30.0


def room_error(t: Translator, doing: str, path: Path, exc: OSError) -> RoomError:
    """A :class:`RoomError` for a failed file operation: what was being done, where, and why in
    words a teacher can act on (``doing`` is already in ``t``'s language)."""
    code = exc.errno
    if isinstance(exc, LockBusy):
        why = t("another kernel holds the room's lock file {name} and has not let it go: try "
                "again in a moment", name=LOCK_FILE)
    elif isinstance(exc, LockNotAFile):
        why = t("the room's lock file {name} is not a regular file (a folder, a pipe or a "
                "link, which no kernel makes): remove it from the room's folder",
                name=LOCK_FILE)
    elif isinstance(exc, NotOwned):
        name = _shown_name(exc.filename, path)
        if exc.folder:
            why = t("the folder belongs to another account (user id {uid}), which may "
                    "replace or remove any file in it (the sticky bit keeps out everyone but "
                    "the folder's owner): create the room in a new folder inside it, which "
                    "the room's creation makes", uid=exc.uid)
        else:
            why = t("{name} was made by another account (user id {uid}), which could then "
                    "replace the files in it: it must be the teacher's. Remove {name} (its "
                    "owner or the folder's owner can), or create the room in a new folder",
                    name=name, uid=exc.uid)
    elif isinstance(exc, NotAFile):
        name = _shown_name(exc.filename, path)
        if exc.link:
            why = t("{name} is a symbolic link, which a room's file never is (it is not "
                    "followed): the teacher should remove it from the room's folder", name=name)
        else:
            why = t("{name} is not a regular file but a folder, a pipe or a device, which a "
                    "room's file never is: the teacher should remove it from the room's "
                    "folder", name=name)
    elif code == errno.ENOENT:
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


def _shown_name(filename: object, folder: Path) -> str:
    """The file ``filename`` as a room's error names it: its path inside ``folder``
    (``seats/<key>.json``), else its own name."""
    if not isinstance(filename, str | os.PathLike):
        return "?"
    try:
        return Path(filename).relative_to(folder).as_posix()
    except ValueError:
        return Path(filename).name


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
        # A file system without hard links: O_EXCL still claims the name in one step
        # (writable by its writer alone, as every room file, whatever the umask).
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            with open(fd, "w", encoding="utf-8") as handle:
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


class LockBusy(OSError):
    """The lock file stayed held by a live kernel for longer than the writer would wait."""


@contextlib.contextmanager
def locked(path: Path, stale: float | None = None,
           wait: float | None = None) -> Iterator[None]:
    """Hold the lock file ``path`` (created with ``O_CREAT | O_EXCL``, which any file system,
    local or shared, makes in one step) for the ``with`` block; another process waits for it.

    A lock is never left behind for ever by a killed process: one whose holder (named in it)
    no longer runs on this machine is broken at once, and any lock seen unchanged for
    ``stale`` seconds (default :data:`LOCK_STALE_SECONDS`) is broken (its holder died on
    another machine, or before writing its name). Raises :class:`LockBusy` after ``wait``
    seconds (default :data:`LOCK_WAIT_SECONDS`), and :class:`OSError` when the lock cannot be
    made (a folder that cannot be written).

    (Two writers that find one stale lock at the same instant could both break it, the later
    one breaking the fresh lock of the other: a window of microseconds, open only after a
    kernel died holding the lock.)"""
    mine = _take_lock(path, LOCK_STALE_SECONDS if stale is None else stale,
                      LOCK_WAIT_SECONDS if wait is None else wait)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            if _lock_text(path) == mine:
                os.unlink(path)


def _take_lock(path: Path, stale: float, wait: float) -> str:
    """Create the lock file ``path`` holding a text of this process's own, waiting (and
    breaking a stale lock) as :func:`locked` says; returns that text."""
    mine = json.dumps({"pid": os.getpid(), "host": socket.gethostname(),
                       "nonce": secrets.token_hex(8), "time": time.time()})
    start = time.monotonic()
    seen, since = None, start
    pause = 0.002
    while True:
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            pass
        else:
            try:
                with open(fd, "w", encoding="utf-8") as handle:
                    handle.write(mine)
            except BaseException:  # (a full disk): leave no lock that names nobody
                _remove(str(path))
                raise
            return mine
        now = time.monotonic()
        try:
            text = _lock_text(path)
        except NotAFile as exc:  # (a pipe would block a reader for ever; a link, never read)
            _break_not_a_lock(path, exc)
            continue
        if text != seen:  # a new holder (or none): its time starts now
            seen, since = text, now
        if text is not None and (now - since >= stale or _holder_gone(text)):
            with contextlib.suppress(OSError):
                if _lock_text(path) == text:  # (not a fresh lock taken meanwhile)
                    os.unlink(path)
            continue
        if now - start >= wait:
            raise LockBusy(errno.EAGAIN, f"another kernel has held the lock file for "
                                         f"{now - since:.0f} s", str(path))
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def _lock_text(path: Path) -> str | None:
    """The lock file's text, ``None`` when there is none (or it cannot be read). Raises
    :class:`NotAFile` for anything but a regular file (read as :func:`read_bytes` reads: a
    link is never followed, a pipe never waited for)."""
    try:
        data = read_bytes(path)
    except NotAFile:
        raise
    except OSError:
        return None
    return None if data is None else data[:1000].decode("utf-8", errors="replace")


def _break_not_a_lock(path: Path, exc: NotAFile) -> None:
    """Remove ``path``, a lock file that is no lock (no kernel makes a pipe, a device or a
    link there): :class:`LockNotAFile` when it cannot be (a folder, or someone else's)."""
    try:
        if stat.S_ISDIR(os.lstat(path).st_mode):
            raise IsADirectoryError(errno.EISDIR, "a folder", str(path))
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError:
        raise LockNotAFile(path, exc.link) from None


def _holder_gone(text: str) -> bool:
    """True when the lock ``text`` names a process of this machine that no longer runs (only
    where that can be asked without harm: on Windows ``os.kill`` would stop the process)."""
    if os.name != "posix":
        return False
    try:
        holder = json.loads(text)
        pid, host = holder["pid"], holder["host"]
    except (ValueError, TypeError, KeyError):
        return False  # being written, or not ours: the timeout decides
    if host != socket.gethostname() or not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # someone else's process (permission denied): it runs
        return False
    return False


def _set_mode(path: Path, mode: int) -> None:
    """``chmod`` a folder this account made, keeping its set-group bit (a shared folder's
    group); a folder of someone else's keeps its modes."""
    with contextlib.suppress(OSError):
        os.chmod(path, mode | (os.stat(path).st_mode & stat.S_ISGID))


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


class NotAFile(OSError):
    """A room file that is not a regular file: a pipe, a device, a folder, or a symbolic link
    (never followed: on a hub a participant could point one at a file only the teacher may
    read). Its ``errno`` is ``EINVAL``; :attr:`link` tells a link from the rest."""

    def __init__(self, path: Path, link: bool) -> None:
        super().__init__(errno.EINVAL, "a symbolic link, never followed" if link else
                         "not a regular file (a pipe, a device or a folder)", str(path))
        self.link = link
        """True for a symbolic link."""


class NotOwned(OSError):
    """A folder of the room that the teacher's kernel must own and does not: ``seats/`` or
    ``ended/`` made by another account (who may then replace or delete every file in it),
    or (:attr:`folder` True) the room's folder itself (its owner may replace
    ``table.json``, whatever its modes)."""

    def __init__(self, path: Path, uid: int, folder: bool = False) -> None:
        super().__init__(errno.EPERM, f"made by another account (user id {uid})", str(path))
        self.uid = uid
        """The user id of the folder's owner."""
        self.folder = folder
        """True for the room's folder itself."""


def _private_group(info: os.stat_result) -> bool:
    """True when the group of a file (``info``) is its owner's private group (the group of the
    owner's name that nobody else is in, as most systems give each account): group-writable
    then means writable by the owner alone. False when it cannot be told."""
    try:
        import grp
        import pwd

        owner = pwd.getpwuid(info.st_uid)
        group = grp.getgrgid(info.st_gid)
    except (ImportError, KeyError):
        return False
    return group.gr_name == owner.pw_name and set(group.gr_mem) <= {owner.pw_name}


def _check_own(path: Path) -> None:
    """Raise :class:`NotOwned` when the folder ``path`` (which exists) belongs to another
    account, :class:`NotAFile` when it is a link (never followed) or no folder. Only where
    accounts exist (POSIX)."""
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise NotAFile(path, link=stat.S_ISLNK(info.st_mode))
    if hasattr(os, "geteuid") and not _mine(info, path.parent):
        raise NotOwned(path, info.st_uid)


def _mine(info: os.stat_result, folder: Path) -> bool:
    """True when the file of ``info`` (in ``folder``) has the owner this account's files have
    there: this account's user id, or, on a file system that gives every file an owner of
    its own (an SMB share mounted without ``uid=``, NFS with ``all_squash``: whoever made
    it), the owner of a file made in ``folder`` now. Such a file system keeps no account's
    files from another's, so nothing can be checked there."""
    if info.st_uid == os.geteuid():
        return True
    probe = folder / f".owner.{secrets.token_hex(6)}.tmp"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:  # (a folder this account cannot write in: its own id counts)
        return False
    try:
        return os.fstat(fd).st_uid == info.st_uid
    finally:
        os.close(fd)
        _remove(str(probe))


class LockNotAFile(NotAFile):
    """The room's lock file is not a regular file, and cannot be removed (a folder, or a file
    of someone else's): nothing can turn a card over until it is removed by hand."""


def read_bytes(path: Path) -> bytes | None:
    """The bytes of ``path``, or ``None`` when it does not exist. Opening the file (rather than
    asking for its size and time) also sees a change made by another machine on a network file
    system. A file larger than any room file is cut at :data:`MAX_ROOM_FILE_BYTES` + 1 bytes
    (:func:`parse_doc` refuses it). Anything but a regular file raises :class:`NotAFile` at
    once: a pipe put in a room's folder must not leave a reader waiting for ever, and a
    symbolic link is never followed (``O_NOFOLLOW``; where the system has none, the path is
    checked first), so that a link put in ``seats/`` shows nothing of the file it names."""
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    try:
        if not nofollow and os.path.islink(path):
            raise NotAFile(path, link=True)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | nofollow)
    except FileNotFoundError:
        return None
    except OSError as exc:
        # (Linux and macOS say ELOOP for a link under O_NOFOLLOW, FreeBSD EMLINK.)
        if exc.errno in (errno.ELOOP, errno.EMLINK) and os.path.islink(path):
            raise NotAFile(path, link=True) from None
        raise
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except BaseException:
        os.close(fd)
        raise
    if not regular:  # (before open(): Python refuses a folder's descriptor with its own error)
        os.close(fd)
        raise NotAFile(path, link=False)
    with open(fd, "rb") as handle:
        return handle.read(MAX_ROOM_FILE_BYTES + 1)


def folder_now(folder: Path) -> float:
    """The time now by the clock of the file system holding ``folder``: the time stamped on a
    file written there now (a probe, removed at once). This kernel's clock when no file can
    be written there (a folder this account may only read, which it cannot take over
    anyway)."""
    probe = folder / f".clock-{secrets.token_hex(8)}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(probe, flags, 0o600)
    except OSError:
        return time.time()
    try:
        os.write(fd, b"0")  # (a write: the file system stamps the time now, by its clock)
        return os.fstat(fd).st_mtime
    except OSError:
        return time.time()
    finally:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(probe)


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
        self.check()
        self.seats.mkdir(exist_ok=True)
        self.ended.mkdir(exist_ok=True)  # (now: made later, someone else could make it first)
        self.check()
        shared = stat.S_IMODE(os.stat(self.path if existed else self.path.parent).st_mode)
        readable = shared & 0o555
        _set_mode(self.path, 0o700 | readable | stat.S_ISVTX)
        _set_mode(self.seats, 0o700 | readable | (shared & 0o022) | stat.S_ISVTX)
        _set_mode(self.ended, 0o700 | readable)

    def parent_is_open(self) -> bool:
        """True when the folder that holds the room lets other accounts rename or replace the
        room's folder: others may write in it and it has no sticky bit (a group-writable shared
        folder on a JupyterHub, say; ``/tmp`` has the bit). Never raises (``False`` when it
        cannot be told)."""
        try:
            info = os.stat(self.path.resolve().parent)
        except (OSError, RuntimeError):
            return False
        if info.st_mode & stat.S_ISVTX:
            return False
        return bool(info.st_mode & 0o002) or (bool(info.st_mode & 0o020)
                                               and not _private_group(info))

    def check(self) -> None:
        """Refuse a folder in which the participants could replace what the teacher's kernel
        writes (when everyone is their own user, as on a JupyterHub): ``seats/`` or
        ``ended/`` made by another account (a participant who made ``ended/`` before the
        teacher could swap the games kept there), or a room's folder of another account (a
        participant who made the folder the teacher named, before the teacher, may replace
        ``table.json`` and ``ended/`` in it: the sticky bit keeps out everyone but the
        folder's owner; and in a folder others may write in, they could put a lock file
        there that the teacher's kernel cannot remove). Raises :class:`NotOwned` (or
        :class:`NotAFile` for a link or a file where a folder should be); the modes of a
        folder this account owns are put right by :meth:`make`, not here. On a file system
        that gives every file an owner of its own, a folder of that owner counts as this
        account's (:func:`_mine`)."""
        if not hasattr(os, "geteuid"):
            return
        info = os.stat(self.path)
        if not _mine(info, self.path):
            raise NotOwned(self.path, info.st_uid, folder=True)
        for sub in (self.seats, self.ended):
            if os.path.lexists(sub):
                _check_own(sub)

    @property
    def lock_file(self) -> Path:
        """The lock held while ``table.json`` is checked and written (:func:`locked`)."""
        return self.path / LOCK_FILE

    @property
    def ended(self) -> Path:
        """The folder of the games the final places count, once the teacher ended the game."""
        return self.path / ENDED_DIR

    def make_ended(self) -> None:
        """Create :attr:`ended` (when it does not exist: a room made by an older version) as
        the room's folder is made: the teacher alone writes in it, whatever the umask (a hub's
        002), readable as the room's folder is. Raises :class:`NotOwned` when another account
        made it (and could swap the games kept there)."""
        self.ended.mkdir(exist_ok=True)
        _check_own(self.ended)
        _set_mode(self.ended, stat.S_IMODE(os.stat(self.path).st_mode) & 0o755)

    def ended_file(self, key: str) -> Path:
        """The hand-in of participant ``key`` as it was when the teacher ended the game."""
        return self.ended / f"{key}.json"

    def look_file(self, look: str) -> Path:
        """The claim of the look of a name (``look`` is
        :func:`nsb_widget.room.names.look_key`'s folding; the file's name is a hash of it)."""
        digest = hashlib.sha256(look.encode("utf-8")).hexdigest()[:24]
        return self.seats / f".look-{digest}.json"

    @property
    def seats(self) -> Path:
        """The folder of the participants' hand-ins."""
        return self.path / SEATS_DIR

    def seat_file(self, key: str) -> Path:
        """The hand-in of the participant whose name has ``key``
        (:func:`nsb_widget.room.names.name_key`)."""
        return self.seats / f"{key}.json"

    def seat_files(self) -> list[Path]:
        """Every file in ``seats/`` named as a seat is (:meth:`seat_names`), sorted."""
        seats = self.seats
        return [seats / name for name in self.seat_names()]

    def seat_names(self) -> list[str]:
        """The names of the files in ``seats/`` named as a seat is (:data:`SEAT_NAME`),
        sorted: a file of any other name (a temporary file, a name claim, a file put there by
        hand) is nobody's seat, and thousands of them cost no reading."""
        try:
            names = os.listdir(self.seats)
        except FileNotFoundError:
            return []
        return sorted(n for n in names if SEAT_NAME.fullmatch(n))
