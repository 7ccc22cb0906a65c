"""A participant's seat in a room: their own game, following the cards the room turns over, and
their hand-in written after each of their actions.

    >>> seat = join("/shared/tuesday", "Ada")      # doctest: +SKIP
    >>> seat.widget()                               # doctest: +SKIP

A seat takes the room's cards one turn at a time, in order: the next card comes as soon as the
participant has drawn or passed for the current one and the room has turned it over, so someone
slow still plays every card, and someone who joins late catches up. A follower thread looks for
new cards every :data:`POLL_SECONDS`; :meth:`Seat.sync` does the same at once.
"""

from __future__ import annotations

import contextlib
import html
import os
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import RoomError, RoomFileError
from ..i18n import Translator, resolve_language, translator
from ..rules.game import GameEvent, Phase
from . import folder as room_folder
from .folder import (
    LOOK_FORMAT,
    VERSION,
    NotAFile,
    RoomFolder,
    create_exclusive,
    folder_now,
    parse_doc,
    read_bytes,
    room_error,
    write_atomic,
)
from .game import RoomGame
from .handin import HandInRefused, hand_in_doc, read_hand_in, read_kept, replay
from .info import RoomInfo, Table, read_room
from .listeners import Listeners
from .names import check_name, look_key, lookalike_count, lookalike_keys, name_key
from .poller import Poller
from .private import new_token, remember_token, remembered_token, session_name, token_hash
from .standings import Standings, place_text, places
from .viewer import RoomView

#: How often a seat looks for the room's next card (seconds).
POLL_SECONDS = 0.25
#: The most seat names a join lists to find a lookalike's seat, instead of reading every seat
#: file (:func:`~nsb_widget.room.names.lookalike_keys`: a hash each, about a microsecond;
#: reading a file costs some 50 times that), and how many it lists per file in ``seats/``.
LOOKALIKE_KEYS = 200_000
KEYS_PER_FILE = 20
#: How many times :func:`join` tries to take a seat: a seat claimed at the same moment as the
#: same name's, or as a lookalike's, is tried again.
JOIN_ATTEMPTS = 4

# The seats open in this process, by (room id, name key): joining again (a cell run twice)
# gives back the same seat, its game and its widgets.
_OPEN: dict[tuple[str, str], Seat] = {}
_OPEN_LOCK = threading.Lock()


@dataclass(frozen=True)
class SeatStatus:
    """Where a participant stands against the room."""

    turns_out: int
    """Turns the room has turned over."""
    taken: int
    """Turns the participant's game has taken."""
    waiting: bool
    """True when the participant has finished every turn out and waits for the next card."""
    over: bool
    """True once the participant's game is over."""
    problem: str | None
    """Why the participant's moves do not reach the room (the folder cannot be written...)."""

    end: SeatEnd | None = None
    """Once the teacher has ended the game: the participant's place, or that they left."""

    @property
    def behind(self) -> int:
        """Turns out that the participant has not taken yet."""
        return max(0, self.turns_out - self.taken)


@dataclass(frozen=True)
class SeatEnd:
    """How the game ended for a participant, once the teacher has ended it (the places of the
    games kept in ``ended/``, as the board counts them)."""

    placed: bool
    """True when their game was over at the end: they have a place. False: "left"."""
    place: int | None = None
    """Their place (``None`` when not placed, or when their kept game cannot be read)."""
    shared: bool = False
    """True when the place is shared."""
    total: int | None = None
    """The points their place counts."""
    finished: bool = False
    """True when the game ended because everyone had finished (not by the teacher)."""

    def text(self, t: Translator) -> str:
        """What the participant's widget says, in the language of ``t``."""
        if self.finished:
            return self._finished_text(t)
        if not self.placed:
            return t("The teacher has ended the game before you finished: you are listed as "
                     "left, without a place. You can play on, but nothing you draw now counts.")
        if self.place is None or self.total is None:
            return t("The teacher has ended the game: the board shows the places.")
        return t.ngettext("The teacher has ended the game: your place is {place}, with {n} point.",
                          "The teacher has ended the game: your place is {place}, with {n} points.",
                          self.total).format(place=place_text(self.place, self.shared, t),
                                             n=self.total)

    def _finished_text(self, t: Translator) -> str:
        if not self.placed:
            return t("Everyone else had finished before you joined or finished: the places are "
                     "final, without you. You can play on, but nothing you draw now counts.")
        if self.place is None or self.total is None:
            return t("The game is over: the board shows the places.")
        return t.ngettext("The game is over: your place is {place}, with {n} point.",
                          "The game is over: your place is {place}, with {n} points.",
                          self.total).format(place=place_text(self.place, self.shared, t),
                                             n=self.total)


