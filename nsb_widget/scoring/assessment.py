"""The assessment of a solo game: a score band read from a ruleset's table."""

from __future__ import annotations

from collections.abc import Sequence

from .model import Assessment

#: A band: (lowest score, label, text), listed highest band first; the last has no floor.
Band = tuple[int, str, str]


def assess(total: int, handicap: int, bands: Sequence[Band]) -> Assessment:
    """The band that ``total - handicap`` falls in."""
    rated = total - handicap
    for low, band, text in bands:
        if rated >= low:
            return Assessment(rated, handicap, band, text)
    low, band, text = bands[-1]
    return Assessment(rated, handicap, band, text)
