"""A greedy policy: the section that most improves this round's line score right now."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules.game import Game, Plan
    from ..rules.moves import Move


class GreedyBot:
    """Scores each legal section by the line score it would give if the round ended now
    (districts x best district's stations, +10 when a multi-line round's start stations are
    connected, +2 per river crossing where the ruleset scores them), plus a small bonus for
    stations other colours already use (future interchanges); draws the best one (ties broken
    at random). Never passes when it can draw."""

    name = "greedy"

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """The best move by the greedy estimate, or ``None`` when there is none."""
        plan = self.choose_plan(game, player, rng)
        if plan is None:
            return None
        line = game.ruleset.line_value(game.slots(player)[plan.slot].line)
        labels = game.map.labels
        return game.parse_move(f"{'' if line is None else line} "
                               f"{labels[plan.origin]}-{labels[plan.target]}".strip(), player)

    def choose_plan(self, game: Game, player: int, rng: random.Random) -> Plan | None:
        """The best plan by the greedy estimate, or ``None`` when there is none."""
        plans = game.plans(player)
        if not plans:
            return None
        sheet = game.sheets[player]
        gmap = game.map
        slots = game.slots(player)
        river = gmap.river_crossings if game.ruleset.scores_river else 0
        others = 0
        for pencil, mask in sheet.colour_stations.items():
            if pencil != sheet.pencil:
                others |= mask
        starts = sheet.starts
        best_value = -1.0
        best: list[Plan] = []
        for plan in plans:
            li = slots[plan.slot].line
            t = plan.target
            stations = sheet.members(li) | (1 << t)
            sections = sheet.line_sections(li) | (1 << plan.section)
            for k in range(len(starts)):
                if sheet.comp[k] != sheet.comp[li] and sheet.members(k) >> t & 1:
                    stations |= sheet.members(k)
                    sections |= sheet.line_sections(k)
            counts = [(stations & m).bit_count() for m in gmap.district_mask]
            value = float(sum(1 for c in counts if c) * max(counts))
            if len(starts) > 1 and all(stations >> s & 1 for s in starts):
                value += 10
            value += 2 * (sections & river).bit_count()
            if others >> t & 1:
                value += 2.5
            if value > best_value:
                best_value, best = value, [plan]
            elif value == best_value:
                best.append(plan)
        return rng.choice(best)
