"""The teacher's room: the deal, the cards turned over for everyone, and every participant's
game as the engine accepted it.

    >>> room = Room.create("/shared/tuesday", "Tuesday workshop", map="berlin")  # doctest: +SKIP
    >>> room.board()                       # the projector's widget  # doctest: +SKIP
    >>> room.reveal()                      # or the board's button   # doctest: +SKIP

The deal (a seeded game) lives only in the teacher's kernel, and in the teacher's private store
so that a restarted kernel can take the room back (:meth:`Room.resume`). The room's folder gets
only what the table sees. The teacher's kernel reads the participants' hand-ins (a watcher
thread, every :data:`WATCH_SECONDS`) and replays each through the engine before showing or
counting it.
"""

from __future__ import annotations

import contextlib
import errno
import html
import json
import os
import re
import secrets
import threading
import time
import unicodedata
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import (
    ArgumentError,
    GuessableSeedWarning,
    NsbError,
    RoomError,
    RoomFileError,
    quote,
)
from ..game import Game
from ..i18n import Translator, resolve_language, translator
from ..maps import BUILTIN_MAPS
from ..rules.game import Phase
from . import info as room_info
from .claim import RoomTaken, deal_path, made, room_id_in, take_over, unfinished
from .folder import (
    SEAT_FORMAT,
    VERSION,
    NotAFile,
    RoomFolder,
    create_exclusive,
    locked,
    read_bytes,
    room_error,
    write_atomic,
)
from .game import RoomGame
from .handin import HandInRefused, hand_in_doc, read_hand_in, read_kept, replay
from .info import MAX_ROOM_NAME, PACES, RoomInfo, Table, read_room
from .listeners import Listeners
from .names import check_name, name_key
from .poller import Poller
from .private import keep_deal, new_token, read_deal, token_hash
from .seeds import guess_bits
from .standings import Standing, Standings, places

#: How often the teacher's kernel reads the participants' hand-ins (seconds).
WATCH_SECONDS = 0.5
#: The bits of a secret deal's seed: far too many seeds to try them all against the cards out.
SECRET_SEED_BITS = 128
#: A chosen seed whose simplest description (:func:`~.seeds.guess_bits`: small, ending in
#: zeros, near 2**n or 10**n, repeated digits) has fewer bits than this could be found by
#: trying seeds against the first cards turned over (plain Python tries some 90,000 seeds a
#: second on one core, all 2**31 in a few hours; compiled code many more): it is warned about.
GUESSABLE_SEED_BITS = 64
#: At most this many files in ``seats/`` that are nobody's hand-in are checked for a change at
#: one poll (a stat each); with more, each is checked every few polls, in turn: thousands
#: planted there cost a poll a few milliseconds, and a change to one is seen within seconds.
STRAY_CHECKS = 500
_LIVE: dict[str, Room] = {}


@dataclass
class Participant:
    """A participant as the teacher's kernel sees them: the last game of theirs the engine
    accepted, and why their latest hand-in was refused, if it was."""

    name: str
    """Their name."""
    key: str
    """The key of their name (their file's name)."""
    token: str
    """The hash of their token, as first seen (a file that changes it is refused)."""
    game: RoomGame | None = None
    """Their game as last accepted (``None`` until one is)."""
    refusal: str | None = None
    """Why their latest hand-in was refused (``None`` when it was accepted)."""
    updated: float = 0.0
    """When their file was last written."""
    seen: float = 0.0
    """When the teacher's kernel last read a change of their file."""
    _data: bytes | None = field(default=None, repr=False)
    _actions: tuple[Any, ...] = field(default=(), repr=False)
    _joined: float = field(default=0.0, repr=False)


