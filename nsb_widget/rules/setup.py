"""Everything fixed before the first card: players, pencils, seed, modules and their cards."""

from __future__ import annotations

import functools
import random
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ..errors import ArgumentError, quote, shorten
from ..maps.model import GameMap

if TYPE_CHECKING:
    from .ruleset import Ruleset

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


F = TypeVar("F", bound=Callable[..., Any])


def _as_argument_errors(function: F) -> F:
    """Raise what ``function`` refuses as :class:`~nsb_widget.errors.ArgumentError` (a
    :class:`ValueError`), its message shortened."""

    @functools.wraps(function)
    def checked(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except ArgumentError:
            raise
        except (ValueError, TypeError) as exc:
            raise ArgumentError(shorten(str(exc), 200)) from None

    return cast(F, checked)


@_as_argument_errors
def make_setup(
    game_map: GameMap,
    players: int = 1,
    seed: int | None = None,
    *,
    ruleset: Ruleset | None = None,
    scenario: bool = False,
    pencils: Sequence[str] | None = None,
    modules: Iterable[str] = (),
    names: Sequence[str] | None = None,
    power_limit: str = "round",
    **choices: Any,
) -> GameSetup:
    """Check the choices and fill in what is left to chance (from ``seed``).

    ``choices`` are the module cards chosen by hand (``effects``, ``objectives``, ``powers``);
    the ruleset checks them. ``power_limit`` (``"round"`` or ``"game"``, with a pencil powers
    module) says how often a player may use a power. Raises
    :class:`~nsb_widget.errors.ArgumentError` (a :class:`ValueError`) naming the first bad
    argument.
    """
    if ruleset is None:
        from .ruleset import ruleset_for

        ruleset = ruleset_for(game_map)
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
        raise ValueError(f"players must be 1 to 4, not {quote(players)}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"seed must be an int, not {type(seed).__name__}")
    if seed is not None and seed.bit_length() > MAX_SEED_BITS:
        raise ValueError(f"seed must have at most {MAX_SEED_BITS} bits")
    if scenario and seed is not None:
        raise ValueError("a scenario game chooses its cards by hand: give no seed")
    if not scenario and seed is None:
        seed = secrets.randbelow(2**31)
    rng = random.Random(f"nsb-setup:{seed}")
    if isinstance(modules, str):
        modules = [modules]
    if not isinstance(modules, Iterable):
        raise ValueError(f"modules is a list of module names like ['objectives'], not "
                         f"{quote(modules)}")
    chosen = list(islice(modules, MAX_MODULES + 1))
    if len(chosen) > MAX_MODULES:
        raise ValueError(f"modules lists the advanced modules to add, at most {MAX_MODULES}")
    mods = frozenset(ruleset.module(m) for m in chosen)
    if not isinstance(power_limit, str) or str.__str__(power_limit) not in POWER_LIMITS:
        raise ValueError(f"power_limit must be 'round' or 'game', not {quote(power_limit)}")
    power_limit = str.__str__(power_limit)  # plain text, whatever subclass
    if power_limit != "round" and "powers" not in {str(m) for m in mods}:
        if "powers" not in {str(m) for m in ruleset.modules}:
            raise ValueError(f"power_limit applies to the pencil powers of London's powers "
                             f"module; the {ruleset.title} rules have no pencil powers")
        raise ValueError("power_limit applies to the pencil powers: add modules=['powers']")

    pencil_ids = [p.id for p in game_map.pencils]
    if pencils is None:
        order = list(pencil_ids)
        if players == 1 and not scenario:
            rng.shuffle(order)
    else:
        order = ([str.__str__(p) if isinstance(p, str) else "" for p in pencils]
                 if isinstance(pencils, list | tuple) else [])
        if sorted(order) != sorted(pencil_ids):
            raise ValueError(f"pencils must name each of {', '.join(pencil_ids)} once, "
                             f"not {quote(pencils)}")

    dealt = ruleset.deal_options(game_map, rng, mods, choices)

    if names is None:
        player_names = tuple(f"Player {i + 1}" for i in range(players))
    else:
        if not isinstance(names, list | tuple):
            raise ValueError(f"names must be a list of {players} names")
        for i, n in enumerate(names):
            if not isinstance(n, str):
                raise ValueError(f"names are text, one per player: names[{i}] is "
                                 f"{type(n).__name__}")
        player_names = tuple(str.__str__(n) for n in names)  # plain text, whatever subclass
        if any(len(n) > MAX_NAME for n in player_names):
            raise ValueError(f"a player's name has at most {MAX_NAME} characters")
        if len(player_names) != players:
            raise ValueError(f"names gives one name per player: {players} player(s) need "
                             f"{players} name(s), not {len(player_names)}")
    return GameSetup(
        map_id=game_map.id,
        players=players,
        seed=seed,
        pencils=tuple(order),
        modules=mods,
        effects=dealt.get("effects", ()),
        objectives=dealt.get("objectives", ()),
        names=player_names,
        powers=dealt.get("powers", ()),
        power_limit=power_limit,
    )
