"""A room against a participant who goes looking with code: the deal's seed cannot be found
by trying seeds against the cards out, a pipe or a device put in the folder blocks nobody,
names that only look alike are refused, and (when everyone is their own user, as on a
JupyterHub) nobody can replace or delete the teacher's files or another participant's."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
import threading
import warnings
from pathlib import Path

import pytest
from room_support import home, take_seat

from nsb_widget.errors import GuessableSeedWarning
from nsb_widget.room import Room, RoomError, join
from nsb_widget.room import claim as room_claim
from nsb_widget.room import teacher as room_teacher
from nsb_widget.room.names import check_name
from nsb_widget.room.private import read_deal
from nsb_widget.room.seeds import guess_bits

__all__ = ["home"]  # the fixture, imported for pytest

REPO = Path(__file__).resolve().parents[1]


def _room(folder: Path, **options) -> Room:
    return Room.create(folder, "Secret room", language="en", **options)


# ---------------------------------------------------------------------------- the seed
def test_a_room_dealt_by_the_teacher_has_a_seed_too_large_to_try_out(home, tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning for the default
        rooms = [_room(tmp_path / f"room{i}") for i in range(3)]
    seeds = [read_deal(room_claim.deal_path(r.info.id))["seed"] for r in rooms]
    # 128 random bits: trying every seed against the first cards out is hopeless (a 31-bit
    # seed, as Game.new draws, took about 6 core-hours of plain Python).
    assert all(s.bit_length() > 100 for s in seeds) and len(set(seeds)) == 3
    for r in rooms:
        assert b'"seed": null' in (r.folder.path / "room.json").read_bytes()


def test_a_chosen_seed_that_can_be_tried_out_is_warned_about(home, tmp_path):
    with pytest.warns(GuessableSeedWarning, match=r"this seed is among the first 2\*\*11 a "
                                                  "person might choose") as caught:
        _room(tmp_path / "small", seed=2026)
    assert "2026" not in str(caught[0].message)  # the teacher's screen may be projected
    with pytest.warns(GuessableSeedWarning, match=r"gehört zu den ersten 2\*\*11"):  # her words
        Room.create(tmp_path / "klein", "Klein", seed=2026, language="de")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _room(tmp_path / "large", seed=SECRET_128_BITS)  # random enough: no warning
        # A self-paced room writes its seed in the folder: nothing to warn about.
        _room(tmp_path / "self", paced="self", seed=7)


#: A seed drawn once with secrets.randbits(128).
SECRET_128_BITS = 0x9F3A61C2E75B08D4A1C63E2F5B7D9041


@pytest.mark.parametrize("seed", [2**64, 2**127 + 12345, 10**30, 10**40 - 1, 3 * 10**25,
                                  int("7" * 30), int("2026" * 8), 0xDEADBEEF * (2**96 + 2**64
                                  + 2**32 + 1), -(2**80)])
def test_a_large_seed_a_person_would_type_is_warned_about_too(home, tmp_path, seed):
    # Each has over 64 bits, yet is among the first seeds someone trying seeds would try.
    assert abs(seed).bit_length() > 64
    with pytest.warns(GuessableSeedWarning):
        _room(tmp_path / "simple", seed=seed)
    assert guess_bits(seed) < 48


def test_guess_bits_examples():
    import doctest

    from nsb_widget.room import seeds
    assert doctest.testmod(seeds).failed == 0
    assert guess_bits(2**64 + 1) < 16 and guess_bits(int("2026" * 10)) < 32


def test_guess_bits_is_the_bit_length_for_a_random_seed():
    import random
    rng = random.Random(2)
    for _ in range(200):
        seed = rng.getrandbits(128)
        assert guess_bits(seed) >= seed.bit_length() - 2


# ---------------------------------------------------------------------------- pipes
def _returns_within(call, seconds: float = 10.0):
    """What ``call()`` returns, run in a thread; fails when it is still running after
    ``seconds`` (a read that blocks for ever)."""
    out: list[object] = []
    worker = threading.Thread(target=lambda: out.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"{call} blocked"
    return out[0] if out else None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_put_in_the_folder_blocks_neither_the_teacher_nor_a_participant(home, tmp_path):
    room = _room(tmp_path / "room")
    ada = take_seat(room.folder.path, "Ada")
    os.mkfifo(room.folder.seats / ("0" * 24 + ".json"))
    standings = _returns_within(room.standings)
    assert [r.name for r in standings.rows] == ["Ada"]
    assert room.problem == (f"seats/{'0' * 24}.json: not a regular file (a pipe, a device or "
                            f"a folder)")  # shown above the board's table
    assert _returns_within(room.reveal)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    os.replace(pipe, room.folder.table_file)  # a participant swaps the table for a pipe
    _returns_within(ada.sync)
    assert "not a regular file" in (ada.status().problem or "")
    room.reveal()  # the teacher's next card replaces the pipe with the table again
    assert _returns_within(ada.sync) and ada.status().problem is None
    assert ada.game.turn == 1 and len(room.turns) == 2  # her first card, the next waits


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_lock_file_that_is_no_lock_blocks_no_reveal(home, tmp_path):
    """No kernel makes ``.table.lock`` a pipe, a link or a folder: one put there (by whoever
    may write the room's folder) is not waited for. A pipe or a link (never followed: its
    target stays as it was) is removed and the card turned over; a folder, which the teacher
    must remove, is refused at once, named."""
    room = _room(tmp_path / "room")
    lock = room.folder.lock_file
    os.mkfifo(lock)
    assert _returns_within(room.reveal, 5)
    target = tmp_path / "elsewhere"
    os.mkfifo(target)
    lock.symlink_to(target)
    assert _returns_within(room.reveal, 5)
    assert stat.S_ISFIFO(os.lstat(target).st_mode) and not lock.exists()
    lock.mkdir()
    turns = room.turns

    def refused() -> str:
        with pytest.raises(RoomError) as caught:
            room.reveal()
        return str(caught.value)

    why = _returns_within(refused, 5)
    assert why is not None and ".table.lock is not a regular file" in why, why
    assert room.turns == turns


# ---------------------------------------------------------------------------- names
@pytest.mark.parametrize("name", ["Ада", "Σωκράτης", "山田 太郎", "José-María", "Łukasz",
                                  "Ævar", "Ａｄａ", "Zoë O'Neil", "Ada \U0001f469\u200d\U0001f4bb",
                                  "Ada \U0001f469\U0001f3fd\u200d\U0001f4bb"])
def test_names_in_one_script_are_welcome(name):
    from nsb_widget.i18n import translator

    assert check_name(name, translator("en")) == name


def test_a_name_that_only_looks_like_another_cannot_pass_for_it(home, tmp_path):
    room = _room(tmp_path / "room")
    take_seat(room.folder.path, "Ada")
    for lookalike in ("Ada\u200b", "\u0410da", "A\u00adda", "\u0391da", "A\u200dda",
                      "Ada\u200d"):
        with pytest.raises(RoomError, match=r"invisible|mix Latin"):
            join(room.folder.path, lookalike, follow=False)
    assert [p.name for p in room.participants] == ["Ada"]


def test_a_name_in_another_script_that_looks_like_one_in_the_room_is_refused(home, tmp_path):
    """Names wholly in one script pass the mixed-script check, so "Рао" (Cyrillic) would have
    been a second "Pao" on the board: it is refused, by name, the way round too."""
    room = _room(tmp_path / "room")
    for name in ("Pao", "ΝΟΑΗ", "Вера", "Ада"):
        take_seat(room.folder.path, name)
    for lookalike, other in (("Рао", "Pao"), ("NOAH", "ΝΟΑΗ"), ("BEPA", "Вера"),
                             ("РАО", "Pao")):
        with pytest.raises(RoomError, match=f"looks the same as {other}, who is in the room"):
            join(room.folder.path, lookalike, follow=False)
    take_seat(room.folder.path, "Ada")  # "Ада" does not look like "Ada": both are welcome
    assert {p.name for p in room.participants} == {"Ada", "Pao", "Ада", "Вера", "ΝΟΑΗ"}
    assert join(room.folder.path, "Pao", follow=False).name == "Pao"  # its own seat back


def _lookalikes(name: str, rng) -> list[str]:
    """Names that look like ``name``: each lookalike letter maybe swapped for one that looks
    the same (any script: a seat written by hand may mix them), in any case, some letters
    full width, spaces doubled."""
    from nsb_widget.room.names import _LATIN_LOOKALIKES

    like: dict[str, list[str]] = {}
    for source, target in _LATIN_LOOKALIKES.items():
        for letter in {str(target), str(target).lower(), str(target).upper()}:
            like.setdefault(letter, []).append(chr(source))
    out = []
    for _ in range(200):
        chars = []
        for c in name:
            c = rng.choice([c, *like.get(c, ())])
            c = rng.choice([c, c.upper(), c.lower()])
            if len(c) == 1 and c.isascii() and c.isalnum() and rng.random() < 0.2:
                c = chr(ord(c) + 0xFEE0)  # full width: "Ａ"
            chars.append("  " if c == " " else c)
        out.append("".join(chars))
    return out


@pytest.mark.parametrize("name", ["Pao", "NOAH", "Вера", "Ada Lovelace", "Chloë 3",
                                  "ΝΟΑΗ", "Straße", "Zoë-Joy", "XYZ"])
def test_lookalike_keys_hold_every_lookalikes_key(name):
    """A join reads only the seat files a lookalike of its name could have: their keys must
    hold every lookalike's, or a lookalike would get in (the lookalike rule weakened)."""
    import random

    from nsb_widget.room import names as room_names

    for source, target in room_names._LATIN_LOOKALIKES.items():  # (lookalike_keys relies
        assert len(chr(source).casefold()) == len(str(target).casefold()) == 1  # on it)
    keys = room_names.lookalike_keys(name)
    assert len(keys) == room_names.lookalike_count(name)
    seen = 0
    for other in _lookalikes(name, random.Random(name)):
        if room_names.look_key(other) == room_names.look_key(name):
            seen += 1
            assert room_names.name_key(other) in keys, other
    assert seen > 20


