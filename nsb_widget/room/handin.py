"""A participant's hand-in (``seats/<key>.json``): written after each of their actions, and
replayed by the engine before anything of it is shown or counted.

The file holds the participant's name, a hash of their token and their game's action log (the
same actions as a save file). Nothing else of it is trusted: the board rebuilds the game from the
room's own setup and replays every action, each card checked against the cards the room turned
over (a game of another deal is refused), each draw, pass and power through the rules (an
illegal move is refused with the engine's reason).
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import NsbError, Problem, RoomError, RoomFileError
from ..i18n import Translator
from ..io.savefile import MAX_ACTIONS, action_from_json
from ..jsonfile import short
from ..rules.moves import Reveal
from ..rules.ruleset import ruleset_for
from .folder import SEAT_FORMAT, VERSION, RoomFolder, parse_doc, read_bytes
from .game import RoomGame
from .info import RoomInfo
from .names import MAX_NAME, name_key

_HEX = re.compile(r"[0-9a-f]{24}|[0-9a-f]{64}")


class HandInRefused(RoomError):
    """A hand-in the engine does not accept (an action that cannot be read, a card the room did
    not turn over, an illegal move); the message says which action and why."""


@dataclass(frozen=True)
class HandIn:
    """A participant's file, read (not yet replayed)."""

    name: str
    """The participant's name, as shown."""
    key: str
    """The key of the name (the file's name)."""
    token: str
    """The hash of the participant's token."""
    joined: float
    """When they joined (seconds since the epoch)."""
    updated: float
    """When they last wrote it."""
    actions: tuple[Mapping[str, Any], ...]
    """Their game's actions, as in a save file (not yet checked)."""


def hand_in_doc(info: RoomInfo, name: str, token: str, game: RoomGame,
                joined: float) -> dict[str, Any]:
    """The file of a participant's seat, with every action of ``game``."""
    return {"format": SEAT_FORMAT, "version": VERSION, "room": info.id, "name": name,
            "key": name_key(name), "token": token, "joined": joined, "updated": time.time(),
            "actions": [a.to_json() for a in game.history]}


def read_hand_in(data: bytes, path: Path, info: RoomInfo) -> HandIn:
    """Read a seat's file of room ``info``; raises :class:`RoomFileError` naming every problem
    (its actions are read when replayed)."""
    doc = parse_doc(data, path, SEAT_FORMAT, info.id)
    problems: list[Problem] = []
    name = doc.get("name")
    if not isinstance(name, str) or not name or len(name) > MAX_NAME:
        problems.append(Problem("name", f"must be a name of 1 to {MAX_NAME} characters, found "
                                        f"{short(name)}"))
        name = ""
    key = doc.get("key")
    if not isinstance(key, str) or (name and key != name_key(name)) or key != path.stem:
        problems.append(Problem("key", "does not match the name and the file's name"))
    token = doc.get("token")
    if not isinstance(token, str) or not _HEX.fullmatch(token):
        problems.append(Problem("token", "must be the hash of the participant's token"))
    times = []
    for field in ("joined", "updated"):
        value = doc.get(field)
        if not isinstance(value, int | float) or isinstance(value, bool):
            problems.append(Problem(field, f"must be a time in seconds, found {short(value)}"))
            value = 0.0
        times.append(float(value))
    actions = doc.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS or not all(
            isinstance(a, dict) for a in actions):
        problems.append(Problem("actions", f"must be a list of actions, found {short(actions)}"))
        actions = []
    if problems:
        raise RoomFileError(str(path), problems)
    assert isinstance(key, str) and isinstance(token, str)
    return HandIn(name, key, token, times[0], times[1], tuple(actions))


def replay(info: RoomInfo, name: str, actions: Sequence[Mapping[str, Any]],
           turns: Sequence[tuple[str, ...]] | None, t: Translator,
           start: RoomGame | None = None, done: int = 0) -> RoomGame:
    """The participant's game rebuilt by the engine from the room's setup and ``actions``,
    each card checked against ``turns`` (the cards the room turned over, in order; ``None`` in
    a self-paced room, whose seeded game checks its own cards). With
    ``start`` (the game of the first ``done`` actions, already checked), only the rest is
    replayed, on a copy. Raises :class:`HandInRefused` at the first action the rules refuse."""
    game = start.clone() if start is not None else info.new_game(name, info.language)
    game.language = info.language
    ruleset = ruleset_for(info.game_map)
    taken = game.reveals
    for index in range(done, len(actions)):
        number = index + 1
        try:
            action = action_from_json(actions[index], ruleset)
        except (NsbError, ValueError, TypeError, KeyError) as exc:
            raise HandInRefused(t("action {number} cannot be read: {why}", number=number,
                                  why=str(exc)[:200])) from None
        if isinstance(action, Reveal):
            _check_cards(action, number, turns, taken, t)
            try:
                game.deal(action.cards)
            except NsbError as exc:
                raise HandInRefused(t("action {number}: {why}: a game of another deal",
                                      number=number, why=str(exc)[:200])) from None
            taken += 1
            continue
        try:
            game.apply(action)
        except NsbError as exc:
            raise HandInRefused(t("round {round}, turn {turn}: {why}", round=game.round,
                                  turn=game.turn, why=str(exc)[:300])) from None
    return game


def _check_cards(action: Reveal, number: int, turns: Sequence[tuple[str, ...]] | None,
                 taken: int, t: Translator) -> None:
    """Refuse a reveal whose cards are not the room's next turn (``turns`` ``None``: the
    seeded game checks them itself)."""
    if turns is None:
        return
    if taken >= len(turns):
        raise HandInRefused(t("action {number} turns over a card the room has not turned over "
                              "(turn {turn} is not out)", number=number, turn=taken + 1))
    cards = tuple(str(c) for c in action.cards)
    if cards != turns[taken]:
        raise HandInRefused(t("action {number}: the cards {cards} are not the room's turn "
                              "{turn} ({room}): a game of another deal", number=number,
                              cards=", ".join(cards), turn=taken + 1,
                              room=", ".join(turns[taken])))


def read_kept(folder: RoomFolder, key: str, info: RoomInfo,
              turns: Sequence[tuple[str, ...]] | None,
              t: Translator) -> tuple[HandIn, RoomGame] | None:
    """The game kept for ``key`` when the teacher ended the game (``ended/<key>.json``): its
    hand-in and the game replayed from it (as :func:`replay`); ``None`` when there is no such
    file. Raises :class:`OSError` (a link, a pipe, a folder: not a regular file),
    :class:`~nsb_widget.errors.RoomFileError` or :class:`HandInRefused`."""
    path = folder.ended_file(key)
    data = read_bytes(path)
    if data is None:
        return None
    hand_in = read_hand_in(data, path, info)
    return hand_in, replay(info, hand_in.name, hand_in.actions, turns, t)
