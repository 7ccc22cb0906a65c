"""The workshop kit: exercises that check against their own position, the notebooks of a
two-hour workshop in English, German and French, and the printable rules summaries.

In a participant's notebook::

    from nsb_widget.workshop import exercise, join
    exercise("berlin-turn", "de").picture()       # the position
    answer = {"bear …"}
    exercise("berlin-turn", "de").check(answer)   # the engine's verdict, in German
    seat = join("rooms/berlin", "Ada")            # a seat in the teacher's room

``nsb-widget workshop --language de --out DIR`` writes the whole kit (:func:`write_kit`).
"""

from __future__ import annotations

from .exercise import Exercise, Picture, Verdict
from .kit import KIT_FILES, kit, write_kit
from .registry import EXERCISES, exercise
from .rooms import NoSeat, export_results, join, show_figures

__all__ = [
    "EXERCISES",
    "KIT_FILES",
    "Exercise",
    "NoSeat",
    "Picture",
    "Verdict",
    "exercise",
    "export_results",
    "join",
    "kit",
    "show_figures",
    "write_kit",
]
