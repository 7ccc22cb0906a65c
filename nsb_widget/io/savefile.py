"""Saved games: a versioned JSON document holding the setup and the action log.

```json
{"format": "nsb-game", "version": 1,
 "map": "berlin",                      # a built-in map id, or the whole map document
 "setup": {"players": 1, "seed": 7, "pencils": [...], "modules": [...], "effects": [...],
           "objectives": [...], "names": [...]},   # London: "powers": [...], and
                                       # "power_limit": "game" when not "round"
 "actions": [{"type": "reveal", "cards": ["bear square"]},
             {"type": "draw", "player": 0, "move": "bear E1-F2"},
             {"type": "pass", "player": 0}]}
```
Loading replays the actions through the rules, so a file can only describe a legal game; every
problem is reported with its place in the file (the first :data:`MAX_ACTION_PROBLEMS`
unreadable actions, then their number). A file is refused, quickly, past the limits of
:func:`~nsb_widget.jsonfile.read_json` (5 MB, nesting, numbers) and of this module: card, move,
power and map id texts of at most :data:`MAX_TEXT` characters, names of at most
:data:`MAX_NAME`, seeds of at most :data:`MAX_SEED_BITS` bits, at most :data:`MAX_ACTIONS`
actions. Messages quote at most the first 40 characters of a long value.

A file holds the game, not the language it is read in: the reader chooses that
(``language=``, as for :meth:`~nsb_widget.rules.game.Game.new`), and a file's problems are
reported in English (they are for whoever wrote the file).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import MapError, NsbError, Problem, SaveError, SaveFileError
from ..i18n import DEFAULT_LANGUAGE, resolve_language
from ..jsonfile import read_json, shape_problem, short, version_problem
from ..maps import BUILTIN_MAPS, GameMap, build_map, get_map
from ..rules.game import Game
from ..rules.moves import Action, Draw, Move, Pass, Reveal, UsePower
from ..rules.ruleset import Ruleset, ruleset_for
from ..rules.setup import MAX_NAME, MAX_SEED_BITS, POWER_LIMITS, GameSetup, make_setup

FORMAT = "nsb-game"
VERSION = 1
MAX_ACTIONS = 10_000
#: Unreadable actions listed one by one; past these, their number.
MAX_ACTION_PROBLEMS = 100
#: Longest card, move, power or map id text a saved game may hold (canonical ones are short).
MAX_TEXT = 64
_MESSAGE_CHARS = 300


def _clip(text: str) -> str:
    """A message from below, cut short should it quote a long input."""
    return text if len(text) <= _MESSAGE_CHARS else text[:_MESSAGE_CHARS] + "…"


def game_to_json(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready document."""
    setup = game.setup.to_json()
    setup.pop("map")
    map_ref: object = game.map.id if _is_builtin(game.map) else game.map.source
    return {
        "format": FORMAT,
        "version": VERSION,
        "map": map_ref,
        "setup": setup,
        "actions": [a.to_json() for a in game.history],
    }


def save_game(game: Game, path: str | Path) -> None:
    """Write the game to ``path`` as JSON; raises :class:`~nsb_widget.errors.SaveError` (an
    :class:`OSError`) naming the path and the system's reason when it cannot be written."""
    write_text(path, json.dumps(game_to_json(game), indent=1) + "\n", "the game")


