"""A real room on this machine: a teacher and N participants, each a process of its own (as
each kernel is), playing on one room folder.

Run: python benchmarks/bench_room.py [--participants 40] [--turns 16] [--think 0.8]

Measures, turn by turn:
- reveal -> participant: from the teacher's write of the card to the moment each participant's
  game has it (their seat's follower thread looks every 0.25 s);
- draw -> board: from a participant's hand-in (written after their draw or pass) to the moment
  the teacher's board shows it (the room's watcher reads the hand-ins every 0.5 s, replays each
  through the engine, and the board recomputes its state).

Run: python benchmarks/bench_room.py --junk 5000 [--seats 20]

measures instead what one poll of the teacher's board costs (reading ``seats/`` for changed
hand-ins, twice a second) with ``--seats`` real seats, then with ``--junk`` files planted in
``seats/`` beside them: files named as seats are (24 hex digits), holding no hand-in, and
files of any other name. It prints the median of a poll with nothing new, and the first poll
after the junk is planted (which reads it once).

Target (issue 17): with 40 participants both within 2 seconds. Each participant "thinks" a
random 0 to ``--think`` seconds before drawing. The yardstick is the same room with one
participant, run first in the same session (the machines are shared and vary by 2x): the
figures with 40 should stay close to it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import shutil
import signal
import statistics
import tempfile
import threading
import time
import warnings
from pathlib import Path

from nsb_widget.room import Room, join
from nsb_widget.rules.game import Phase

CONTEXT = multiprocessing.get_context("fork")


def participant(folder: str, name: str, think: float, stop, results) -> None:
    """Join, follow the room's cards, and after each card think, then draw or pass. Ctrl-C
    is the teacher process's to handle (it stops this one, then removes the folder)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ["NSB_WIDGET_HOME"] = str(Path(folder).parent / "homes" / name)
    os.environ["JPY_SESSION_NAME"] = f"{name}.ipynb"
    rng = random.Random(name)
    arrived = threading.Event()
    latencies: list[float] = []
    seat = join(folder, name, follow=False)

    def on_event(event) -> None:
        if event.kind == "reveal":
            latencies.append(time.time() - seat._table.updated)
            arrived.set()

    seat.game.subscribe(on_event)
    if seat.game.phase is Phase.DRAW:  # join took a card already out (before subscribe)
        arrived.set()
    seat.follow()  # the same thread and interval as in a notebook
    game = seat.game
    while not stop.is_set():
        if not arrived.wait(0.1):
            continue
        arrived.clear()
        time.sleep(rng.uniform(0, think))
        while game.phase is Phase.DRAW and not game.has_finished_turn():
            moves = game.legal_moves()
            game.play(rng.choice(moves)) if moves else game.pass_turn()
    seat.stop_following()
    results.put(latencies)


def run(count: int, turns: int, think: float) -> dict[str, list[float] | float]:
    """One room of ``count`` participants for ``turns`` cards; the latencies measured. The
    room's temporary folder (the room, every private data folder) is removed at the end,
    also when the run fails or is interrupted (Ctrl-C): the participants' processes are
    stopped first, so that none writes there afterwards."""
    base = Path(tempfile.mkdtemp(prefix="nsb-bench-room-"))
    home = os.environ.get("NSB_WIDGET_HOME")
    procs: list = []
    stop = CONTEXT.Event()
    room = None
    try:
        os.environ["NSB_WIDGET_HOME"] = str(base / "teacher-home")
        with warnings.catch_warnings():  # the same deal every run: its seed is no secret here
            warnings.simplefilter("ignore", UserWarning)
            room = Room.create(base / "room", "Benchmark", seed=2026, language="en")
        return _measure(room, count, turns, think, stop, procs)
    finally:
        stop.set()
        for p in procs:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
                p.join(timeout=5)
        if room is not None:
            room.close()
        if home is None:
            os.environ.pop("NSB_WIDGET_HOME", None)
        else:
            os.environ["NSB_WIDGET_HOME"] = home
        shutil.rmtree(base, ignore_errors=True)


