"""What the whole room knows: the room's file (``room.json``) and its table (``table.json``).

Both hold only what the table sees in the paper game: the city and modules, the solo pencil
order (laid out face up), the effects next to the round cards, the two objectives, the pencils'
powers, and the cards turned over so far. A self-paced room also holds its seed: everyone
deals the same game for themselves, so it is not secret (the docs say so plainly).
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import NsbError, Problem, RoomError, RoomFileError
from ..i18n import LANGUAGES, Translator, translator
from ..jsonfile import short
from ..maps import BUILTIN_MAPS, GameMap, get_map
from ..rules.ruleset import ruleset_for
from ..rules.setup import MAX_SEED_BITS, GameSetup, make_setup
from .folder import (
    ROOM_FORMAT,
    TABLE_FORMAT,
    VERSION,
    RoomFolder,
    parse_doc,
    read_bytes,
    room_error,
)
from .game import RoomGame

#: How a room is paced: the teacher turns the cards over, or everyone on their own.
PACES = ("teacher", "self")
#: The longest room name.
MAX_ROOM_NAME = 80
#: Most turns a table may hold (a game has at most about 50).
MAX_TURNS = 200
#: Most participants an ended game may place (a room is a class, not a stadium).
MAX_PLACED = 1000
#: A participant's key (:func:`nsb_widget.room.names.name_key`): 24 hex digits.
_SEAT_KEY = re.compile(r"[0-9a-f]{24}")
_CARD_LISTS = ("pencils", "modules", "effects", "objectives", "powers")


@dataclass(frozen=True)
class RoomInfo:
    """A room's public facts (``room.json``)."""

    id: str
    """The room's id: random, so two rooms never mix their files."""
    name: str
    """The room's name, as the teacher gave it."""
    map_id: str
    """``"berlin"`` or ``"london"``."""
    modules: tuple[str, ...]
    """Advanced-game modules in play."""
    language: str
    """The room's language (``"en"``, ``"de"``, ``"fr"``): the board's and the refusals'; each
    participant's widget starts in it."""
    paced: str
    """``"teacher"`` (the teacher turns the cards over for everyone) or ``"self"`` (everyone
    reveals on their own from the room's seed: not secret)."""
    pencils: tuple[str, ...]
    """The solo pencil order, round 1 to 4."""
    effects: tuple[str, ...] = ()
    """Berlin's round effects, round 1 to 4 (face up from the start)."""
    objectives: tuple[str, ...] = ()
    """The two shared objective cards."""
    powers: tuple[str, ...] = ()
    """London's pencil powers, one per pencil in the map's order."""
    seed: int | None = None
    """A self-paced room's seed (public); ``None`` when the teacher deals."""
    power_limit: str = "round"
    """London's pencil powers: once a ``"round"`` (the default) or once a ``"game"``."""
    hints: bool = True
    """Whether the participants' widgets offer the Hint button (the teacher may turn it off
    for a game played for places)."""
    created: float = 0.0
    """When the room was created (seconds since the epoch)."""

    @property
    def dealt(self) -> bool:
        """True when the teacher turns the cards over (the deal is secret)."""
        return self.paced == "teacher"

    @property
    def game_map(self) -> GameMap:
        """The room's map."""
        return get_map(self.map_id)

    def translator(self, domain: str = "nsb_widget") -> Translator:
        """The room's words."""
        return translator(self.language, domain)

    def setup(self, name: str) -> GameSetup:
        """The setup of a participant's game: the room's public facts, the participant's name,
        and (self-paced) the room's seed; a dealt room's is a scenario setup, with no deal."""
        cards: dict[str, Any] = {}
        for key in ("effects", "objectives", "powers"):
            if getattr(self, key):
                cards[key] = list(getattr(self, key))
        game_map = self.game_map
        if self.dealt:
            return make_setup(game_map, 1, None, scenario=True, pencils=list(self.pencils),
                              modules=self.modules, names=[name],
                              power_limit=self.power_limit, **cards)
        setup = make_setup(game_map, 1, self.seed, modules=self.modules, names=[name],
                           power_limit=self.power_limit)
        dealt = {key: tuple(str(c) for c in getattr(setup, key)) for key in _CARD_LISTS[2:]}
        if (tuple(setup.pencils) != self.pencils
                or any(dealt[k] != getattr(self, k) for k in dealt)):
            raise RoomFileError("room.json", [Problem(
                "seed", "the seed deals other pencils or module cards than the room lists")])
        return setup

    def new_game(self, name: str, language: str | None = None) -> RoomGame:
        """A participant's game at its start (no card yet), in ``language`` (default: the
        room's)."""
        game_map = self.game_map
        game = RoomGame(self.setup(name), game_map, ruleset_for(game_map),
                        language=language or self.language)
        game._dealt = self.dealt
        return game

    def to_json(self) -> dict[str, Any]:
        """The room's file."""
        return {"format": ROOM_FORMAT, "version": VERSION, "room": self.id, "name": self.name,
                "map": self.map_id, "modules": list(self.modules), "language": self.language,
                "paced": self.paced, "pencils": list(self.pencils),
                "effects": list(self.effects), "objectives": list(self.objectives),
                "powers": list(self.powers), "power_limit": self.power_limit,
                "hints": self.hints, "seed": self.seed, "created": self.created}

    @classmethod
    def from_setup(cls, room_id: str, name: str, setup: GameSetup, language: str,
                   paced: str, hints: bool = True) -> RoomInfo:
        """The public facts of the teacher's deal ``setup`` (the seed only when self-paced)."""
        return cls(id=room_id, name=name, map_id=setup.map_id,
                   modules=tuple(sorted(str(m) for m in setup.modules)), language=language,
                   paced=paced, pencils=tuple(setup.pencils),
                   effects=tuple(str(e) for e in setup.effects),
                   objectives=tuple(str(o) for o in setup.objectives),
                   powers=tuple(str(p) for p in setup.powers),
                   seed=None if paced == "teacher" else setup.seed,
                   power_limit=setup.power_limit, hints=hints, created=time.time())

    @classmethod
    def from_json(cls, data: bytes, path: str) -> RoomInfo:
        """Read ``room.json``; raises :class:`RoomFileError` naming every problem."""
        from pathlib import Path

        doc = parse_doc(data, Path(path), ROOM_FORMAT)
        problems: list[Problem] = []

        def text(key: str, limit: int, allowed: Sequence[str] | None = None) -> str:
            value = doc.get(key)
            if not isinstance(value, str) or not value or len(value) > limit:
                problems.append(Problem(key, f"must be a text of 1 to {limit} characters, "
                                             f"found {short(value)}"))
                return ""
            if allowed is not None and value not in allowed:
                problems.append(Problem(key, f"must be one of {', '.join(allowed)}, found "
                                             f"{short(value)}"))
                return ""
            return value

        room_id = text("room", 64)
        if room_id and not room_id.isalnum():
            problems.append(Problem("room", f"must be letters and digits, found {short(room_id)}"))
        name = text("name", MAX_ROOM_NAME)
        map_id = text("map", 32, BUILTIN_MAPS)
        language = text("language", 8, LANGUAGES)
        paced = text("paced", 16, PACES)
        lists: dict[str, tuple[str, ...]] = {}
        for key in _CARD_LISTS:
            value = doc.get(key, [])
            if not isinstance(value, list) or len(value) > 8 or not all(
                    isinstance(v, str) and 0 < len(v) <= 64 for v in value):
                problems.append(Problem(key, f"must be a list of at most 8 card names, found "
                                             f"{short(value)}"))
                value = []
            lists[key] = tuple(value)
        power_limit = doc.get("power_limit", "round")
        if power_limit not in ("round", "game"):
            problems.append(Problem("power_limit", f"must be 'round' or 'game', found "
                                                   f"{short(power_limit)}"))
            power_limit = "round"
        hints = doc.get("hints", True)  # rooms made before the option offered hints
        if not isinstance(hints, bool):
            problems.append(Problem("hints", f"must be true or false, found {short(hints)}"))
            hints = True
        seed = doc.get("seed")
        if paced == "self" and (not isinstance(seed, int) or isinstance(seed, bool)
                                or not 0 <= seed < 2**MAX_SEED_BITS):  # (as Game.new takes)
            problems.append(Problem("seed", f"a self-paced room needs its seed (an int), found "
                                            f"{short(seed)}"))
        if paced == "teacher" and seed is not None:
            problems.append(Problem("seed", "a room dealt by the teacher keeps its seed secret: "
                                            "it must be null"))
        created = doc.get("created", 0.0)
        if not isinstance(created, int | float) or isinstance(created, bool):
            problems.append(Problem("created", f"must be a time in seconds, found "
                                               f"{short(created)}"))
            created = 0.0
        if problems:
            raise RoomFileError(path, problems)
        info = cls(id=room_id, name=name, map_id=map_id, modules=lists["modules"],
                   language=language, paced=paced, pencils=lists["pencils"],
                   effects=lists["effects"], objectives=lists["objectives"],
                   powers=lists["powers"], seed=seed if paced == "self" else None,
                   power_limit=str(power_limit), hints=hints, created=float(created))
        try:
            info.setup("check")
        except (NsbError, ValueError) as exc:
            raise RoomFileError(path, [Problem("setup", str(exc)[:300])]) from None
        return info