def join(folder: str | os.PathLike[str], name: str, *, token: str | None = None,
         language: str | None = None, follow: bool = True) -> Seat:
    """Take a seat in the room in ``folder`` under ``name``; returns your :class:`Seat`.

    The first time, the name becomes yours and you get a token (``seat.token``). Joining again
    from the same notebook (after a kernel restart, or a cell run twice) gives your seat back
    exactly; from another notebook, give the token: ``join(folder, "Ada", token="k7m2q-x9t4p")``.
    A name that someone else holds is refused. ``language`` is your widget's (default: the
    room's). ``follow=False`` takes no card by itself (call :meth:`Seat.sync`).

    Raises :class:`~nsb_widget.errors.RoomError` for a name that is taken or not allowed, a
    wrong token or a folder that holds no room or cannot be written, and
    :class:`~nsb_widget.errors.RoomFileError` for a damaged room.
    """
    place = RoomFolder(folder)
    info = read_room(place, translator(None if language is None else resolve_language(language)))
    t = translator(language or info.language)
    shown = check_name(name, t)
    key = name_key(shown)
    if token is not None and not isinstance(token, str):
        raise RoomError(t("a token is text, like 'k7m2q-x9t4p'"))
    token = None if token is None else " ".join(token.lower().split()) or None
    session = session_name()
    path = place.seat_file(key)
    # One token for every try: a board may read a seat withdrawn below, and keeps the token
    # it first saw (a seat written again with another would be refused).
    fresh = new_token()
    with _OPEN_LOCK:
        for attempt in range(JOIN_ATTEMPTS):
            data = _read_seat_bytes(path, place, t)
            if data is not None:
                seat = _resume(place, info, path, data, token, session, t, language)
                break
            other = _lookalike_seat(place, info, shown, key)
            game = info.new_game(shown, language)
            doc = hand_in_doc(info, shown, token_hash(info.id, fresh), game, time.time())
            try:
                place.seats.mkdir(exist_ok=True)
                # The look of the name is claimed before the seat, in one step: of two
                # lookalikes joining at the same instant (both found no seat like theirs),
                # one gets it.
                other = other or _claim_look(place, info, shown, key)
                claimed = other is None and create_exclusive(path, doc)
            except OSError as exc:
                raise room_error(t, t("cannot take a seat in"), place.path, exc) from None
            if other is not None:
                raise RoomError(t("the name {name} looks the same as {other}, who is in the "
                                  "room already: choose another name", name=shown,
                                  other=other))
            if claimed:
                # The claim cannot be trusted alone (a participant may plant one that no
                # joiner can delete, which lets two racing lookalikes both past it): a seat
                # is kept only if no lookalike's seat is there once it is written. Of two
                # seated at once, at least one sees the other and withdraws (both may: each
                # tries again a moment later, when the first back sees the other's seat).
                rival = _lookalike_seat(place, info, shown, key)
                if rival is not None:
                    _withdraw(place, info, path, shown, key)
                    if attempt + 1 == JOIN_ATTEMPTS:
                        raise RoomError(t("the name {name} looks the same as {other}, who is "
                                          "in the room already: choose another name",
                                          name=shown, other=rival))
                    time.sleep(random.uniform(0.005, 0.05))
                    continue
                seat = Seat(place, info, shown, fresh, game, doc["joined"])
                remember_token(info.id, key, session, shown, fresh)
                _OPEN[(info.id, key)] = seat
                break
        else:  # pragma: no cover - the seat was claimed and then deleted between two reads
            raise RoomError(t("the seat {name} changed while joining: try again", name=shown))
    seat.sync()
    if follow:
        seat.follow()
    return seat


