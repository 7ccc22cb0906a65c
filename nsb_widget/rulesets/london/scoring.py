"""London's scoring: a round's line, the tourist track, shared objectives, the solo table."""

from __future__ import annotations

from collections.abc import Sequence

from ...bitset import iter_bits
from ...i18n import N_
from ...maps.model import GameMap, Symbol
from ...rules.sheet import RoundLine
from ...scoring.assessment import Band
from ...scoring.interchanges import colour_counts
from ...scoring.model import Bonus, LineScore, ObjectiveResult, RoundScore, TrackScore
from .modules import OBJECTIVE_POINTS, LondonObjective

THAMES_POINTS = 2
#: The Thames box's and the tourist track's names (message ids: translated where shown).
THAMES_LABEL = N_("Thames crossings")
TOURIST_LABEL = N_("Tourist sites")
#: The tourist track: the final score takes ``TOURIST_TRACK[visits]`` (at most 10 visits).
TOURIST_TRACK: tuple[int, ...] = (0, 1, 2, 4, 6, 8, 11, 14, 17, 21, 25)

#: The official solo table's six bands (lowest score, label, text), highest band first. The
#: printed table gives the bands; the texts (message ids) are this project's words.
BANDS: tuple[Band, ...] = (
    (151, "151+", N_("Outstanding! London's network could not be in better hands.")),
    (136, "136-150", N_("Excellent planning: the Tube runs like clockwork.")),
    (121, "121-135", N_("A very good network. A few more connections and you are a master "
                        "planner.")),
    (106, "106-120", N_("A solid network, with room to grow.")),
    (91, "91-105", N_("The trains run, but the city expected more.")),
    (-10**9, "0-90", N_("Back to the drawing board: try again right away!")),
)


def score_line(game_map: GameMap, line: RoundLine) -> LineScore:
    """Districts the line passes through x its most stations in one district (a circled
    station counts twice), + 2 per section crossing the Thames."""
    stations, doubled = line.stations, line.doubled & line.stations
    counts = [(stations & m).bit_count() + (doubled & m).bit_count()
              for m in game_map.district_mask]
    reached = [d for d in game_map.districts if stations & game_map.district_mask[d.index]]
    best = max(counts)
    crossing = line.section_mask & game_map.river_crossings
    thames = crossing.bit_count()
    thames_bonus = Bonus("thames", THAMES_LABEL, thames, THAMES_POINTS,
                         thames * THAMES_POINTS,
                         tuple(game_map.section_label(s) for s in iter_bits(crossing)))
    labels = game_map.labels
    return LineScore(
        lines=line.lines,
        stations=tuple(labels[i] for i in iter_bits(stations)),
        districts=tuple(d.name for d in reached),
        outer_districts=tuple(d.name for d in reached if d.kind == "outer"),
        district_count=len(reached),
        best_districts=tuple(d.name for d in reached if counts[d.index] == best),
        best_count=best,
        station_multiplier=1,
        station_count=best,
        connected_bonus=0,
        score=len(reached) * best + thames_bonus.points,
        bonuses=(thames_bonus,),
        doubled_stations=tuple(labels[i] for i in iter_bits(doubled)),
    )


def score_round(game_map: GameMap, line: RoundLine) -> RoundScore:
    """The round's score and the tourist sites on its line."""
    scored = score_line(game_map, line)
    return RoundScore(
        round=line.round + 1,
        pencil=line.pencil,
        effect=None,
        lines=(scored,),
        connected=False,
        score=scored.score,
        tourist_sites=tuple(game_map.labels[i]
                            for i in iter_bits(line.stations & game_map.tourist_mask)),
    )


def tourist_track(rounds: Sequence[RoundScore]) -> TrackScore:
    """One circle per tourist site on each round's line, at most 10; scored at the end."""
    visits = min(sum(len(r.tourist_sites) for r in rounds), len(TOURIST_TRACK) - 1)
    return TrackScore("tourist", TOURIST_LABEL, visits, TOURIST_TRACK, TOURIST_TRACK[visits])


def objective_progress(
    objective: LondonObjective, game_map: GameMap, colour_masks: Sequence[int], network: int,
    sections: int,
) -> tuple[int, int]:
    """``(progress, target)`` of one shared objective.

    ``colour_masks`` are the stations of each colour (departure stations included: they count
    for interchanges), ``network`` the stations a drawn section touches and ``sections`` every
    drawn section.
    """
    if objective is LondonObjective.EIGHT_INTERCHANGES:
        return sum(1 for c in colour_counts(game_map, colour_masks) if c >= 2), 8
    if objective is LondonObjective.ALL_DISTRICTS:
        reached = sum(1 for mask in game_map.district_mask if network & mask)
        return reached, len(game_map.districts)
    if objective is LondonObjective.ALL_TOURIST_SITES:
        return (network & game_map.tourist_mask).bit_count(), game_map.tourist_mask.bit_count()
    if objective is LondonObjective.CENTRAL_DISTRICT:
        mask = central_district_mask(game_map)
        return (network & mask).bit_count(), mask.bit_count()
    if objective is LondonObjective.THAMES_SIX:
        return (sections & game_map.river_crossings).bit_count(), 6
    raise ValueError(f"unknown objective {objective!r}")


def central_district_mask(game_map: GameMap) -> int:
    """The stations of the district holding the central station (the one that matches every
    card)."""
    for station in game_map.stations:
        if station.symbol is Symbol.ANY:
            return game_map.district_mask[station.district]
    return 0


def score_objectives(
    objectives: Sequence[LondonObjective], game_map: GameMap, colour_masks: Sequence[int],
    network: int, sections: int,
) -> tuple[ObjectiveResult, ...]:
    """Results for the objectives in play."""
    results = []
    for obj in objectives:
        progress, target = objective_progress(obj, game_map, colour_masks, network, sections)
        met = progress >= target
        results.append(ObjectiveResult(obj.value, obj.text, min(progress, target), target, met,
                                       OBJECTIVE_POINTS if met else 0))
    return tuple(results)
