"""The ranking of a game, from the players' score sheets (the same rule in every city)."""

from __future__ import annotations

from collections.abc import Sequence

from .model import ScoreSheet


def rank(sheets: Sequence[ScoreSheet]) -> list[list[int]]:
    """Players grouped by place: highest total first, then the best single round score;
    players equal on both share the place (a shared victory when it is the first)."""
    keyed: dict[tuple[int, int], list[int]] = {}
    for s in sheets:
        keyed.setdefault((s.total, s.tiebreak), []).append(s.player)
    return [keyed[k] for k in sorted(keyed, reverse=True)]
