"""A greedy policy: the section that most improves this round's line score right now."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..rules.cards import Line

if TYPE_CHECKING:
    from ..rules.game import Game
    from ..rules.moves import Move

_LINE_INDEX = {Line.BEAR: 0, Line.CROWN: 1}


class GreedyBot:
    """Scores each legal section by the line score it would give if the round ended now,
    plus a small bonus for stations other colours already use (future interchanges);
    draws the best one (ties broken at random). Never passes when it can draw."""

    name = "greedy"

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """The best move by the greedy estimate, or ``None`` when there is none."""
        moves = game.legal_moves(player)
        if not moves:
            return None
        sheet = game.sheets[player]
        gmap = game.map
        others = 0
        for pencil, mask in sheet.colour_stations.items():
            if pencil != sheet.pencil:
                others |= mask
        bear, crown = sheet.starts
        best_value = -1.0
        best: list[Move] = []
        for move in moves:
            li = _LINE_INDEX[move.line]
            t = gmap.station(move.target).index
            stations = sheet.members(li) | (1 << t)
            if not sheet.joined and sheet.members(1 - li) >> t & 1:
                stations |= sheet.members(1 - li)
            counts = [(stations & m).bit_count() for m in gmap.district_mask]
            value = float(sum(1 for c in counts if c) * max(counts))
            if stations >> bear & 1 and stations >> crown & 1:
                value += 10
            if others >> t & 1:
                value += 2.5
            if value > best_value:
                best_value, best = value, [move]
            elif value == best_value:
                best.append(move)
        return rng.choice(best)