def write_text(path: str | Path, text: str, what: str) -> None:
    """Write ``text`` to ``path`` (UTF-8); a failure (a folder, no permission, a full disk)
    raises :class:`~nsb_widget.errors.SaveError` saying which path and why (``what``: what
    was being written, e.g. ``"the game"``)."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        if isinstance(exc, IsADirectoryError) or Path(path).is_dir():
            why = "it is a folder: give a file name, like 'game.json'"
        else:
            why = exc.strerror or type(exc).__name__
        error = SaveError(f"cannot write {what} to {short(str(path))}: {why}")
        error.errno, error.filename = exc.errno, str(path)
        raise error from None


def load_game(path: str | Path, cls: type[Game] = Game, language: str | None = None) -> Game:
    """Read a game written by :func:`save_game` (as an instance of ``cls``), to be shown in
    ``language``."""
    code = resolve_language(language)
    try:
        doc = read_json(path, SaveFileError)
    except SaveFileError:
        if isinstance(path, str) and str.lstrip(path).startswith("{"):  # text, not a path
            raise SaveFileError(short(path), [Problem(
                "file", "this is a game's JSON text, not a file's path: read the text with "
                        "Game.from_json(json.loads(text))")]) from None
        raise
    return game_from_json(doc, str(path), cls, code)


def game_from_json(doc: object, name: str = "<document>", cls: type[Game] = Game,
                   language: str | None = None) -> Game:
    """Rebuild a game from a document made by :func:`game_to_json` (as an instance of
    ``cls``, a :class:`~nsb_widget.rules.game.Game` or a subclass), to be shown in
    ``language`` (default: the environment's locale)."""
    code = resolve_language(language)
    problems: list[Problem] = []
    if not isinstance(doc, Mapping):
        raise SaveFileError(name, [Problem("document", "must be a JSON object")])
    shape = shape_problem(doc)
    if shape is not None:
        raise SaveFileError(name, [shape])
    if doc.get("format") != FORMAT:
        problems.append(Problem("format", f"must be {FORMAT!r}, found {short(doc.get('format'))}"))
    version = version_problem(doc.get("version"), VERSION, "the game was saved")
    if version is not None:
        problems.append(version)
    game_map = _read_map(doc.get("map"), problems)
    ruleset = _read_ruleset(game_map, problems)
    setup = _read_setup(doc.get("setup"), game_map, ruleset, problems)
    actions = _read_actions(doc.get("actions"), ruleset, problems)
    if problems or setup is None or game_map is None or ruleset is None:
        raise SaveFileError(name, problems or [Problem("setup", "is missing")])
    game = cls(setup, game_map, ruleset, language=DEFAULT_LANGUAGE)  # the file's problems
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except NsbError as exc:
            raise SaveFileError(name, [Problem(f"actions[{i}] ({action})", _clip(str(exc)))]) \
                from None
    game.language = code
    return game


def _is_builtin(game_map: GameMap) -> bool:
    return game_map.id in BUILTIN_MAPS and get_map(game_map.id) is game_map


def _read_map(raw: object, problems: list[Problem]) -> GameMap | None:
    if isinstance(raw, str):
        if len(raw) > MAX_TEXT:
            problems.append(Problem("map", f"no built-in map {short(raw)}; built-in maps: "
                                           f"{', '.join(BUILTIN_MAPS)}"))
            return None
        try:
            return get_map(raw)
        except KeyError as exc:
            problems.append(Problem("map", str(exc.args[0])))
            return None
    if isinstance(raw, Mapping):
        try:
            return build_map(raw, "embedded map")
        except MapError as exc:
            problems.extend(Problem(f"map.{p.where}", p.message) for p in exc.problems)
            return None
    problems.append(Problem("map", "must be a built-in map id or a map document"))
    return None


def _read_ruleset(game_map: GameMap | None, problems: list[Problem]) -> Ruleset | None:
    if game_map is None:
        return None
    try:
        return ruleset_for(game_map)
    except MapError as exc:
        problems.extend(Problem(f"map.{p.where}", p.message) for p in exc.problems)
        return None


def _read_setup(
    raw: object, game_map: GameMap | None, ruleset: Ruleset | None, problems: list[Problem]
) -> GameSetup | None:
    if not isinstance(raw, Mapping):
        problems.append(Problem("setup", "must be an object"))
        return None
    seed = raw.get("seed")
    players: object = raw.get("players")
    lists = ("pencils", "modules", "effects", "objectives", "names", "powers")
    before = len(problems)
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
        problems.append(Problem("setup", f"players must be 1 to 4, not {short(players)}"))
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or seed.bit_length() > MAX_SEED_BITS):
        problems.append(Problem("setup", f"seed must be an integer of at most "
                                          f"{MAX_SEED_BITS} bits or null, not {short(seed)}"))
    for key in lists:
        if key not in raw:
            continue
        value, limit = raw[key], (MAX_NAME if key == "names" else MAX_TEXT)
        if not isinstance(value, list) or len(value) > 8:
            problems.append(Problem(f"setup.{key}", f"must be a list of at most 8 strings, "
                                                    f"found {short(value)}"))
            continue
        for j, item in enumerate(value):
            if not isinstance(item, str) or len(item) > limit:
                problems.append(Problem(f"setup.{key}[{j}]", f"must be a string of at most "
                                                             f"{limit} characters, found "
                                                             f"{short(item)}"))
    limit_value = raw.get("power_limit", "round")
    if not isinstance(limit_value, str) or limit_value not in POWER_LIMITS:
        problems.append(Problem("setup.power_limit", f"must be one of {', '.join(POWER_LIMITS)}, "
                                                     f"not {short(limit_value)}"))
    unknown = set(raw) - {"players", "seed", "power_limit", *lists}
    if unknown:
        names = sorted(short(k) for k in unknown)
        problems.append(Problem("setup", f"unknown field(s): {', '.join(names[:5])}"
                                          + (" ..." if len(names) > 5 else "")))
    if len(problems) > before or game_map is None or ruleset is None:
        return None
    try:
        cards = {key: raw[key] for key in ("effects", "objectives", "powers") if raw.get(key)}
        return make_setup(
            game_map,
            players=players if isinstance(players, int) else 0,  # checked above
            seed=seed,
            ruleset=ruleset,
            scenario=seed is None,
            pencils=raw.get("pencils"),
            modules=raw.get("modules", []),
            names=raw.get("names") or None,
            power_limit=str(limit_value),
            **cards,
        )
    except (ValueError, TypeError) as exc:
        problems.append(Problem("setup", _clip(str(exc))))
        return None


