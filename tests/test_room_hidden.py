"""A room dealt by the teacher holds hidden information: no participant may learn a card before
the teacher turns it over, from any file of the room's folder, trait or message of their widget,
object of their kernel or error. Each test is one channel a participant could try (the threat
model of docs/classroom.md: a participant who knows Python and this library, reads every file of
the room's folder and every message of their widget, calls any method of their own objects and
provokes errors on purpose)."""

from __future__ import annotations

import errno
import os
import random
import stat
from pathlib import Path

import pytest
from room_support import finish_turn, home, take_seat

from nsb_widget.room import Room, RoomError

__all__ = ["home"]  # the fixture, imported for pytest


def _room(tmp_path: Path, map: str = "berlin", modules=(), **options) -> Room:
    return Room.create(tmp_path / "room", "Hidden", map=map, modules=list(modules),
                       language="en", **options)


# ---------------------------------------------------------------------------- the folder's writes
def test_a_refused_reveal_leaves_no_readable_trace_of_its_card(home, tmp_path, monkeypatch):
    """A reveal is written to a temporary file, then renamed over table.json. The temporary
    file was readable by everyone from its first byte: when the write then failed (a full disk,
    a quota) the reveal was refused, "nothing turned over", but a participant watching the
    folder (inotify, a loop) could read the next card in it; and a kernel killed in between
    left it in the folder for good. Now it is readable by the teacher alone until it is whole
    and about to be renamed. (Failed before the fix: the file was 0o644 while written.)"""
    old = os.umask(0o022)
    try:
        room = _room(tmp_path, seed=2**100 + 7)
        ada = take_seat(room.folder.path, "Ada")
        room.reveal()
        finish_turn(ada, random.Random(1))
        table = room.folder.table_file.read_bytes()
        seen: list[tuple[str, int, bytes]] = []
        real_fsync = os.fsync

        def full_disk(fd: int) -> None:
            writing = sorted(room.folder.path.glob(".table.json.*"))
            if writing:
                seen.extend((p.name, stat.S_IMODE(p.stat().st_mode), p.read_bytes())
                            for p in writing)
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real_fsync(fd)

        monkeypatch.setattr(os, "fsync", full_disk)
        with pytest.raises(RoomError, match="full"):
            room.reveal()
        monkeypatch.undo()
        assert seen, "the table was not written through a temporary file"
        for name, mode, content in seen:
            assert b"turns" in content  # the refused card was in it...
            assert mode & 0o077 == 0, f"{name} was readable by others ({mode:o}) while written"
        # ...and nothing of it is left; the table is as it was.
        assert sorted(p.name for p in room.folder.path.iterdir()) == ["room.json", "seats",
                                                                     "table.json"]
        assert room.folder.table_file.read_bytes() == table and len(room.turns) == 1
        # Once whole, every room file is as readable as any new file of its writer's.
        room.reveal()
        for path in (room.folder.table_file, room.folder.room_file,
                     room.folder.seat_file(ada.key)):
            assert stat.S_IMODE(path.stat().st_mode) == 0o644, path
    finally:
        os.umask(old)