@dataclass(frozen=True)
class Table:
    """The cards turned over so far (``table.json``)."""

    turns: tuple[tuple[str, ...], ...]
    """Every turn's cards taken off the stack, in order, as the engine names them
    (``("bear square",)``, ``("double switch", "crown triangle")``; with Glimpse into the
    future the next turn's card too, and none on a turn whose card was shown before)."""
    over: bool
    """True once the last card of the game is out."""
    updated: float
    """When the last card was turned over (seconds since the epoch)."""
    ended: tuple[str, ...] | None = None
    """Once the teacher has ended the game (:meth:`~nsb_widget.room.Room.end`): the keys of
    the participants whose game was over then, the only ones placed; ``None`` before (and in
    a file written before the teacher could end a game)."""
    seq: int = 0
    """How many times the table has been written since the room was made (0 in a new room,
    and in a file written before tables were numbered). A teacher's kernel writes the table
    only over the one it knows (the same ``seq``), and moves it on by one: a second kernel
    on the same room that is behind writes nothing (:meth:`~nsb_widget.room.Room.reveal`)."""
    finished: bool = False
    """True when the game ended because everyone had finished (``ended`` then places every
    participant; the teacher's kernel writes it as soon as it reads the last game over), not
    by the teacher's :meth:`~nsb_widget.room.Room.end`. False in an older file."""

    def to_json(self, room_id: str) -> dict[str, Any]:
        """The table's file."""
        return {"format": TABLE_FORMAT, "version": VERSION, "room": room_id,
                "turns": [list(t) for t in self.turns], "over": self.over,
                "updated": self.updated,
                "ended": None if self.ended is None else list(self.ended), "seq": self.seq,
                "finished": self.finished}

    @classmethod
    def from_json(cls, data: bytes, path: str, info: RoomInfo) -> Table:
        """Read ``table.json`` of room ``info``: every card must be one of the city's cards.
        Raises :class:`RoomFileError`."""
        from pathlib import Path

        doc = parse_doc(data, Path(path), TABLE_FORMAT, info.id)
        problems: list[Problem] = []
        raw = doc.get("turns")
        turns: list[tuple[str, ...]] = []
        ruleset = ruleset_for(info.game_map)
        if not isinstance(raw, list) or len(raw) > MAX_TURNS:
            problems.append(Problem("turns", f"must be a list of at most {MAX_TURNS} turns, "
                                             f"found {short(raw)}"))
            raw = []
        for i, turn in enumerate(raw):
            # A Glimpse turn whose card was shown the turn before takes none off the stack.
            if not isinstance(turn, list) or len(turn) > 3:
                problems.append(Problem(f"turns[{i}]", f"must be a list of at most 3 cards, "
                                                       f"found {short(turn)}"))
                continue
            names = []
            for card in turn:
                try:
                    names.append(str(ruleset.parse_card(card)))
                except (NsbError, ValueError, TypeError) as exc:
                    problems.append(Problem(f"turns[{i}]", str(exc)[:200]))
            turns.append(tuple(names))
        over, updated = doc.get("over"), doc.get("updated", 0.0)
        if not isinstance(over, bool):
            problems.append(Problem("over", f"must be true or false, found {short(over)}"))
        if not isinstance(updated, int | float) or isinstance(updated, bool):
            problems.append(Problem("updated", f"must be a time, found {short(updated)}"))
        ended = _ended(doc.get("ended"), over is True or not info.dealt, problems)
        seq = doc.get("seq", 0)  # absent in a table written before tables were numbered
        if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq < 2**53:
            problems.append(Problem("seq", f"must be a count of the table's writes (a whole "
                                           f"number from 0), found {short(seq)}"))
            seq = 0
        finished = doc.get("finished", False)  # absent in a table written before it was kept
        if not isinstance(finished, bool):
            problems.append(Problem("finished", f"must be true or false, found "
                                                f"{short(finished)}"))
            finished = False
        elif finished and ended is None:
            problems.append(Problem("finished", "can be true only once 'ended' places "
                                                "everyone"))
            finished = False
        if problems:
            raise RoomFileError(path, problems)
        return cls(tuple(turns), bool(over), float(updated), ended, seq, finished)