def test_junk_in_seats_costs_a_join_no_reading(home, tmp_path, monkeypatch):
    """A join read every file named as a seat, twice (before and after taking its seat), to
    find a lookalike's: 5,000 planted there made a join take 0.3-1 s. It reads only the files
    a lookalike's seat could be (named by a lookalike's key), and still finds one there."""
    from nsb_widget.room import seat as room_seat

    room = _room(tmp_path / "room")
    take_seat(room.folder.path, "Pao")
    for i in range(300):
        (room.folder.seats / f"{i:024x}.json").write_text('{"junk": true}')
    reads: list[str] = []
    real = room_seat.read_bytes
    monkeypatch.setattr(room_seat, "read_bytes",
                        lambda path: (reads.append(Path(path).name), real(path))[1])
    join(room.folder.path, "Bob", follow=False)
    junk = [name for name in reads if name[:-5].isdigit()]
    assert junk == [] and len(reads) < 10, reads
    with pytest.raises(RoomError, match="looks the same as Pao, who is in the room"):
        join(room.folder.path, "Рао", follow=False)
    monkeypatch.setattr(room_seat, "LOOKALIKE_KEYS", 0)  # too many keys to list: every file
    reads.clear()  # is read, as before
    with pytest.raises(RoomError, match="looks the same as Pao, who is in the room"):
        join(room.folder.path, "РАО", follow=False)
    assert len(reads) > 300


