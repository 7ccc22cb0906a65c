"""The room cells of the workshop's notebooks: :func:`join` for participants, :func:`open_room`
and :func:`show_figures` for the teacher.

They are thin layers over :mod:`nsb_widget.room` made for a notebook that is run from top to
bottom: where the room's API raises (no name yet, no room yet, a name taken), :func:`join`
shows what to do and lets the rest of the notebook run; :func:`open_room` creates a room or, when
its folder holds one already (after a kernel restart), takes it back.
"""

from __future__ import annotations

import os
from typing import Any

from ..errors import RoomError
from ..i18n import resolve_language
from ..room import Room, Seat
from ..room import join as join_room
from ..room.folder import RoomFolder
from .words import words


class NoSeat:
    """What :func:`join` gives when it cannot seat you: why, and what to do."""

    def __init__(self, message: str) -> None:
        self.message = message
        """Why there is no seat, and what to do."""

    def widget(self, **options: Any) -> None:
        """No map without a seat (the message is shown instead)."""
        return None

    def __repr__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        return f"**{self.message}**"


def join(folder: str | os.PathLike[str], name: str | None, *, token: str | None = None,
         language: str | None = None) -> Seat | NoSeat:
    """Take a seat in the room in ``folder`` as :func:`nsb_widget.room.join` does, or, when that
    cannot be done (no name set yet, no room in the folder yet, a name taken), a
    :class:`NoSeat` saying what to do, in ``language``: a notebook run from top to bottom
    goes on."""
    t = words(language)
    if name is None:
        return NoSeat(t("Set your name first: in the notebook's first code cell, write your "
                        "name in quotes after MY_NAME = (for example MY_NAME = \"Ada\"), run "
                        "that cell, then this one again."))
    try:
        return join_room(folder, name, token=token,
                         language=None if language is None else resolve_language(language))
    except RoomError as exc:
        return NoSeat(t("No seat yet: {why}", why=str(exc)))


def open_room(folder: str | os.PathLike[str], name: str, **options: Any) -> Room:
    """The room in ``folder``: created with ``name`` and ``options`` (as for
    :meth:`Room.create <nsb_widget.room.Room.create>`) the first time, taken back with
    :meth:`Room.resume <nsb_widget.room.Room.resume>` when the folder holds it already (the
    teacher's kernel restarted: the cards turned over and every hand-in come back)."""
    if RoomFolder(folder).room_file.exists():
        return Room.resume(folder)
    return Room.create(folder, name, **options)


def show_figures(room: Room) -> Any:
    """The room's figures (:meth:`Room.figures <nsb_widget.room.Room.figures>`: the spread of
    the final scores and the sections drawn most) to show once, or ``None`` after printing
    why there are none yet (no finished game, no matplotlib)."""
    t = words(room.info.language)
    try:
        figure = room.figures()
    except RoomError as exc:
        print(t("No figures yet: {why}. Run this cell again after the game.", why=str(exc)))
        return None
    except ImportError:
        print(t("The figures need matplotlib and pandas: pip install \"nsb-widget[plots]\""))
        return None
    import matplotlib.pyplot as plt

    plt.close(figure)  # shown once, by the notebook, from the returned figure
    return figure
