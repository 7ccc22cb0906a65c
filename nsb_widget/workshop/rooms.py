"""The room cells of the workshop's notebooks: :func:`join` for participants and
:func:`show_figures` for the teacher (whose rooms come from :meth:`Room.open
<nsb_widget.room.Room.open>`: created once, taken back on every later run).

They are thin layers over :mod:`nsb_widget.room` made for a notebook that is run from top to
bottom: where the room's API raises (no name yet, no room yet, a name taken, no finished game
yet), they say what to do and let the rest of the notebook run.
"""

from __future__ import annotations

import os
from typing import Any

from ..errors import RoomError
from ..i18n import resolve_language
from ..room import Room, Seat
from ..room import join as join_room
from .words import after_colon, words


class NoSeat:
    """What :func:`join` gives when it cannot seat you: why, and what to do."""

    def __init__(self, message: str) -> None:
        self.message = message
        """Why there is no seat, and what to do."""

    def widget(self, **options: Any) -> None:
        """No map without a seat (the message is shown instead)."""
        return None

    def board(self, **options: Any) -> NoSeat:
        """No room's board without a seat: the message again, shown by the cell."""
        return self

    def standings(self) -> NoSeat:
        """No standings without a seat: the message again, shown by the cell."""
        return self

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
        return NoSeat(t("No seat yet: {why}", why=after_colon(str(exc), t)))


def export_results(room: Room) -> None:
    """Write the room's results (:meth:`Room.export <nsb_widget.room.Room.export>`) and print
    the folder, or print why there is nothing to export yet: nobody has joined, or no card has
    been turned over (the teacher's notebook is run from the top before the game, and its
    London export cell may run during the Berlin debrief: one cell per room, so what is
    printed is plainly that room's)."""
    t = words(room.info.language)
    if not room.participants:  # (said whole: the room's own reason has a colon of its own)
        print(t("Nothing exported yet: nobody has joined the room. Run this cell again after "
                "the game."))
        return
    if room.info.dealt and not room.turns:  # (run from the top with a room not yet played)
        print(t("Nothing exported yet: no card has been turned over. Run this cell again "
                "after the game."))
        return
    try:
        folder = room.export()
    except RoomError as exc:
        print(t("Nothing exported yet: {why}. Run this cell again after the game.",
                why=after_colon(str(exc), t)))
        return
    print(folder)


def show_figures(room: Room) -> Any:
    """The room's figures (:meth:`Room.figures <nsb_widget.room.Room.figures>`: the spread of
    the final scores and the sections drawn most) to show once, or ``None`` after printing
    why there are none yet (no finished game, no matplotlib)."""
    t = words(room.info.language)
    try:
        figure = room.figures()
    except RoomError as exc:
        print(t("No figures yet: {why}. Run this cell again after the game.",
                why=after_colon(str(exc), t)))
        return None
    except ImportError:
        print(t("The figures need matplotlib and pandas: pip install \"nsb-widget[plots]\""))
        return None
    import matplotlib.pyplot as plt

    plt.close(figure)  # shown once, by the notebook, from the returned figure
    return figure
