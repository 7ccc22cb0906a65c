"""London's part of the fast playouts (:mod:`nsb_widget.rules.playouts`): its cards, the
Railroad Switch, the round end at the 5th underground card, the pencil powers, and its scoring,
vectorised with the constants of :mod:`.scoring` (Thames points, the tourist track) and the
objectives' definitions."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from ...rules.moves import UsePower
from ...rules.playout_rules import BoolArray, IntArray, PlayoutRules, PlayoutState, station_bits
from .cards import FIRST_SWITCH_TURN, UNDERGROUND_PER_ROUND
from .modules import OBJECTIVE_POINTS, LondonObjective, Power, second_section_symbol
from .scoring import THAMES_POINTS, TOURIST_TRACK, central_district_mask, objective_progress

if TYPE_CHECKING:
    from ...rules.turn import Slot
    from ...rules.view import GameView
    from .round_state import LondonRoundState

#: ``LondonRuleset._slots``: the slot a turn opens, from the game, whether the section may
#: start anywhere (the switch) and the symbol card.
SlotsOf = Callable[["GameView", bool, Any], "tuple[Slot, ...]"]
#: ``LondonRuleset.power_of``: the power card lying with a pencil (``None`` without powers).
PowerOf = Callable[["GameView", str], "Power | None"]


class LondonPlayoutRules(PlayoutRules):
    """One line a round, the Railroad Switch from the 3rd turn, the Thames, the tourist track,
    interchanges, the shared objectives and the pencil powers (used as the playouts' power
    policy decides). Made by ``LondonRuleset.playout_rules``, which gives it the ruleset's
    own ``slots`` and ``power_of``."""

    def __init__(self, game: GameView, slots: SlotsOf, power_of: PowerOf) -> None:
        super().__init__(game)
        self._slots = slots
        self._power_of = power_of
        self.objectives = [LondonObjective(o) for o in game.setup.objectives]
        size = len(game.map.stations)
        self.tourist = station_bits(game.map.tourist_mask, size)[:, None]
        self.central = station_bits(central_district_mask(game.map), size)[:, None]
        self.river = station_bits(game.map.river_crossings, len(game.map.sections))[:, None]
        self.has_powers = bool(game.setup.powers)

    # ------------------------------------------------------------------ turns
    def card_counts(self, card: Any) -> tuple[int, ...]:
        """Underground or street (the switch is a street card)."""
        return (1, 0) if card.underground else (0, 1)

    def takes_symbol_card(self, card: Any) -> bool:
        """The Railroad Switch brings its symbol card."""
        return bool(card.switch)

    def turn_slots(self, first: Any, symbol_card: Any, turn: int) -> tuple[Slot, ...]:
        """The ruleset's own slot (``slots``); the switch lets the section start anywhere
        from the ruleset's first switch turn on."""
        anywhere = bool(first.switch) and turn + 1 >= FIRST_SWITCH_TURN
        return self._slots(self.game, anywhere, symbol_card)

    def round_ends(self, counts: IntArray) -> BoolArray:
        """The 5th underground card ends the round."""
        ends: BoolArray = counts[0] >= UNDERGROUND_PER_ROUND
        return ends

    def round_flags(self, game: GameView, player: int) -> tuple[bool, bool, int]:
        """The station circled with the circle power this round."""
        state: LondonRoundState = game.round_state
        circle = state.circle[player]
        return False, False, (1 << circle) if circle >= 0 else 0

    # ------------------------------------------------------------------ powers
    def powers(self, player: int) -> tuple[str | None, ...]:
        """Per round, what the power of the pencil ``player`` holds does."""
        setup = self.game.setup
        held = [self._power_of(self.game, setup.pencil_of(player, r))
                for r in range(self.rounds)]
        return tuple(None if power is None else _EFFECTS[power] for power in held)

    def one_power_a_game(self) -> bool:
        """``power_limit="game"``: one power in the whole game."""
        return self.game.setup.power_limit == "game"

    def power_flags(self, game: GameView, player: int) -> tuple[bool, bool]:
        """The power used this round; a power used in the game (the log holds it)."""
        if not self.has_powers:
            return False, False  # no log to read for every position a search plays out
        state: LondonRoundState = game.round_state
        return (bool(state.used[player]),
                any(isinstance(a, UsePower) and a.player == player for a in game.history))

    def second_section_targets(self, any_symbol: bool, symbol_card: Any, target: int) -> int:
        """The double power's second section: the symbol of ``second_section_symbol``, or
        every station."""
        symbol = second_section_symbol(self.map, any_symbol, symbol_card, target)
        return self.map.every_station if symbol is None else self.map.symbol_mask[symbol]

    def init_state(self, state: PlayoutState, game: GameView, player: int) -> None:
        """The tourist sites of the rounds already scored."""
        visits = sum(len(r.tourist_sites) for r in game.sheets[player].round_scores)
        state.extra["visits"] = np.full(1, visits, dtype=np.int64)

    # ------------------------------------------------------------------ scoring
    def round_score(self, state: PlayoutState, round_index: int) -> IntArray:
        """``score_round``: districts x most stations in one district (the circled station
        counts twice) + 2 per Thames crossing; a line that never left its departure station
        scores that station."""
        stations = state.members[0]
        counts = self.district_counts(stations)
        doubled = self.district_counts(stations & state.circle)
        best = (counts + doubled).max(axis=0)
        total: IntArray = (counts > 0).sum(axis=0) * best + THAMES_POINTS * state.river[0]
        state.extra["visits"] = state.extra["visits"] + (stations & self.tourist).sum(axis=0)
        return total

    def final_score(self, state: PlayoutState) -> IntArray:
        """The tourist track, interchanges and the shared objectives met."""
        visits = np.minimum(state.extra["visits"], len(TOURIST_TRACK) - 1)
        total = np.array(TOURIST_TRACK, dtype=np.int64)[visits]
        total = total + self.interchange_points(state, None)
        for objective in self.objectives:
            total = total + OBJECTIVE_POINTS * self._met(objective, state)
        result: IntArray = total
        return result

    def _met(self, objective: LondonObjective, state: PlayoutState) -> BoolArray:
        """``objective_progress(...) >= target``, per playout."""
        network = state.network
        target = objective_progress(objective, self.map, [], 0, 0)[1]
        met: BoolArray
        if objective is LondonObjective.EIGHT_INTERCHANGES:
            met = (state.colours.sum(axis=0) >= 2).sum(axis=0) >= target
        elif objective is LondonObjective.ALL_DISTRICTS:
            met = (self.district_counts(network) > 0).sum(axis=0) >= target
        elif objective is LondonObjective.ALL_TOURIST_SITES:
            met = (network & self.tourist).sum(axis=0) >= target
        elif objective is LondonObjective.CENTRAL_DISTRICT:
            met = (network & self.central).sum(axis=0) >= target
        else:
            met = (state.drawn & self.river).sum(axis=0) >= target
        return met


#: What each power card does, as the playouts know it (``nsb_widget.rules.playouts.POWER_EFFECTS``).
_EFFECTS = {Power.DOUBLE: "second", Power.JOKER: "any_symbol", Power.SWITCH: "anywhere",
            Power.CIRCLE: "count_twice"}
