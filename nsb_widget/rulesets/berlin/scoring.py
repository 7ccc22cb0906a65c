"""Berlin's scoring: the line(s) of a round (phase 3) and the City administration's
assessment of a solo game."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...bitset import iter_bits
from ...i18n import N_
from ...maps.model import GameMap
from ...rules.sheet import RoundLine
from ...scoring.assessment import Band
from ...scoring.assessment import assess as assess_bands
from ...scoring.model import Assessment, Bonus, LineScore, RoundScore
from .modules import SOLO_HANDICAP, Effect, Module

CONNECTED_BONUS = 10
#: The connected-start-stations box's name (a message id: translated where shown).
CONNECTED_LABEL = N_("Start stations connected")
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
        bonuses=(Bonus("connected", CONNECTED_LABEL, int(connected),
                       CONNECTED_BONUS, bonus),),
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
        score_line(game_map, rl.lines, rl.stations, rl.connected, triple_outer=triple)
        for rl in round_lines
    ]
    if effect is Effect.DOUBLE_STATIONS and plain:
        gains = [ls.district_count * ls.best_count for ls in plain]
        chosen = gains.index(max(gains))
        rl = round_lines[chosen]
        plain[chosen] = score_line(game_map, rl.lines, rl.stations, rl.connected,
                                   triple_outer=triple, double_stations=True)
    return RoundScore(
        round=round_index + 1,
        pencil=pencil,
        effect=effect.value if effect else None,
        lines=tuple(plain),
        connected=any(ls.connected_bonus for ls in plain),
        score=sum(ls.score for ls in plain),
    )


#: (lowest score, band label, text), highest band first. The texts are message ids.
BANDS: tuple[Band, ...] = (
    (151, "150+", N_("Congratulations! The rail network of a major city holds no secrets from "
                     "you. You are a legend of Berlin's underground public transport!")),
    (131, "131-150", N_("Bravo! All aboard! Thanks to your great performance, the Berlin U-Bahn "
                        "runs like clockwork. And what efficiency!")),
    (111, "111-130", N_("You've set the switches very well! A little more effort and you'll "
                        "soon be the star of U-Bahn networks.")),
    (91, "91-110", N_("Your project is finished, but unfortunately there were a few mishaps in "
                      "your designs. Still, you've made quite a name for yourself in network "
                      "planning.")),
    (71, "71-90", N_("Come on, there's more in you! With a network like that you won't exactly "
                     "impress the city!")),
    (-10**9, "0-70", N_("The train has left! The city of Berlin thanks you, but with a "
                        "performance like that you will hardly get any more contracts. Best to "
                        "try again right away and show what you're really capable of!")),
)


def handicap(modules: Iterable[Module | str]) -> int:
    """Points subtracted from a solo score for the modules used (10, 25 or 35)."""
    return sum(SOLO_HANDICAP[Module(m)] for m in set(modules))


def assess(total: int, modules: Iterable[Module | str] = ()) -> Assessment:
    """The City administration's assessment of a solo final result played with ``modules``."""
    return assess_bands(total, handicap(modules), BANDS)
