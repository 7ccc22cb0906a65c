"""A participant's view of the room: the board and standings the teacher sees, read-only.

    >>> seat = join("/shared/tuesday", "Ada")      # doctest: +SKIP
    >>> seat.board()                                # doctest: +SKIP
    >>> seat.standings()                            # doctest: +SKIP

A :class:`RoomView` is a :class:`~nsb_widget.room.Room` built with no dealer, from the files
every participant can read already: ``room.json``, ``table.json``, ``seats/`` and ``ended/``.
It follows the table as the teacher turns cards over (each new card is replayed through the
table's own game, as the teacher's kernel does) and reads and replays every hand-in as the
teacher's board does, so a damaged or forged file is shown as a problem and never counted as
it says. It never reads the teacher's deal, so it knows no card before it is out, and it
writes nothing: every method that would move the room on or write a file refuses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

from ..errors import ArgumentError, NsbError, RoomError, RoomFileError
from ..i18n import resolve_language, translator
from .folder import NotAFile, RoomFolder, read_bytes, room_error
from .handin import read_hand_in
from .info import RoomInfo, Table, read_room
from .teacher import Participant, Room, _first_problem, _not_a_file, _take

#: How often a participant's view reads the room's files (seconds): twice as seldom as the
#: teacher's board, since every participant's kernel may read the whole folder.
VIEW_SECONDS = 1.0


class RoomView(Room):
    """A participant's read-only view of a room (``seat.board()``, ``seat.standings()``): the
    cards turned over, everyone's standing, the final places and the figures, read from the
    room's folder in ``language`` (default: the room's). ``you`` is the participant's name (the
    board marks their row). Reveal, end, reseat and export refuse with
    :class:`~nsb_widget.errors.RoomError`."""

    read_only = True

    def __init__(self, folder: RoomFolder, info: RoomInfo, *, language: str | None = None,
                 you: str | None = None) -> None:
        super().__init__(folder, info, None, info.new_game("table"), Table((), False, 0.0))
        self._language = resolve_language(language or info.language)
        self.you = you
        """The name of the participant whose view this is (``None``: nobody's)."""
        self._table_problem: str | None = None
        self._watcher.interval = VIEW_SECONDS

    @classmethod
    def read(cls, folder: str | Path, *, language: str | None = None,
             you: str | None = None) -> RoomView:
        """The view of the room in ``folder``, read now. Raises
        :class:`~nsb_widget.errors.RoomError` when the folder holds no room, and
        :class:`~nsb_widget.errors.RoomFileError` when its ``room.json`` is damaged (a
        damaged table or seat is shown as a problem instead)."""
        place = RoomFolder(folder)
        info = read_room(place, translator(None if language is None
                                           else resolve_language(language)))
        view = cls(place, info, language=language, you=you)
        view.poll()
        return view

    @property
    def language(self) -> str:
        """The view's language (the participant's)."""
        return self._language

    @property
    def problem(self) -> str | None:
        """The last problem met reading the room (its table or a file in ``seats/`` or
        ``ended/``), or ``None``."""
        return self._table_problem or self._problem

    # ------------------------------------------------------------------ following the table
    def _watch_table(self) -> bool:
        """Take the cards the teacher has turned over since the last read, and the end of the
        game; True when something changed. A table that cannot be read, is damaged, changes
        cards already out or does not follow the rules is named in :attr:`problem` and the
        view keeps the table it had."""
        t = self.t
        try:
            data = read_bytes(self.folder.table_file)
        except NotAFile as exc:
            return self._table_trouble(f"{self.folder.table_file.name}: {_not_a_file(exc, t)}")
        except OSError as exc:
            return self._table_trouble(str(room_error(t, t("cannot read the room's cards in"),
                                                      self.folder.path, exc)))
        if data is None or data == self._disk_table:
            return False
        self._disk_table = data
        try:
            table = Table.from_json(data, str(self.folder.table_file), self.info)
        except RoomFileError as exc:
            return self._table_trouble(t("the room's table of cards is damaged: {why}",
                                         why=_first_problem(exc)))
        known = self._table
        if table.turns[:len(known.turns)] != known.turns or (
                known.ended is not None and table.ended != known.ended):
            return self._table_trouble(t("the room's table changed cards already turned "
                                         "over: ask the teacher"))
        public = self._public.clone()
        try:
            for turn in table.turns[len(known.turns):]:
                _take(public, turn)
        except (NsbError, ValueError) as exc:
            return self._table_trouble(t("the room's table of cards is damaged: {why}",
                                         why=str(exc)[:200]))
        out = public.is_last_turn and public.round == public.ruleset.rounds
        if self.info.dealt and table.over != out:
            return self._table_trouble(t("the room's table of cards is damaged: {why}",
                                         why="'over'"))
        ended_now = known.ended is None and table.ended is not None
        self._public, self._table, self._table_problem = public, table, None
        for p in self._participants.values():
            if p.refusal is not None:
                p._data = None  # (a hand-in ahead of the table read before: read it again)
        if ended_now:
            self._load_ended()
        return True

    def _table_trouble(self, problem: str) -> bool:
        changed = problem != self._table_problem
        self._table_problem = problem
        return changed

    def _accept(self, path: Path, data: bytes, entry: Participant | None, t: Any,
                signature: tuple[int, ...] | None = None) -> None:
        """Read and replay one hand-in as the teacher's board does. A seat whose token has
        changed since it was first read is read afresh (the teacher reseats a participant
        without telling the views; a view opened now would read it so too): its game is
        still replayed action by action, and refused with the engine's reason when illegal.
        A participant placed at the end keeps the game kept then, and takes the seat's new
        token when the kept game carries it too (a reseat writes it there first, and only
        the teacher writes in ``ended/``)."""
        if entry is not None and entry.game is not None:
            ended = self._table.ended
            placed = ended is not None and entry.key in ended
            token = _token(data)
            if not placed and token not in (None, entry.token):
                del self._participants[entry.key]
                entry = None
            elif placed and token not in (None, entry.token) and token == self._kept_token(
                    entry.key):
                entry.token = token
        super()._accept(path, data, entry, t, signature)

    def _kept_token(self, key: str) -> str | None:
        """The token hash of the game kept for ``key`` at the end (``None``: none, or it cannot
        be read)."""
        path = self.folder.ended_file(key)
        try:
            data = read_bytes(path)
            return None if data is None else read_hand_in(data, path, self.info).token
        except (OSError, RoomFileError):
            return None

    # ------------------------------------------------------------------ nothing written
    def _refuse(self) -> NoReturn:
        t = self.t
        raise RoomError(t("this is a participant's view of the room, which writes nothing: "
                          "only the teacher turns cards over, ends the game, reseats and "
                          "exports"))

    def why_not_reveal(self) -> str | None:
        """Always a reason: a view turns no card over."""
        if not self.info.dealt:
            return super().why_not_reveal()
        t = self.t
        return t("only the teacher turns the cards over")

    def why_not_end(self) -> str | None:
        """Always a reason: a view ends no game."""
        t = self.t
        return t("only the teacher can end the game")

    def reveal(self) -> tuple[str, ...]:
        """Refused: :class:`~nsb_widget.errors.RoomError`."""
        self._refuse()

    def end(self) -> Any:
        """Refused: :class:`~nsb_widget.errors.RoomError`."""
        self._refuse()

    def reseat(self, name: str, *, fresh: bool = False) -> str:
        """Refused: :class:`~nsb_widget.errors.RoomError`."""
        self._refuse()

    def export(self, folder: Any = None) -> Path:
        """Refused: :class:`~nsb_widget.errors.RoomError`."""
        self._refuse()

    def _write_table(self, table: Table, failure: str, before: Any = None) -> Table:
        self._refuse()

    def _close_when_everyone_finished(self) -> bool:
        """Nothing: the teacher's kernel closes the game (a participant writes no table)."""
        return False

    def _keep(self, finished: Any) -> None:
        self._refuse()

    def _reseat_kept(self, key: str, digest: str) -> None:
        self._refuse()

    @classmethod
    def create(cls, *args: Any, **kwargs: Any) -> NoReturn:
        """Refused: a view is made by ``seat.board()``, ``seat.standings()`` or
        :meth:`read`; the teacher makes rooms with :meth:`Room.create`."""
        raise ArgumentError("a participant's view makes no room: use Room.create")

    @classmethod
    def resume(cls, *args: Any, **kwargs: Any) -> NoReturn:
        """Refused: a view has no deal to take back; use :meth:`read`."""
        raise ArgumentError("a participant's view takes no room back: use RoomView.read")

    # ------------------------------------------------------------------ following
    def watch(self, interval: float = VIEW_SECONDS) -> None:
        """Read the room's files every ``interval`` seconds in a daemon thread (its board
        starts it)."""
        super().watch(interval)

    def close(self) -> None:
        """Stop reading the room (the teacher's room, if open in this kernel, is left
        alone)."""
        self._watcher.stop()

    def __repr__(self) -> str:
        return (f"<RoomView {self.name!r}: {self.info.map_id}, {len(self._participants)} "
                f"participant(s), {len(self.turns)} turn(s) out>")


def _token(data: bytes) -> str | None:
    """The token hash a seat file says it has (``None`` when it cannot be read: the hand-in's
    own check names the problem; JSON nested too deep for Python's parser too)."""
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return None
    token = doc.get("token") if isinstance(doc, dict) else None
    return token if isinstance(token, str) else None
