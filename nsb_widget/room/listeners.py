"""Callbacks told after a change (a seat's status, a room's table or hand-ins): what the
widgets subscribe to."""

from __future__ import annotations

from collections.abc import Callable


class Listeners:
    """A list of callbacks taking no argument; :meth:`add` returns the function that removes
    one, :meth:`tell` calls them all (a callback may remove itself meanwhile)."""

    def __init__(self) -> None:
        self._callbacks: list[Callable[[], None]] = []

    def add(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` on every :meth:`tell`; returns a function that stops it."""
        self._callbacks.append(callback)

        def remove() -> None:
            if callback in self._callbacks:
                self._callbacks.remove(callback)

        return remove

    def tell(self) -> None:
        """Call every callback, in the order they were added."""
        for callback in list(self._callbacks):
            callback()
