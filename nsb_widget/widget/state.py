"""The synced state of the widget, computed from a game (pure functions, no Jupyter needed).

Each function builds one synced trait described in ``docs/widget-protocol.md``.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import asdict
from typing import Any

from ..rendering.scene import sheet_scene
from ..rules.game import Game, Phase


def game_info_state(game: Game, bots: Collection[int] = ()) -> dict[str, Any]:
    """What stays fixed for the whole game: the ruleset's description, its module cards,
    the players (sent once a game)."""
    described = game.ruleset.describe(game)
    return {
        "players": [{"name": game.setup.names[p], "bot": p in bots}
                    for p in range(game.players)],
        "modules": sorted(str(m) for m in game.setup.modules),
        "effects": described.pop("effects", []),
        "objectives": described.pop("objectives", []),
        "scenario": game.setup.scenario,
        "ruleset": described,
    }


def turn_state(
    game: Game, player: int, announcement: str | None = None
) -> dict[str, Any]:
    """The shared table: round, cards, remaining stack, players' progress."""
    remaining = dict.fromkeys(map(str, game.ruleset.count_names), 0)
    remaining["double_switch"] = 0
    for card in game.stack:
        remaining[card.kind] = remaining.get(card.kind, 0) + 1
    counts = game.line_cards_revealed
    return {
        "round": game.round,
        "turn": game.turn,
        "phase": game.phase.value,
        "cards": [str(c) for c in game.cards],
        "preview": None if game.preview is None else str(game.preview),
        "round_turns": [[str(c) for c in turn] for turn in game.round_turns],
        "last_turn": game.is_last_turn,
        "revealed": {str(kind): n for kind, n in counts.items()},
        "remaining": remaining,
        "players": [
            {"pencil": game.pencil(p), "finished": game.has_finished_turn(p),
             "total": game.score(p)}
            for p in range(game.players)
        ],
        "ranking": game.ranking() if game.is_over else None,
        "waiting_for": game.waiting_for(),
        "can_reveal": game.phase is Phase.REVEAL,
        "can_undo": game.can_undo(player),
        "game_over": game.is_over,
        "announcement": announcement,
    }


def hints_state(game: Game, player: int) -> dict[str, Any]:
    """What the shown player may do now: open lines and every legal section."""
    slots = game.slots(player)
    moves = [[slots[p.slot].line, p.origin, p.target] for p in game.plans(player)]
    return {
        "player": player,
        "open_lines": [str(line) for line in game.open_lines(player)],
        "double_switch": game.is_double_switch and game.phase is Phase.DRAW,
        "origins": sorted({m[1] for m in moves}),
        "moves": moves,
    }


def scores_state(game: Game, player: int) -> dict[str, Any]:
    """The score sheet with stations and districts as indices (names come from ``map_data``,
    objective texts from ``game_info``)."""
    sheet = game.score_sheet(player)
    gmap = game.map
    district = {d.name: d.index for d in gmap.districts}

    def stations(labels: tuple[str, ...]) -> list[int]:
        return [gmap.station(label).index for label in labels]

    def sections(labels: tuple[str, ...]) -> list[int]:
        out = []
        for label in labels:
            a, b = (gmap.station(end).index for end in label.split("-"))
            out.append(gmap.section_index[(a, b)])
        return out

    def districts(names: tuple[str, ...]) -> list[int]:
        return [district[name] for name in names]

    return {
        "rounds": [
            {
                "round": rs.round, "pencil": rs.pencil, "effect": rs.effect,
                "connected": rs.connected, "score": rs.score,
                "tourist_sites": stations(rs.tourist_sites),
                "lines": [
                    {
                        "lines": list(ls.lines), "stations": stations(ls.stations),
                        "districts": districts(ls.districts),
                        "outer_districts": districts(ls.outer_districts),
                        "district_count": ls.district_count,
                        "best_districts": districts(ls.best_districts),
                        "best_count": ls.best_count,
                        "station_multiplier": ls.station_multiplier,
                        "station_count": ls.station_count,
                        "connected_bonus": ls.connected_bonus, "score": ls.score,
                        "bonuses": [
                            {"id": b.id, "label": b.label, "count": b.count,
                             "points_each": b.points_each, "points": b.points,
                             "sections": sections(b.sections)}
                            for b in ls.bonuses
                        ],
                        "doubled_stations": stations(ls.doubled_stations),
                    }
                    for ls in rs.lines
                ],
            }
            for rs in sheet.rounds
        ],
        "lines_total": sheet.lines_total,
        "interchanges": [
            {"colours": t.colours, "stations": stations(t.stations), "sbahn": stations(t.sbahn),
             "count": t.count, "points_each": t.points_each, "points": t.points}
            for t in sheet.interchanges
        ],
        "interchanges_total": sheet.interchanges_total,
        "objectives": [
            {"objective": o.objective, "progress": o.progress, "target": o.target,
             "met": o.met, "points": o.points}
            for o in sheet.objectives
        ],
        "objectives_total": sheet.objectives_total,
        "tracks": [{"id": t.id, "label": t.label, "count": t.count, "values": list(t.values),
                    "points": t.points} for t in sheet.tracks],
        "tracks_total": sheet.tracks_total,
        "total": sheet.total,
        "tiebreak": sheet.tiebreak,
        "final": sheet.final,
        "assessment": None if sheet.assessment is None else asdict(sheet.assessment),
    }


def sheet_state(game: Game, player: int) -> dict[str, Any]:
    """The shown player's drawing (see :func:`nsb_widget.rendering.scene.sheet_scene`)."""
    return sheet_scene(game, player)