def _withdraw(place: RoomFolder, info: RoomInfo, path: Path, name: str, key: str) -> None:
    """Take back a seat just claimed (``path``, with nothing played) and this join's claim of
    the look of ``name``: a lookalike was seated at the same moment."""
    with contextlib.suppress(OSError):
        os.unlink(path)
    claim = place.look_file(look_key(name))
    with contextlib.suppress(OSError, RoomFileError):
        data = read_bytes(claim)
        if data is not None and parse_doc(data, claim, LOOK_FORMAT, info.id).get("key") == key:
            os.unlink(claim)
            _CLAIMS_SEEN.pop(claim, None)


def _lookalike_seat(place: RoomFolder, info: RoomInfo, name: str, key: str) -> str | None:
    """The name of a participant whose name looks like ``name`` without being it (in another
    script: "Рао" and "Pao"), or ``None``. Only seats that are hand-ins of this room count:
    a file the teacher's board refuses (damaged, of another room, its name not its file's)
    is left to the board, which names it, and keeps nobody out."""
    looks = look_key(name)
    names = place.seat_names()
    # Only the files a lookalike's seat could be are read (its file is named by its name's
    # key): thousands of files planted in seats/ cost a join one listing, not a read each. A
    # name with so many lookalike letters that listing their keys costs more than reading
    # every file has every file read, as before.
    count = lookalike_count(name)
    if count <= LOOKALIKE_KEYS and count <= KEYS_PER_FILE * max(len(names), 1):
        keys = lookalike_keys(name)
        names = [n for n in names if n[:-5] in keys]
    for path in (place.seats / n for n in names):
        if path.stem == key:
            continue
        try:
            data = read_bytes(path)
            other = None if data is None else read_hand_in(data, path, info).name
        except (OSError, RoomFileError):
            continue
        if other is not None and look_key(other) == looks:
            return other
    return None


def _claim_look(place: RoomFolder, info: RoomInfo, name: str, key: str) -> str | None:
    """Claim the look of ``name`` (its :func:`~nsb_widget.room.names.look_key`) for the seat
    ``key``, with a file made in one step (``seats/.look-<hash>.json``); ``None`` when it is
    this seat's (claimed now, or before by the same name), else the name of the participant
    who holds it. A claim left by a join that died before taking its seat (no seat ``key``
    of its own after :data:`~nsb_widget.room.folder.LOCK_STALE_SECONDS`) is taken over. A
    claim that is not a room's file is left alone (the seats are checked all the same).
    Raises :class:`OSError` when the folder cannot be written."""
    path = place.look_file(look_key(name))
    doc = {"format": LOOK_FORMAT, "version": VERSION, "room": info.id, "key": key,
           "name": name}
    for _attempt in range(3):
        if create_exclusive(path, doc):
            _CLAIMS_SEEN.pop(path, None)
            return None
        data = None
        try:
            for _read in range(5):  # (made with O_EXCL, without hard links: being written)
                data = read_bytes(path)
                if data:
                    break
                time.sleep(0.01)
        except NotAFile:  # (a link is never followed: not a room's claim)
            return None
        if data is None:
            continue  # taken over (removed) meanwhile: claim it again
        try:
            held = parse_doc(data, path, LOOK_FORMAT, info.id)
        except RoomFileError:
            return None
        other, other_key = held.get("name"), held.get("key")
        if not isinstance(other, str) or not isinstance(other_key, str):
            return None
        if other_key == key:
            return None
        holder = _claim_holder(place, info, path, look_key(name), other, other_key)
        if holder is not None:
            return holder
        with contextlib.suppress(OSError):  # a dead join's claim (others' stay: sticky)
            if read_bytes(path) == data:
                os.unlink(path)
                _CLAIMS_SEEN.pop(path, None)
    return None


#: When this kernel first saw each look claim whose seat had not come (monotonic seconds):
#: the claim's own time is its writer's to set, so it alone cannot say a claim is stale.
_CLAIMS_SEEN: dict[Path, float] = {}


