"""The synced state of the teacher's board, computed from a :class:`~nsb_widget.room.Room`
(pure functions, no Jupyter needed).

Everything here is what the table sees: the room's public facts, the cards turned over so far
(from the table's own game, which holds no deal), and the participants' games as the engine
accepted them. Nothing is read from the teacher's deal, so the projector cannot show a future
card.
"""

from __future__ import annotations

from typing import Any

from ..i18n import Translator
from ..room import Room, Standings
from .state import game_info_state, map_state, turn_state

#: The keys of the table game's turn state the board shows.
_TABLE_KEYS = ("round", "turn", "phase", "cards", "preview", "round_turns", "last_turn",
               "revealed", "remaining")


def board_info(room: Room) -> dict[str, Any]:
    """What stays fixed: the room's and the city's names, its paced mode, its modules' cards,
    the pencils and how the city's cards look (``ruleset``, as the game widget gets it); for a
    participant's view (``viewer``), whose it is (``you``: their name)."""
    game = room.table_game
    info = game_info_state(game)
    scene = map_state(game)
    return {
        "name": room.name,
        "folder": str(room.folder.path),
        "map": {"id": game.map.id, "title": scene["title"]},
        "dealt": room.info.dealt,
        "hints": room.info.hints,
        "modules": info["modules"],
        "effects": info["effects"],
        "objectives": info["objectives"],
        "pencils": scene["pencils"],
        "ruleset": info["ruleset"],
        # A participant's view (seat.board()): no teacher's button, their own row marked.
        "viewer": room.read_only,
        "you": getattr(room, "you", None) if room.read_only else None,
    }


def board_table(room: Room) -> dict[str, Any]:
    """The cards on the table now: round, turn, this turn's cards (and a Glimpse preview), the
    counts, whether the teacher may turn the next card over (and why not), whether they may
    end the game (every card out, someone not finished) and whether they have."""
    game = room.table_game
    turn = turn_state(game, 0)
    out = {key: turn[key] for key in _TABLE_KEYS}
    why = room.why_not_reveal()
    out.update({
        "turns_out": len(room.turns),
        "over": room.is_over,
        "pencil": game.pencil(0),
        "can_reveal": why is None,
        "why_not": why,
        "can_end": room.why_not_end() is None,
        "ended": room.is_ended,
        "problem": room.problem,
    })
    return out


def board_standings(standings: Standings) -> dict[str, Any]:
    """The live table of scores: one row per participant (best first, with the round they
    are playing as it would score now, ``current``), how many are ready, whether the places
    are final, and whose equal totals the tie-break decided (``tie_broken``)."""
    return {
        "rows": [{"name": r.name, "place": r.place, "shared": r.shared, "total": r.total,
                  "rounds": list(r.rounds), "round": r.round, "status": r.status,
                  "behind": r.behind, "refusal": r.refusal, "current": r.current,
                  "tiebreak": r.tiebreak}
                 for r in standings.rows],
        "tie_broken": [r.name for r in standings.tie_broken],
        "ready": standings.ready,
        "count": len(standings.rows),
        "final": standings.final,
        "turns_out": standings.turns_out,
    }


def board_actions(room: Room, t: Translator) -> dict[str, str | None]:
    """Why the board's Figures and Export buttons have nothing to do yet (``None`` when they
    have): the figures show finished games, the export the games of those who joined. Sent in
    ``standings`` as ``why_not_figures`` and ``why_not_export``, in the widget's words ``t``."""
    games = [p.game for p in room.participants if p.game is not None]
    if not games:
        export: str | None = t("nobody has joined yet: there is nothing to export")
        figures: str | None = t("nobody has joined yet: the figures show the finished games")
    else:
        export = None
        figures = None if any(g.is_over for g in games) else t(
            "no participant has finished the game yet: the figures show the finished games")
    return {"why_not_figures": figures, "why_not_export": export}
