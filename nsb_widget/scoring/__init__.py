"""Scoring that every city shares: the score-sheet model, interchanges, ranking, assessment.

Each ruleset computes its own round terms (see :mod:`nsb_widget.rulesets`) into this model,
so renderers and the widget draw any city's score sheet from the same data.
"""

from .assessment import Band, assess
from .interchanges import colour_counts, score_interchanges
from .model import (
    Assessment,
    Bonus,
    InterchangeTier,
    LineScore,
    ObjectiveResult,
    RoundScore,
    ScoreSheet,
    TrackScore,
)
from .ranking import rank

__all__ = [
    "Assessment",
    "Band",
    "Bonus",
    "InterchangeTier",
    "LineScore",
    "ObjectiveResult",
    "RoundScore",
    "ScoreSheet",
    "TrackScore",
    "assess",
    "colour_counts",
    "rank",
    "score_interchanges",
]
