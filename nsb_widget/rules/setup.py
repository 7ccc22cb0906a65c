"""Everything fixed before the first card: players, pencils, seed, modules."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..maps.model import GameMap
from .modules import Effect, Module, Objective

ROUNDS = 4
MAX_PLAYERS = 4
#: Seats around the table (clockwise) taken by the players; the other seats hold spare pencils.
SEATS: dict[int, tuple[int, ...]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}


@dataclass(frozen=True)
class GameSetup:
    """The fixed facts of a game. With its action log it determines the whole game."""

    map_id: str
    """Id of the map (``"berlin"``)."""
    players: int
    """Number of players, 1 to 4."""
    seed: int | None
    """Seed of the shuffles; ``None`` in scenario mode, where the cards are chosen by hand."""
    pencils: tuple[str, ...]
    """The 4 pencils: for a solo game their order of use; otherwise the pencils lying clockwise
    around the table at the start (the players sit at seats :data:`SEATS`)."""
    modules: frozenset[Module] = frozenset()
    """Advanced-game modules in play."""
    effects: tuple[Effect, ...] = ()
    """With the effects module: the effect of each round (4 distinct, Double tracks never
    first)."""
    objectives: tuple[Objective, ...] = ()
    """With the objectives module: the 2 revealed Objective cards."""
    names: tuple[str, ...] = field(default=())
    """Player names, for display."""

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
        return {
            "map": self.map_id,
            "players": self.players,
            "seed": self.seed,
            "pencils": list(self.pencils),
            "modules": sorted(m.value for m in self.modules),
            "effects": [e.value for e in self.effects],
            "objectives": [o.value for o in self.objectives],
            "names": list(self.names),
        }


def make_setup(
    game_map: GameMap,
    players: int = 1,
    seed: int | None = None,
    *,
    scenario: bool = False,
    pencils: Sequence[str] | None = None,
    modules: Iterable[Module | str] = (),
    effects: Sequence[Effect | str] | None = None,
    objectives: Sequence[Objective | str] | None = None,
    names: Sequence[str] | None = None,
) -> GameSetup:
    """Check the choices and fill in what is left to chance (from ``seed``).

    Raises :class:`ValueError` naming the first bad argument.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
        raise ValueError(f"players must be 1 to 4, not {players!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"seed must be an int, not {seed!r}")
    if scenario and seed is not None:
        raise ValueError("a scenario game chooses its cards by hand: give no seed")
    if not scenario and seed is None:
        seed = secrets.randbelow(2**31)
    rng = random.Random(f"nsb-setup:{seed}")
    mods = frozenset(Module(m) for m in modules)

    pencil_ids = [p.id for p in game_map.pencils]
    if pencils is None:
        order = list(pencil_ids)
        if players == 1 and not scenario:
            rng.shuffle(order)
    else:
        order = list(pencils)
        if sorted(order) != sorted(pencil_ids):
            raise ValueError(f"pencils must name each of {', '.join(pencil_ids)} once, "
                             f"not {', '.join(map(str, order))}")

    deal: tuple[Effect, ...] = ()
    if Module.EFFECTS in mods:
        deal = tuple(Effect(e) for e in effects) if effects is not None else _deal_effects(rng)
        if len(deal) != ROUNDS or len(set(deal)) != ROUNDS:
            raise ValueError(f"effects must be {ROUNDS} different Effect cards, one per round")
        if deal[0] is Effect.DOUBLE_TRACKS:
            raise ValueError("Double tracks cannot be the effect of round 1")
    elif effects:
        raise ValueError("effects given without the 'effects' module")

    objs: tuple[Objective, ...] = ()
    if Module.OBJECTIVES in mods:
        objs = (tuple(Objective(o) for o in objectives) if objectives is not None
                else tuple(rng.sample(list(Objective), 2)))
        if len(objs) != 2 or len(set(objs)) != 2:
            raise ValueError("objectives must be 2 different Objective cards")
    elif objectives:
        raise ValueError("objectives given without the 'objectives' module")

    if names is None:
        player_names = tuple(f"Player {i + 1}" for i in range(players))
    else:
        player_names = tuple(str(n) for n in names)
        if len(player_names) != players:
            raise ValueError(f"names must have {players} entries, not {len(player_names)}")
    return GameSetup(
        map_id=game_map.id,
        players=players,
        seed=seed,
        pencils=tuple(order),
        modules=mods,
        effects=deal,
        objectives=objs,
        names=player_names,
    )


def _deal_effects(rng: random.Random) -> tuple[Effect, ...]:
    """Shuffle the 5 Effect cards, deal 4; Double tracks in round 1 swaps with a random other."""
    cards = list(Effect)
    rng.shuffle(cards)
    deal = cards[:ROUNDS]
    if deal[0] is Effect.DOUBLE_TRACKS:
        k = rng.randrange(1, ROUNDS)
        deal[0], deal[k] = deal[k], deal[0]
    return tuple(deal)
