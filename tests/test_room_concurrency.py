"""Many participants writing at the same moment, as in a real room: every write is atomic, no
hand-in is lost, and two people who take one name at the same moment cannot both get it.
Each participant is a separate process, as each kernel is."""

from __future__ import annotations

import multiprocessing
import os
import random

from room_support import home

from nsb_widget.room import Room, RoomError, join
from nsb_widget.rules.game import Phase

__all__ = ["home"]
CONTEXT = multiprocessing.get_context("fork")


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

