"""Quick estimates of a drawn section's worth, shared by the greedy, lookahead and search bots.

Everything here reads the sheet's bitsets (plain ints) and the map's precomputed masks: no
copies, no score-sheet objects. The estimate is the line score the round would give if it
ended now (districts x stations in the best district, the connected bonus where a round has
several lines, Thames crossings where the ruleset scores them), plus small weights for what
pays later: a station another colour already uses (an interchange at the end of the game), a
tourist site, and the ways on from the station reached (a line in a dead end stops scoring).
The weights were tuned on 300 seeded greedy games per city.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules.game import Game, Plan

#: Worth of reaching a station another colour already uses (an interchange at the end).
INTERCHANGE_WEIGHT = 2.0
#: Worth of a tourist site newly on the round's line (London's tourist track).
TOURIST_WEIGHT = 2.0
#: Worth of each way on from the station reached (a free section to a station not yet on
#: the line), counted up to :data:`MOBILITY_CAP`: a line should not run into a dead end.
MOBILITY_WEIGHT = 0.75
MOBILITY_CAP = 3
#: Points for both start stations on one line (Berlin's connected bonus).
CONNECTED_POINTS = 10


def plan_values(game: Game, player: int, plans: list[Plan]) -> list[float]:
    """The estimate for each of ``plans`` (as :meth:`Game.plans` lists them)."""
    sheet = game.sheets[player]
    gmap = game.map
    slots = game.slots(player)
    river = gmap.river_crossings if game.ruleset.scores_river else 0
    tourist = gmap.tourist_mask
    district_of = _district_of(game)
    others = 0
    for pencil, mask in sheet.colour_stations.items():
        if pencil != sheet.pencil:
            others |= mask
    starts = sheet.starts
    several = len(starts) > 1
    circled = sheet.circled
    comp = sheet.comp
    neighbours = gmap.neighbour_bits
    free = ~sheet.blocked & ~sheet.drawn
    # Per line: its district counts now (a circled station counts twice), districts reached
    # and best count; a plan adds one station to one district, unless it joins two lines.
    base: dict[int, tuple[list[int], int, int]] = {}
    for li in range(len(starts)):
        c = comp[li]
        if c not in base:
            base[c] = _district_counts(gmap.district_mask, sheet.cm[c], circled)
    values: list[float] = []
    for plan in plans:
        li = slots[plan.slot].line
        c = comp[li]
        t = plan.target
        before = sheet.cm[c]
        tbit = 1 << t
        joins = several and any(comp[k] != c and sheet.members(k) & tbit
                                for k in range(len(starts)))
        if joins:
            stations = before | tbit
            sections = sheet.cs[c] | (1 << plan.section)
            for k in range(len(starts)):
                if comp[k] != c and sheet.members(k) & tbit:
                    stations |= sheet.members(k)
                    sections |= sheet.line_sections(k)
            _, reached, best = _district_counts(gmap.district_mask, stations, circled)
        else:
            counts, reached, best = base[c]
            stations = before | tbit
            sections = sheet.cs[c] | (1 << plan.section)
            if not before & tbit:
                d = district_of[t]
                now = counts[d] + (2 if circled & tbit else 1)
                if counts[d] == 0:
                    reached += 1
                if now > best:
                    best = now
        value = float(reached * best)
        if several and all(stations >> s & 1 for s in starts):
            value += CONNECTED_POINTS
        if river:
            value += 2 * (sections & river).bit_count()
        if others & tbit:
            value += INTERCHANGE_WEIGHT
        if tourist & tbit and not before & tbit:
            value += TOURIST_WEIGHT
        ways = 0
        for _, s, nbit, sbit in neighbours[t]:
            if free & sbit and not stations & nbit and s != plan.section:
                ways += 1
        value += MOBILITY_WEIGHT * min(ways, MOBILITY_CAP)
        values.append(value)
    return values


def _district_counts(masks: tuple[int, ...], stations: int,
                     circled: int) -> tuple[list[int], int, int]:
    """Stations per district (circled ones twice), districts reached, the best count."""
    doubled = circled & stations
    counts = [(stations & m).bit_count() + ((doubled & m).bit_count() if doubled else 0)
              for m in masks]
    return counts, sum(1 for n in counts if n), max(counts)


_DISTRICT_OF: dict[int, tuple[int, ...]] = {}


def _district_of(game: Game) -> tuple[int, ...]:
    """Each station's district index (cached per map)."""
    found = _DISTRICT_OF.get(id(game.map))
    if found is None:
        found = tuple(st.district for st in game.map.stations)
        _DISTRICT_OF[id(game.map)] = found
    return found


def line_value(game: Game, player: int) -> float:
    """The line score the current round would give if it ended now (the estimate's first
    part, for the whole sheet as it stands)."""
    sheet = game.sheets[player]
    gmap = game.map
    total = 0.0
    seen: set[int] = set()
    for line in range(len(sheet.line_ids)):
        c = sheet.comp[line]
        if c in seen:
            continue
        seen.add(c)
        stations = sheet.cm[c]
        doubled = sheet.circled & stations
        counts = [(stations & m).bit_count() + (doubled & m).bit_count()
                  for m in gmap.district_mask]
        total += sum(1 for m in gmap.district_mask if stations & m) * max(counts)
        if game.ruleset.scores_river:
            total += 2 * (sheet.cs[c] & gmap.river_crossings).bit_count()
    if len(sheet.starts) > 1 and sheet.joined:
        total += CONNECTED_POINTS
    return total