def _measure(room: Room, count: int, turns: int, think: float, stop,
             procs: list) -> dict[str, list[float] | float]:
    """Start ``count`` participants (added to ``procs``), turn ``turns`` cards over, and
    measure."""
    results = CONTEXT.Queue()
    procs.extend(CONTEXT.Process(target=participant, args=(
        str(room.folder.path), f"P{i:02d}", think, stop, results)) for i in range(count))
    for p in procs:
        p.start()
    from nsb_widget.widget.board import RoomBoard

    board = RoomBoard(room, watch=False)  # the board's redraw is part of what is measured
    try:
        to_board: list[float] = []
        last_seen: dict[str, float] = {}

        def on_change() -> None:
            now = time.time()
            for entry in room.participants:
                if entry.game is not None and entry.updated != last_seen.get(entry.key):
                    last_seen[entry.key] = entry.updated
                    if entry.game.reveals:  # their join is not a draw
                        to_board.append(now - entry.updated)

        room.subscribe(on_change)
        deadline = time.monotonic() + 120
        while len(room.standings().rows) < count and time.monotonic() < deadline:
            room.poll()
            time.sleep(0.1)
        room.watch()
        turn_seconds = []
        for _ in range(turns):
            if room.is_over:
                break
            start = time.monotonic()
            room.reveal()
            while room.standings().ready < count and time.monotonic() - start < 60:
                time.sleep(0.05)
            turn_seconds.append(time.monotonic() - start)
        stop.set()
        to_participant: list[float] = []
        for _ in procs:
            to_participant.extend(results.get(timeout=60))
    finally:
        room.stop_watching()
        board.close()
    return {"to_participant": to_participant, "to_board": to_board,
            "turn": statistics.median(turn_seconds) if turn_seconds else float("nan")}


def poll_cost(seats: int, junk: int, polls: int = 30) -> dict[str, float]:
    """Seconds one poll of the teacher's board takes (median of ``polls``, nothing new) with
    ``seats`` participants who have played three cards, then with ``junk`` files planted in
    ``seats/`` (named as seats, then any other name; the first poll after each is measured
    too). Everything runs in this process, in a temporary folder removed at the end."""
    from nsb_widget.widget.board import RoomBoard

    base = Path(tempfile.mkdtemp(prefix="nsb-bench-room-"))
    env = {k: os.environ.get(k) for k in ("NSB_WIDGET_HOME", "JPY_SESSION_NAME")}
    room = board = None
    try:
        os.environ["NSB_WIDGET_HOME"] = str(base / "home")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            room = Room.create(base / "room", "Benchmark", seed=2026, language="en")
        board = RoomBoard(room, watch=False)
        players = []
        for i in range(seats):
            os.environ["JPY_SESSION_NAME"] = f"P{i:02d}.ipynb"
            players.append(join(room.folder.path, f"P{i:02d}", follow=False))
        rng = random.Random(1)
        for _ in range(3):
            room.reveal()
            for seat in players:
                seat.sync()
                while seat.game.phase is Phase.DRAW and not seat.game.has_finished_turn():
                    moves = seat.game.legal_moves()
                    if moves:
                        seat.game.play(rng.choice(moves))
                    else:
                        seat.game.pass_turn()
        room.poll()

        def timed() -> float:
            start = time.perf_counter()
            room.poll()
            return time.perf_counter() - start

        out = {"seats": statistics.median(timed() for _ in range(polls))}
        for kind, name in (("seat-named", lambda i: f"{i:024x}.json"),
                           ("other names", lambda i: f"junk-{i:05d}.json")):
            for i in range(junk):
                (room.folder.seats / name(i)).write_bytes(b'{"junk": true}')
            out[f"{kind}: first"] = timed()
            out[f"{kind}: steady"] = statistics.median(timed() for _ in range(polls))
        return out
    finally:
        if board is not None:
            board.close()
        if room is not None:
            room.close()
        for key, value in env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        shutil.rmtree(base, ignore_errors=True)


def summary(values: list[float]) -> str:
    if not values:
        return "no data"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"median {statistics.median(ordered):.2f}  p95 {p95:.2f}  max {ordered[-1]:.2f}"
            f"  (n={len(ordered)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--participants", type=int, default=40)
    parser.add_argument("--turns", type=int, default=16)
    parser.add_argument("--think", type=float, default=0.8)
    parser.add_argument("--junk", type=int, default=None,
                        help="measure one poll of the board with this many junk files")
    parser.add_argument("--seats", type=int, default=20)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    if args.junk is not None:
        cost = poll_cost(args.seats, args.junk)
        print(f"one poll of the board, median of 30 with nothing new ({args.seats} seats):")
        print(f"  {args.seats} seats alone: {cost['seats'] * 1000:.1f} ms")
        for kind in ("seat-named", "other names"):
            print(f"  + {args.junk} junk files ({kind}, added to those before): first poll "
                  f"{cost[kind + ': first'] * 1000:.1f} ms, then "
                  f"{cost[kind + ': steady'] * 1000:.1f} ms")
        print(f"load average after: {os.getloadavg()[0]:.2f}")
        return
    for count in (1, args.participants):
        try:
            figures = run(count, args.turns, args.think)
        except KeyboardInterrupt:  # (run has stopped its processes and removed its folder)
            print("\ninterrupted")
            raise SystemExit(130) from None
        print(f"\n{count} participant(s), {args.turns} cards, thinking 0-{args.think} s:")
        print(f"  reveal -> participant (s): {summary(figures['to_participant'])}")  # type: ignore[arg-type]
        print(f"  draw -> board (s):         {summary(figures['to_board'])}")  # type: ignore[arg-type]
        print(f"  a whole turn, reveal to everyone ready (s): median {figures['turn']:.2f}")
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
