"""Whether a folder holds a room, and the room whose creation stopped half-way.

:meth:`Room.create <nsb_widget.room.Room.create>` claims a folder by making its ``room.json`` in
one step, then keeps the deal and writes ``table.json``, the last step. Between the two a
notebook may find a room being created by another at the same moment (:func:`made` waits for
it), or one left by a kernel killed in those milliseconds: a half-made room
(:func:`half_made`), which nothing can take back, so :func:`take_over` clears it for a new one
and :func:`unfinished` says what stands in the way when it cannot.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from pathlib import Path

from ..errors import RoomError, RoomFileError
from ..i18n import Translator
from .folder import RoomFolder, folder_now, read_bytes
from .info import RoomInfo
from .private import deal_file, read_deal

#: How long :meth:`Room.open` waits for a room another notebook is creating in the same
#: folder at the same moment (its room.json made, its table not yet written; seconds).
CREATE_WAIT_SECONDS = 5.0
#: A ``room.json`` this old (seconds) with no ``table.json`` beside it, no seat, and no deal
#: kept for it, was left by a teacher's kernel stopped while creating the room (between
#: claiming the folder and writing its table, milliseconds apart): :meth:`Room.open` and
#: :meth:`Room.create` make the room afresh there. A younger one may be a room another
#: notebook is creating at this moment, and is waited for.
HALF_MADE_SECONDS = 10.0


def deal_path(room_id: str) -> Path:
    """Where this account keeps the deal of the room ``room_id`` by default (its private data
    folder)."""
    return deal_file(room_id)


class RoomTaken(RoomError):
    """:meth:`Room.create` in a folder that holds a room already (made by another notebook
    at the same moment, perhaps)."""


def made(place: RoomFolder, deal: str | os.PathLike[str] | None = None) -> bool:
    """True when ``place`` holds a room; one being created at this moment by another notebook
    (its ``room.json`` made, its ``table.json``, the last step, not yet) is waited for, up to
    :data:`CREATE_WAIT_SECONDS`. False when there is none (or its creation failed, or stopped
    half-way: :func:`half_made`, which :meth:`Room.create` makes afresh)."""
    deadline = time.monotonic() + CREATE_WAIT_SECONDS
    clock = FolderClock(place.path)  # (one probe for the whole wait)
    while os.path.lexists(place.room_file):
        if os.path.lexists(place.table_file):
            return True
        with contextlib.suppress(OSError):
            data = read_bytes(place.room_file)
            if data is not None and half_made(place, data, deal, clock):
                return False
        if time.monotonic() > deadline:
            return True
        time.sleep(0.01)
    return False


def half_made(place: RoomFolder, data: bytes, deal: str | os.PathLike[str] | None,
              clock: FolderClock | None = None) -> bool:
    """True when ``data``, the bytes of ``place``'s ``room.json``, is a room whose creation
    stopped half-way (a kernel killed between claiming the folder and writing the table), so
    that nothing of it can be taken back and a new room may be made there: a dealt room, no
    ``table.json``, nobody seated or ever joining (``seats/`` empty), nothing in ``ended/``,
    no lock,
    no deal kept for it by this account (at ``deal``, else the default place), and a
    ``room.json`` older than :data:`HALF_MADE_SECONDS` by the folder's own clock
    (:func:`room_age`; ``clock``, else measured now); a younger one may be another
    notebook's room being created now. A self-paced room, or one whose deal is kept, is
    taken back as it is (no table yet: no card out)."""
    try:
        info = RoomInfo.from_json(data, str(place.room_file))
    except RoomFileError:
        return False
    if not info.dealt or any(os.path.lexists(p) for p in (place.table_file, place.lock_file)):
        return False
    for sub in (place.seats, place.ended):
        try:
            if os.listdir(sub):
                return False
        except FileNotFoundError:
            pass
        except OSError:
            return False
    for path in {deal_path(info.id), *(() if deal is None else (Path(deal),))}:
        kept = read_deal(path)
        if kept and kept.get("room") == info.id:
            return False
    age = room_age(place, clock)
    return age is not None and age >= HALF_MADE_SECONDS


def room_age(place: RoomFolder, clock: FolderClock | None = None) -> float | None:
    """How old ``place``'s ``room.json`` is (seconds; ``None`` when it cannot be told), by the
    clock of the file system that holds it: its time is stamped by that clock (a network
    file system's server's), which may be ahead of this kernel's or behind it, so that the
    kernel's own clock would take a half-made room over too early or never. ``clock`` is
    that clock as measured already (else it is measured now)."""
    try:
        made_at = os.lstat(place.room_file).st_mtime
    except OSError:
        return None
    return (clock or FolderClock(place.path)).now() - made_at


class FolderClock:
    """The clock of the file system holding a folder: measured once, on first use
    (:func:`folder_now`), then followed by this kernel's monotonic clock (a wait for another
    notebook's room reads it every 10 ms)."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._base: tuple[float, float] | None = None

    def now(self) -> float:
        """The file system's time now (seconds since the epoch, as a file's time)."""
        if self._base is None:
            self._base = (folder_now(self._folder), time.monotonic())
        return self._base[0] + time.monotonic() - self._base[1]


