"""Bots held to what can be meant: the options a bot is made with (a search budget of a
billion seconds is refused, not started)."""

from __future__ import annotations

import math

from ..errors import ArgumentError, quote

#: Longest time budget a bot may be given per decision, in seconds: a player waits at most
#: this long for one move (longer searches: an ``iterations`` budget).
MAX_SECONDS = 60.0
#: Largest playout budget per decision (about ten minutes of London playouts on one core).
MAX_ITERATIONS = 10_000_000


def check_budget(seconds: object, iterations: object) -> None:
    """Refuse a search budget that cannot be meant: none at all, a time that is not a number
    of seconds from above 0 to :data:`MAX_SECONDS`, a playout count that is not an int from 1
    to :data:`MAX_ITERATIONS`. Raises :class:`~nsb_widget.errors.ArgumentError`."""
    if seconds is None and iterations is None:
        raise ArgumentError("a search needs a budget: seconds=, iterations= or both")
    if seconds is not None and not (
            isinstance(seconds, int | float) and not isinstance(seconds, bool)
            and math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise ArgumentError(f"seconds must be positive and at most {MAX_SECONDS:g} (the time "
                            f"per decision), not {quote(seconds)}; for a longer search give "
                            "seconds=None and iterations=, a number of playouts")
    check_count("iterations", iterations, 1, MAX_ITERATIONS, none=True)


def check_count(name: str, value: object, low: int, high: int | None = None, *,
                none: bool = False) -> None:
    """Refuse ``value`` unless it is an ``int`` (not a ``bool``) from ``low`` to ``high``
    (``None`` allowed with ``none``). Raises :class:`~nsb_widget.errors.ArgumentError`."""
    if value is None and none:
        return
    if (isinstance(value, bool) or not isinstance(value, int) or value < low
            or (high is not None and value > high)):
        if high is not None and high - low == 1:
            raise ArgumentError(f"{name} must be {low} or {high}, not {quote(value)}")
        limits = f"at least {low}" + (f" and at most {high:,}" if high is not None else "")
        raise ArgumentError(f"{name} must be {limits} (an int), not {quote(value)}")