def _claim_holder(place: RoomFolder, info: RoomInfo, path: Path, looks: str, other: str,
                  other_key: str) -> str | None:
    """The name of whoever holds the look claim ``path`` (naming ``other``, seat
    ``other_key``) against a name that looks like ``looks``, or ``None`` when the claim keeps
    nobody out. A participant may write any file in ``seats/``, so a claim is believed only
    as far as it can be checked: its seat, once there, must be a hand-in of this room under
    a name of that look (its name is the one told); without its seat, the claim is the first
    half of a join in progress only while it is fresh: for
    :data:`~nsb_widget.room.folder.LOCK_STALE_SECONDS`, by the file's time and by this
    kernel's own clock since it first saw it (a claim touched again and again keeps nobody
    out for longer)."""
    try:
        check_name(other, translator("en"))
    except RoomError:
        return None
    if name_key(other) != other_key or look_key(other) != looks:
        return None  # not a claim a join makes
    seat = place.seat_file(other_key)
    try:
        data = read_bytes(seat)
        seated = None if not data else read_hand_in(data, seat, info).name
    except (OSError, RoomFileError):
        seated, data = None, b""
    if seated is not None:
        return seated if look_key(seated) == looks else None
    if data:
        return None  # a seat there that is no hand-in of this room: the board names it
    now = time.monotonic()
    first = _CLAIMS_SEEN.setdefault(path, now)
    stale = room_folder.LOCK_STALE_SECONDS
    try:  # (by the folder's own clock, which stamped the claim: a server's may be off)
        age = folder_now(place.seats) - os.lstat(path).st_mtime
    except OSError:
        return None
    return other if age < stale and now - first < stale else None


def _read_seat_bytes(path: Path, place: RoomFolder, t: Translator) -> bytes | None:
    """The seat file's bytes, ``None`` when the seat is free."""
    try:
        return read_bytes(path)
    except OSError as exc:
        raise room_error(t, t("cannot read the seats of"), place.path, exc) from None


def _resume(place: RoomFolder, info: RoomInfo, path: Path, data: bytes, token: str | None,
            session: str | None, t: Translator, language: str | None) -> Seat:
    """The seat in ``data`` (the file at ``path``), if ``token`` (or this notebook's remembered
    one) opens it."""
    try:
        hand_in = read_hand_in(data, path, info)
    except RoomFileError as exc:
        raise RoomError(t("the seat's file is damaged, so it cannot be taken back: {why} "
                          "(the teacher can give it a fresh start: room.reseat(name, "
                          "fresh=True))", why=str(exc)[:300])) from None
    live = _OPEN.get((info.id, hand_in.key))
    if (token is None and session is None and live is not None and not live.closed
            and token_hash(info.id, live.token) == hand_in.token):
        return live  # no notebook to remember the token by: this kernel's open seat is yours
    remembered = remembered_token(info.id, hand_in.key, session)
    candidates = [c for c in (token, remembered) if c]
    if not candidates:
        raise RoomError(t("the name {name} is taken in this room. If it is yours (your kernel "
                          "restarted in another notebook), join with your token: join(folder, "
                          "'{name}', token='...'); otherwise choose another name",
                          name=hand_in.name))
    opening = next((c for c in candidates if token_hash(info.id, c) == hand_in.token), None)
    if opening is None:
        if token:
            raise RoomError(t("that token does not open the seat {name}: check it, or ask "
                              "the teacher for a new one (room.reseat)", name=hand_in.name))
        raise RoomError(t("the teacher gave the seat {name} a new token: join with it "
                          "(token='...')", name=hand_in.name))
    if live is not None and live.token == opening and not live.closed:
        return live
    table = _read_table(place, info, t)
    # A self-paced game's cards are its own seed's: the seeded replay checks them.
    turns = (table.turns if table else ()) if info.dealt else None
    try:
        game = replay(info, hand_in.name, hand_in.actions, turns, t)
    except HandInRefused as exc:
        raise RoomError(t("the seat's file cannot be replayed, so it cannot be taken back: "
                          "{why} (the teacher can give it a fresh start: room.reseat(name, "
                          "fresh=True))", why=str(exc))) from None
    game.language = resolve_language(language or info.language)
    if live is not None:
        live.close()
    seat = Seat(place, info, hand_in.name, opening, game, hand_in.joined)
    remember_token(info.id, hand_in.key, session, hand_in.name, opening)
    _OPEN[(info.id, hand_in.key)] = seat
    return seat


