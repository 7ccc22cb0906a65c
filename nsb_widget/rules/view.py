"""What a ruleset sees of the game it rules: :class:`GameView`.

The driver (:class:`~nsb_widget.rules.game.Game`) holds a
:class:`~nsb_widget.rules.ruleset.Ruleset` and passes itself to the ruleset's hooks and to its
playout rules (``nsb_widget.rules.playout_rules.PlayoutRules``). They read the game through this
protocol, which lives below both, so that the contract names exactly what a city's rules may
rely on and the driver's module is not imported by the contract (the driver satisfies it
structurally; mypy checks it wherever the driver passes itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..i18n import Translator
    from ..maps.model import GameMap
    from .gamesetup import GameSetup
    from .moves import Action
    from .phase import Phase
    from .sheet import Sheet
    from .turn import Slot


class RulesetFacts(Protocol):
    """The facts of the game's ruleset that its playout rules read (a
    :class:`~nsb_widget.rules.ruleset.Ruleset`'s class facts)."""

    @property
    def deck(self) -> tuple[Any, ...]:
        """Every card of a round's stack."""

    @property
    def rounds(self) -> int:
        """Rounds in a game."""


class GameView(Protocol):
    """The game as its ruleset's hooks and playout rules see it: what they read, and
    :meth:`set_slots`, the one change they make directly (the rest goes through the values
    they return). Each member is the :class:`~nsb_widget.rules.game.Game` member of that name."""

    # ------------------------------------------------------------------ facts
    @property
    def map(self) -> GameMap:
        """The map played."""

    @property
    def setup(self) -> GameSetup:
        """The fixed facts: players, pencils, modules and their cards."""

    @property
    def ruleset(self) -> RulesetFacts:
        """The rules played (their facts)."""

    @property
    def players(self) -> int:
        """Number of players."""

    @property
    def translator(self) -> Translator:
        """The translator of the game's language (for the reasons a hook gives)."""

    def player_name(self, player: int = 0) -> str:
        """The player's name for people."""

    def pencil(self, player: int = 0, round_number: int | None = None) -> str:
        """The pencil a player holds in a round (default the current round)."""

    # ------------------------------------------------------------------ the state
    @property
    def phase(self) -> Phase:
        """What the game waits for."""

    @property
    def is_over(self) -> bool:
        """True after the last round has been scored."""

    @property
    def round(self) -> int:
        """Current round, 1 to 4."""

    @property
    def turn(self) -> int:
        """Turns revealed this round so far."""

    @property
    def cards(self) -> tuple[Any, ...]:
        """The cards of the current turn."""

    @property
    def symbol_card(self) -> Any | None:
        """The card whose symbol this turn's sections must reach."""

    @property
    def preview(self) -> Any | None:
        """A card already shown for the next turn."""

    @property
    def is_last_turn(self) -> bool:
        """True once the round ends after this turn."""

    @property
    def effect(self) -> Any | None:
        """The round effect of the current round (Berlin's effects module), else ``None``."""

    @property
    def round_state(self) -> Any:
        """The ruleset's own flags for this round."""

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, in order."""

    @property
    def sheets(self) -> Sequence[Sheet]:
        """Each player's sheet."""

    def can_undo(self, player: int) -> bool:
        """True when the player has an action of the current turn to take back."""

    # ------------------------------------------------------------------ the turn's slots
    @property
    def turn_slots(self) -> tuple[Slot, ...]:
        """The sections the current turn's reveal opened, before any player drew."""

    def slots(self, player: int = 0) -> tuple[Slot, ...]:
        """The sections the player may still draw this turn."""

    def set_slots(self, player: int, slots: tuple[Slot, ...]) -> None:
        """Replace the player's open slots (a power changing a turn)."""
