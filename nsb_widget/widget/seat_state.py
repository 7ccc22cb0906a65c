"""The synced state of a participant's widget in a room: the room's name and how the
participant stands against its cards (pure functions of the :class:`~nsb_widget.room.Seat`)."""

from __future__ import annotations

from typing import Any

from ..room.seat import Seat


def seat_info(seat: Seat | None) -> dict[str, Any] | None:
    """``game_info["room"]``: the room's name, the participant's, whether the teacher deals,
    whether the Hint button is offered."""
    if seat is None:
        return None
    return {"name": seat.info.name, "participant": seat.name, "dealt": seat.info.dealt,
            "hints": seat.info.hints}


def seat_status(seat: Seat | None) -> dict[str, Any] | None:
    """``turn["room"]``: turns out and taken, cards behind, waiting, a problem handing in, and
    once the teacher has ended the game, what that means for the participant."""
    if seat is None:
        return None
    status = seat.status()
    # Once the teacher has ended the game: the participant's place or "left", in the seat's
    # language (the front end shows it in the room's line).
    ended = None if status.end is None else status.end.text(seat.game.translator)
    return {"turns_out": status.turns_out, "taken": status.taken, "behind": status.behind,
            "waiting": status.waiting, "problem": status.problem, "ended": ended}