def _read_actions(raw: object, ruleset: Ruleset | None, problems: list[Problem]) -> list[Action]:
    if not isinstance(raw, list):
        problems.append(Problem("actions", "must be a list"))
        return []
    if len(raw) > MAX_ACTIONS:
        problems.append(Problem("actions", f"has {len(raw)} entries; a game has far fewer"))
        return []
    actions: list[Action] = []
    bad = 0
    for i, entry in enumerate(raw):
        where = f"actions[{i}]"
        try:
            actions.append(action_from_json(entry, ruleset))
        except (NsbError, ValueError, TypeError, KeyError) as exc:
            bad += 1
            if bad <= MAX_ACTION_PROBLEMS:
                problems.append(Problem(where, _clip(str(exc))))
    if bad > MAX_ACTION_PROBLEMS:
        problems.append(Problem("actions", f"and {bad - MAX_ACTION_PROBLEMS} more unreadable "
                                           "entries"))
    return actions


def action_from_json(entry: object, ruleset: Ruleset | None) -> Action:
    """One action of a save file's ``actions`` list (``ruleset`` reads the cards; ``None``
    when the map could not be read). Raises :class:`ValueError` or an
    :class:`~nsb_widget.errors.NsbError` saying what is wrong; nothing is checked against a
    game here (replaying it does that)."""
    if not isinstance(entry, Mapping):
        raise ValueError("must be an object with a 'type'")
    kind = entry.get("type")
    if kind == "reveal":
        cards = entry.get("cards")
        if not isinstance(cards, list) or len(cards) > 3 or not all(
            isinstance(c, str) and len(c) <= MAX_TEXT for c in cards
        ):
            raise ValueError(f"a reveal needs 'cards': a list of at most 3 card names, found "
                             f"{short(cards)}")
        if ruleset is None:  # the map's problems are listed; its cards cannot be read
            return Reveal(())
        return Reveal(tuple(ruleset.parse_card(c) for c in cards))
    if kind not in ("draw", "pass", "power"):
        raise ValueError(f"unknown action type {short(kind)}; expected reveal, draw, pass or "
                         "power")
    player = entry.get("player")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < 4:
        raise ValueError(f"'player' must be a player number from 0 to 3, found {short(player)}")
    if kind == "draw":
        move = entry.get("move")
        if not isinstance(move, str) or len(move) > MAX_TEXT:
            raise ValueError(f"'move' must be a move in notation (at most {MAX_TEXT} "
                             f"characters), found {short(move)}")
        return Draw(player, Move.parse(move))
    if kind == "power":
        power, station = entry.get("power"), entry.get("station")
        if not isinstance(power, str) or len(power) > 32:
            raise ValueError(f"'power' must be a power's id, found {short(power)}")
        if station is not None and (not isinstance(station, str) or len(station) > 8):
            raise ValueError(f"'station' must be a station label, found {short(station)}")
        return UsePower(player, power, station)
    return Pass(player)
