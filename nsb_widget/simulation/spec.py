"""What a simulation plays, checked before any game starts: the map, the seats' bots, the
modules and their cards, and the seed every game is derived from."""

from __future__ import annotations

import ast
import copy
import hashlib
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, TypeAlias

from ..bots import BOTS, Bot, make_bot
from ..bots.checked import bot_name, is_bot, missing_parts
from ..bots.registry import bot_key
from ..errors import ArgumentError, did_you_mean, plain_int, quote, shorten
from ..game import Game
from ..maps import BUILTIN_MAPS, GameMap, get_map
from ..rules.ruleset import ruleset_for
from ..rules.setup import MAX_MODULES

#: A seat's bot: a registered name (``"greedy"``), a name with options
#: (``("search", {"seconds": 1.0})``) or a bot object.
BotLike: TypeAlias = "str | tuple[str, Mapping[str, Any]] | Bot"

#: The most games one call plays: its table takes about 2 KB a game (2 GB for a million), and
#: a million greedy games take about an hour of one core. More is run as several calls with
#: other seeds, whose tables are concatenated.
MAX_GAMES = 1_000_000
#: The module cards a simulation may fix (the rulesets check the values).
CARD_KINDS = ("effects", "objectives", "powers")

_LABEL = re.compile(r"([A-Za-z_][\w-]*)(?:\((.*)\))?", re.DOTALL)


@dataclass(frozen=True)
class Seat:
    """The bot of one seat: a registered name with options, or a bot object."""

    name: str
    """The bot's name (its registry name, or ``bot.name`` for an object)."""
    options: tuple[tuple[str, Any], ...] = ()
    """Keyword options for :func:`~nsb_widget.bots.make_bot`, sorted by name."""
    bot: Bot | None = field(default=None, compare=False)
    """The bot object given instead of a name (copied for every game)."""

    @property
    def label(self) -> str:
        """The seat's bot as written in the results: ``greedy`` or ``search(seconds=1.0)``."""
        if not self.options:
            return self.name
        return f"{self.name}({', '.join(f'{k}={v!r}' for k, v in self.options)})"

    def make(self) -> Bot:
        """A fresh bot for one game (so a bot that keeps state cannot carry it over)."""
        if self.bot is not None:
            return copy.deepcopy(self.bot)
        return make_bot(self.name, **dict(self.options)) if self.options else make_bot(self.name)


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play games ``start`` to ``stop`` of a simulation."""

    map: str | GameMap
    """A built-in map's name, or a map of one's own (it pickles as its document)."""
    players: int
    seats: tuple[Seat, ...]
    modules: tuple[str, ...]
    cards: tuple[tuple[str, tuple[str, ...]], ...]
    seed: int
    power_limit: str = "round"

    def game_seed(self, index: int) -> int:
        """The seed of game ``index``: cards and bots both derive from it."""
        return game_seed(self.seed, index)

    def new_game(self, index: int) -> Game:
        """Game ``index``, before its first card."""
        cards: dict[str, Any] = {k: list(v) for k, v in self.cards}
        return Game.new(self.players, self.game_seed(index), map=self.map,
                        modules=list(self.modules), power_limit=self.power_limit, **cards)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation run with ``seed`` (a 63-bit int).

    Hashed rather than ``seed + index``, so that runs with nearby seeds share no game; the
    same ``(seed, index)`` gives the same game whatever the number of workers.
    """
    digest = hashlib.blake2b(f"nsb-simulate:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def bot_rng(game_seed: int) -> random.Random:
    """The random stream the bots of one game draw from, derived from the game's seed only."""
    return random.Random(f"nsb-bots:{game_seed}")


def split_labels(text: str) -> list[str]:
    """Bot labels written one after another with commas (the ``seats`` column, the command
    line's ``--bots``), split at the commas outside parentheses: ``"search(seconds=None,
    iterations=50),greedy"`` -> ``["search(seconds=None, iterations=50)", "greedy"]``."""
    labels, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if char == "," and depth == 0:
            labels.append(text[start:i].strip())
            start = i + 1
    labels.append(text[start:].strip())
    return [label for label in labels if label]


def parse_label(label: str) -> tuple[str, dict[str, Any]]:
    """A seat label read back: ``"search(seconds=1.0)"`` -> ``("search", {"seconds": 1.0})``."""
    m = _LABEL.fullmatch(label.strip()) if len(label) <= 500 else None
    if not m:
        raise ArgumentError(f"cannot read bot {label[:40]!r}")
    name, inner = m.groups()
    options: dict[str, Any] = {}
    if inner:
        bad = ArgumentError(f"cannot read the options of bot {label[:40]!r}")
        try:
            call = ast.parse(f"f({inner})", mode="eval").body
        except SyntaxError:
            raise bad from None
        if not isinstance(call, ast.Call) or call.args:
            raise bad
        for kw in call.keywords:
            if kw.arg is None:  # **options
                raise bad
            try:
                options[kw.arg] = ast.literal_eval(kw.value)
            except (ValueError, TypeError, SyntaxError, RecursionError):
                raise bad from None
    return name, options


def _seat(spec: object) -> Seat:
    options: dict[str, Any] = {}
    if isinstance(spec, str):
        name = str.__str__(spec)  # plain text, whatever subclass
        if "(" in name:  # a label read back from a table
            name, options = parse_label(name)
    elif (isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str)
          and isinstance(spec[1], Mapping)):
        name, options = str.__str__(spec[0]), dict(spec[1])
    elif isinstance(spec, type):
        raise ArgumentError(f"give a bot object, not the class {spec.__name__}: "
                            f"{spec.__name__}()")
    elif is_bot(spec):
        return Seat(bot_name(spec), bot=spec)  # type: ignore[arg-type]  # checked by is_bot
    else:
        raise ArgumentError(f"a bot is a name like 'greedy', a (name, options) pair or a bot "
                            f"object with a name and a choose() or choose_plan() method, not "
                            f"{type(spec).__name__}: {missing_parts(spec)}")
    if bot_key(name) in BOTS:
        name = bot_key(name)  # "Greedy" is greedy
    if name not in BOTS:
        raise ArgumentError(f"unknown bot {quote(name)}; known bots: {', '.join(sorted(BOTS))}"
                            f"{did_you_mean(name, BOTS)}")
    seat = Seat(name, tuple(sorted(options.items())))
    try:
        seat.make()  # bad options fail here, before any game
    except (TypeError, ValueError) as exc:  # make_bot's ArgumentError too: say which seat
        raise ArgumentError(f"bot {shorten(seat.label, 60)}: {shorten(str(exc), 200)}") \
            from None
    return seat


