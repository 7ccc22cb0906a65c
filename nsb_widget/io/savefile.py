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
from typing import TYPE_CHECKING, Any

from ..errors import MapError, NsbError, Problem, SaveFileError
from ..jsonfile import read_json
from ..maps import BUILTIN_MAPS, GameMap, build_map, get_map
from ..rules.cards import Card
from ..rules.modules import Effect, Module, Objective
from ..rules.moves import Action, Draw, Move, Pass, Reveal
from ..rules.setup import GameSetup, make_setup

if TYPE_CHECKING:
    from ..rules.game import Game

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


def load_game(path: str | Path) -> Game:
    """Read a game written by :func:`save_game`."""
    doc = read_json(path, SaveFileError)
    return game_from_json(doc, str(path))


def game_from_json(doc: object, name: str = "<document>") -> Game:
    """Rebuild a game from a document made by :func:`game_to_json`."""
    from ..rules.game import Game

    problems: list[Problem] = []
    if not isinstance(doc, Mapping):
        raise SaveFileError(name, [Problem("document", "must be a JSON object")])
    if doc.get("format") != FORMAT:
        problems.append(Problem("format", f"must be {FORMAT!r}, found {doc.get('format')!r}"))
    if doc.get("version") != VERSION:
        problems.append(Problem("version", f"must be {VERSION}, found {doc.get('version')!r}"))
    game_map = _read_map(doc.get("map"), problems)
    setup = _read_setup(doc.get("setup"), game_map, problems)
    actions = _read_actions(doc.get("actions"), problems)
    if problems or setup is None or game_map is None:
        raise SaveFileError(name, problems or [Problem("setup", "is missing")])
    game = Game(setup, game_map)
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


def _read_setup(
    raw: object, game_map: GameMap | None, problems: list[Problem]
) -> GameSetup | None:
    if not isinstance(raw, Mapping):
        problems.append(Problem("setup", "must be an object"))
        return None
    if game_map is None:
        return None
    seed = raw.get("seed")
    try:
        for key, kind in (("pencils", list), ("modules", list), ("effects", list),
                          ("objectives", list), ("names", list)):
            if key in raw and not isinstance(raw[key], kind):
                raise ValueError(f"{key} must be a list")
        modules = [Module(m) for m in raw.get("modules", [])]
        return make_setup(
            game_map,
            players=raw.get("players"),  # type: ignore[arg-type]  # checked by make_setup
            seed=seed,
            scenario=seed is None,
            pencils=raw.get("pencils"),
            modules=modules,
            effects=[Effect(e) for e in raw["effects"]] if raw.get("effects") else None,
            objectives=[Objective(o) for o in raw["objectives"]] if raw.get("objectives")
            else None,
            names=raw.get("names") or None,
        )
    except (ValueError, TypeError) as exc:
        problems.append(Problem("setup", str(exc)))
        return None


def _read_actions(raw: object, problems: list[Problem]) -> list[Action]:
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
            actions.append(_read_action(entry))
        except (NsbError, ValueError, TypeError, KeyError) as exc:
            problems.append(Problem(where, str(exc)))
    return actions


def _read_action(entry: object) -> Action:
    if not isinstance(entry, Mapping):
        raise ValueError("must be an object with a 'type'")
    kind = entry.get("type")
    if kind == "reveal":
        cards = entry.get("cards")
        if not isinstance(cards, list) or len(cards) > 3:
            raise ValueError("a reveal needs 'cards': a list of at most 3 card names")
        return Reveal(tuple(Card.parse(c) for c in cards))
    if kind not in ("draw", "pass"):
        raise ValueError(f"unknown action type {kind!r}; expected reveal, draw or pass")
    player = entry.get("player")
    if isinstance(player, bool) or not isinstance(player, int):
        raise ValueError(f"'player' must be an integer, found {player!r}")
    if kind == "draw":
        return Draw(player, Move.parse(entry.get("move")))  # type: ignore[arg-type]
    return Pass(player)
