"""Berlin's part of the fast playouts (:mod:`nsb_widget.rules.playouts`): its cards, the
Double Switch, the round end at a line's 5th card, and its scoring, vectorised with the
constants of :mod:`.scoring`, :mod:`.modules` and :mod:`.objectives`' definitions."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from ...rules.playout_rules import BoolArray, IntArray, PlayoutRules, PlayoutState, station_bits
from .cards import CARDS_PER_LINE, Card, Line
from .modules import OBJECTIVE_POINTS, Effect, Objective
from .objectives import objective_progress
from .scoring import CONNECTED_BONUS, OUTER_DISTRICT_WEIGHT

if TYPE_CHECKING:
    from ...rules.turn import Slot
    from ...rules.view import GameView
    from .round_state import BerlinRoundState

LINES = (Line.BEAR, Line.CROWN)
#: ``BerlinRuleset._slots``: the slots a turn opens, from the game and the two cards.
SlotsOf = Callable[["GameView", Card, Card], "tuple[Slot, ...]"]


class BerlinPlayoutRules(PlayoutRules):
    """Bear and Crown, the Double Switch, Joker + S-Bahn, the effects and the objectives.
    Made by ``BerlinRuleset.playout_rules``, which gives it the ruleset's own ``slots``."""

    def __init__(self, game: GameView, slots: SlotsOf) -> None:
        super().__init__(game)
        self._slots = slots
        self.effects = [Effect(e) for e in game.setup.effects]
        self.objectives = [Objective(o) for o in game.setup.objectives]
        gmap = game.map
        self.outer = np.array([d.kind == "outer" for d in gmap.districts], dtype=bool)
        self.main = np.array([d.kind == "main" for d in gmap.districts], dtype=bool)
        self.district_size = np.array([len(d.stations) for d in gmap.districts],
                                      dtype=np.int64)

    def effect(self, round_index: int) -> Effect | None:
        """The round's effect (effects module)."""
        return self.effects[round_index] if self.effects else None

    # ------------------------------------------------------------------ turns
    def card_counts(self, card: Any) -> tuple[int, ...]:
        """One for the card's line (the Double Switch counts for none)."""
        return tuple(int(card.line is line) for line in LINES)

    def takes_symbol_card(self, card: Any) -> bool:
        """The Double Switch brings its symbol card."""
        return bool(card.is_double_switch)

    def turn_slots(self, first: Any, symbol_card: Any, turn: int) -> tuple[Slot, ...]:
        """The ruleset's own slots (``slots``)."""
        card: Card = first
        return self._slots(self.game, card, symbol_card)

    def round_ends(self, counts: IntArray) -> BoolArray:
        """A line's 5th card ends the round."""
        ends: BoolArray = counts.max(axis=0) >= CARDS_PER_LINE
        return ends

    def returns_switch(self, round_index: int) -> bool:
        """Recurring Double Switch."""
        return self.effect(round_index) is Effect.RECURRING_DOUBLE_SWITCH

    def parallel(self, round_index: int) -> bool:
        """Double tracks."""
        return self.effect(round_index) is Effect.DOUBLE_TRACKS

    def round_flags(self, game: GameView, player: int) -> tuple[bool, bool, int]:
        """The Recurring Double Switch's flags."""
        state: BerlinRoundState = game.round_state
        return state.ds_back_pending, state.ds_returned, 0

    def init_state(self, state: PlayoutState, game: GameView, player: int) -> None:
        """The lines of the rounds already scored (the S-Bahn objective reads them): two
        entries per round, as :meth:`round_score` adds them (an empty one for a line that
        scored nothing or was joined), so that positions after different moves line up."""
        size = len(game.map.stations)
        sheet = game.sheets[player]
        lines: list[BoolArray] = []
        for r in range(len(sheet.round_scores)):
            scored = [station_bits(rl.stations, size)[:, None] for rl in sheet.round_lines
                      if rl.round == r]
            lines += scored + [np.zeros((size, 1), dtype=bool)] * (2 - len(scored))
        state.extra["lines"] = lines

    # ------------------------------------------------------------------ scoring
    def round_score(self, state: PlayoutState, round_index: int) -> IntArray:
        """``score_round``: per connected line, districts (outer ones x3 with Triple outer
        districts) x best district's stations (x2 for one line with Double stations), +10 when
        the start stations are connected."""
        effect = self.effect(round_index)
        scored = [state.nsec[0] > 0, (state.nsec[1] > 0) & ~state.joined]
        bases = []
        for li in (0, 1):
            counts = self.district_counts(state.members[li])
            reached = counts > 0
            districts = reached.sum(axis=0)
            if effect is Effect.TRIPLE_OUTER:
                districts = districts + (OUTER_DISTRICT_WEIGHT - 1) * (
                    reached & self.outer[:, None]).sum(axis=0)
            bases.append(districts * counts.max(axis=0))
        if effect is Effect.DOUBLE_STATIONS:
            first = scored[0] & (~scored[1] | (bases[0] >= bases[1]))
            second = scored[1] & ~first
            bases = [bases[0] * (1 + first), bases[1] * (1 + second)]
        total: IntArray = (bases[0] * scored[0] + bases[1] * scored[1]
                           + CONNECTED_BONUS * state.joined)
        state.extra["lines"].append(state.members[0] & scored[0])
        state.extra["lines"].append(state.members[1] & scored[1])
        return total

    def final_score(self, state: PlayoutState) -> IntArray:
        """Interchanges (an S-Bahn station counts twice) and the objectives met."""
        total = self.interchange_points(state, state.sbahn)
        for objective in self.objectives:
            total = total + OBJECTIVE_POINTS * self._met(objective, state)
        return total

    def _met(self, objective: Objective, state: PlayoutState) -> BoolArray:
        """``objective_progress(...) >= target``, per playout."""
        network = np.asarray(state.colours.any(axis=0), dtype=bool)
        target = objective_progress(objective, self.map, [], 0, [])[1]
        met: BoolArray
        if objective is Objective.ALL_STATIONS_TWO_MAIN:
            full = (self.district_counts(network) == self.district_size[:, None])
            met = (full & self.main[:, None]).sum(axis=0) >= target
            return met
        if objective is Objective.ALL_DISTRICTS:
            met = (self.district_counts(network) > 0).sum(axis=0) >= target
            return met
        if objective is Objective.INTERCHANGE_TWO_OUTER:
            interchange = np.asarray(state.colours.sum(axis=0) >= 2, dtype=bool)
            outer = (self.district_counts(interchange) > 0) & self.outer[:, None]
            met = outer.sum(axis=0) >= target
            return met
        circled = state.sbahn & network
        if objective is Objective.SBAHN_SIX_DISTRICTS:
            met = (self.district_counts(circled) > 0).sum(axis=0) >= target
            return met
        best = np.zeros(state.n, dtype=np.int64)
        for line in state.extra["lines"]:
            best = np.maximum(best, (line & circled).sum(axis=0))
        met = best >= target
        return met