def _column(values: object) -> list[Any] | None:
    """A one-dimensional numpy array or pandas Series or Index (``table["bot"].unique()``,
    ``np.array(["greedy", "random"])``) as a list, else ``None``: it lists a bot per seat as a
    list does. Never raises: an object that only looks like one is left to be refused."""
    if type(values).__module__.split(".")[0] not in ("numpy", "pandas"):
        return None
    try:
        if getattr(values, "ndim", None) == 1:
            items: list[Any] = list(values)  # type: ignore[call-overload]
            return items
    except Exception:  # an object that only looks like one: refused below
        return None
    return None


def seats_for(bots: object, players: int) -> tuple[Seat, ...]:
    """One seat per player: a list (or tuple, or a one-dimensional numpy array or pandas
    Series) gives a bot per seat, anything else - a name, a ``(name, options)`` pair, a bot
    object - the same bot for all."""
    listed = _column(bots)
    if listed is not None:
        bots = listed
    pair = (isinstance(bots, tuple) and len(bots) == 2 and isinstance(bots[1], Mapping))
    if isinstance(bots, Mapping):  # the widget's {seat: bot}: here every seat has a bot
        raise ArgumentError(f"bots is one bot for every seat or a list with one per seat, "
                            f"like ['greedy', 'random'], not a {type(bots).__name__}")
    if isinstance(bots, list | tuple) and not pair:
        if len(bots) != players:
            raise ArgumentError(f"bots lists one bot per seat: {players} player(s) need "
                                f"{players} bot(s), not {len(bots)}")
        return tuple(_seat(b) for b in bots)
    return (_seat(bots),) * players