# ---------------------------------------------------------------------------- one user each
def test_the_rooms_folder_is_shared_so_that_nobody_replaces_a_file_of_someone_else():
    """The modes are checked on every machine; as root (CI) a participant of another user id
    really joins and then fails to replace the table or another participant's file."""
    shared = Path(tempfile.mkdtemp(prefix="nsb-shared-"))
    try:
        shared.chmod(0o1777)  # every user may write, sticky: as the docs ask for on a hub
        (shared / "home").mkdir(mode=0o777)
        (shared / "home").chmod(0o777)
        os.environ["NSB_WIDGET_HOME"] = str(shared / "teacher-home")
        room = _room(shared / "room")
        take_seat(room.folder.path, "Ada")
        folder, seats = (stat.S_IMODE(os.stat(p).st_mode) for p in (room.folder.path,
                                                                    room.folder.seats))
        assert folder & stat.S_ISVTX and not folder & 0o022  # the teacher's own files
        assert seats & stat.S_ISVTX and seats & 0o002  # anyone may take a seat, not replace
        if os.geteuid() != 0:
            return
        script = f"""
import os, sys
sys.path.insert(0, {str(REPO)!r})
from nsb_widget.room import join
seat = join({str(room.folder.path)!r}, "Mallory", follow=False)
for target in sorted(os.listdir({str(room.folder.seats)!r})):
    if target.startswith(seat.key) or target.startswith("."):
        continue
    tmp = os.path.join({str(room.folder.seats)!r}, ".forged.tmp")
    open(tmp, "w").write("{{}}")
    for path in (os.path.join({str(room.folder.seats)!r}, target),
                 {str(room.folder.table_file)!r}):
        try:
            os.replace(tmp, path)
            print("replaced", path)
        except PermissionError:
            print("refused")
    os.unlink(tmp)
"""
        # Another user id, which may read (not write) every file: the checkout and its venv
        # may sit in a folder only root can enter (a clone in `mktemp -d`).
        result = subprocess.run(
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
             "--inh-caps=+dac_read_search", "--ambient-caps=+dac_read_search", sys.executable,
             "-c", script], capture_output=True, text=True, timeout=120,
            env={**os.environ, "NSB_WIDGET_HOME": str(shared / "home"),
                 "JPY_SESSION_NAME": ""})
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == ["refused", "refused"]
        assert sorted(p.name for p in room.participants) == ["Ada", "Mallory"]
    finally:
        room_teacher._LIVE.clear()
        subprocess.run(["rm", "-rf", str(shared)], check=False)


