"""Berlin's Objective cards: progress and completion at final scoring."""

from __future__ import annotations

from collections.abc import Sequence

from ...maps.model import GameMap
from ...rules.sheet import RoundLine
from ...scoring.interchanges import colour_counts
from ...scoring.model import ObjectiveResult
from .modules import OBJECTIVE_POINTS, Objective


def objective_progress(
    objective: Objective,
    game_map: GameMap,
    colour_masks: Sequence[int],
    sbahn: int,
    round_lines: Sequence[RoundLine],
) -> tuple[int, int]:
    """``(progress, target)`` of one objective for a network.

    A station belongs to the network when a section of any colour touches it (an unused start
    station does not). Effects never count here (no triple districts, no double stations).
    """
    network = 0
    for mask in colour_masks:
        network |= mask
    if objective is Objective.ALL_STATIONS_TWO_MAIN:
        done = sum(
            1
            for d, mask in zip(game_map.districts, game_map.district_mask, strict=False)
            if d.kind == "main" and network & mask == mask
        )
        return done, 2
    if objective is Objective.ALL_DISTRICTS:
        reached = sum(1 for mask in game_map.district_mask if network & mask)
        return reached, len(game_map.districts)
    if objective is Objective.INTERCHANGE_TWO_OUTER:
        counts = colour_counts(game_map, colour_masks)
        outer = sum(
            1
            for d in game_map.districts
            if d.kind == "outer" and any(counts[s] >= 2 for s in d.stations)
        )
        return outer, 2
    circled = sbahn & network
    if objective is Objective.SBAHN_SIX_DISTRICTS:
        return sum(1 for mask in game_map.district_mask if circled & mask), 6
    if objective is Objective.SBAHN_THREE_ON_LINE:
        best = max(((rl.stations & circled).bit_count() for rl in round_lines), default=0)
        return best, 3
    raise ValueError(f"unknown objective {objective!r}")


def score_objectives(
    objectives: Sequence[Objective],
    game_map: GameMap,
    colour_masks: Sequence[int],
    sbahn: int,
    round_lines: Sequence[RoundLine],
) -> tuple[ObjectiveResult, ...]:
    """Results for the objectives in play."""
    results = []
    for obj in objectives:
        progress, target = objective_progress(obj, game_map, colour_masks, sbahn, round_lines)
        met = progress >= target
        results.append(
            ObjectiveResult(obj.value, obj.text, min(progress, target), target, met,
                            OBJECTIVE_POINTS if met else 0)
        )
    return tuple(results)
