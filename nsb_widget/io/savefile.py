"""Saved games: a versioned JSON document holding the setup and the action log.

```json
{"format": "nsb-game", "version": 1,
 "map": "berlin",                      # a built-in map id, or the whole map document
 "setup": {"players": 1, "seed": 7, "pencils": [...], "modules": [...], "effects": [...],
           "objectives": [...], "names": [...]},
 "actions": [{"type": "reveal", "cards": ["bear square"]},
             {"type": "draw", "player": 0, "move": "bear E1-F2"},
             {"type": "pass", "player": 0}]}
```
Loading replays the actions through the rules, so a file can only describe a legal game; every
problem is reported with its place in the file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import MapError, NsbError, Problem, SaveFileError
from ..jsonfile import read_json
from ..maps import BUILTIN_MAPS, GameMap, build_map, get_map
from ..rules.game import Game
from ..rules.moves import Action, Draw, Move, Pass, Reveal, UsePower
from ..rules.ruleset import Ruleset, ruleset_for
from ..rules.setup import GameSetup, make_setup

FORMAT = "nsb-game"
VERSION = 1
MAX_ACTIONS = 10_000


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
    """Write the game to ``path`` as JSON."""
    Path(path).write_text(json.dumps(game_to_json(game), indent=1) + "\n", encoding="utf-8")


def load_game(path: str | Path, cls: type[Game] = Game) -> Game:
    """Read a game written by :func:`save_game` (as an instance of ``cls``)."""
    doc = read_json(path, SaveFileError)
    return game_from_json(doc, str(path), cls)


def game_from_json(doc: object, name: str = "<document>", cls: type[Game] = Game) -> Game:
    """Rebuild a game from a document made by :func:`game_to_json` (as an instance of
    ``cls``, a :class:`~nsb_widget.rules.game.Game` or a subclass)."""
    problems: list[Problem] = []
    if not isinstance(doc, Mapping):
        raise SaveFileError(name, [Problem("document", "must be a JSON object")])
    if doc.get("format") != FORMAT:
        problems.append(Problem("format", f"must be {FORMAT!r}, found {doc.get('format')!r}"))
    if doc.get("version") != VERSION:
        problems.append(Problem("version", f"must be {VERSION}, found {doc.get('version')!r}"))
    game_map = _read_map(doc.get("map"), problems)
    ruleset = _read_ruleset(game_map, problems)
    setup = _read_setup(doc.get("setup"), game_map, ruleset, problems)
    actions = _read_actions(doc.get("actions"), ruleset, problems)
    if problems or setup is None or game_map is None or ruleset is None:
        raise SaveFileError(name, problems or [Problem("setup", "is missing")])
    game = cls(setup, game_map, ruleset)
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except NsbError as exc:
            raise SaveFileError(name, [Problem(f"actions[{i}] ({action})", str(exc))]) from None
    return game


def _is_builtin(game_map: GameMap) -> bool:
    return game_map.id in BUILTIN_MAPS and get_map(game_map.id) is game_map


def _read_map(raw: object, problems: list[Problem]) -> GameMap | None:
    if isinstance(raw, str):
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
    if game_map is None or ruleset is None:
        return None
    seed = raw.get("seed")
    try:
        lists = ("pencils", "modules", "effects", "objectives", "names", "powers")
        for key in lists:
            if key in raw and not isinstance(raw[key], list):
                raise ValueError(f"{key} must be a list")
        unknown = set(raw) - {"players", "seed", *lists}
        if unknown:
            raise ValueError(f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")
        cards = {key: raw[key] for key in ("effects", "objectives", "powers") if raw.get(key)}
        return make_setup(
            game_map,
            players=raw.get("players"),  # type: ignore[arg-type]  # checked by make_setup
            seed=seed,
            ruleset=ruleset,
            scenario=seed is None,
            pencils=raw.get("pencils"),
            modules=raw.get("modules", []),
            names=raw.get("names") or None,
            **cards,
        )
    except (ValueError, TypeError) as exc:
        problems.append(Problem("setup", str(exc)))
        return None


def _read_actions(raw: object, ruleset: Ruleset | None, problems: list[Problem]) -> list[Action]:
    if not isinstance(raw, list):
        problems.append(Problem("actions", "must be a list"))
        return []
    if len(raw) > MAX_ACTIONS:
        problems.append(Problem("actions", f"has {len(raw)} entries; a game has far fewer"))
        return []
    actions: list[Action] = []
    for i, entry in enumerate(raw):
        where = f"actions[{i}]"
        try:
            actions.append(_read_action(entry, ruleset))
        except (NsbError, ValueError, TypeError, KeyError) as exc:
            problems.append(Problem(where, str(exc)))
    return actions


def _read_action(entry: object, ruleset: Ruleset | None) -> Action:
    if not isinstance(entry, Mapping):
        raise ValueError("must be an object with a 'type'")
    kind = entry.get("type")
    if kind == "reveal":
        cards = entry.get("cards")
        if not isinstance(cards, list) or len(cards) > 3:
            raise ValueError("a reveal needs 'cards': a list of at most 3 card names")
        if ruleset is None:
            raise ValueError("cards cannot be read without a valid map")
        return Reveal(tuple(ruleset.parse_card(c) for c in cards))
    if kind not in ("draw", "pass", "power"):
        raise ValueError(f"unknown action type {kind!r}; expected reveal, draw, pass or power")
    player = entry.get("player")
    if isinstance(player, bool) or not isinstance(player, int):
        raise ValueError(f"'player' must be an integer, found {player!r}")
    if kind == "draw":
        return Draw(player, Move.parse(entry.get("move")))  # type: ignore[arg-type]
    if kind == "power":
        power, station = entry.get("power"), entry.get("station")
        if not isinstance(power, str) or len(power) > 32:
            raise ValueError(f"'power' must be a power's id, found {power!r}")
        if station is not None and (not isinstance(station, str) or len(station) > 8):
            raise ValueError(f"'station' must be a station label, found {station!r}")
        return UsePower(player, power, station)
    return Pass(player)
