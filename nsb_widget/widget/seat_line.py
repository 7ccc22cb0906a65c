"""A participant's seat line, live: ``display(seat)`` in a notebook.

The line says who and where ("Ada in room Tuesday (waiting for the next card). Your token:
..."), in the seat's language. Printed once, it went stale as soon as the teacher turned the
next card over while the map beside it moved on; this widget follows the seat instead: it
redraws when a card arrives, when the participant draws, passes or undoes, and when a hand-in
fails or works again. It shows only what the seat's own line shows (the participant's name and
token, the room's name, how many cards are out and taken): never a card, let alone a future one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import ipywidgets

from ..errors import ArgumentError


class ShownSeat(Protocol):
    """What the line needs of a :class:`~nsb_widget.room.Seat` (named so, not imported: the
    seat imports this module on first use, and the layers import one way)."""

    @property
    def game(self) -> Any:
        """The seat's game: ``subscribe(callback)``, ``locked(function)``."""

    def status_html(self) -> str:
        """The line as HTML, as it stands now."""

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` when the seat's status changes."""


class SeatLine(ipywidgets.HTML):  # type: ignore[misc]
    """The seat's line as a widget that stays up to date (``seat.line()``; ``display(seat)``
    shows it). One per seat: displaying it again shows the same live line."""

    def __init__(self, seat: ShownSeat, **kwargs: Any) -> None:
        if not callable(getattr(seat, "status_html", None)):
            raise ArgumentError(f"a seat line shows a Seat, not {type(seat).__name__}")
        self._seat = seat
        self._shown = seat.status_html()
        super().__init__(value=self._shown, **kwargs)
        self._unsubscribe: list[Callable[[], None]] = [
            seat.subscribe(self._on_seat), seat.game.subscribe(lambda _event: self.refresh())]

    @property
    def seat(self) -> ShownSeat:
        """The seat shown."""
        return self._seat

    def refresh(self) -> None:
        """Redraw the line from the seat now (only a changed line is sent to the page)."""
        value = self._seat.status_html()
        if value != self._shown:
            self._shown = value
            self.value = value

    def _on_seat(self) -> None:
        # The seat's follower thread: read the game under its lock, as the map's widget does.
        self._seat.game.locked(self.refresh)

    def close(self) -> None:
        """Stop following the seat and close the widget."""
        for unsubscribe in getattr(self, "_unsubscribe", ()):
            unsubscribe()
        self._unsubscribe = []
        super().close()