@pytest.mark.parametrize("content", [b"[" * 150_000, b'{"name": ' * 60_000, b"\xff\xfe",
                                     b'{"name": "Pao"' + b" " * 300_000 + b"}"])
def test_a_hostile_seat_file_does_not_stop_anyone_joining(home, tmp_path, content):
    """The lookalike check reads every seat's name: a file nested 150,000 deep raised a bare
    RecursionError at every later join (the room could take nobody new)."""
    room = _room(tmp_path / "room")
    (room.folder.seats / ("ab" * 12 + ".json")).write_bytes(content)
    assert join(room.folder.path, "Ada", follow=False).name == "Ada"
    assert "Ada" in {p.name for p in room.participants}


def test_a_seat_file_the_board_refuses_keeps_nobody_out(home, tmp_path):
    """The lookalike check read the name of any file in seats/: a few junk files written by
    hand ({"name": "Pao"} under any file name, a seat of another room) kept those names out
    of the room ('looks the same as Pao, who is in the room already'), though the board
    listed no such participant. Only this room's hand-ins count now."""
    import json

    from nsb_widget.room.names import name_key

    room = _room(tmp_path / "room")
    other = _room(tmp_path / "other")
    theirs = take_seat(other.folder.path, "Bob")  # a real seat, of another room
    seats = room.folder.seats
    (seats / ("ab" * 12 + ".json")).write_text(json.dumps({"name": "Рао"}))
    doc = json.loads((other.folder.seats / f"{name_key('Bob')}.json").read_text())
    (seats / f"{name_key('Воb')}.json").write_text(json.dumps(doc))
    assert theirs.name == "Bob"
    for name in ("Pao", "Bob"):
        assert join(room.folder.path, name, follow=False).name == name
    # A real participant's name still keeps out the names that look like it.
    with pytest.raises(RoomError, match="looks the same as Pao, who is in the room"):
        join(room.folder.path, "Рао", follow=False)


# ---------------------------------------------------------------------------- symbolic links
@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_no_link_put_in_the_folder_is_followed(home, tmp_path):
    """On a hub a participant may put a symbolic link in seats/ to any file the teacher can
    read. The teacher's kernel followed it: Bob's hand-in, kept outside the room and linked
    as his seat, was read and counted, and a lookalike's name claim linked to a file of
    someone else's kept Рао out. Now no room file is opened through a link (O_NOFOLLOW): the
    board names the seat as refused, never the file it points to. (Failed before the fix:
    Bob was counted.)"""
    import json

    from nsb_widget.room.names import look_key

    room = _room(tmp_path / "room", seed=2**70 + 3)
    outside = tmp_path / "teacher-only"
    outside.mkdir()
    ada = take_seat(room.folder.path, "Ada")
    room.reveal()
    ada.sync()
    ada.game.pass_turn()
    room.poll()
    accepted = tuple(room.participant("Ada").game.history)
    bob = take_seat(room.folder.path, "Bob")  # joins; the teacher has not read him yet
    for seat in (ada, bob):  # each seat file moved out of the room, a link left in its place
        path = room.folder.seat_file(seat.key)
        os.replace(path, outside / path.name)
        path.symlink_to(outside / path.name)
    room.poll()
    assert [p.name for p in room.participants] == ["Ada"]  # Bob's file was never read
    link = "a symbolic link, refused: a room's file is never one"
    assert room.problem == f"seats/{bob.key}.json: {link}"
    assert room.participant("Ada").refusal == f"damaged file: {link}"
    assert tuple(room.participant("Ada").game.history) == accepted  # her last accepted game stays
    shown = repr((room.problem, [p.refusal for p in room.participants],
                  room.standings().to_csv()))
    assert str(outside) not in shown and "teacher-only" not in shown
    # A claim of the look of "Pao" linked to a file outside: not a room's claim, so it keeps
    # nobody out (it was read, and kept Рао out as a lookalike of "Pao").
    claim = {"format": "nsb-room-look", "version": 1, "room": room.info.id, "key": "x" * 24,
             "name": "Pao"}
    (outside / "claim.json").write_text(json.dumps(claim))
    room.folder.look_file(look_key("Рао")).symlink_to(outside / "claim.json")
    assert take_seat(room.folder.path, "Рао").name == "Рао"
    # The teacher reseats Ada afresh: her seat is a file again, and hers.
    token = room.reseat("Ada", fresh=True)
    assert not room.folder.seat_file(ada.key).is_symlink()
    again = take_seat(room.folder.path, "Ada", token=token)
    assert [type(a).__name__ for a in again.game.history] == ["Reveal"]  # the first card again


