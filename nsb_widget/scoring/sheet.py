"""Putting a player's score sheet together from its terms (the same sums in every city)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .model import Assessment, InterchangeTier, ObjectiveResult, RoundScore, ScoreSheet, TrackScore


def assemble_score_sheet(
    player: int,
    name: str,
    rounds: Sequence[RoundScore],
    interchanges: Sequence[InterchangeTier],
    objectives: Sequence[ObjectiveResult],
    final: bool,
    *,
    tracks: Sequence[TrackScore] = (),
    assess: Callable[[int], Assessment] | None = None,
) -> ScoreSheet:
    """The sheet with its totals: lines + tracks + interchanges + objectives; the tie-breaker
    is the best round; ``assess(total)`` gives the solo assessment when one applies."""
    lines_total = sum(r.score for r in rounds)
    tracks_total = sum(t.points for t in tracks)
    interchanges_total = sum(t.points for t in interchanges)
    objectives_total = sum(o.points for o in objectives)
    total = lines_total + tracks_total + interchanges_total + objectives_total
    return ScoreSheet(
        player=player,
        name=name,
        rounds=tuple(rounds),
        lines_total=lines_total,
        interchanges=tuple(interchanges),
        interchanges_total=interchanges_total,
        objectives=tuple(objectives),
        objectives_total=objectives_total,
        total=total,
        tiebreak=max((r.score for r in rounds), default=0),
        final=final,
        assessment=None if assess is None else assess(total),
        tracks=tuple(tracks),
        tracks_total=tracks_total,
    )