def _int(name: str, value: object, low: int, high: int | None = None) -> int:
    value = plain_int(value)  # numpy's int64, as a table's numbers are
    if isinstance(value, bool) or not isinstance(value, int):
        # games=1e3 is a float: say the int to write.
        whole = (f" (write {int(value)})" if isinstance(value, float) and value.is_integer()
                 and abs(value) < 1e18 else "")
        raise ArgumentError(f"{name} must be an int, not {type(value).__name__}{whole}")
    if value < low or (high is not None and value > high):
        limits = f"{low} to {high}" if high is not None else f"at least {low}"
        raise ArgumentError(f"{name} must be {limits}, not {quote(value)}")
    return value


def _game_map(map: object) -> GameMap:
    """The map ``map`` names (a built-in map) or is (a loaded one), or :class:`ArgumentError`."""
    if isinstance(map, GameMap):
        if map.id in BUILTIN_MAPS and get_map(map.id) is not map:
            # The map column holds the id: replay(row) would rebuild the game on the
            # built-in map, another game, without a word.
            raise ArgumentError(f"this map's id {map.id!r} is a built-in map's, but the map is "
                                f"not that one: its rows would replay on the built-in map; "
                                f"give your map an id of its own (its 'id' field)")
        return map
    if isinstance(map, int):
        raise ArgumentError(f"map must be a built-in map's name, not {map!r}: simulate() takes "
                            f"keywords, e.g. simulate(games={map}, bots='greedy')")
    if not isinstance(map, str):
        raise ArgumentError(f"map must be a built-in map's name or a map loaded with "
                            f"load_map(path), not {type(map).__name__}")
    try:
        return get_map(map)
    except KeyError as exc:  # UnknownNameError: its message says what to do with a file
        raise ArgumentError(str(exc.args[0])) from None


def make_job(
    map: str | GameMap,
    players: int,
    bots: object,
    games: int,
    seed: int,
    modules: Iterable[str] | str,
    cards: Mapping[str, Sequence[str] | None],
    power_limit: str = "round",
) -> Job:
    """Check every argument of :func:`~nsb_widget.simulation.simulate` and return the job; raises
    :class:`~nsb_widget.errors.ArgumentError` (or :class:`~nsb_widget.errors.MapError`)
    naming the first bad one. A first game is set up, so bad module cards fail here too."""
    games = _int("games", games, 1)
    if games > MAX_GAMES:
        raise ArgumentError(f"games must be at most {MAX_GAMES:,}, not {quote(games)}: the table "
                            "of more would not fit in memory; run several simulations with "
                            "other seeds and concatenate their tables")
    players = _int("players", players, 1, 4)
    seed = _int("seed", seed, 0)
    if seed.bit_length() > 192:
        raise ArgumentError("seed must have at most 192 bits")
    ruleset = ruleset_for(_game_map(map))
    if not isinstance(modules, str | Iterable):
        raise ArgumentError(f"modules is a list of module names like ['objectives'], not "
                            f"{quote(modules)}")
    mods = (modules,) if isinstance(modules, str) else tuple(islice(modules, MAX_MODULES + 1))
    if len(mods) > MAX_MODULES:
        raise ArgumentError(f"modules lists the advanced modules to add, at most {MAX_MODULES}")
    for m in mods:
        try:
            ruleset.module(m)
        except ValueError as exc:
            raise ArgumentError(str(exc)) from None
    unknown = set(cards) - set(CARD_KINDS)
    if unknown:
        raise ArgumentError(f"unknown module cards {', '.join(sorted(unknown))}; "
                            f"cards are {', '.join(CARD_KINDS)}")
    fixed = tuple((kind, (value,) if isinstance(value, str) else tuple(str(c) for c in value))
                  for kind, value in cards.items() if value is not None)
    job = Job(map, players, seats_for(bots, players), tuple(str(m) for m in mods), fixed, seed,
              power_limit)
    job.new_game(0)  # the ruleset checks the cards and the limit: wrong ones fail here
    return job