@pytest.mark.skipif(not hasattr(os, "symlink") or not hasattr(os, "mkfifo"),
                    reason="symbolic links and named pipes")
def test_a_room_file_that_is_a_link_or_no_file_is_told_in_the_readers_language(home,
                                                                               tmp_path):
    """``room.json`` or ``table.json`` made a link or a pipe: the teacher's Room.resume raised
    the bare OSError of table.json ("a symbolic link, never followed"), and a participant's
    join a RoomError ending in those English words, whatever the language. Now both say,
    in the reader's language, which file it is and what to do."""
    from room_support import restart_kernel

    room = Room.create(tmp_path / "raum", "Raum", language="de")
    folder = room.folder
    kept = tmp_path / "table-kept.json"
    os.replace(folder.table_file, kept)
    folder.table_file.symlink_to(kept)
    restart_kernel()
    with pytest.raises(RoomError) as caught:
        Room.resume(folder.path)
    assert str(caught.value) == (
        f"die Karten des Raums können nicht gelesen werden in {folder.path}: table.json ist "
        f"ein symbolischer Link, was eine Datei des Raums nie ist (ihm wird nicht gefolgt): "
        f"Die Lehrkraft sollte ihn aus dem Ordner des Raums entfernen")
    os.replace(folder.room_file, tmp_path / "room-kept.json")
    os.mkfifo(folder.room_file)
    for language, words in (("fr", "room.json n'est pas un fichier ordinaire mais un "
                                   "dossier, un tube ou un périphérique"),
                            ("de", "room.json ist keine gewöhnliche Datei, sondern ein "
                                   "Ordner, eine Pipe oder ein Gerät")):
        with pytest.raises(RoomError) as caught:
            join(folder.path, "Ada", language=language, follow=False)  # (O_NONBLOCK)
        assert words in str(caught.value) and "regular" not in str(caught.value)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a folder to another account needs root")
def test_a_folder_made_beforehand_by_someone_else_cannot_be_swapped_under_the_teacher(
        home, tmp_path):
    """A room folder made beforehand by another account and writable by others let a
    participant replace table.json (no sticky bit), or make ended/ before the teacher and
    later swap the games kept there. The teacher's kernel now refuses, saying what is wrong
    and what to do, and puts right the modes of a folder of its own. (Failed before the fix:
    the room was made in both folders, and the game ended into the participant's ended/.)"""
    from room_support import play_room, restart_kernel

    other = 65534
    pre = tmp_path / "pre"
    pre.mkdir()
    os.chown(pre, other, other)
    pre.chmod(0o777)
    owned = (r"the folder belongs to another account \(user id 65534\), which may replace "
             r"or remove any file in it .*create the room in a new folder inside it")
    with pytest.raises(RoomError, match=owned):
        _room(pre)
    assert list(pre.iterdir()) == []  # nothing made
    pre.chmod(0o1777)  # sticky, as /tmp: keeps out everyone but the folder's owner
    with pytest.raises(RoomError, match=owned):
        _room(pre)
    assert list(pre.iterdir()) == []
    os.chown(pre, 0, 0)  # the teacher's own: fine, unless a participant made ended/ first
    (pre / "ended").mkdir()
    os.chown(pre / "ended", other, other)
    with pytest.raises(RoomError, match=r"ended was made by another account \(user id 65534\)"
                                        r".*Remove ended"):
        _room(pre)
    assert os.listdir(pre) == ["ended"]
    (pre / "ended").rmdir()
    room = _room(pre)  # the teacher's own ended/ and seats/ now
    ended = room.folder.ended
    assert os.stat(ended).st_uid == os.stat(room.folder.seats).st_uid == 0
    # A room of the previous version had no ended/ until the end: a participant makes one.
    ended.rmdir()
    ada = take_seat(room.folder.path, "Ada")
    take_seat(room.folder.path, "Bob")  # who leaves without playing
    play_room(room, [ada], __import__("random").Random(1))
    ended.mkdir()
    os.chown(ended, other, other)
    with pytest.raises(RoomError, match=r"cannot end the game: .*ended was made by another "
                                        r"account"):
        room.end()
    assert not room.is_ended and os.listdir(ended) == []
    restart_kernel()
    with pytest.raises(RoomError, match="ended was made by another account"):
        Room.resume(room.folder.path)
    ended.rmdir()
    ended.mkdir(mode=0o777)  # the teacher's own, too open: put right
    ended.chmod(0o777)
    room = Room.resume(room.folder.path)
    room.end()
    assert room.is_ended and not stat.S_IMODE(os.stat(ended).st_mode) & 0o022


