"""Scoring: lines per round, interchanges, objectives, the score sheet and the assessment."""

from .assessment import assess
from .interchanges import score_interchanges
from .lines import score_line, score_round
from .model import (
    Assessment,
    InterchangeTier,
    LineScore,
    ObjectiveResult,
    RoundScore,
    ScoreSheet,
)
from .objectives import score_objectives
from .sheet import build_score_sheet, rank

__all__ = [
    "Assessment",
    "InterchangeTier",
    "LineScore",
    "ObjectiveResult",
    "RoundScore",
    "ScoreSheet",
    "assess",
    "build_score_sheet",
    "rank",
    "score_interchanges",
    "score_line",
    "score_objectives",
    "score_round",
]
