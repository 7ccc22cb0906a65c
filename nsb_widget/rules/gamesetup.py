"""The fixed facts of a game (:class:`GameSetup`) and the limits of what
:meth:`Game.new <nsb_widget.rules.game.Game.new>` accepts. Below the ruleset contract, whose
hooks read a setup; :mod:`nsb_widget.rules.setup` makes one (with a ruleset) and gives these
names under its own too."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ROUNDS = 4
MAX_PLAYERS = 4
#: A seed has at most this many bits (save files refuse larger ones).
MAX_SEED_BITS = 256
#: A player's name has at most this many characters.
MAX_NAME = 1000
#: The most entries ``modules`` may list (a ruleset has two or three modules).
MAX_MODULES = 16
#: How often a player may use a pencil power (London's pencil powers module): ``"round"``, once
#: in each round (the German London help, the default), or ``"game"``, once in the whole game
#: (the English London guide). See ``docs/rules.md``, reading L16.
POWER_LIMITS = ("round", "game")
#: The keywords of :meth:`Game.new <nsb_widget.rules.game.Game.new>` besides the module cards
#: (which each ruleset names): a misspelt keyword is pointed at the closest of these and them.
NEW_KEYWORDS = ("players", "seed", "scenario", "map", "pencils", "modules", "names", "language",
                "power_limit")
#: Seats around the table (clockwise) taken by the players; the other seats hold spare pencils.
SEATS: dict[int, tuple[int, ...]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}


@dataclass(frozen=True)
class GameSetup:
    """The fixed facts of a game. With its action log it determines the whole game."""

    map_id: str
    """Id of the map (``"berlin"``, ``"london"``)."""
    players: int
    """Number of players, 1 to 4."""
    seed: int | None
    """Seed of the shuffles; ``None`` in scenario mode, where the cards are chosen by hand."""
    pencils: tuple[str, ...]
    """The 4 pencils: for a solo game their order of use; otherwise the pencils lying clockwise
    around the table at the start (the players sit at seats :data:`SEATS`)."""
    modules: frozenset[str] = frozenset()
    """Advanced-game modules in play (the ruleset's module ids)."""
    effects: tuple[str, ...] = ()
    """Berlin's effects module: the effect of each round."""
    objectives: tuple[str, ...] = ()
    """With the objectives module: the 2 revealed objective cards."""
    names: tuple[str, ...] = field(default=())
    """Player names, for display."""
    powers: tuple[str, ...] = ()
    """London's pencil powers module: the power card of each pencil, in the map's pencil
    order."""
    power_limit: str = "round"
    """With pencil powers: ``"round"`` (a player may use one once in each round) or
    ``"game"`` (once in the whole game); see :data:`POWER_LIMITS`."""

    @property
    def scenario(self) -> bool:
        """True when the revealed cards are chosen by hand instead of shuffled."""
        return self.seed is None

    def pencil_of(self, player: int, round_index: int) -> str:
        """The pencil a player uses in a round (0-based), passed to the left each round."""
        if self.players == 1:
            return self.pencils[round_index]
        seat = SEATS[self.players][player]
        return self.pencils[(seat - round_index) % MAX_PLAYERS]

    def to_json(self) -> dict[str, Any]:
        """The setup as a JSON-ready dict (save files)."""
        doc: dict[str, Any] = {
            "map": self.map_id,
            "players": self.players,
            "seed": self.seed,
            "pencils": list(self.pencils),
            "modules": sorted(str(m) for m in self.modules),
            "effects": [str(e) for e in self.effects],
            "objectives": [str(o) for o in self.objectives],
            "names": list(self.names),
        }
        if self.powers:
            doc["powers"] = [str(p) for p in self.powers]
        if self.power_limit != "round":
            doc["power_limit"] = self.power_limit
        return doc
