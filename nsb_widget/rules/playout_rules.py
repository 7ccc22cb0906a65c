"""The ruleset's part of the fast playouts: what a :class:`~nsb_widget.rules.ruleset.Ruleset`
gives :class:`~nsb_widget.rules.playouts.Playouts` (:meth:`Ruleset.playout_rules
<nsb_widget.rules.ruleset.Ruleset.playout_rules>`), the batch state its hooks read and write,
and the helpers they share. See ``docs/playouts.md``.

Below both the contract and the engine: it reads the game as a
:class:`~nsb_widget.rules.view.GameView`; :mod:`nsb_widget.rules.playouts` gives these names
under its own too.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..scoring.interchanges import POINTS as INTERCHANGE_POINTS

if TYPE_CHECKING:
    from ..maps.model import GameMap
    from .turn import Slot
    from .view import GameView

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

POWER_EFFECTS = ("second", "any_symbol", "anywhere", "count_twice")
"""What a pencil power does, as the playouts know it: a second section this turn (London's
double), this turn's card as a Joker, a section from anywhere on the line (a switch), a station
of the round's line counted twice in its district (the circle)."""


def station_bits(mask: int, size: int) -> BoolArray:
    """An int bitset as a bool vector of ``size`` entries."""
    return np.array([(mask >> i) & 1 for i in range(size)], dtype=bool)


# ---------------------------------------------------------------------- the batch state
class PlayoutState:
    """The sheets of ``n`` playouts of one player, batch last (read by the ruleset hooks).

    With two lines a round (Berlin), once joined the pair lives in line 0's arrays (line 1's
    are stale until the next round).
    """

    def __init__(self, n: int, lines: int, stations: int, sections: int, pencils: int,
                 rounds: int, districts: int) -> None:
        self.n = n
        self.members: BoolArray = np.zeros((lines, stations, n), dtype=bool)
        """Per line, the stations of its component this round."""
        self.ends: BoolArray = np.zeros((lines, stations, n), dtype=bool)
        """Per line, the leaves of its component."""
        self.counts: IntArray = np.zeros((lines, districts, n), dtype=np.int64)
        """Per line, its component's stations in each district."""
        self.nsec: IntArray = np.zeros((lines, n), dtype=np.int64)
        """Per line, the sections of its component."""
        self.river: IntArray = np.zeros((lines, n), dtype=np.int64)
        """Per line, the sections of its component crossing the map's river."""
        self.joined: BoolArray = np.zeros(n, dtype=bool)
        """True once the round's lines are one component."""
        self.drawn: BoolArray = np.zeros((sections, n), dtype=bool)
        self.blocked: BoolArray = np.zeros((sections, n), dtype=bool)
        self.doubled: BoolArray = np.zeros((sections, n), dtype=bool)
        self.colours: BoolArray = np.zeros((pencils, stations, n), dtype=bool)
        """Per pencil (map order), ``Sheet.colour_stations``."""
        self.sbahn: BoolArray = np.zeros((stations, n), dtype=bool)
        """Circled S-Bahn stations (Berlin)."""
        self.network: BoolArray = np.zeros((stations, n), dtype=bool)
        """Stations a drawn section touches."""
        self.circle: BoolArray = np.zeros((stations, n), dtype=bool)
        """Stations counted twice in this round's districts (London's circled station)."""
        self.round_scores: IntArray = np.zeros((rounds, n), dtype=np.int64)
        """Each round's score (rounds scored before the snapshot included)."""
        self.power_used: BoolArray = np.zeros(n, dtype=bool)
        """The player has used the held pencil's power this round."""
        self.power_spent: BoolArray = np.zeros(n, dtype=bool)
        """The player has used a pencil power in this game (for one power a game)."""
        self.double: BoolArray = np.zeros(n, dtype=bool)
        """A power's second section is due after the next section (London's double)."""
        self.extra: dict[str, Any] = {}
        """The ruleset's own counters (tracks, past lines)."""