@pytest.mark.parametrize(("mode", "group", "warned"), [
    (0o777, None, True), (0o1777, None, False), (0o755, None, False),
    (0o775, "users", True),  # a group others are in: they may rename the room's folder
    (0o775, None, False),  # the owner's own group (root's, here): nobody else may
])
def test_a_room_in_a_folder_others_may_rename_it_in_is_warned_about(home, tmp_path, mode,
                                                                     group, warned):
    """A group-writable shared folder without the sticky bit (a hub's /srv/shared made with
    umask 002) lets any participant rename the teacher's room folder and put their own in
    its place: the teacher is told, and how to fix it (found by the hardening helper). A
    folder writable by its owner's private group only (umask 002 in one's home) is not."""
    shared = tmp_path / "shared"
    shared.mkdir()
    if group is not None:
        if os.geteuid() != 0:
            pytest.skip("changing a folder's group to another needs root (as in CI)")
        import grp

        os.chown(shared, -1, grp.getgrnam(group).gr_gid)
    shared.chmod(mode)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        Room.create(shared / "room", "Tuesday", language="en")
    told = [str(w.message) for w in caught if "sticky bit" in str(w.message)]
    assert bool(told) == warned
    if warned:
        assert "chmod +t" in told[0] and str(shared / "room") in told[0]


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="accounts are POSIX")
def test_a_file_system_that_gives_files_another_owner_can_hold_a_room(home, tmp_path,
                                                                      monkeypatch):
    """A network file system may give every file an owner of its own, whoever made it: an
    SMB share mounted without uid= (every file root's, as an Azure Files volume on a
    Kubernetes hub shows them), NFS with all_squash. The teacher's kernel then found its own
    seats/ 'made by another account' and refused every room there. Now a folder is another
    account's only when its owner differs from the owner the file system gives a file this
    kernel makes in it (on a local disk, this account's own id): here the kernel runs as
    user 1000 and the file system gives root every file."""
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    room = _room(tmp_path / "room")  # refused before the fix: 'seats was made by another
    ada = take_seat(room.folder.path, "Ada")  # account (user id 0)'
    from room_support import play_room, restart_kernel

    play_room(room, [ada], __import__("random").Random(1))
    restart_kernel()
    room = Room.resume(room.folder.path)
    assert room.standings().final
    assert [p for p in os.listdir(room.folder.path) if p.startswith(".")] == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="runs a participant as another user id (needs root)")
def test_a_room_folder_a_participant_made_first_is_refused(home, tmp_path):
    """A participant makes the folder the teacher named (in the shared sticky folder) before
    the teacher's kernel does, with every permission and the sticky bit. The room was made
    in it, and the participant, the folder's owner (whom no sticky bit keeps out), then
    replaced table.json. Now Room.create and Room.resume refuse a room's folder of another
    account, and nothing is made in it."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    pre = shared / "room-1"
    pre.mkdir()
    os.chown(pre, 65534, 65534)
    pre.chmod(0o1777)
    with pytest.raises(RoomError, match=r"the folder belongs to another account \(user id "
                                        r"65534\), which may replace or remove any file"):
        _room(pre)
    assert list(pre.iterdir()) == []
    room = _room(shared / "room-2")
    os.chown(room.folder.path, 65534, 65534)  # (given away later: taken back, refused)
    room_teacher._LIVE.clear()
    with pytest.raises(RoomError, match=r"cannot read the room in .*another account"):
        Room.resume(room.folder.path)