def take_over(place: RoomFolder, data: bytes, deal: str | os.PathLike[str] | None) -> bool:
    """Clear the folder of a half-made room (:func:`half_made`; ``data`` its ``room.json``
    as read) so that a new one can be made there; False (nothing changed) when it is no
    half-made room. ``room.json`` is moved aside in one step and checked again: another
    notebook taking the same room over, or making a new one there meanwhile, keeps its
    room (put back)."""
    if not half_made(place, data, deal):
        return False
    aside = place.path / f".{place.room_file.name}.{secrets.token_hex(6)}.half"
    try:
        os.rename(place.room_file, aside)
    except FileNotFoundError:
        return True  # another notebook took it over first: make the room (or lose the race)
    except OSError:
        return False
    try:
        moved = read_bytes(aside)
    except OSError:
        moved = None
    if moved == data and not os.path.lexists(place.table_file):
        with contextlib.suppress(OSError):
            os.unlink(aside)
        return True
    try:  # not the room judged half-made (a new one made meanwhile): put it back
        os.link(aside, place.room_file)
    except OSError:
        if not os.path.lexists(place.room_file):
            with contextlib.suppress(OSError):
                os.rename(aside, place.room_file)
    with contextlib.suppress(OSError):
        os.unlink(aside)
    return False


def room_id_in(place: RoomFolder) -> str | None:
    """The id of the room ``place``'s ``room.json`` holds now (``None``: none, or unreadable)."""
    try:
        data = read_bytes(place.room_file)
        return None if data is None else RoomInfo.from_json(data, str(place.room_file)).id
    except (OSError, RoomFileError):
        return None


def unfinished(place: RoomFolder, info: RoomInfo, deal: str | os.PathLike[str] | None,
                t: Translator) -> str:
    """Why a dealt room with no ``table.json`` and no deal kept in this account cannot be
    taken back, and what to do (wait, make it afresh, or what to delete), in ``t``'s
    language."""
    try:
        data = read_bytes(place.room_file)
    except OSError:
        data = None
    age = room_age(place)
    young = data is not None and age is not None and age < HALF_MADE_SECONDS
    if data is not None and half_made(place, data, deal):
        return t("the room {name} in {path} was never finished (the kernel creating it "
                 "stopped before writing its table.json): Room.open or Room.create makes a "
                 "new room there", name=info.name, path=str(place.path))
    if young:
        return t("the room {name} in {path} is still being created (its room.json is there, "
                 "its table.json not yet) by a notebook of another kernel: run this again in "
                 "{seconds} seconds; if no notebook is creating it, a new room is made then",
                 name=info.name, path=str(place.path), seconds=round(HALF_MADE_SECONDS))
    return t("the room {name} in {path} was never finished (its table.json was never "
             "written) and this account holds no deal for it, yet someone has joined or "
             "written there since: delete the folder {path} (or its room.json, seats and "
             "ended) to make a room there again", name=info.name, path=str(place.path))