# ---------------------------------------------------------------------- the ruleset's part
class PlayoutRules(ABC):
    """What a ruleset gives the playouts (:meth:`Ruleset.playout_rules`): its cards, how a
    reveal opens a turn and ends a round, and its scoring, vectorised over the batch."""

    def __init__(self, game: GameView) -> None:
        self.game = game
        self.map: GameMap = game.map
        self.deck: tuple[Any, ...] = tuple(game.ruleset.deck)
        """The cards of a round's stack."""
        self.rounds: int = game.ruleset.rounds
        self.has_powers = False
        """True when the game has pencil powers (:meth:`powers`)."""

    @abstractmethod
    def card_counts(self, card: Any) -> tuple[int, ...]:
        """How much ``card`` adds to each counted kind (``Ruleset.count_names``)."""

    @abstractmethod
    def takes_symbol_card(self, card: Any) -> bool:
        """True when revealing ``card`` takes a second card that sets the symbol (a switch)."""

    @abstractmethod
    def turn_slots(self, first: Any, symbol_card: Any, turn: int) -> tuple[Slot, ...]:
        """The slots a reveal of ``first`` (and ``symbol_card``) opens as turn ``turn``
        (0-based) of a round: the ruleset's own slot builder."""

    @abstractmethod
    def round_ends(self, counts: IntArray) -> BoolArray:
        """Per playout, True when the counts ``(kinds, m)`` after a reveal end the round."""

    def returns_switch(self, round_index: int) -> bool:
        """True when the switch goes back into the stack once after its turn (Berlin's
        Recurring Double Switch)."""
        return False

    def parallel(self, round_index: int) -> bool:
        """True when tracks may run beside another colour's (Berlin's Double tracks)."""
        return False

    def round_flags(self, game: GameView, player: int) -> tuple[bool, bool, int]:
        """The current round's ``(switch back pending, switch returned, circled stations)``
        of ``player`` in ``game``."""
        return False, False, 0

    def init_state(self, state: PlayoutState, game: GameView, player: int) -> None:
        """Fill the ruleset's own counters of ``state`` from the player's sheet."""
        return

    # ------------------------------------------------------------------ pencil powers
    def powers(self, player: int) -> tuple[str | None, ...]:
        """Per round, the :data:`POWER_EFFECTS` of the power ``player`` holds (``None``: no
        power; the default, for rulesets without powers)."""
        return (None,) * self.rounds

    def one_power_a_game(self) -> bool:
        """True when a player may use one power in the whole game (else one a round)."""
        return False

    def power_flags(self, game: GameView, player: int) -> tuple[bool, bool]:
        """``(power used this round, a power used in this game)`` of ``player``."""
        return False, False

    def second_section_targets(self, any_symbol: bool, symbol_card: Any, target: int) -> int:
        """The stations a second section (the ``"second"`` power) may reach after a first
        one to ``target``, the turn's symbol card being ``symbol_card`` and the first
        section's targets every station when ``any_symbol``."""
        raise NotImplementedError("this ruleset has no second-section power")

    @abstractmethod
    def round_score(self, state: PlayoutState, round_index: int) -> IntArray:
        """Score the round that just ended on every playout (may record what the final
        scoring needs in ``state.extra``)."""

    @abstractmethod
    def final_score(self, state: PlayoutState) -> IntArray:
        """Every term of the final total but the rounds (tracks, interchanges, objectives)."""

    # ------------------------------------------------------------------ shared helpers
    def district_counts(self, stations: BoolArray) -> IntArray:
        """Per district, how many of ``stations (53, n)`` it holds: ``(districts, n)``."""
        # uint8 sums (no BLAS threads; a district holds far fewer than 256 stations).
        counts = np.einsum("ds,sn->dn", district_matrix(self.map), stations.view(np.uint8))
        result: IntArray = counts.astype(np.int64)
        return result

    def interchange_points(self, state: PlayoutState, twice: BoolArray | None) -> IntArray:
        """The interchange points (:data:`nsb_widget.scoring.interchanges.POINTS`) of every
        playout; a station of ``twice`` counts as two stations."""
        counts = state.colours.sum(axis=0)
        table = np.zeros(state.colours.shape[0] + 1, dtype=np.int64)
        for k, each in INTERCHANGE_POINTS.items():
            if k < table.size:
                table[k] = each
        points = table[counts]
        if twice is not None:
            points = points * (1 + twice)
        total: IntArray = points.sum(axis=0)
        return total


_DISTRICT_MATRICES: dict[GameMap, npt.NDArray[np.uint8]] = {}


def district_matrix(game_map: GameMap) -> npt.NDArray[np.uint8]:
    """``(districts, stations)`` 0/1 matrix of the map's ``district_mask``."""
    found = _DISTRICT_MATRICES.get(game_map)
    if found is None:
        size = len(game_map.stations)
        found = np.array([station_bits(m, size) for m in game_map.district_mask],
                         dtype=np.uint8)
        _DISTRICT_MATRICES[game_map] = found
    return found