def _slug(text: str) -> str:
    """``text`` as a file name's stem: lower case, accents dropped ("Chloé" -> "chloe"),
    letters of any script kept, anything else a hyphen."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.casefold())
                    if not unicodedata.combining(c))
    return re.sub(r"[\W_]+", "-", plain).strip("-") or "room"


def results_folder_name(room_name: str) -> str:
    """The folder :meth:`Room.export` writes to by default, beside the notebook: the room's
    name as a file name, then ``-results`` (``"Atelier : Berlin"`` ->
    ``atelier-berlin-results``)."""
    return f"{_slug(room_name)}-results"


class Room:
    """A classroom of *Next Station*: one deal for a room of participants, each on their own
    sheet. Make one with :meth:`create` (or take one back with :meth:`resume`); participants
    join with :func:`nsb_widget.room.join`."""

    read_only = False
    """True for a participant's view of a room (:class:`~nsb_widget.room.viewer.RoomView`),
    which turns no card over and writes nothing."""

    def __init__(self, folder: RoomFolder, info: RoomInfo, dealer: Game | None,
                 public: RoomGame, table: Table) -> None:
        self.folder = folder
        self.info = info
        """The room's public facts."""
        self._dealer = dealer
        self._public = public
        self._table = table
        self._lock = threading.RLock()
        self._participants: dict[str, Participant] = {}
        self._listeners = Listeners()
        self._problem: str | None = None
        self._disk_table: bytes | None = None  # table.json as last read by the watcher
        # Files in seats/ that are nobody's: (their lstat's signature, their bytes) as last
        # read, so that unchanged ones cost a stat, not a read (thousands planted there).
        self._strays: dict[str, _Stray] = {}
        self._polls = 0  # (which of the strays this poll checks: STRAY_CHECKS)
        self._stale: str | None = None  # another kernel has moved the room on: what to do
        self._watcher = Poller(self.poll, WATCH_SECONDS, f"nsb-room-{info.id}")
        self._watched_by_hand = False  # watch() called: no board's closing stops the watcher
        self._board: Any = None  # the board shown now (board()): an older one is retired

    # ------------------------------------------------------------------ making a room
    @classmethod
    def create(cls, folder: str | os.PathLike[str], name: str, *, map: str = "berlin",
               modules: Iterable[str] = (), language: str | None = None,
               paced: str = "teacher", seed: int | None = None, hints: bool = True,
               deal_file: str | os.PathLike[str] | None = None, **cards: Any) -> Room:
        """Create a room in ``folder`` (made if it does not exist; its parent must) and deal its
        game.

        ``map`` (``"berlin"`` or ``"london"``), ``modules`` and the module cards (``effects=``,
        ``objectives=``, ``powers=``, London's ``power_limit=``) as for :meth:`Game.new`;
        ``language`` is the board's and the participants' starting language (default: the
        environment's). ``paced="teacher"``
        (the default): you turn the cards over for everyone and the deal stays secret (kept in
        your kernel and in ``deal_file``, by default in your private data folder, so that
        :meth:`resume` can take the room back after a kernel restart). ``paced="self"``:
        everyone reveals on their own from the room's seed, which is written in the folder:
        not secret. ``seed`` fixes the deal (default: a random one, of
        :data:`SECRET_SEED_BITS` bits in a room dealt by the teacher, so that nobody can find
        it by trying seeds against the cards turned over; a chosen seed of fewer than
        :data:`GUESSABLE_SEED_BITS` bits gets a
        :class:`~nsb_widget.errors.GuessableSeedWarning` saying so). ``hints=False``
        takes the Hint button off the participants' widgets (a game played for places).

        A room whose creation stopped half-way (a kernel killed between claiming the folder
        and writing its table: no ``table.json``, nobody joined, no deal kept, older than
        ``HALF_MADE_SECONDS`` of :mod:`nsb_widget.room.claim`) is no room: a new one is made
        in its place.

        Raises :class:`~nsb_widget.errors.RoomError` when the folder already holds a room or
        cannot be written, :class:`~nsb_widget.errors.ArgumentError` for a bad argument.
        """
        t = translator(None if language is None else resolve_language(language))
        code = t.language
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_ROOM_NAME:
            raise ArgumentError(f"name the room with a text of 1 to {MAX_ROOM_NAME} "
                                f"characters, not {quote(name)}")
        if paced not in PACES:
            raise ArgumentError(f"paced must be 'teacher' or 'self', not {quote(paced)}")
        if not isinstance(hints, bool):
            raise ArgumentError(f"hints must be True or False, not {quote(hints)}")
        if not isinstance(map, str) or map not in BUILTIN_MAPS:
            raise ArgumentError(f"a room plays a built-in map ({', '.join(BUILTIN_MAPS)}), "
                                f"not {quote(map if isinstance(map, str) else type(map))}")
        if not isinstance(folder, str | os.PathLike):
            raise ArgumentError(f"folder must be a path, not {quote(folder)}")
        if paced == "teacher":
            seed = _secret_seed(seed, t)
        dealer = Game.new(1, seed, map=map, modules=modules, names=["table"], language=code,
                          **cards)
        room_id = secrets.token_hex(8)
        info = RoomInfo.from_setup(room_id, " ".join(name.split()), dealer.setup, code, paced,
                                   hints)
        place = RoomFolder(folder)
        if not place.path.parent.is_dir():
            raise RoomError(t("cannot create the room in {path}: its parent folder does not "
                              "exist (check the path, or make that folder first)",
                              path=str(place.path)))
        if place.path.exists() and not place.path.is_dir():
            raise RoomError(t("cannot create the room in {path}: it is a file, not a folder",
                              path=str(place.path)))
        taken = RoomTaken(t("{path} already holds a room: take it back with "
                            "Room.resume('{path}'), or choose another folder",
                            path=str(place.path)))
        try:
            existing = read_bytes(place.room_file)
        except OSError as exc:
            raise room_error(t, t("cannot create the room in"), place.path, exc) from None
        if existing is not None and not take_over(place, existing, deal_file):
            raise taken
        table = Table((), False, time.time())
        try:
            place.make()
            # room.json is the claim, made in one step: of two notebooks creating a room in
            # this folder at the same instant, one makes it, the other is refused here (and
            # Room.open takes the first one's room back).
            if not create_exclusive(place.room_file, info.to_json()):
                raise taken
        except OSError as exc:
            raise room_error(t, t("cannot create the room in"), place.path, exc) from None
        kept = Path(deal_file) if deal_file is not None else deal_path(room_id)
        try:
            if info.dealt:
                keep_deal(kept, {"room": room_id, "seed": dealer.setup.seed,
                           "folder": str(place.path.resolve())})
            write_atomic(place.table_file, table.to_json(room_id))  # (the room is whole)
        except OSError as exc:
            for made in (place.table_file, place.room_file):  # no room half made
                with contextlib.suppress(OSError):
                    os.unlink(made)
            raise room_error(t, t("cannot create the room in"), place.path, exc) from None
        if room_id_in(place) not in (None, room_id):
            # This kernel stalled for longer than HALF_MADE_SECONDS between its two writes,
            # and another notebook made the room afresh meanwhile: that room stands.
            with contextlib.suppress(OSError, RoomFileError):
                data = read_bytes(place.table_file)
                if data is not None and json.loads(data).get("room") == room_id:
                    os.unlink(place.table_file)
            if info.dealt and deal_file is None:  # (a deal given its own file stays)
                with contextlib.suppress(OSError):
                    os.unlink(kept)
            raise RoomTaken(t("{path} already holds a room: take it back with "
                              "Room.resume('{path}'), or choose another folder",
                              path=str(place.path)))
        if place.parent_is_open():
            warnings.warn(t("others may write in the folder that holds {path}, and it has no "
                            "sticky bit, so any of them could rename the room's folder and put "
                            "one of their own in its place: have its owner run chmod +t on it "
                            "(as /tmp has), or create the rooms in a folder of your own inside "
                            "it that only you can write in",
                            path=str(place.path)), UserWarning, stacklevel=2)
        room = cls(place, info, dealer if info.dealt else None, info.new_game("table"), table)
        _LIVE[room_id] = room
        return room

    @classmethod
    def open(cls, folder: str | os.PathLike[str], name: str, **options: Any) -> Room:
        """The room in ``folder``: taken back (:meth:`resume`) when the folder holds one, else
        created (:meth:`create` with ``name`` and ``options``). A teacher's notebook can then
        run again from the top, after a kernel restart too, and keep its room. A room taken
        back keeps its own city, modules and deal: ``options`` apply only to a new one."""
        place = RoomFolder(folder)
        for _attempt in range(3):
            if made(place, options.get("deal_file")):
                room = cls.resume(folder, deal_file=options.get("deal_file"))
                differ = _differences(room.info, name, options)
                if differ:
                    t = room.t
                    warnings.warn(t("the room in {folder} was taken back as it was made "
                                    "({room}); {settings} apply only to a new room: for a new "
                                    "one, choose another folder", folder=folder,
                                    room=repr(room), settings=", ".join(differ)),
                                  UserWarning, stacklevel=2)
                return room
            try:
                return cls.create(folder, name, **options)
            except RoomTaken:  # another notebook made it at this very moment: take it back
                continue
        return cls.resume(folder, deal_file=options.get("deal_file"))

    @classmethod
    def resume(cls, folder: str | os.PathLike[str], *,
               deal_file: str | os.PathLike[str] | None = None) -> Room:
        """Take back the room in ``folder`` (after a kernel restart): the cards already turned
        over, every hand-in, and once the game was ended (:meth:`end`) the games its final
        places counted. A room dealt by the teacher needs its deal, kept when it was created
        (``deal_file`` if it was given then). In the same kernel, the same :class:`Room`
        object is returned, unless another kernel has moved the room on since (the notebook
        open twice): then the room is taken back as the folder holds it now."""
        place = RoomFolder(folder)
        info = read_room(place, translator(None))
        live = _LIVE.get(info.id)
        t = info.translator()
        try:
            place.check()  # (seats/ and ended/ the teacher's own: nobody else's to swap)
        except OSError as exc:
            raise room_error(t, t("cannot read the room in"), place.path, exc) from None
        try:
            data = read_bytes(place.table_file)
        except OSError as exc:
            raise room_error(t, t("cannot read the room's cards in"), place.path,
                             exc) from None
        table = (Table((), False, time.time()) if data is None
                 else Table.from_json(data, str(place.table_file), info))
        if live is not None:
            if _same_table(live._table, table):
                return live
            live.close()  # another kernel has moved the room on: take it back as it is now
        public = info.new_game("table")
        dealer = None
        if info.dealt:
            path = Path(deal_file) if deal_file is not None else deal_path(info.id)
            kept = read_deal(path)
            seed = kept.get("seed") if kept and kept.get("room") == info.id else None
            if not isinstance(seed, int) and data is None:
                raise RoomError(unfinished(place, info, deal_file, t))
            if not isinstance(seed, int):
                raise RoomError(t("this account holds no deal for the room {name} (looked in "
                                  "{path}): only the teacher who created it can turn its cards "
                                  "over", name=info.name, path=str(path)))
            dealer = Game.new(1, seed, map=info.map_id, modules=info.modules, names=["table"],
                              language=info.language, **_cards(info))
        for number, turn in enumerate(table.turns, 1):
            try:
                # (The deal's own card is not named: the teacher's screen may be projected.)
                if dealer is not None and _deal_next(dealer) != turn:
                    raise ValueError(t("these are not the deal's cards"))
                _take(public, turn)
            except (NsbError, ValueError) as exc:
                raise RoomError(t("the room's table does not follow its deal at turn {turn} "
                                  "({why})", turn=number, why=str(exc)[:200])) from None
        out = public.is_last_turn and public.round == public.ruleset.rounds
        if dealer is not None and table.over != out:  # (reveal and end trust 'over')
            why = (t("'over' says every card is out, but the deal has more to come") if
                   table.over else t("'over' says cards are to come, but every card is out"))
            raise RoomError(t("the room's table does not follow its deal at turn {turn} "
                              "({why})", turn=len(table.turns), why=why))
        room = cls(place, info, dealer, public, table)
        room._load_ended()
        room.poll()
        _LIVE[info.id] = room
        return room

    # ------------------------------------------------------------------ the table
    @property
    def name(self) -> str:
        """The room's name."""
        return self.info.name

    @property
    def language(self) -> str:
        """The language of the room's words: its standings, problems and board (the room's
        own; a participant's view is in the participant's)."""
        return self.info.language

    @property
    def t(self) -> Translator:
        """The room's words (the engine's messages in its language)."""
        return translator(self.language)

    @property
    def turns(self) -> tuple[tuple[str, ...], ...]:
        """The cards turned over so far, turn by turn."""
        return self._table.turns

    @property
    def table_game(self) -> RoomGame:
        """The table's own game: the cards turned over, no section drawn (round, turn, the
        cards of this turn, the effect, the counts). Read it, do not change it."""
        return self._public

    @property
    def is_over(self) -> bool:
        """True once the last card of the game has been turned over."""
        return self._table.over

    @property
    def is_ended(self) -> bool:
        """True once the game has ended and its places are kept: the teacher ended it
        (:meth:`end`), or everyone had finished (the board's watcher, or the next cell that
        reads the hand-ins, closes it then)."""
        return self._table.ended is not None

    @property
    def problem(self) -> str | None:
        """The last problem the watcher met (a folder it cannot read; another kernel that has
        moved the room on, which makes this one out of date), or ``None``."""
        return self._stale or self._problem

    def can_reveal(self) -> bool:
        """True when :meth:`reveal` may turn the next card over (:meth:`why_not_reveal` says
        why not)."""
        return self.why_not_reveal() is None

    def why_not_reveal(self) -> str | None:
        """Why :meth:`reveal` may not turn the next card over now, or ``None`` when it may."""
        t = self.t
        if not self.info.dealt:
            return t("in a self-paced room everyone turns their own cards over")
        if self._table.over:
            return t("every card of the game is out")
        return None

    def reveal(self) -> tuple[str, ...]:
        """Turn the next card(s) over for the whole room; returns their names. Participants who
        have finished the turn before get them within a moment; the others when they get
        there. Raises :class:`~nsb_widget.errors.RoomError` in a self-paced room, once every
        card is out, when the folder cannot be written, or when another kernel (the notebook
        open twice) has moved the room on since this one last wrote it (then nothing
        changed: take the room back with :meth:`resume`)."""
        with self._lock:
            why = self.why_not_reveal()
            if why is not None:
                raise RoomError(why)
            assert self._dealer is not None
            dealer, public = self._dealer.copy(), self._public.clone()
            cards = _deal_next(dealer)
            _take(public, cards)
            over = public.is_last_turn and public.round == public.ruleset.rounds
            table = Table((*self._table.turns, cards), over, time.time())
            t = self.t
            table = self._write_table(table, t("cannot turn the card over: cannot write to"))
            self._dealer, self._public, self._table = dealer, public, table
        self._tell()
        return cards

    def why_not_end(self) -> str | None:
        """Why :meth:`end` may not end the game now, or ``None`` when it may (the board shows
        its "End the game" button then)."""
        self._fresh()
        return self._why_not_end()

    def _why_not_end(self) -> str | None:
        """:meth:`why_not_end` from the hand-ins as last read."""
        t = self.t
        with self._lock:
            if self._table.ended is not None:
                return (t("everyone has finished: the places are final already")
                        if self._table.finished else t("the game has already been ended"))
            if self.info.dealt and not self._table.over:
                return t("cards are still to come: the game can be ended once the last card "
                         "is out")
            games = [p.game for p in self._participants.values()]
            if not any(g is not None and g.is_over for g in games):
                return t("nobody has finished the game yet: ending it now would place nobody")
            if all(g is not None and g.is_over for g in games):
                return t("everyone has finished: the places are final already")
        return None

    def end(self) -> Standings:
        """End the game for a room in which someone will not finish (a participant who left):
        the standings become final at once. Participants whose game is over are placed among
        themselves; the others get no place and the status ``"left"``, after the placed ones,
        even if they finish later. Kept in ``table.json`` (who is placed) and ``ended/`` (the
        games placed, as they were), so :meth:`resume` shows the same final places.

        Allowed once every card is out (in a self-paced room, once a participant has
        finished) and while someone has not finished; raises
        :class:`~nsb_widget.errors.RoomError` saying why not otherwise
        (:meth:`why_not_end`), or when the folder cannot be written (then nothing changed).
        Returns the final standings. The hand-ins are read at this very moment (a board's
        watcher may not have read the latest yet): whoever has finished by then is placed."""
        changed = False
        try:
            with self._lock:
                changed = self._poll()
                why = self._why_not_end()
                if why is not None:
                    raise RoomError(why)
                finished = sorted((p for p in self._participants.values()
                                   if p.game is not None and p.game.is_over),
                                  key=lambda p: p.key)
                placed = tuple(p.key for p in finished)
                t = self.t
                if len(placed) > room_info.MAX_PLACED:  # else nobody could read table.json back
                    raise RoomError(t("{count} participants have finished: a game can be ended "
                                      "with at most {most} of them placed", count=len(placed),
                                      most=room_info.MAX_PLACED))
                table = replace(self._table, ended=placed)
                self._table = self._write_table(table, t("cannot end the game: cannot write "
                                                         "to"), lambda: self._keep(finished))
        except RoomError:
            if changed:  # the hand-ins just read are news to the board all the same
                self._tell()
            raise
        self._tell()
        return self.standings()

    def _write_table(self, table: Table, failure: str,
                     before: Callable[[], None] | None = None) -> Table:
        """Write ``table`` (numbered one more than the table this kernel knows) in one step
        and return it as written, or raise :class:`RoomError` (nothing written).

        The write holds the room's lock file, and writes only over the table this kernel
        knows: when another kernel (the notebook open twice, or a stale kernel beside a
        restarted one) has written the table since, the error says to take the room back
        (:meth:`resume`), and this kernel never puts an older table back. ``before`` runs
        under the lock, once that is checked (the end's games). A folder that cannot be
        written raises an error beginning with ``failure`` (in the room's language), naming
        the folder and the system's reason."""
        table = replace(table, seq=self._table.seq + 1)
        try:
            with locked(self.folder.lock_file):
                self._check_not_behind()
                if before is not None:
                    before()
                write_atomic(self.folder.table_file, table.to_json(self.info.id))
        except OSError as exc:
            raise room_error(self.t, failure, self.folder.path, exc) from None
        return table

    def _check_not_behind(self) -> None:
        """Raise :class:`RoomError` when ``table.json`` is not the table this kernel knows
        (:meth:`_behind`). A table that is missing or damaged (or not a regular file: a
        pipe put there) is written over, as before tables were numbered: it holds nothing
        newer to lose."""
        try:
            data = read_bytes(self.folder.table_file)
        except OSError as exc:
            if exc.errno == errno.EINVAL:  # not a regular file
                return
            raise
        if data is None:
            return
        try:
            disk = Table.from_json(data, str(self.folder.table_file), self.info)
        except RoomFileError:
            return
        if not _same_table(disk, self._table):
            self._behind()

    def _behind(self) -> None:
        """Raise :class:`RoomError` saying that this kernel's room is out of date and what to
        do (:meth:`_out_of_date`)."""
        raise RoomError(self._out_of_date())

    def _out_of_date(self) -> str:
        """This kernel's room is out of date (another kernel wrote the table): say so on the
        board (:attr:`problem`) and let :meth:`resume` take the room back as it is now.
        Returns what to do, in the room's language."""
        t = self.t
        self._stale = t("another kernel has moved this room on, so this one writes nothing "
                        "(the notebook open twice?): run Room.resume('{folder}') and show its "
                        "board to take the room back as it is now, and shut the other kernel "
                        "down", folder=str(self.folder.path))
        # (Left in _LIVE: resume() finds its table out of date and closes it, which stops
        # its watcher and tells its board.)
        return self._stale

    def _keep(self, finished: Sequence[Participant]) -> None:
        """Write the games of the participants placed at the end into ``ended/``, as the
        engine accepted them (:meth:`resume` counts these, whatever the seats hold later).
        They hold nothing a participant cannot read already: every card is out (or, in a
        self-paced room, the seed is public), and the seats' files hold the same actions."""
        self.folder.make_ended()
        for p in finished:
            write_atomic(self.folder.ended_file(p.key), {
                "format": SEAT_FORMAT, "version": VERSION, "room": self.info.id,
                "name": p.name, "key": p.key, "token": p.token, "joined": p._joined,
                "updated": p.updated, "actions": list(p._actions)})

    def _load_ended(self) -> None:
        """Take back the games the final places counted (``ended/``, written by :meth:`end`).
        A room ended by an older version has none: its placed participants are counted from
        their seats' files as they are now. A game there that cannot be read back is counted
        the same way, and named in :attr:`problem`."""
        ended = self._table.ended
        if ended is None:
            return
        t = self.t
        turns = self._table.turns if self.info.dealt else None
        for key in ended:
            path = self.folder.ended_file(key)
            try:
                kept = read_kept(self.folder, key, self.info, turns, t)
                if kept is None:
                    continue
                hand_in, game = kept
                if not game.is_over:
                    raise HandInRefused(t("the game is not over"))
            except (OSError, RoomFileError) as exc:  # (HandInRefused is a RoomError)
                why = (_first_problem(exc) if isinstance(exc, RoomFileError) else
                       _not_a_file(exc, t) if isinstance(exc, NotAFile) else str(exc))
                self._problem = f"{self.folder.ended.name}/{path.name}: {why[:200]}"
                continue
            except RoomError as exc:
                self._problem = f"{self.folder.ended.name}/{path.name}: {str(exc)[:200]}"
                continue
            self._participants[key] = Participant(
                hand_in.name, key, self._seat_token(key, hand_in.token), game, None,
                hand_in.updated, time.time(), _actions=hand_in.actions,
                _joined=hand_in.joined)

    def _seat_token(self, key: str, kept: str) -> str:
        """The token hash that opens the seat ``key`` placed at the end: its seat's (read
        now), else ``kept``, the kept game's. The two differ only when a reseat was stopped
        between writing the kept game and the seat (:meth:`reseat` writes the seat last, so
        the seat's is the token its participant's notebook holds), or when the participant
        wrote another token into their own seat's file: either way the places stand, as the
        kept game's actions count, and the seat's notebook is the one whose hand-ins are
        read."""
        path = self.folder.seat_file(key)
        try:
            data = read_bytes(path)
            return kept if data is None else read_hand_in(data, path, self.info).token
        except (OSError, RoomFileError):
            return kept

    # ------------------------------------------------------------------ the participants
    def poll(self) -> bool:
        """Read every participant's hand-in that changed and replay it; True when something
        changed. The watcher calls it every :data:`WATCH_SECONDS`."""
        with self._lock:
            changed = self._poll()
        if changed:
            self._tell()
        return changed

    def _poll(self) -> bool:
        t = self.t
        changed = self._watch_table()
        try:
            names = self.folder.seat_names()
        except OSError as exc:
            problem = str(room_error(t, t("cannot read the seats of"), self.folder.path, exc))
            changed, self._problem = problem != self._problem, problem
            return changed
        seats = self.folder.seats
        present = {name[:-5] for name in names}  # (".json" off: the seats' keys)
        period = -(-len(self._strays) // STRAY_CHECKS) or 1
        turn, strays = self._polls % period, 0
        self._polls += 1
        for name in names:
            key = name[:-5]
            entry = self._participants.get(key)
            stray = self._strays.get(key)
            if stray is not None:
                strays += 1
                if strays % period != turn:
                    continue  # (checked at another poll)
            # A participant's file is read every time (opening it is what sees another
            # machine's write on a network file system at once); a file that is nobody's
            # is read again only once its signature changes (a stat, no path made).
            signature = None if entry is not None else _signature(os.path.join(seats, name))
            if stray is not None and signature == stray.signature:
                continue  # (unchanged, and named once: nothing new)
            path = seats / name
            try:
                data = read_bytes(path)
            except NotAFile as exc:  # say so (a link: its seat, never what it names)
                why = _not_a_file(exc, t)
                if entry is not None and entry.refusal != t("damaged file: {why}", why=why):
                    entry._data, entry.refusal = None, t("damaged file: {why}", why=why)
                    changed = True
                elif entry is None:  # (named until it is gone)
                    problem = f"{self.folder.seats.name}/{path.name}: {why}"
                    self._strays[key] = _Stray(signature or (), b"", problem)
                    changed, self._problem = changed or problem != self._problem, problem
                continue
            except OSError:  # read again next time
                continue
            if data is None:  # removed since the folder was listed
                present.discard(path.stem)
                continue
            if entry is not None and entry._data == data:
                continue
            if stray is not None and stray.data == data:
                if signature is not None:  # (touched, not changed: nothing new)
                    self._strays[key] = stray._replace(signature=signature)
                continue
            changed = True
            self._accept(path, data, entry, t, signature)
        changed = self._drop_gone(present) or changed
        return self._close_when_everyone_finished() or changed

    def _close_when_everyone_finished(self) -> bool:
        """Close the game once every participant's game is over (and every card is out), as
        a reveal closes a turn: the places the board now announces are kept as :meth:`end`
        keeps them (``table.json``'s ``ended``, with ``finished``, and the games in
        ``ended/``), so that an Undo in a participant's notebook cannot reopen a game whose
        place is announced (their seat refuses it from then on). True when closed now.
        Nothing is closed when the table cannot be written (the board names the problem)
        or another kernel has moved the room on: the places then stay as the hand-ins say."""
        table = self._table
        if table.ended is not None or self._stale is not None:
            return False
        if self.info.dealt and not table.over:
            return False
        everyone = sorted(self._participants.values(), key=lambda p: p.key)
        if not everyone or len(everyone) > room_info.MAX_PLACED or not all(
                p.game is not None and p.game.is_over for p in everyone):
            return False
        t = self.t
        closed = replace(table, ended=tuple(p.key for p in everyone), finished=True)
        try:
            self._table = self._write_table(closed, t("cannot keep the final places: cannot "
                                                      "write to"),
                                            lambda: self._keep(everyone))
        except RoomError as exc:
            before = self._problem
            if self._stale is None:
                self._problem = str(exc)
            return self._problem != before or self._stale is not None
        return True

    def _drop_gone(self, present: set[str]) -> bool:
        """Forget the seats whose file is gone from ``seats/`` (``present``: the keys whose
        file is there): the board shows what the folder holds, as a restarted kernel would.
        A join that withdrew its seat (a lookalike seated at the same moment) left a
        "joined" row for ever, and a file nobody's named above the table stayed named once
        deleted. Once the teacher has ended the game nobody is dropped: the places, the games
        kept in ``ended/`` and who is listed as left stand as announced. True when a row
        went."""
        gone_strays = [key for key in self._strays if key not in present]
        for key in gone_strays:
            if self._strays.pop(key).problem == self._problem:  # another one named, if any
                self._problem = next((s.problem for s in reversed(self._strays.values())),
                                     None)
        if self._table.ended is not None:
            return bool(gone_strays)
        gone = [key for key in self._participants if key not in present]
        for key in gone:
            del self._participants[key]
        return bool(gone or gone_strays)

    def _watch_table(self) -> bool:
        """Notice (by :attr:`problem`, on the board) that another kernel has written the
        table since this one: this room is out of date, and :meth:`reveal` would refuse.
        True when that is news."""
        try:
            data = read_bytes(self.folder.table_file)
        except OSError:
            return False
        if data is None or data == self._disk_table:
            return False
        self._disk_table = data
        try:
            disk = Table.from_json(data, str(self.folder.table_file), self.info)
        except RoomFileError:
            return False
        if self._stale is not None or _same_table(disk, self._table):
            return False
        self._out_of_date()
        return True

    def _accept(self, path: Path, data: bytes, entry: Participant | None,
                t: Translator, signature: tuple[int, ...] | None = None) -> None:
        """Read and replay one hand-in; keep the game when the engine accepts it, else the
        reason. ``signature`` is the file's (:func:`_signature`, taken before it was read)
        when it is nobody's yet: kept with a file that is no hand-in, so that it is read
        again only once it changes."""
        try:
            hand_in = read_hand_in(data, path, self.info)
        except RoomFileError as exc:
            why = t("damaged file: {why}", why=_first_problem(exc))
            if entry is not None:
                entry._data, entry.refusal = data, why
            else:  # nobody's known seat: say so once, above the table
                self._problem = f"{self.folder.seats.name}/{path.name}: {why}"
                self._strays[path.stem] = _Stray(signature or (), data, self._problem)
            return
        self._strays.pop(path.stem, None)
        if entry is None:
            entry = Participant(hand_in.name, hand_in.key, hand_in.token,
                                _joined=hand_in.joined)
            self._participants[hand_in.key] = entry
        entry._data, entry.updated, entry.seen = data, hand_in.updated, time.time()
        if hand_in.token != entry.token:
            entry.refusal = t("the file now carries another token (not written by {name}'s "
                              "notebook): refused", name=entry.name)
            return
        ended = self._table.ended
        if ended is not None and entry.key in ended and entry.game is not None:
            # Placed when the game ended: the places announced stand.
            entry.refusal = (None if hand_in.actions == entry._actions else
                             t("handed in after everyone had finished: the game as it was "
                               "then counts") if self._table.finished else
                             t("handed in after the teacher ended the game: the game as it "
                               "was then counts"))
            return
        turns = self._table.turns if self.info.dealt else None
        done = len(entry._actions)
        try:
            if entry.game is not None and hand_in.actions[:done] == entry._actions:
                game = replay(self.info, entry.name, hand_in.actions, turns, t,
                              start=entry.game, done=done)
            else:
                game = replay(self.info, entry.name, hand_in.actions, turns, t)
        except HandInRefused as exc:
            entry.refusal = str(exc)
            return
        entry.game, entry._actions, entry.refusal = game, hand_in.actions, None

    def _fresh(self) -> None:
        """Read the hand-ins now when nothing reads them by itself (no board, no
        :meth:`watch`), so that a cell sees what the participants have handed in."""
        if not self._watcher.running:
            self.poll()

    @property
    def participants(self) -> list[Participant]:
        """Everyone who joined, in the order of their names (as handed in by now)."""
        self._fresh()
        return self._by_name()

    def _by_name(self) -> list[Participant]:
        """Everyone who joined, in the order of their names, as last read."""
        with self._lock:
            return sorted(self._participants.values(), key=lambda p: p.name.casefold())

    def participant(self, name: str) -> Participant:
        """The participant called ``name``; :class:`RoomError` when nobody is."""
        t = self.t
        key = name_key(check_name(name, t))
        self._fresh()
        with self._lock:
            found = self._participants.get(key)
        if found is None:
            raise RoomError(t("nobody called {name} has joined this room", name=quote(name)))
        return found

    def standings(self) -> Standings:
        """The table of scores now: places by the total so far (final once everyone has
        finished, or once the teacher has ended the game: :meth:`end`), ties shared as the
        rulebook says. Without a board (or :meth:`watch`),
        this and the other results read the participants' hand-ins first."""
        self._fresh()
        with self._lock:
            turns_out = len(self._table.turns)
            rows: list[Standing] = []
            scored: list[tuple[Participant, Any]] = []
            ended = self._table.ended
            for p in self._participants.values():
                game = p.game
                placed = ended is None or (p.key in ended and game is not None and game.is_over)
                if game is not None and placed:
                    scored.append((p, game.ruleset.score_sheet(game, 0)))
                else:
                    rows.append(_unplaced(p, turns_out, ended is not None))
            keys = [(sheet.total, sheet.tiebreak) for _, sheet in scored]
            for (p, sheet), (place, shared) in zip(scored, places(keys), strict=True):
                rows.append(_standing(p, sheet, place, shared, turns_out))
            rows.sort(key=lambda r: (r.place is None, r.place or 0, r.name.casefold()))
            # A self-paced room has no table to run out: it is final once every game is.
            out = self._table.over or not self.info.dealt
            final = ended is not None or (out and bool(scored) and all(
                p.game is not None and p.game.is_over for p, _ in scored))
            return Standings(tuple(rows), turns_out, final, self.language)

    def reseat(self, name: str, *, fresh: bool = False) -> str:
        """Give ``name``'s seat a new token and return it (for a participant whose notebook is
        lost: they join with it). The old notebook stops handing in. ``fresh=True`` also
        empties the seat's game (for a damaged file: a seat that is not a regular file, a
        symbolic link put there, is one): they start again from the first card.

        After the end (:meth:`end`), a participant placed then keeps their place and score
        (the game counted stays the one kept in ``ended/``, which takes the new token too, so
        that a restarted kernel reads the new notebook's hand-ins as this one does)."""
        t = self.t
        key = name_key(check_name(name, t))
        path = self.folder.seat_file(key)
        with self._lock:
            try:
                data = read_bytes(path)
            except NotAFile:
                data = b""  # (a link or a pipe: a damaged seat, refused below unless fresh)
            except OSError as exc:
                raise room_error(t, t("cannot read the seats of"), self.folder.path,
                                 exc) from None
            if data is None:
                raise RoomError(t("nobody called {name} has joined this room", name=quote(name)))
            entry = self._participants.get(key)
            token = new_token()
            digest = token_hash(self.info.id, token)
            try:
                hand_in = read_hand_in(data, path, self.info)
                doc = json.loads(data)  # the participant's own record, with the new token
                doc.update(token=digest, updated=time.time())
            except RoomFileError:
                if not fresh:
                    raise RoomError(t("{name}'s file is damaged: reseat with fresh=True",
                                      name=quote(name))) from None
                hand_in = None
            if fresh or hand_in is None:
                shown = hand_in.name if hand_in is not None else check_name(name, t)
                joined = hand_in.joined if hand_in is not None else time.time()
                doc = hand_in_doc(self.info, shown, digest, self.info.new_game(shown), joined)
            ended = self._table.ended
            placed = ended is not None and key in ended
            try:
                # The kept game first, the seat last: a kernel stopped between the two leaves
                # the seat's old token, which the board then takes (_load_ended), and a seat
                # that cannot be written puts the kept game back.
                before = self._reseat_kept(key, digest) if placed else None
                try:
                    write_atomic(path, doc)
                except BaseException:
                    if before is not None:
                        with contextlib.suppress(OSError):
                            write_atomic(self.folder.ended_file(key), before)
                    raise
            except OSError as exc:
                raise room_error(t, t("cannot reseat: cannot write to"), self.folder.path,
                                 exc) from None
            if entry is not None:
                entry.token = digest
                entry._data = None
                if fresh and not placed:  # (a placed game stays counted: the end stands)
                    entry.game, entry._actions = None, ()
        self.poll()
        return token

    def _reseat_kept(self, key: str, digest: str) -> dict[str, Any] | None:
        """Give the game of ``key`` kept at the end (``ended/``) the token hash ``digest``: the
        reseat holds after a kernel restart. Returns the kept game as it was (to put back),
        ``None`` when it is missing or cannot be read (left as it is: the board names it; the
        seat is counted instead). Raises :class:`OSError` when it cannot be written."""
        path = self.folder.ended_file(key)
        try:
            data = read_bytes(path)
            if data is None:
                return None
            read_hand_in(data, path, self.info)
        except (NotAFile, RoomFileError):
            return None
        doc = json.loads(data)
        write_atomic(path, {**doc, "token": digest})
        return dict(doc)

    # ------------------------------------------------------------------ following the room
    def watch(self, interval: float = WATCH_SECONDS) -> None:
        """Read the participants' hand-ins every ``interval`` seconds in a daemon thread (the
        board starts it too; once started here, closing the board does not stop it)."""
        self._watched_by_hand = True
        self._watcher.interval = interval
        self._watcher.start()

    def stop_watching(self) -> None:
        """Stop reading hand-ins by itself (:meth:`poll` still does)."""
        self._watched_by_hand = False
        self._watcher.stop()

    def _show_board(self, board: Any, watch: bool) -> Any:
        """Make ``board`` the room's board (the one :meth:`board` made last), reading the
        hand-ins by itself when ``watch``; returns the board it replaces (``None``: none, or
        one closed since), which the caller retires: a board cell run ten times must not
        leave ten boards redrawing at every hand-in."""
        with self._lock:
            older, self._board = self._board, board
        if watch:
            self._watcher.start()
        return None if older is board else older

    def _board_closed(self, board: Any) -> None:
        """``board`` was closed: when it is the room's board, the watcher it started stops
        (unless :meth:`watch` was called by hand), as nothing shows what it reads."""
        with self._lock:
            if self._board is not board:
                return
            self._board = None
            stop = not self._watched_by_hand
        if stop:  # (outside the lock: the watcher's last poll may be waiting for it)
            self._watcher.stop()

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` after a card is turned over or a hand-in changed; returns a
        function that unsubscribes."""
        return self._listeners.add(callback)

    def _tell(self) -> None:
        self._listeners.tell()

    # ------------------------------------------------------------------ results
    def table(self, finished: bool = True) -> Any:
        """A pandas DataFrame of the participants' games in the columns of
        :func:`nsb_widget.simulate` (one row each, ``name`` their name): the input of
        :mod:`nsb_widget.plots`. ``rank`` is the participant's place in the room, as in
        :meth:`standings` (each game is a solo game of its own, so ``player`` is 0).
        ``finished=False`` also takes unfinished games (their scores so far). Needs pandas."""
        from ..simulation.rows import game_rows
        from ..simulation.runner import require

        pd = require("pandas", "analysis", "the room's table")
        places = {row.name: row.place for row in self.standings().rows}
        rows = []
        for i, p in enumerate(self.participants):
            game = p.game
            if game is None or (finished and not game.is_over):
                continue
            for row in game_rows(game, i, (p.name,)):
                row["name"] = p.name
                row["rank"] = places.get(p.name)
                rows.append(row)
        return pd.DataFrame(rows)

    def figures(self) -> Any:
        """The room's figures (a matplotlib Figure): the distribution of the final scores and
        the sections the room drew, as :mod:`nsb_widget.plots` draws them. Needs matplotlib
        and pandas (``pip install "nsb-widget[plots]"``); :class:`RoomError` before any game
        is finished."""
        from .. import plots

        table = self.table()
        if len(table) == 0:
            t = self.t
            raise RoomError(t("no participant has finished the game yet"))
        plt = plots._pyplot()
        fig = plt.figure(figsize=(12, 5.5), layout="constrained")
        grid = fig.add_gridspec(1, 2, width_ratios=(1, 1.1))
        scores = plots.score_distribution(table, by=None, ax=fig.add_subplot(grid[0, 0]),
                                          bins=max(5, min(20, len(table))))
        sections = plots.section_heatmap(table, ax=fig.add_subplot(grid[0, 1]))
        _label_figures(self.t, table, scores, sections)
        return fig

    def export(self, folder: str | os.PathLike[str] | None = None) -> Path:
        """Write the room's results into ``folder`` (default: ``<room name>-results`` in the
        working directory): ``standings.csv``, every participant's game as a save file
        (``games/``) and as a picture of their sheet (``sheets/``). Returns the folder.
        Before anyone has joined it writes nothing: :class:`RoomError` says so (a notebook run
        from the top before the game made empty results folders)."""
        t = self.t
        out = Path(folder) if folder is not None else Path.cwd() / results_folder_name(self.name)
        standings = self.standings()  # reads the hand-ins once, for the games below too
        with self._lock:
            nobody = all(p.game is None for p in self._participants.values())
        if nobody:
            raise RoomError(t("nobody has joined yet: there is nothing to export"))
        try:
            (out / "games").mkdir(parents=True, exist_ok=True)
            (out / "sheets").mkdir(exist_ok=True)
            (out / "standings.csv").write_text(standings.to_csv(), encoding="utf-8")
            for p in self._by_name():
                if p.game is None:
                    continue
                stem = f"{_slug(p.name)}-{p.key[:6]}"
                p.game.save(out / "games" / f"{stem}.json")
                (out / "sheets" / f"{stem}.svg").write_text(p.game.svg(0), encoding="utf-8")
        except OSError as exc:
            raise room_error(t, t("cannot export the results to"), out, exc) from None
        return out

    def board(self, **options: Any) -> Any:
        """The teacher's board, a widget for the projector (see
        :class:`~nsb_widget.widget.board.RoomBoard`); starts watching the hand-ins. A new
        board replaces the one made before (the cell run again): the older one stops
        following the room and says that a newer board took over. Closing the board
        (``board.close()``) stops the watching it started."""
        from ..widget.board import RoomBoard

        return RoomBoard(self, **options)

    def close(self) -> None:
        """Stop watching; the room's folder and deal stay (:meth:`resume` takes it back). The
        board shown (:meth:`board`) stops following the room too: it says so and refuses its
        buttons, as a room taken back by :meth:`resume` (another kernel having moved it on)
        is a new :class:`Room`, whose board is a new one."""
        with self._lock:
            if _LIVE.get(self.info.id) is self:
                del _LIVE[self.info.id]
            board, self._board = self._board, None
        self._watcher.stop()
        if board is not None:  # (outside the lock: the board's lock is taken then)
            board.retire(closed=True)

    def __repr__(self) -> str:
        return (f"<Room {self.name!r}: {self.info.map_id}, {len(self._participants)} "
                f"participant(s), {len(self.turns)} turn(s) out>")

    def summary(self) -> str:
        """The room in one line of its language, as a notebook shows it: its name, the city,
        how many participants have joined and turns are out, whether every card is out and
        whether the game is over, its places final (read
        from the latest hand-ins when no board is shown, as :meth:`standings`)."""
        t = self.t
        self._fresh()
        with self._lock:
            people, turns = len(self._participants), len(self._table.turns)
            over, ended = self._table.over, self._table.ended is not None
        joined = t.ngettext("{count} participant", "{count} participants", people)
        out = t.ngettext("{count} turn out", "{count} turns out", turns)
        city = self.table_game.map.title  # left out when the room's name says it
        parts = [*(() if room_info.names_the_city(self.name, city) else (t(city),)),
                 joined.format(count=people), out.format(count=turns)]
        if ended:  # (everyone finished, or the teacher ended it: the places are kept)
            parts.append(t("the game is over: the places are final"))
        elif over:
            parts.append(t("every card of the game is out"))
        return t("{room}: {facts}", room=self.name, facts=", ".join(parts))

    def _repr_html_(self) -> str:
        return f"<p class='nsb-room'>{html.escape(self.summary())}</p>"


def _differences(info: RoomInfo, name: object, options: dict[str, Any]) -> list[str]:
    """The settings given to :meth:`Room.open` that the room taken back does not have (its
    name, city, modules, pace, hints), each as ``what=value``."""
    given = {"name": " ".join(name.split()) if isinstance(name, str) else name, **options}
    has = {"name": info.name, "map": info.map_id, "paced": info.paced, "hints": info.hints}
    differ = [f"{key}={given[key]!r}" for key in has if key in given and given[key] != has[key]]
    modules = given.get("modules")
    names = ([modules] if isinstance(modules, str)
             else list(modules) if isinstance(modules, Iterable) else [modules])
    if modules is not None and sorted(map(str, names)) != sorted(info.modules):
        differ.append(f"modules={modules!r}")
    return differ


def _secret_seed(seed: int | None, t: Translator) -> int | None:
    """The seed of a deal that must stay secret: ``seed`` as chosen (warned about when it is
    simple enough to be found by trying seeds: :func:`~.seeds.guess_bits`), else a random one
    of :data:`SECRET_SEED_BITS` bits. The pencil order and module cards come from it too, so
    a seed found gives away the whole deal once a few cards are out. The warning is in
    ``t``'s language (the teacher's)."""
    if seed is None:
        return secrets.randbits(SECRET_SEED_BITS)
    if isinstance(seed, int) and not isinstance(seed, bool) and \
            guess_bits(seed) < GUESSABLE_SEED_BITS:
        # (The seed itself is not repeated: the teacher's screen may be projected.)
        warnings.warn(t("this seed is among the first 2**{bits} a person might choose (small, "
                        "ending in zeros, near 2**n or 10**n, repeated digits), so it can be "
                        "found by trying them against the first cards turned over, which then "
                        "shows every card to come: leave seed out for a secret deal (or use "
                        "secrets.randbits({most}) and keep it)", bits=guess_bits(seed),
                        most=SECRET_SEED_BITS),
                      GuessableSeedWarning, stacklevel=3)
    return seed


def _label_figures(t: Translator, table: Any, scores: Any, sections: Any) -> None:
    """Write the room's figures in the room's language (:mod:`nsb_widget.plots` labels its
    axes in English, for research tables): the titles, the axes, the legend, the colour bar
    and its numbers (the language's decimal mark: 0,2 in French and German); whole numbers on
    the histogram's axes (participants, points)."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    n = len(table)
    scores.set_title(t("The room's final scores"))
    scores.set_xlabel(t("total points"))
    scores.set_ylabel(t("participants"))
    scores.yaxis.set_major_locator(MaxNLocator(integer=True))
    scores.xaxis.set_major_locator(MaxNLocator(integer=True))  # points are whole
    mean = t.decimal(float(table["total"].mean()))
    for text in scores.get_legend().get_texts():
        text.set_text(t.ngettext("mean {mean} ({n} participant)",
                                 "mean {mean} ({n} participants)", n).format(mean=mean, n=n))
    sections.set_title(t.ngettext("Sections drawn ({n} sheet)", "Sections drawn ({n} sheets)",
                                  n).format(n=n))
    for ax in sections.figure.axes:
        if ax is not scores and ax is not sections:  # the colour bar
            ax.set_ylabel(t("share of sheets with the section"))
            ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: t.decimal(v)))


class _Stray(NamedTuple):
    """A file in ``seats/`` that is nobody's hand-in, as last read."""

    signature: tuple[int, ...]
    """Its :func:`_signature` before it was read (``()``: unknown, read it again)."""
    data: bytes
    """Its bytes (empty: not a regular file)."""
    problem: str
    """How the board names it."""


def _signature(path: str) -> tuple[int, ...] | None:
    """What changes when the file ``path`` (a link itself, never followed) is written, moved
    over or touched: its inode, times and size; ``None`` when it cannot be told."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_mtime_ns, info.st_ctime_ns, info.st_size)


def _same_table(a: Table, b: Table) -> bool:
    """True when ``a`` and ``b`` are the same table (the same write of it: its number, cards
    and end), whatever their times."""
    return ((a.seq, a.turns, a.over, a.ended, a.finished)
            == (b.seq, b.turns, b.over, b.ended, b.finished))


def _cards(info: RoomInfo) -> dict[str, Any]:
    """The module cards (and the powers' limit) of the room, as :meth:`Game.new` takes them."""
    cards: dict[str, Any] = {key: list(getattr(info, key))
                             for key in ("effects", "objectives", "powers") if getattr(info, key)}
    if info.power_limit != "round":
        cards["power_limit"] = info.power_limit
    return cards


def _deal_next(dealer: Game) -> tuple[str, ...]:
    """The dealer's next turn: it passes the turn before (its sheet stays empty) and turns the
    next card(s) over."""
    if dealer.phase is Phase.DRAW:
        dealer.pass_turn(0)
    return tuple(str(c) for c in dealer.reveal())


def _take(public: RoomGame, cards: Sequence[str]) -> None:
    if public.phase is Phase.DRAW:
        public.pass_turn(0)
    public.deal(tuple(cards))


def _standing(p: Participant, sheet: Any, place: int | None, shared: bool,
              turns_out: int) -> Standing:
    """``p``'s row: their scored rounds (``sheet``), ``place``, and the round they are playing
    as it would score now (from their own game, which holds only the cards they took)."""
    game = p.game
    assert game is not None
    taken = game.reveals
    return Standing(p.name, place, shared, sheet.total, tuple(r.score for r in sheet.rounds),
                    sheet.tiebreak, game.round, taken, _status(game, turns_out),
                    max(0, turns_out - taken), p.refusal, _current(game))


def _unplaced(p: Participant, turns_out: int, ended: bool) -> Standing:
    """The row of ``p`` without a place: no accepted game yet (``"joined"``, ``"refused"``),
    or, once the teacher has ended the game, a game that was not over then (``"left"``, with
    their rounds so far)."""
    game = p.game
    if game is None:
        status = "left" if ended else "refused" if p.refusal else "joined"
        return Standing(p.name, None, False, 0, (), 0, 1, 0, status, turns_out, p.refusal)
    row = _standing(p, game.ruleset.score_sheet(game, 0), None, False, turns_out)
    return replace(row, status="left", current=None)


def _current(game: RoomGame) -> int | None:
    """The round in play as it would score if it ended now (what the participant's sheet
    shows for it), ``None`` until they have drawn a section in it (London's departure station
    alone would read "+1"; their sheet says "in play") and once the game is over."""
    if game.is_over or not any(d.round == game.round - 1 for d in game.sheets[0].history):
        return None
    scored = game.provisional_round_score(0)
    return None if scored is None else scored.score


def _status(game: RoomGame, turns_out: int) -> str:
    if game.is_over:
        return "finished"
    taken = game.reveals
    if taken < turns_out:
        return "behind"
    if taken == 0:
        return "joined"
    return "ready" if game.phase is Phase.REVEAL else "drawing"


def _not_a_file(exc: NotAFile, t: Translator) -> str:
    """What is wrong with a room file that is not a regular file, in ``t``'s language: a
    symbolic link is named as one (never what it points to)."""
    if exc.link:
        return t("a symbolic link, refused: a room's file is never one")
    return t("not a regular file (a pipe, a device or a folder)")


def _first_problem(exc: RoomFileError) -> str:
    return str(exc.problems[0]) if exc.problems else str(exc)[:200]

