"""The synced state of the widget, computed from a game (pure functions, no Jupyter needed).

Each function builds one synced trait described in ``docs/widget-protocol.md``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..rendering.scene import sheet_scene
from ..rules.cards import BERLIN_DECK, Card, Line
from ..rules.game import Game, Phase
from ..rules.moves import Draw, Pass, Reveal
from ..scoring.interchanges import colour_counts

_LINE_INDEX = {Line.BEAR: 0, Line.CROWN: 1}


def card_state(card: Card) -> dict[str, Any]:
    """A card as the front end sees it."""
    return {
        "text": str(card),
        "line": None if card.line is None else card.line.value,
        "symbol": None if card.symbol is None else card.symbol.value,
        "joker": card.joker,
        "double_switch": card.is_double_switch,
    }


def has_undo(game: Game, player: int) -> bool:
    """True when the player has a draw or pass of the current turn to take back."""
    for action in reversed(game.history):
        if isinstance(action, Reveal):
            return False
        if isinstance(action, Draw | Pass) and action.player == player:
            return True
    return False


def turn_state(
    game: Game, player: int, bots: Collection[int] = (), announcement: str | None = None
) -> dict[str, Any]:
    """The shared table: round, cards, remaining stack, effects, players."""
    remaining = {"bear": 0, "crown": 0, "double_switch": 0}
    for card in game.stack:
        remaining["double_switch" if card.line is None else card.line.value] += 1
    counts = game.line_cards_revealed
    waiting = game.waiting_for()
    effects = [
        {"round": i + 1, "id": e.value, "title": e.display_name, "text": e.text,
         "used": i + 1 < game.round or game.is_over}
        for i, e in enumerate(game.setup.effects)
    ]
    effect = game.effect
    totals = [game.score(p) for p in range(game.players)]
    return {
        "round": game.round,
        "turn": game.turn,
        "phase": game.phase.value,
        "cards": [card_state(c) for c in game.cards],
        "preview": None if game.preview is None else card_state(game.preview),
        "round_turns": [[card_state(c) for c in turn] for turn in game.round_turns],
        "last_turn": game.is_last_turn,
        "revealed": {"bear": counts[Line.BEAR], "crown": counts[Line.CROWN]},
        "remaining": remaining,
        "deck_size": len(BERLIN_DECK),
        "effect": None if effect is None else {"id": effect.value, "title": effect.display_name,
                                               "text": effect.text},
        "effects": effects,
        "objectives": [{"id": o.value, "text": o.text} for o in game.setup.objectives],
        "players": [
            {
                "name": game.setup.names[p],
                "pencil": game.pencil(p),
                "bot": p in bots,
                "finished": game.has_finished_turn(p),
                "total": totals[p],
            }
            for p in range(game.players)
        ],
        "waiting_for": waiting,
        "can_reveal": game.phase is Phase.REVEAL,
        "can_undo": has_undo(game, player),
        "game_over": game.is_over,
        "announcement": announcement,
    }


def hints_state(game: Game, player: int) -> dict[str, Any]:
    """What the shown player may do now: open lines and every legal section."""
    index = {s.label: s.index for s in game.map.stations}
    moves = [
        [_LINE_INDEX[m.line], index[m.origin], index[m.target]]
        for m in game.legal_moves(player)
    ]
    return {
        "player": player,
        "open_lines": [line.value for line in game.open_lines(player)],
        "double_switch": game.is_double_switch and game.phase is Phase.DRAW,
        "origins": sorted({m[1] for m in moves}),
        "moves": moves,
    }


def scores_state(game: Game, player: int) -> dict[str, Any]:
    """The score sheet plus the same terms as station/district indices for the overlay."""
    sheet = game.score_sheet(player)
    gmap = game.map
    district_index = {d.name: d.index for d in gmap.districts}
    station_index = {s.label: s.index for s in gmap.stations}
    rounds = []
    for rs in sheet.rounds:
        starts = [
            gmap.start_station(rs.pencil, line).index for line in gmap.lines
        ]
        lines = []
        for ls in rs.lines:
            stations = [station_index[label] for label in ls.stations]
            best = [district_index[name] for name in ls.best_districts]
            lines.append({
                "lines": list(ls.lines),
                "stations": stations,
                "districts": [district_index[name] for name in ls.districts],
                "best_districts": best,
                "best_stations": [s for s in stations if gmap.stations[s].district in best],
                "connected_starts": starts if ls.connected_bonus else [],
            })
        rounds.append({"round": rs.round, "pencil": rs.pencil, "lines": lines})
    sh = game.sheets[player]
    counts = colour_counts(gmap, sh.colour_stations.values())
    interchanges = [[i, n, bool(sh.sbahn >> i & 1)] for i, n in enumerate(counts) if n >= 2]
    return {"sheet": sheet.to_dict(), "overlay": {"rounds": rounds, "interchanges": interchanges}}


def sheet_state(game: Game, player: int) -> dict[str, Any]:
    """The shown player's drawing (see :func:`nsb_widget.rendering.scene.sheet_scene`)."""
    return sheet_scene(game, player)