def _read_table(place: RoomFolder, info: RoomInfo, t: Translator) -> Table | None:
    try:
        data = read_bytes(place.table_file)
    except OSError as exc:
        raise room_error(t, t("cannot read the room's cards in"), place.path, exc) from None
    return None if data is None else Table.from_json(data, str(place.table_file), info)


class Seat:
    """One participant's place in a room: their game (:attr:`game`), which takes the room's
    cards as they are turned over, and their hand-in, written after each of their actions.
    Made by :func:`join`."""

    def __init__(self, folder: RoomFolder, info: RoomInfo, name: str, token: str,
                 game: RoomGame, joined: float) -> None:
        self.folder = folder
        self.info = info
        """The room's public facts."""
        self.name = name
        """The participant's name, as the room shows it."""
        self.token = token
        """The token that opens this seat from another notebook: ``join(..., token=...)``."""
        self.game = game
        """The participant's game (a :class:`~nsb_widget.room.game.RoomGame`)."""
        self.joined = joined
        self.key = name_key(name)
        self.closed = False
        self._hash = token_hash(info.id, token)
        self._table_bytes: bytes | None = None
        self._table = Table((), False, 0.0)
        self._problem: str | None = None  # why the last hand-in failed
        self._table_problem: str | None = None  # why the table could not be read just now
        self._end: tuple[bytes | None, SeatEnd] | None = None  # (table read, its end)
        self._listeners = Listeners()
        self._poller = Poller(self.sync, POLL_SECONDS, f"nsb-seat-{name}")
        self._unsubscribe = game.subscribe(self._on_event)
        self._line: Any = None
        self._view: RoomView | None = None

    # ------------------------------------------------------------------ following the room
    @property
    def _t(self) -> Translator:
        return self.game.translator

    def sync(self) -> int:
        """Take the room's next card if it is out and the participant has finished the turn
        before it; returns how many turns were taken (0 or 1). The follower thread calls it
        every :data:`POLL_SECONDS`."""
        if self.closed:
            return 0
        before = self.status()
        taken = self.game.locked(self._take_next)
        if taken or self.status() != before:
            self._tell()
        return taken

    def _take_next(self) -> int:
        table = self._fresh_table()
        game = self.game
        if table.ended is not None and self.key in table.ended:
            # Placed: the place is announced and counts the game as it was (``ended/``).
            t = self._t
            game.settle(t("the places are final: nothing can be taken back now"))
        if not game.dealt or game.phase is not Phase.REVEAL:
            return 0
        done = game.reveals
        if done >= len(table.turns):
            return 0
        game.deal(table.turns[done])
        return 1

    def _fresh_table(self) -> Table:
        """The table as the folder holds it now (read again only when its bytes changed). A
        problem reading it is shown (:attr:`SeatStatus.problem`) until it reads again."""
        t = self._t
        try:
            data = read_bytes(self.folder.table_file)
        except OSError as exc:
            self._table_problem = str(room_error(t, t("cannot read the room's cards in"),
                                                 self.folder.path, exc))
            return self._table
        if data is not None and data != self._table_bytes:
            try:
                table = Table.from_json(data, str(self.folder.table_file), self.info)
            except RoomFileError as exc:
                self._table_problem = t("the room's table of cards is damaged: {why}",
                                        why=str(exc)[:200])
                return self._table
            if table.turns[:len(self._table.turns)] != self._table.turns:
                self._table_problem = t("the room's table changed cards already turned over: "
                                        "ask the teacher")
                return self._table
            self._table_bytes, self._table = data, table
        self._table_problem = None  # (it reads again: a passing error is gone)
        return self._table

    def follow(self, interval: float = POLL_SECONDS) -> None:
        """Look for the room's next card every ``interval`` seconds (a daemon thread; on by
        default)."""
        self._poller.interval = interval
        self._poller.start()

    def stop_following(self) -> None:
        """Stop looking for cards by itself (:meth:`sync` still takes one)."""
        self._poller.stop()

    def close(self) -> None:
        """Leave this notebook's seat: stop following and writing (the seat stays the
        participant's; :func:`join` takes it back)."""
        self.closed = True
        self._poller.stop()
        self._unsubscribe()
        if self._line is not None:
            self._line.close()
        if self._view is not None:
            self._view.close()

    def status(self) -> SeatStatus:
        """Where the participant stands: turns out and taken, waiting, over, a problem."""
        game = self.game
        turns_out, taken = len(self._table.turns), game.reveals
        waiting = game.phase is Phase.REVEAL and not game.is_over and taken >= turns_out
        return SeatStatus(turns_out, taken, waiting, game.is_over,
                          self._problem or self._table_problem, self._ended())

    def _ended(self) -> SeatEnd | None:
        """How the game ended for this participant, once the table says the teacher ended it:
        their place among the games kept in ``ended/`` (replayed and scored once per table
        read, as the board counts them), or that they left."""
        ended = self._table.ended
        if ended is None:
            return None
        if self._end is not None and self._end[0] is self._table_bytes:
            return self._end[1]
        finished = self._table.finished
        end = SeatEnd(False, finished=finished)
        if self.key in ended:
            turns = self._table.turns if self.info.dealt else None
            keys: list[tuple[int, int]] = []
            mine: int | None = None
            for key in ended:
                try:
                    kept = read_kept(self.folder, key, self.info, turns, self._t)
                except (OSError, RoomError, RoomFileError):
                    continue  # (the board names a kept game it cannot read)
                if kept is None:
                    continue
                _, game = kept
                sheet = game.ruleset.score_sheet(game, 0)
                if key == self.key:
                    mine, total = len(keys), sheet.total
                keys.append((sheet.total, sheet.tiebreak))
            if mine is None:
                end = SeatEnd(True, finished=finished)
            else:
                place, shared = places(keys)[mine]
                end = SeatEnd(True, place, shared, total, finished)
        self._end = (self._table_bytes, end)
        return end

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` when the seat's status changes (a card arrived, a write failed);
        returns a function that unsubscribes."""
        return self._listeners.add(callback)

    def _tell(self) -> None:
        self._listeners.tell()

    # ------------------------------------------------------------------ handing in
    def _on_event(self, event: GameEvent) -> None:
        if event.last and event.kind != "language":
            self.hand_in()

    def hand_in(self) -> bool:
        """Write the participant's game to their seat's file now (done after every action);
        False when it could not be written (:attr:`SeatStatus.problem` says why)."""
        if self.closed:
            return False
        t = self._t
        path = self.folder.seat_file(self.key)
        before = self._problem
        try:
            current = read_bytes(path)
            if current is not None:
                holder = read_hand_in(current, path, self.info)
                if holder.token != self._hash:
                    self._problem = t("the teacher gave this seat a new token, so this "
                                      "notebook no longer hands in: join again with the new "
                                      "token")
                    self._tell()
                    return False
            write_atomic(path, hand_in_doc(self.info, self.name, self._hash, self.game,
                                           self.joined))
        except OSError as exc:
            self._problem = str(room_error(t, t("your moves cannot be handed in to"),
                                           self.folder.path, exc))
        except RoomFileError:
            # Our own file damaged by someone else: write it afresh.
            try:
                write_atomic(path, hand_in_doc(self.info, self.name, self._hash, self.game,
                                               self.joined))
                self._problem = None
            except OSError as exc:
                self._problem = str(room_error(t, t("your moves cannot be handed in to"),
                                               self.folder.path, exc))
        else:
            self._problem = None
        if self._problem != before:
            self._tell()
        return self._problem is None

    # ------------------------------------------------------------------ showing it
    def widget(self, **options: Any) -> Any:
        """The participant's widget: the map of their game, with no Reveal of its own in a room
        dealt by the teacher (the cards come by themselves). Options as for
        ``BerlinWidget`` (``language=``, ``hint_bot=``...)."""
        from ..widget import BerlinWidget

        self.follow(self._poller.interval)
        return BerlinWidget(self.game, seat=self, **options)

    def line(self) -> Any:
        """The seat's line as a widget that stays up to date (a
        :class:`~nsb_widget.widget.seat_line.SeatLine`, one per seat): who and where, the state
        ("waiting for the next card", "your turn", "game over: 61 points") and the token, in
        the seat's language. ``display(seat)`` shows it in a notebook."""
        if self._line is None:
            from ..widget.seat_line import SeatLine

            self._line = SeatLine(self)
        return self._line

    def view(self) -> RoomView:
        """The participant's read-only view of the room (one per seat, a
        :class:`~nsb_widget.room.viewer.RoomView` in the seat's language): everyone's standing,
        the cards turned over, the final places and the figures, read from the room's folder
        as any participant may read it. It knows no card before the teacher turns it over and
        writes nothing."""
        if self._view is None:
            self._view = RoomView(self.folder, self.info, language=self.game.language,
                                  you=self.name)
        return self._view

    def standings(self) -> Standings:
        """The room's table of scores now, as the teacher's board shows it (places, totals,
        states; the final places once the game is over or the teacher ended it), read from the
        room's folder: the same as ``room.standings()`` in the teacher's kernel, in the seat's
        language."""
        return self.view().standings()

    def board(self, **options: Any) -> Any:
        """The room's board, read-only, for the participant's own screen (a
        :class:`~nsb_widget.widget.board.RoomBoard` of :meth:`view`): the cards turned over,
        who is ready, the live scores with the participant's row marked, the final places
        and the figures, in the seat's language, following the room's folder by itself. It has
        none of the teacher's buttons: it turns no card over, ends nothing and writes
        nothing. The sheets of the others can be opened once the places are final."""
        from ..widget.board import RoomBoard

        return RoomBoard(self.view(), **options)

    def describe(self) -> str:
        """The seat's line as text, as it stands now: the participant's and the room's names,
        where they stand ("waiting for the next card", "your turn", "2 cards turned over ahead
        of you", "game over: 61 points") and their token, in the seat's language."""
        t = self._t
        status = self.status()
        if status.over:
            points = self.game.score()
            state = t.ngettext("game over: {points} point", "game over: {points} points",
                               points).format(points=points)
        elif status.waiting and not self.info.dealt:  # a self-paced room: nobody else deals
            state = t("your turn: reveal the next card")
        elif status.waiting:
            state = t("waiting for the next card")
        elif status.behind:
            state = t.ngettext("{count} card turned over ahead of you",
                               "{count} cards turned over ahead of you",
                               status.behind).format(count=status.behind)
        else:
            state = t("your turn")
        return t("{name} in room {room} ({state}). Your token: {token} (keep it to rejoin from "
                 "another notebook)", name=self.name, room=self.info.name, state=state,
                 token=self.token)

    def __repr__(self) -> str:
        return f"<Seat {self.name!r} in room {self.info.name!r}>"

    def status_html(self) -> str:
        """:meth:`describe` as HTML (escaped), with the reason in bold when the participant's
        moves are not handed in."""
        text = html.escape(self.describe())
        problem = self.status().problem
        if problem:
            text += f"<br><strong>{html.escape(problem)}</strong>"
        # (its own line-height: shown by an ipywidgets HTML widget, whose content takes the
        # 28 px line-height of a one-line control, a line wrapped in a narrow window was
        # spaced double)
        return (f"<p class='nsb-seat' role='status' aria-live='polite' "
                f"style='line-height: 1.4'>{text}</p>")

    def _repr_html_(self) -> str:
        return self.status_html()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """``display(seat)``: the live :meth:`line` where widgets show, this moment's line as
        HTML and text elsewhere (an exported notebook, a terminal)."""
        bundle: dict[str, Any] = {"text/plain": repr(self), "text/html": self.status_html()}
        try:
            view = self.line()._repr_mimebundle_()
        except ImportError:  # no ipywidgets: the line as it is now
            return bundle
        widget = "application/vnd.jupyter.widget-view+json"
        if view and widget in view:
            bundle[widget] = view[widget]
        return bundle
