"""The classroom: one deal for a room of participants, dealt by the teacher, with a live board.

The teacher creates a room in a folder every participant's kernel can read and write, shows its
board on the projector and turns the cards over; each participant joins with a name and plays
their own sheet, which follows the teacher's cards::

    # the teacher
    from nsb_widget.room import Room
    room = Room.create("/shared/tuesday", "Tuesday workshop", map="berlin")
    room.board()

    # each participant
    from nsb_widget.room import join
    seat = join("/shared/tuesday", "Ada")
    seat.widget()
    seat.board()      # the room's board, read-only, on the participant's own screen

The folder holds only what the table can see; the deal stays with the teacher. Everything a
participant hands in is replayed by the engine before it is shown or counted. See
``docs/classroom.md``.
"""

from __future__ import annotations

from ..errors import RoomError, RoomFileError
from .game import RoomGame
from .handin import HandInRefused
from .info import RoomInfo, Table
from .seat import Seat, SeatStatus, join
from .standings import Standing, Standings
from .teacher import Participant, Room
from .viewer import RoomView

__all__ = [
    "HandInRefused",
    "Participant",
    "Room",
    "RoomError",
    "RoomFileError",
    "RoomGame",
    "RoomInfo",
    "RoomView",
    "Seat",
    "SeatStatus",
    "Standing",
    "Standings",
    "Table",
    "join",
]
