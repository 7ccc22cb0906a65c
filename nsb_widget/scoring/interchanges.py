"""Final scoring: interchange stations where 2, 3 or 4 colours meet."""

from __future__ import annotations

from collections.abc import Iterable

from ..maps.model import GameMap
from .model import InterchangeTier

POINTS = {2: 2, 3: 5, 4: 9}


def colour_counts(game_map: GameMap, colour_masks: Iterable[int]) -> list[int]:
    """Per station, how many colours have a section touching it."""
    counts = [0] * len(game_map.stations)
    for mask in colour_masks:
        while mask:
            low = mask & -mask
            counts[low.bit_length() - 1] += 1
            mask ^= low
    return counts


def score_interchanges(
    game_map: GameMap, colour_masks: Iterable[int], sbahn: int
) -> tuple[InterchangeTier, ...]:
    """The three interchange tiers; a circled S-Bahn station counts as 2 stations."""
    counts = colour_counts(game_map, colour_masks)
    tiers = []
    for k, each in POINTS.items():
        stations = [s for s in game_map.stations if counts[s.index] == k]
        circled = [s for s in stations if sbahn >> s.index & 1]
        count = len(stations) + len(circled)
        tiers.append(
            InterchangeTier(
                colours=k,
                stations=tuple(s.label for s in stations),
                sbahn=tuple(s.label for s in circled),
                count=count,
                points_each=each,
                points=count * each,
            )
        )
    return tuple(tiers)
