"""Helpers for the classroom tests: an isolated private data folder, notebooks (each its own
``JPY_SESSION_NAME``), a kernel restart, and participants who play their turns."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from nsb_widget.room import Room, Seat, join, seat, teacher
from nsb_widget.rules.game import Phase


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private data folder of our own, no notebook, and no room or seat left open."""
    path = tmp_path / "home"
    monkeypatch.setenv("NSB_WIDGET_HOME", str(path))
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    restart_kernel()
    yield path
    restart_kernel()


@contextmanager
def notebook(name: str) -> Iterator[None]:
    """Code run "in" the notebook ``name`` (Jupyter tells the kernel its notebook this way)."""
    import os

    old = os.environ.get("JPY_SESSION_NAME")
    os.environ["JPY_SESSION_NAME"] = name
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("JPY_SESSION_NAME", None)
        else:
            os.environ["JPY_SESSION_NAME"] = old


def restart_kernel() -> None:
    """Forget every room and seat this process holds, as a restarted kernel would."""
    for open_seat in list(seat._OPEN.values()):
        open_seat.close()
    seat._OPEN.clear()
    for room in list(teacher._LIVE.values()):
        room.close()
    teacher._LIVE.clear()


def take_seat(folder: Path, name: str, **options: Any) -> Seat:
    """Join from a notebook of one's own (``<name>.ipynb``), not following by itself."""
    with notebook(f"{name}.ipynb"):
        return join(folder, name, follow=False, **options)


def finish_turn(s: Seat, rng: random.Random, draw: float = 0.9) -> None:
    """Take the room's next card if it is out, then draw (random legal sections) or pass until
    the turn is done."""
    s.sync()
    game = s.game
    while game.phase is Phase.DRAW and not game.has_finished_turn():
        moves = game.legal_moves()
        if moves and rng.random() < draw:
            game.play(rng.choice(moves))
        else:
            game.pass_turn()


def play_room(room: Room, seats: list[Seat], rng: random.Random) -> None:
    """Turn every card over, each participant finishing each turn, to the end of the game."""
    while not room.is_over:
        room.reveal()
        for s in seats:
            finish_turn(s, rng)
    for s in seats:
        finish_turn(s, rng)
    room.poll()


def files(folder: Path) -> dict[str, Any]:
    """Every file of a room's folder, parsed, with its times and ids taken out."""
    out = {}
    for path in sorted(folder.rglob("*.json")):
        doc = json.loads(path.read_text())
        for key in ("created", "updated", "joined", "room", "token"):
            doc.pop(key, None)
        out[str(path.relative_to(folder))] = doc
    return out
