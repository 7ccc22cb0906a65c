"""The whole score sheet of a player, and the ranking of a game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..rules.modules import Module
from .assessment import assess
from .interchanges import score_interchanges
from .model import RoundScore, ScoreSheet
from .objectives import score_objectives

if TYPE_CHECKING:
    from ..rules.game import Game


def build_score_sheet(game: Game, player: int) -> ScoreSheet:
    """Assemble a player's score sheet from the game's incremental state."""
    sheet = game.sheets[player]
    rounds: tuple[RoundScore, ...] = tuple(sheet.round_scores)  # type: ignore[arg-type]
    colour_masks = list(sheet.colour_stations.values())
    tiers = score_interchanges(game.map, colour_masks, sheet.sbahn)
    lines = list(sheet.round_lines)
    if not game.is_over:  # the current round's lines count too, as they stand
        lines += sheet.current_lines(game.round - 1)
    objectives = score_objectives(game.setup.objectives, game.map, colour_masks, sheet.sbahn,
                                  lines)
    lines_total = sum(r.score for r in rounds)
    interchanges_total = sum(t.points for t in tiers)
    objectives_total = sum(o.points for o in objectives)
    total = lines_total + interchanges_total + objectives_total
    assessment = None
    if game.is_over and game.players == 1:
        assessment = assess(total, game.setup.modules & {Module.EFFECTS, Module.OBJECTIVES})
    return ScoreSheet(
        player=player,
        name=game.setup.names[player] if game.setup.names else f"Player {player + 1}",
        rounds=rounds,
        lines_total=lines_total,
        interchanges=tiers,
        interchanges_total=interchanges_total,
        objectives=objectives,
        objectives_total=objectives_total,
        total=total,
        tiebreak=max((r.score for r in rounds), default=0),
        final=game.is_over,
        assessment=assessment,
    )


def rank(sheets: Sequence[ScoreSheet]) -> list[list[int]]:
    """Players grouped by place: highest total first, then the best single round score;
    players equal on both share the place (a shared victory when it is the first)."""
    keyed: dict[tuple[int, int], list[int]] = {}
    for s in sheets:
        keyed.setdefault((s.total, s.tiebreak), []).append(s.player)
    return [keyed[k] for k in sorted(keyed, reverse=True)]
