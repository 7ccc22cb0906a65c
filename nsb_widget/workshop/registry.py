"""Every exercise of the kit by its key, in the kit's order (Berlin, then London)."""

from __future__ import annotations

from ..errors import ArgumentError, quote
from .berlin import BERLIN_EXERCISES
from .exercise import Exercise
from .london import LONDON_EXERCISES

#: Every exercise by its key, in the kit's order.
EXERCISES: dict[str, type[Exercise]] = {
    cls.key: cls for cls in (*BERLIN_EXERCISES, *LONDON_EXERCISES)}


def exercise(key: str, language: str | None = None) -> Exercise:
    """The exercise called ``key`` (one of :data:`EXERCISES`), its words in ``language``."""
    if not isinstance(key, str) or key not in EXERCISES:
        raise ArgumentError(f"no exercise {quote(key)}: one of {', '.join(EXERCISES)}")
    return EXERCISES[key](language)
