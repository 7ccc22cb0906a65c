"""Many participants writing at the same moment, as in a real room: every write is atomic, no
hand-in is lost, and two people who take one name (or two names that look alike) at the same
moment cannot both get it; two teacher kernels on one room never write an older table back,
and a lock left by a killed kernel does not block the room. Each participant (and each
teacher's kernel) is a separate process, as each kernel is."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import time
import types
from pathlib import Path

import pytest
from room_support import home

from nsb_widget.room import Room, RoomError, claim, join, teacher
from nsb_widget.room import folder as room_folder
from nsb_widget.rules.game import Phase

__all__ = ["home"]
CONTEXT = multiprocessing.get_context("fork")


def _answers_of(procs, results, count: int, timeout: float) -> list:
    """Start ``procs``, take ``count`` answers from ``results`` as they come, and wait for every
    process to end well."""
    for p in procs:
        p.start()
    answers = [results.get(timeout=timeout) for _ in range(count)]
    for p in procs:
        p.join(timeout=30)
        assert p.exitcode == 0
    return answers


def _participant(folder: str, name: str, barrier, results) -> None:
    """Join, then play every turn the room has turned over, handing in after each action."""
    os.environ["NSB_WIDGET_HOME"] = os.path.join(folder, "..", "homes", name)
    os.environ["JPY_SESSION_NAME"] = f"{name}.ipynb"
    barrier.wait()
    try:
        seat = join(folder, name, follow=False)
        rng = random.Random(name)
        game = seat.game
        while True:
            seat.sync()
            if game.phase is not Phase.DRAW:
                break
            moves = game.legal_moves()
            game.play(rng.choice(moves)) if moves else game.pass_turn()
        results.put((name, len(game.history), [a.to_json() for a in game.history]))
    except Exception as exc:  # reported to the test
        results.put((name, -1, repr(exc)))


def test_many_participants_hand_in_at_once_and_nothing_is_lost(home, tmp_path):
    room = Room.create(tmp_path / "room", "Crowd", seed=4, language="en")
    for _ in range(8):
        room.reveal()
    names = [f"P{i:02d}" for i in range(24)]
    barrier, results = CONTEXT.Barrier(len(names)), CONTEXT.Queue()
    procs = [CONTEXT.Process(target=_participant, args=(str(room.folder.path), n, barrier,
                                                         results)) for n in names]
    for p in procs:
        p.start()
    polls = 0
    reported = {}
    while len(reported) < len(names):  # the teacher reads while they write
        room.poll()
        polls += 1
        while not results.empty():
            name, count, actions = results.get()
            reported[name] = (count, actions)
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    failures = {n: a for n, (c, a) in reported.items() if c < 0}
    assert not failures, failures
    room.poll()
    for name, (count, actions) in reported.items():
        entry = room.participant(name)
        assert entry.refusal is None and entry.game is not None
        assert [a.to_json() for a in entry.game.history] == actions and count > 8
    assert room.standings().ready == len(names)
    leftovers = [p.name for p in room.folder.path.rglob(".*.tmp")]
    assert leftovers == [] and polls > 1


def _claim(folder: str, index: int, barrier, results) -> None:
    os.environ["NSB_WIDGET_HOME"] = os.path.join(folder, "..", "homes", str(index))
    os.environ["JPY_SESSION_NAME"] = f"laptop-{index}.ipynb"
    barrier.wait()
    try:
        seat = join(folder, "Ada", follow=False)
        results.put((index, "seat", seat.token))
    except RoomError as exc:
        results.put((index, "refused", str(exc)))


def test_one_name_taken_at_the_same_moment_goes_to_one_person(home, tmp_path):
    room = Room.create(tmp_path / "room", "Race", language="en")
    count = 12
    barrier, results = CONTEXT.Barrier(count), CONTEXT.Queue()
    procs = [CONTEXT.Process(target=_claim, args=(str(room.folder.path), i, barrier, results))
             for i in range(count)]
    for p in procs:
        p.start()
    outcomes = [results.get(timeout=60) for _ in range(count)]
    for p in procs:
        p.join(timeout=30)
    seats = [o for o in outcomes if o[1] == "seat"]
    refused = [o for o in outcomes if o[1] == "refused"]
    assert len(seats) == 1 and len(refused) == count - 1
    assert all("is taken in this room" in o[2] for o in refused)
    assert len(room.folder.seat_files()) == 1



# ---------------------------------------------------------------------------- two teacher kernels
def _teacher_kernel(folder: str, home_dir: str, commands, answers) -> None:
    """A second teacher kernel on the same room (the teacher's notebook open twice): it runs
    what it is sent, each answer ``("ok", value)`` or ``("error", message)``."""
    os.environ["NSB_WIDGET_HOME"] = home_dir
    teacher._LIVE.clear()  # (forked: a kernel of its own)
    room = None
    for command in iter(commands.get, None):
        try:
            if command == "resume":
                room = Room.resume(folder)
                answers.put(("ok", len(room.turns)))
            elif command == "reveal":
                assert room is not None
                answers.put(("ok", room.reveal()))
            elif command == "problem":
                assert room is not None
                answers.put(("ok", room.problem))
        except RoomError as exc:
            answers.put(("error", str(exc)))


class _Kernel:
    """Another process holding a teacher's room: ``kernel("reveal")`` runs it there."""

    def __init__(self, folder: Path, home_dir: Path) -> None:
        self.commands, self.answers = CONTEXT.Queue(), CONTEXT.Queue()
        self.process = CONTEXT.Process(target=_teacher_kernel, args=(
            str(folder), str(home_dir), self.commands, self.answers))
        self.process.start()

    def __call__(self, command: str) -> tuple[str, object]:
        self.commands.put(command)
        return self.answers.get(timeout=60)

    def stop(self) -> None:
        self.commands.put(None)
        self.process.join(timeout=30)


def test_a_teacher_kernel_that_is_behind_writes_nothing_and_says_what_to_do(home, tmp_path):
    """Two kernels on one room each wrote the whole table from memory: the one behind put an
    older table back (fewer cards out), which the participants then saw. Now it writes
    nothing and says what to do; taking the room back (Room.resume) lets it go on."""
    room = Room.create(tmp_path / "room", "Twice", seed=2**70 + 3, language="en")
    room.reveal()
    other = _Kernel(room.folder.path, home)
    try:
        assert other("resume") == ("ok", 1)
        room.reveal()
        room.reveal()
        before = room.folder.table_file.read_bytes()
        status, why = other("reveal")
        assert status == "error"
        assert str(why).startswith("another kernel has moved this room on, so this one writes "
                                   "nothing") and f"Room.resume('{room.folder.path}')" in str(why)
        assert room.folder.table_file.read_bytes() == before  # nothing older written back
        assert other("problem") == ("ok", why)  # its board says so too
        assert other("resume") == ("ok", 3)  # what the teacher does next
        status, cards = other("reveal")
        assert status == "ok"
        # Now this kernel is the one behind: its board says so, and it writes nothing.
        assert room.poll() and (room.problem or "").startswith("another kernel")
        after = room.folder.table_file.read_bytes()
        with pytest.raises(RoomError, match="another kernel has moved this room on"):
            room.reveal()
        assert room.folder.table_file.read_bytes() == after
        again = Room.resume(room.folder.path)
        assert again is not room and len(again.turns) == 4 and again.problem is None
        assert again.turns[-1] == tuple(cards)  # type: ignore[arg-type]
        again.reveal()
    finally:
        other.stop()
    assert json.loads(room.folder.table_file.read_text())["seq"] == 5


def _racing_teacher(folder: str, home_dir: str, rounds: int, barrier, results) -> None:
    os.environ["NSB_WIDGET_HOME"] = home_dir
    teacher._LIVE.clear()
    for number in range(rounds):
        room = Room.resume(folder)  # the same room while it is up to date
        barrier.wait()
        try:
            results.put((number, "revealed", room.reveal()))
        except RoomError as exc:
            results.put((number, "refused", str(exc)))
        barrier.wait()


def test_two_teacher_kernels_revealing_at_the_same_instant_move_the_room_on_once(home,
                                                                                 tmp_path):
    room = Room.create(tmp_path / "room", "Race", seed=2**70 + 5, language="en")
    rounds = 12
    barrier, results = CONTEXT.Barrier(2), CONTEXT.Queue()
    procs = [CONTEXT.Process(target=_racing_teacher, args=(
        str(room.folder.path), str(home), rounds, barrier, results)) for _ in range(2)]
    # (Two processes' answers may arrive out of order: each says its round.)
    answers = sorted(_answers_of(procs, results, 2 * rounds, timeout=60))
    outcomes = [[a[1:] for a in answers if a[0] == number] for number in range(rounds)]
    bad = [pair for pair in outcomes if [o[0] for o in pair] != ["refused", "revealed"]]
    assert not bad, bad
    assert all("another kernel" in pair[0][1] for pair in outcomes)
    doc = json.loads(room.folder.table_file.read_text())
    assert (len(doc["turns"]), doc["seq"]) == (rounds, rounds)
    assert [tuple(t) for t in doc["turns"]] == [tuple(pair[1][1]) for pair in outcomes]
    assert not room.folder.lock_file.exists()


def _two_teachers_opening(folder: Path, home: Path, rounds: int) -> list:
    """Two teacher processes run Room.open at once on ``room-0`` .. ``room-<rounds-1>`` in
    ``folder``: every answer (round, process, room id, ...), sorted."""
    barrier, results = CONTEXT.Barrier(2), CONTEXT.Queue()
    procs = [CONTEXT.Process(target=_opening_teacher, args=(
        str(folder), str(home), i, rounds, barrier, results)) for i in range(2)]
    return sorted(_answers_of(procs, results, 2 * rounds, timeout=120))


def _opening_teacher(base: str, home_dir: str, index: int, rounds: int, barrier,
                     results) -> None:
    """A teacher's notebook run from the top, ``rounds`` times, each in an empty folder at
    the same instant as the other's (the second notebook of the last rounds deals London)."""
    import warnings

    os.environ["NSB_WIDGET_HOME"] = home_dir
    teacher._LIVE.clear()
    for number in range(rounds):
        city = "london" if index == 1 and number >= rounds - 5 else "berlin"
        barrier.wait(timeout=60)
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                room = Room.open(Path(base) / f"room-{number}", "Race", map=city,
                                 language="en")
        except RoomError as exc:
            results.put((number, index, f"refused: {exc}", None, []))
            continue
        warned = [str(w.message) for w in caught if w.category is UserWarning]
        results.put((number, index, room.info.id, room.info.map_id, warned))
        room.close()


def test_two_notebooks_opening_a_room_in_one_empty_folder_at_once_make_one_room(home,
                                                                                tmp_path):
    """Two teacher notebooks run at the same moment on an empty folder: each found no
    room.json and created a room, so the folder held one deal and a kernel held another
    (its reveals then refused, its participants playing a room no longer there). room.json
    is now created in one step as the claim: one notebook makes the room, the other takes it
    back, and is warned when it asked for other settings. (Failed before the fix: two room
    ids in one folder.)"""
    rounds = 30
    answers = _two_teachers_opening(tmp_path, home, rounds)
    for number in range(rounds):
        pair = [a for a in answers if a[0] == number]
        folder = tmp_path / f"room-{number}"
        doc = json.loads((folder / "room.json").read_text())
        table = json.loads((folder / "table.json").read_text())
        assert {a[2] for a in pair} == {doc["room"]} == {table["room"]}, (number, pair)
        warned = [a for a in pair if a[4]]
        if number >= rounds - 5:  # Berlin asked for by one, London by the other
            assert len(warned) == 1 and warned[0][3] != ("berlin", "london")[warned[0][1]]
            assert "apply only to a new room" in warned[0][4][0]
        else:
            assert not warned, pair
        teacher._LIVE.clear()
        assert Room.resume(folder).info.id == doc["room"]  # the deal kept is the room's
    assert len(list((home / "deals").iterdir())) == rounds  # none kept for a room not made


def _hold_lock(path: str, held) -> None:
    with room_folder.locked(Path(path)):
        held.set()
        time.sleep(120)


def test_a_lock_left_by_a_killed_kernel_does_not_block_the_room(home, tmp_path):
    room = Room.create(tmp_path / "room", "Killed", seed=2**70 + 5, language="en")
    held = CONTEXT.Event()
    proc = CONTEXT.Process(target=_hold_lock, args=(str(room.folder.lock_file), held))
    proc.start()
    assert held.wait(30)
    os.kill(proc.pid, signal.SIGKILL)  # a kernel killed while it held the lock
    proc.join(timeout=30)
    assert room.folder.lock_file.exists()
    start = time.monotonic()
    room.reveal()
    assert time.monotonic() - start < 1  # its holder is gone: broken at once
    assert not room.folder.lock_file.exists() and len(room.turns) == 1


def test_a_stale_lock_of_another_machine_is_broken_after_the_timeout(home, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setattr(room_folder, "LOCK_STALE_SECONDS", 0.4)
    room = Room.create(tmp_path / "room", "Stale", seed=2**70 + 5, language="en")
    room.folder.lock_file.write_text(json.dumps({"pid": 1, "host": "another-machine"}))
    start = time.monotonic()
    room.reveal()
    assert 0.4 <= time.monotonic() - start < 3 and len(room.turns) == 1
    room.folder.lock_file.write_text("")  # died before writing its name
    room.reveal()
    assert len(room.turns) == 2 and not room.folder.lock_file.exists()


def test_a_lock_held_by_a_live_kernel_is_waited_for_then_refused(home, tmp_path, monkeypatch):
    monkeypatch.setattr(room_folder, "LOCK_WAIT_SECONDS", 0.3)
    room = Room.create(tmp_path / "room", "Busy", seed=2**70 + 5, language="en")
    held = CONTEXT.Event()
    proc = CONTEXT.Process(target=_hold_lock, args=(str(room.folder.lock_file), held))
    proc.start()
    try:
        assert held.wait(30)
        before = room.folder.table_file.read_bytes()
        with pytest.raises(RoomError, match="cannot turn the card over: cannot write to .*: "
                                            "another kernel holds the room's lock file "
                                            r"\.table\.lock and has not let it go"):
            room.reveal()
        assert room.folder.table_file.read_bytes() == before and room.turns == ()
    finally:
        proc.kill()
        proc.join(timeout=30)
    room.reveal()
    assert len(room.turns) == 1


# ---------------------------------------------------------------------------- lookalike names
def _join_each(folder: str, index: int, names: list[str], barrier, results) -> None:
    os.environ["NSB_WIDGET_HOME"] = os.path.join(folder, "..", "homes", str(index))
    os.environ["JPY_SESSION_NAME"] = f"laptop-{index}.ipynb"
    for name in names:
        barrier.wait()
        try:
            join(folder, name, follow=False)
            results.put((name, "seat"))
        except RoomError as exc:
            results.put((name, str(exc)))


def test_two_lookalike_names_joining_at_the_same_instant_seat_one(home, tmp_path):
    """"Pao" and the Cyrillic "Рао" joining at the same instant both passed the lookalike
    check (it read the seats already there): both were seated. The look of a name is now
    claimed in one step: each time, exactly one of them gets a seat."""
    room = Room.create(tmp_path / "room", "Lookalikes", language="en")
    rounds = 30
    latin = [f"Pao{i}" for i in range(rounds)]
    cyrillic = [f"\u0420\u0430\u043e{i}" for i in range(rounds)]
    barrier, results = CONTEXT.Barrier(2), CONTEXT.Queue()
    procs = [CONTEXT.Process(target=_join_each, args=(str(room.folder.path), i, names,
                                                      barrier, results))
             for i, names in enumerate((latin, cyrillic))]
    outcomes = dict(_answers_of(procs, results, 2 * rounds, timeout=60))
    for a, b in zip(latin, cyrillic, strict=True):
        seated = [n for n in (a, b) if outcomes[n] == "seat"]
        assert len(seated) == 1, (a, b, outcomes[a], outcomes[b])
        (loser,) = {a, b} - set(seated)
        assert outcomes[loser] == (f"the name {loser} looks the same as {seated[0]}, who is in "
                                   f"the room already: choose another name")
    assert len(room.folder.seat_files()) == rounds


def test_a_lookalike_claim_left_by_a_join_that_died_blocks_nobody_for_long(home, tmp_path):
    from nsb_widget.room.names import look_key, name_key

    room = Room.create(tmp_path / "room", "Claims", language="en")
    folder = room.folder
    claim = folder.look_file(look_key("Pao"))
    claim.write_text(json.dumps({"format": "nsb-room-look", "version": 1, "room": room.info.id,
                                 "key": name_key("Pao"), "name": "Pao"}))
    with pytest.raises(RoomError, match="looks the same as Pao"):  # Pao is joining right now
        join(folder.path, "\u0420\u0430\u043e", follow=False)
    assert folder.seat_files() == []
    old = time.time() - 60
    os.utime(claim, (old, old))  # ... or died before taking the seat, a minute ago
    join(folder.path, "\u0420\u0430\u043e", follow=False)
    assert json.loads(claim.read_text())["name"] == "\u0420\u0430\u043e"
    claim = folder.look_file(look_key("Ada"))
    claim.write_text("not a claim")  # a damaged claim keeps nobody out
    assert join(folder.path, "Ada", follow=False).name == "Ada"


@pytest.mark.parametrize("skew", [-3600.0, 3600.0])
def test_a_lookalike_claims_age_is_measured_by_the_folders_own_clock(home, tmp_path,
                                                                    monkeypatch, skew):
    """A look claim's time is stamped by the file system's clock, as room.json's is: measured
    against a kernel clock an hour ahead, a claim made this instant looked an hour old and
    kept no lookalike out; an hour behind, a dead join's claim kept them out until this
    kernel had seen it for 10 seconds. (Faked: the kernel's clock moved by ``skew``.)"""
    from nsb_widget.room import seat as room_seat
    from nsb_widget.room.names import look_key, name_key

    room = Room.create(tmp_path / "room", "Claims", language="en")
    folder = room.folder
    claim = folder.look_file(look_key("Pao"))
    claim.write_text(json.dumps({"format": "nsb-room-look", "version": 1, "room": room.info.id,
                                 "key": name_key("Pao"), "name": "Pao"}))
    monkeypatch.setattr(room_seat, "time", types.SimpleNamespace(
        time=lambda: time.time() + skew, monotonic=time.monotonic, sleep=time.sleep))
    with pytest.raises(RoomError, match="looks the same as Pao"):  # Pao is joining right now
        join(folder.path, "\u0420\u0430\u043e", follow=False)
    old = time.time() - 60
    os.utime(claim, (old, old))  # ... or died before taking the seat, a minute ago
    assert join(folder.path, "\u0420\u0430\u043e", follow=False).name == "\u0420\u0430\u043e"


def test_a_forged_lookalike_claim_keeps_no_name_out(home, tmp_path):
    """A participant may write any file of their own in ``seats/``: a claim on the look of a
    name that points at their own seat (whose name looks nothing like it), or names someone
    who never joined, must not keep that name out for ever, nor put their words into the
    joiner's error."""
    from nsb_widget.room.names import look_key, name_key

    room = Room.create(tmp_path / "room", "Claims", language="en")
    folder = room.folder
    join(folder.path, "Mallory", follow=False)
    old = time.time() - 60
    claim = folder.look_file(look_key("Ada"))
    claim.write_text(json.dumps({"format": "nsb-room-look", "version": 1, "room": room.info.id,
                                 "key": name_key("Mallory"), "name": "the teacher: run rm"}))
    os.utime(claim, (old, old))  # long past any race: the claim names a seated participant
    assert join(folder.path, "Ada", follow=False).name == "Ada"
    assert len(folder.seat_files()) == 2


def test_a_lookalike_claim_kept_fresh_by_hand_blocks_nobody_for_long(home, tmp_path,
                                                                     monkeypatch):
    """A claim whose seat never comes, touched again and again by the participant who wrote
    it (its time is theirs to set), keeps a name out no longer than a dead join's claim."""
    from nsb_widget.room.names import look_key, name_key

    monkeypatch.setattr(room_folder, "LOCK_STALE_SECONDS", 0.3)
    room = Room.create(tmp_path / "room", "Claims", language="en")
    folder = room.folder
    cyrillic = "\u0420\u0430\u043e"  # "Рао", which looks like "Pao"
    claim = folder.look_file(look_key("Pao"))
    claim.write_text(json.dumps({"format": "nsb-room-look", "version": 1, "room": room.info.id,
                                 "key": name_key(cyrillic), "name": cyrillic}))
    with pytest.raises(RoomError, match="looks the same as"):  # (a race, for all we know)
        join(folder.path, "Pao", follow=False)
    time.sleep(0.4)
    os.utime(claim)  # touched again: as fresh as a claim made now
    assert join(folder.path, "Pao", follow=False).name == "Pao"


# ---------------------------------------------------------------------------- a room half made
def _create_killed_half_way(folder: str, home_dir: str) -> None:
    """A teacher's kernel killed between claiming the folder (room.json) and keeping the
    deal and writing table.json."""
    os.environ["NSB_WIDGET_HOME"] = home_dir
    teacher._LIVE.clear()
    teacher.keep_deal = lambda *_: os.kill(os.getpid(), signal.SIGKILL)  # type: ignore
    Room.create(folder, "Half", language="en")


def _half_made(folder: Path, home_dir: Path) -> str:
    """``folder`` left as a kernel killed half-way through Room.create leaves it, a minute
    ago; returns the dead room's id."""
    proc = CONTEXT.Process(target=_create_killed_half_way, args=(str(folder), str(home_dir)))
    proc.start()
    proc.join(timeout=60)
    assert proc.exitcode == -signal.SIGKILL
    assert (folder / "room.json").exists() and not (folder / "table.json").exists()
    old = time.time() - 60
    os.utime(folder / "room.json", (old, old))
    return json.loads((folder / "room.json").read_text())["room"]


def test_a_room_left_half_made_by_a_killed_kernel_is_made_afresh(home, tmp_path,
                                                                 monkeypatch):
    """A kernel killed between claiming room.json and writing the deal and table.json left
    a folder that every later Room.open refused ('this account holds no deal') until someone
    deleted room.json by hand. Now a half-made room (no table, nobody joined, no deal kept,
    room.json older than HALF_MADE_SECONDS) is made afresh; a younger one is waited for, as
    another notebook may be creating it now."""
    monkeypatch.setattr(claim, "CREATE_WAIT_SECONDS", 0.2)
    folder = tmp_path / "room"
    dead = _half_made(folder, home)
    now = time.time()
    os.utime(folder / "room.json", (now, now))  # as if it had been killed a moment ago
    with pytest.raises(RoomError, match=r"the room Half in .* is still being created .* run "
                                        r"this again in 10 seconds"):
        Room.open(folder, "Half", language="en")
    with pytest.raises(RoomError, match="already holds a room"):
        Room.create(folder, "Half", language="en")
    old = now - 60
    os.utime(folder / "room.json", (old, old))
    with pytest.raises(RoomError, match=r"was never finished .*: Room.open or Room.create "
                                        r"makes a new room there"):
        Room.resume(folder)
    room = Room.open(folder, "Half", language="en")
    assert room.info.id != dead and room.reveal()
    teacher._LIVE.clear()
    assert Room.resume(folder).info.id == room.info.id and len(room.turns) == 1
    assert sorted(p.name for p in folder.iterdir()) == ["ended", "room.json", "seats", "table.json"]
    again = tmp_path / "again"  # Room.create takes a half-made room over as well
    _half_made(again, home)
    assert Room.create(again, "Again", language="en").reveal()


@pytest.mark.parametrize("skew", [-3600.0, 3600.0])
def test_a_half_made_rooms_age_is_measured_by_the_folders_own_clock(home, tmp_path, monkeypatch,
                                                                  skew):
    """room.json's time is stamped by the clock of the file system that holds it (a network
    file system's server), which may be ahead of the kernel's clock or behind it. Its age was
    measured against the kernel's clock: a server an hour ahead made a half-made room look
    an hour younger than it was ('run this again in 10 seconds' for an hour), one an hour
    behind made a room being created this very second look an hour old (taken over under
    the notebook creating it). Now the age is measured against the time a probe file
    written in the folder gets. (Faked: the kernel's clock is moved by ``skew`` seconds,
    the folder's times are set with os.utime.)"""
    monkeypatch.setattr(claim, "CREATE_WAIT_SECONDS", 0.2)
    folder = tmp_path / "room"
    dead = _half_made(folder, home)
    kernel_clock = types.SimpleNamespace(time=lambda: time.time() + skew,
                                         monotonic=time.monotonic, sleep=time.sleep)
    monkeypatch.setattr(claim, "time", kernel_clock)
    now = time.time()  # (the folder's clock: a file written now gets this time)
    os.utime(folder / "room.json", (now - 2, now - 2))  # being created, two seconds ago
    with pytest.raises(RoomError, match="is still being created"):
        Room.open(folder, "Half", language="en")
    assert json.loads((folder / "room.json").read_text())["room"] == dead
    os.utime(folder / "room.json", (now - 60, now - 60))  # left a minute ago
    with pytest.raises(RoomError, match=r"was never finished .*: Room.open or Room.create"):
        Room.resume(folder)
    room = Room.open(folder, "Half", language="en")
    assert room.info.id != dead
    assert sorted(p.name for p in folder.iterdir()) == ["ended", "room.json", "seats", "table.json"]


def test_a_half_made_room_someone_joined_is_left_alone_and_says_what_to_delete(home, tmp_path,
                                                                              monkeypatch):
    monkeypatch.setattr(claim, "CREATE_WAIT_SECONDS", 0.2)
    folder = tmp_path / "room"
    dead = _half_made(folder, home)
    join(folder, "Ada", follow=False)  # (room.json is all a join reads)
    with pytest.raises(RoomError, match=f"was never finished .* yet someone has joined or "
                                        f"written there since: delete the folder {folder}"):
        Room.open(folder, "Half", language="en")
    assert json.loads((folder / "room.json").read_text())["room"] == dead


def test_two_notebooks_opening_a_half_made_room_at_once_make_one_room(home, tmp_path):
    """Two notebooks run from the top at the same instant on a folder a killed kernel left
    half made: both take it over, one room is made, and the other notebook takes it back."""
    rounds = 12
    seed = Room.create(tmp_path / "seed", "Half", language="en")  # one half-made room, copied
    (seed.folder.table_file).unlink()
    (home / "deals" / f"{seed.info.id}.json").unlink()
    old = time.time() - 60
    for number in range(rounds):
        folder = tmp_path / f"room-{number}"
        folder.mkdir()
        (folder / "seats").mkdir()
        (folder / "room.json").write_bytes(seed.folder.room_file.read_bytes())
        os.utime(folder / "room.json", (old, old))
    teacher._LIVE.clear()
    answers = _two_teachers_opening(tmp_path, home, rounds)
    for number in range(rounds):
        pair = [a for a in answers if a[0] == number]
        folder = tmp_path / f"room-{number}"
        doc = json.loads((folder / "room.json").read_text())
        table = json.loads((folder / "table.json").read_text())
        assert {a[2] for a in pair} == {doc["room"]} == {table["room"]} != {seed.info.id}, pair
        assert not list(folder.glob(".*"))  # nothing moved aside is left
        teacher._LIVE.clear()
        assert Room.resume(folder).info.id == doc["room"]
    assert len(list((home / "deals").iterdir())) == rounds


def _join_each_undeleting(folder: str, index: int, names: list[str], barrier, results) -> None:
    """:func:`_join_each` on a hub, where a claim planted by another participant in the
    sticky seats/ cannot be deleted by a joiner."""
    real = os.unlink

    def unlink(path, *args, **kwargs):
        if os.path.basename(path).startswith(".look-") and "planted" in Path(path).read_text():
            raise PermissionError(1, "Operation not permitted", str(path))
        return real(path, *args, **kwargs)

    os.unlink = unlink
    _join_each(folder, index, names, barrier, results)


def test_lookalikes_racing_past_a_claim_nobody_can_delete_seat_one(home, tmp_path):
    """On a hub a participant may plant a claim on the look of a name that keeps nobody out
    (it names their own seat) and that no joiner can delete (sticky seats/): two lookalikes
    joining at the same instant then both went past it, and both were seated. A seat is now
    kept only if no lookalike's seat is there once it is written. (Failed before the fix:
    both seated.)"""
    from nsb_widget.room.names import look_key, name_key

    room = Room.create(tmp_path / "room", "Lookalikes", language="en")
    join(room.folder.path, "Mallory", follow=False)
    rounds = 20
    latin = [f"Pao{i}" for i in range(rounds)]
    cyrillic = [f"\u0420\u0430\u043e{i}" for i in range(rounds)]
    old = time.time() - 60
    for name in latin:
        claim = room.folder.look_file(look_key(name))
        claim.write_text(json.dumps({"format": "nsb-room-look", "version": 1,
                                     "room": room.info.id, "key": name_key("Mallory"),
                                     "name": "Mallory", "planted": True}))
        os.utime(claim, (old, old))
    barrier, results = CONTEXT.Barrier(2), CONTEXT.Queue()
    procs = [CONTEXT.Process(target=_join_each_undeleting, args=(
        str(room.folder.path), i, names, barrier, results))
        for i, names in enumerate((latin, cyrillic))]
    outcomes = dict(_answers_of(procs, results, 2 * rounds, timeout=120))
    for a, b in zip(latin, cyrillic, strict=True):
        seated = [n for n in (a, b) if outcomes[n] == "seat"]
        assert len(seated) == 1, (a, b, outcomes[a], outcomes[b])
        (loser,) = {a, b} - set(seated)
        assert outcomes[loser] == (f"the name {loser} looks the same as {seated[0]}, who is in "
                                   f"the room already: choose another name")
        assert room.folder.look_file(look_key(a)).exists()  # (the planted claim stays)
    assert len(room.folder.seat_files()) == rounds + 1


def test_a_join_that_withdrew_after_the_board_read_its_seat_keeps_its_token(home, tmp_path,
                                                                            monkeypatch):
    """A join that finds a lookalike seated at the same moment withdraws its seat and tries
    again; the teacher's board may have read the withdrawn seat meanwhile, and keeps the
    token it first saw. The second try wrote a new token, so the board refused every hand-in
    of the seat ('another token', until the teacher reseats). Now every try of one join
    writes the same token. (Simulated: a lookalike seen once, the board reading just before
    the seat is withdrawn.)"""
    from nsb_widget.room import seat as room_seat

    room = Room.create(tmp_path / "room", "Lookalikes", language="en")
    real_lookalike, real_withdraw = room_seat._lookalike_seat, room_seat._withdraw
    calls = []

    def lookalike(place, info, name, key):
        calls.append(name)
        return "\u0420\u0430\u043e" if len(calls) == 2 else real_lookalike(place, info, name,
                                                                            key)

    def withdraw(*args):
        room.poll()  # the board reads the seat in the moment it stands
        real_withdraw(*args)

    monkeypatch.setattr(room_seat, "_lookalike_seat", lookalike)
    monkeypatch.setattr(room_seat, "_withdraw", withdraw)
    seat = join(room.folder.path, "Pao", follow=False)
    assert len(calls) == 4  # (withdrawn once, then seated)
    room.reveal()
    seat.sync()
    seat.game.pass_turn(0)
    room.poll()
    assert room.participant("Pao").refusal is None
    assert room.participant("Pao").game.reveals == 1


def test_a_seat_withdrawn_after_the_board_read_it_leaves_no_ghost_row(home, tmp_path,
                                                                      monkeypatch):
    """A join that withdraws its seat for good (a lookalike seated each time it looked) after
    the board read it left a "joined" row for a seat whose file is gone, in the board and
    the standings, for the rest of the game. The board shows what the folder holds."""
    from nsb_widget.room import seat as room_seat
    from nsb_widget.widget.board import RoomBoard

    room = Room.create(tmp_path / "room", "Lookalikes", language="en")
    board = RoomBoard(room, watch=False)
    join(room.folder.path, "Ada", follow=False)
    real_lookalike, real_withdraw = room_seat._lookalike_seat, room_seat._withdraw
    calls = []

    def lookalike(place, info, name, key):
        calls.append(name)  # (every second look is the one after the seat is written)
        return "\u0420\u0430\u043e" if len(calls) % 2 == 0 else real_lookalike(
            place, info, name, key)

    def withdraw(*args):
        room.poll()  # the board reads the seat in the moment it stands
        assert "Pao" in [p.name for p in room.participants]
        real_withdraw(*args)

    monkeypatch.setattr(room_seat, "_lookalike_seat", lookalike)
    monkeypatch.setattr(room_seat, "_withdraw", withdraw)
    with pytest.raises(RoomError, match="looks the same"):
        join(room.folder.path, "Pao", follow=False)
    assert len(calls) == 2 * room_seat.JOIN_ATTEMPTS
    assert [p.name for p in room.participants] == ["Ada"]
    assert [r.name for r in room.standings().rows] == ["Ada"]
    assert [r["name"] for r in board.standings["rows"]] == ["Ada"]
    monkeypatch.undo()
    join(room.folder.path, "Pao", follow=False)  # the name is free: a seat like any other
    assert [p.name for p in room.participants] == ["Ada", "Pao"]
    assert room.participant("Pao").refusal is None
