"""Everything fixed before the first card: players, pencils, seed, modules and their cards,
checked and dealt by :func:`make_setup` (the record itself, :class:`GameSetup`, and the limits
live in :mod:`nsb_widget.rules.gamesetup`, below the ruleset contract)."""

from __future__ import annotations

import functools
import random
import secrets
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ..errors import ArgumentError, plain_int, quote, shorten
from ..maps.model import GameMap
from .gamesetup import MAX_MODULES as MAX_MODULES
from .gamesetup import MAX_NAME as MAX_NAME
from .gamesetup import MAX_PLAYERS as MAX_PLAYERS
from .gamesetup import MAX_SEED_BITS as MAX_SEED_BITS
from .gamesetup import NEW_KEYWORDS as NEW_KEYWORDS
from .gamesetup import POWER_LIMITS as POWER_LIMITS
from .gamesetup import ROUNDS as ROUNDS
from .gamesetup import SEATS as SEATS
from .gamesetup import GameSetup as GameSetup

if TYPE_CHECKING:
    from .ruleset import Ruleset

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
    players = plain_int(players)  # type: ignore[assignment]  # numpy's int64 (a table's)
    seed = plain_int(seed)  # type: ignore[assignment]
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