def _ended(value: object, out: bool, problems: list[Problem]) -> tuple[str, ...] | None:
    """The table's ``ended`` (``null``, or absent in an older file; else the keys of the
    participants placed when the teacher ended the game). A problem is added for anything
    else, and for a game ended before its last card was out (``out`` False)."""
    if value is None:
        return None
    if (not isinstance(value, list) or not 0 < len(value) <= MAX_PLACED
            or not all(isinstance(k, str) and _SEAT_KEY.fullmatch(k) for k in value)):
        problems.append(Problem("ended", f"must be null or a list of 1 to {MAX_PLACED} "
                                         f"participants' keys, found {short(value)}"))
        return None
    if not out:
        problems.append(Problem("ended", "a game dealt by the teacher can be ended only once "
                                         "every card is out ('over' is false)"))
        return None
    return tuple(value)


def names_the_city(name: str, title: str) -> bool:
    """True when a room's ``name`` already says its city (``title``, the map's English title)
    in any language ("Atelier Londres", "Berlin workshop"): the one-line summary then leaves
    the city out ("Atelier : Berlin : Berlin, ..." read twice)."""
    folded = name.casefold()
    return any(translator(language)(title).casefold() in folded for language in LANGUAGES)


def read_room(folder: RoomFolder, t: Translator) -> RoomInfo:
    """The room in ``folder``; :class:`RoomError` when there is none (saying why),
    :class:`RoomFileError` when its file is damaged or from another version."""
    try:
        data = read_bytes(folder.room_file)
    except OSError as exc:
        raise room_error(t, t("cannot read the room in"), folder.path, exc) from None
    if data is None:
        if not folder.path.is_dir():
            raise RoomError(t("there is no room in {path}: the folder does not exist (check the "
                              "path the teacher gave)", path=str(folder.path)))
        raise RoomError(t("there is no room in {path}: the folder has no room.json (check the "
                          "path the teacher gave)", path=str(folder.path)))
    return RoomInfo.from_json(data, str(folder.room_file))
