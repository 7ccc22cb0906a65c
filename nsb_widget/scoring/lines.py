"""Phase 3: scoring the line(s) of a round."""

from __future__ import annotations

from collections.abc import Sequence

from ..bitset import iter_bits
from ..maps.model import GameMap
from ..rules.modules import Effect
from ..rules.sheet import RoundLine
from .model import LineScore, RoundScore

CONNECTED_BONUS = 10
OUTER_DISTRICT_WEIGHT = 3


def score_line(
    game_map: GameMap,
    lines: Sequence[str],
    stations: int,
    connected: bool,
    *,
    triple_outer: bool = False,
    double_stations: bool = False,
) -> LineScore:
    """Score one connected line given as a station bitset."""
    counts = [(stations & mask).bit_count() for mask in game_map.district_mask]
    reached = [d for d in game_map.districts if counts[d.index]]
    outer = [d.name for d in reached if d.kind == "outer"]
    district_count = len(reached) + (OUTER_DISTRICT_WEIGHT - 1) * len(outer) * triple_outer
    best = max(counts)
    multiplier = 2 if double_stations else 1
    bonus = CONNECTED_BONUS if connected else 0
    return LineScore(
        lines=tuple(lines),
        stations=tuple(game_map.stations[i].label for i in iter_bits(stations)),
        districts=tuple(d.name for d in reached),
        outer_districts=tuple(outer),
        district_count=district_count,
        best_districts=tuple(d.name for d in reached if counts[d.index] == best),
        best_count=best,
        station_multiplier=multiplier,
        station_count=best * multiplier,
        connected_bonus=bonus,
        score=district_count * best * multiplier + bonus,
    )


def score_round(
    game_map: GameMap,
    round_index: int,
    pencil: str,
    round_lines: Sequence[RoundLine],
    effect: Effect | None = None,
) -> RoundScore:
    """Score a round's connected lines, applying the round's effect.

    With Double stations and two separate lines the doubling goes to the line it helps most
    (the Bear line on a tie): a player always prefers more points, and the choice changes
    nothing else.
    """
    triple = effect is Effect.TRIPLE_OUTER
    plain = [
        score_line(game_map, [x.value for x in rl.lines], rl.stations, rl.connected,
                   triple_outer=triple)
        for rl in round_lines
    ]
    if effect is Effect.DOUBLE_STATIONS and plain:
        gains = [ls.district_count * ls.best_count for ls in plain]
        chosen = gains.index(max(gains))
        rl = round_lines[chosen]
        plain[chosen] = score_line(game_map, [x.value for x in rl.lines], rl.stations,
                                   rl.connected, triple_outer=triple, double_stations=True)
    return RoundScore(
        round=round_index + 1,
        pencil=pencil,
        effect=effect.value if effect else None,
        lines=tuple(plain),
        connected=any(ls.connected_bonus for ls in plain),
        score=sum(ls.score for ls in plain),
    )
