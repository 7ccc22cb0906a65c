"""The teacher's board: a widget for the projector, over a :class:`~nsb_widget.room.Room`.

It shows the card(s) of the turn large, the round and its effect, how many participants are
ready ("14 of 20 ready"), a live table of scores, and at the end the final places (shared
places for ties, as the rulebook says), the room's figures and an export. A click on a name
shows that participant's sheet. The teacher turns the next card over with its button, and
once every card is out can end the game for a participant who will not finish.

Python is the authority, as for the game widget: the front end draws the synced traits and
sends intents, validated here (see ``docs/widget-protocol.md``). The board reads only what the
table sees: no trait or message holds a card that is still face down.
"""

from __future__ import annotations

import io
import logging
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..errors import ArgumentError, NsbError
from ..i18n import Translator, translator
from ..room import Room
from .board_state import board_actions, board_info, board_standings, board_table
from .intents import IntentError, _describe, _int, _size
from .room_strings import BOARD_PLURALS, BOARD_STRINGS
from .state import map_state, sheet_state
from .strings import DOMAIN, strings_state
from .widget import MAX_NOTICE, PROTECTED, _clip

STATIC = Path(__file__).parent / "static"
#: The board's synced traits: written by Python only.
BOARD_SYNCED = frozenset({"info", "table", "standings", "sheet", "figures", "notice",
                          "strings"})
#: Largest board message (they are a few words).
MAX_BOARD_MESSAGE = 2_000
log = logging.getLogger(__name__)


def board_strings_state(language: str) -> dict[str, Any]:
    """The board's ``strings`` trait: the game widget's texts (card and symbol names, points)
    and the board's own, in ``language``."""
    base = strings_state(language)
    return {**base, "messages": {**base["messages"], **_board_messages(base["language"])}}


@cache
def _board_messages(language: str) -> dict[str, str | list[str]]:
    t = translator(language, DOMAIN)
    out: dict[str, str | list[str]] = {key: t.gettext(msg) for key, msg in BOARD_STRINGS.items()}
    for key, (one, many) in BOARD_PLURALS.items():
        out[key] = [t.ngettext(one, many, 1), t.ngettext(one, many, 2)]
    return out


@dataclass(frozen=True)
class _Intent:
    kind: str
    turn: int | None = None
    name: str | None = None


def parse_board_intent(content: object, t: Translator) -> _Intent:
    """Check a message from the board's front end: ``{"type": "reveal", "turn": n}`` (turn the
    card after ``n`` turns over), ``{"type": "end", "turn": n}`` (end the game, seen after
    ``n`` turns), ``{"type": "show", "name": ...}``, ``{"type": "hide"}``,
    ``{"type": "figures"}``, ``{"type": "export"}``. Raises :class:`IntentError`."""
    if not isinstance(content, dict):
        raise IntentError(t("a message must be an object, got {type}",
                            type=type(content).__name__))
    if _size(content, t) > MAX_BOARD_MESSAGE:
        raise IntentError(t("message too large ({size} bytes; the limit is {limit})",
                            size=_size(content, t), limit=MAX_BOARD_MESSAGE))
    kind = content.get("type")
    if kind in ("reveal", "end"):
        return _Intent(kind, turn=_int(content, "turn", 0, 10_000, optional=True, t=t))
    if kind == "show":
        name = content.get("name")
        if not isinstance(name, str) or not name or len(name) > 100:
            raise IntentError(t("'name' must be a participant's name, got {value}",
                                value=_describe(name, t)))
        return _Intent("show", name=name)
    if kind in ("hide", "figures", "export"):
        return _Intent(kind)
    raise IntentError(t("unknown message type {value}", value=_describe(kind, t)))


class RoomBoard(anywidget.AnyWidget):
    """The teacher's board of a :class:`~nsb_widget.room.Room` (``room.board()``): the cards
    turned over, who is ready, the live scores, the final places, the figures and the export.
    Made for a projector: large cards and text. It starts the room's watcher (which reads the
    participants' hand-ins every half second) and redraws when anything changes.

    Over a participant's view (``seat.board()``, a read-only
    :class:`~nsb_widget.room.viewer.RoomView`) it is the participant's board: the same table,
    standings, places and figures (drawn once the places are final), their own row marked,
    and none of the teacher's buttons; a reveal, end, figures or export message is refused,
    and the others' sheets open only once the places are final."""

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    info = traitlets.Dict().tag(sync=True, echo_update=False)
    """The room's fixed facts: names, modules' cards, pencils, how the cards look."""
    table = traitlets.Dict().tag(sync=True, echo_update=False)
    """The cards on the table now."""
    standings = traitlets.Dict().tag(sync=True, echo_update=False)
    """Every participant's row, how many are ready, whether the places are final."""
    sheet = traitlets.Dict().tag(sync=True, echo_update=False)
    """The sheet of the participant whose name was clicked, or empty: their name, total and
    refused hand-in, the map (``map``, as the game widget's ``map_data``) and their drawing
    (``drawing``, as its ``sheet``), which the board draws like the game widget's map, in the
    page's theme."""
    figures = traitlets.Dict().tag(sync=True, echo_update=False)
    """The room's figures at the end (``svg``, an SVG picture), or why there are none
    (``error``); ``pending`` while they are drawn (a few seconds after the final places,
    which the board shows with "Drawing the figures…")."""
    notice = traitlets.Dict().tag(sync=True, echo_update=False)
    """The last message for the teacher."""
    strings = traitlets.Dict().tag(sync=True, echo_update=False)
    """Every text of the board in the room's language."""

    def __init__(self, room: Room, *, watch: bool = True, **kwargs: Any) -> None:
        if not isinstance(room, Room):
            raise ArgumentError(f"a board shows a Room, not {type(room).__name__}")
        self._room = room
        self._lock = threading.RLock()
        self._shown: str | None = None
        self._shown_version: tuple[int, int] | None = None
        self._figures_for: int | None = None
        self._notice_id = 0
        self._retired = False
        self._closed_room = False  # retired because its Room was closed (not a newer board)
        super().__init__(strings=board_strings_state(room.language),
                         info=board_info(room), **kwargs)
        self._unsubscribe = room.subscribe(self.refresh)
        self.on_msg(self._on_message)
        room.poll()
        self.refresh()
        older = room._show_board(self, watch)
        if older is not None:
            older.retire()

    @property
    def room(self) -> Room:
        """The room shown."""
        return self._room

    @property
    def retired(self) -> bool:
        """True once a newer board of the same room took over (:meth:`retire`)."""
        return self._retired

    @property
    def _t(self) -> Translator:
        return translator(self._room.language, "widget")

    def retire(self, *, closed: bool = False) -> None:
        """Stop following the room, as a newer board of it took over (``room.board()`` or
        ``seat.board()`` run again), or (``closed``) as the room itself was closed
        (:meth:`Room.close <nsb_widget.room.Room.close>`, or a :class:`Room` made again for
        its folder after another kernel moved it on): this board no longer redraws, says so
        once, in its notice, and its buttons refuse (greyed out, the reason as their
        tooltip)."""
        with self._lock:
            if self._retired:
                return
            self._retired = True
            self._closed_room = closed
            self._unsubscribe()
            why = self._retired_text()
            self.table = {**self.table, "can_reveal": False, "why_not": why, "can_end": False,
                          "retired": why}
            self.standings = {**self.standings, "why_not_figures": why, "why_not_export": why}
            self._notify("info", why)

    def _retired_text(self) -> str:
        t = self._t
        if self._closed_room:
            return t("this board's room was closed or taken back since: this board no longer "
                     "follows it (show the board of the room taken back: room.board())")
        return t("a newer board of this room took over: this one no longer follows the room "
                 "(use the newer one)")

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Recompute the synced state from the room (only changed traits are sent). Called by
        the room after a reveal or a changed hand-in, from the watcher's thread too. A
        retired board (:meth:`retire`) stays as it was."""
        with self._lock:
            if self._retired:
                return
            room = self._room
            standings = room.standings()
            figures = standings.final and self._figures_for != len(standings.rows)
            with self.hold_sync():  # the final places and "Drawing the figures…" together
                self.table = board_table(room)
                self.standings = {**board_standings(standings), **board_actions(room, self._t)}
                if figures:
                    self.figures = {"svg": None, "error": None, "pending": True}
            self._refresh_sheet()
            if figures:  # (seconds: matplotlib)
                self._draw_figures()

    def show(self, name: str | None) -> None:
        """Show ``name``'s sheet beside the table (``None`` hides it); raises
        :class:`~nsb_widget.errors.RoomError` for a name nobody has."""
        with self._lock:
            if name is None:
                self._shown, self._shown_version = None, None
                self.sheet = {}
                return
            found = self._room.participant(name)
            self._shown, self._shown_version = found.key, None
            self._refresh_sheet()

    def _refresh_sheet(self) -> None:
        if self._shown is None:
            return
        found = next((p for p in self._room.participants if p.key == self._shown), None)
        if found is None:  # their seat is gone from the folder: so is their sheet
            self._shown, self._shown_version = None, None
            self.sheet = {}
            return
        game = found.game
        version = (id(game), len(game.history)) if game is not None else (0, 0)
        if version == self._shown_version:
            return
        self._shown_version = version
        self.sheet = {"name": found.name, "total": game.score() if game else 0,
                      "map": map_state(game) if game is not None else None,
                      "drawing": sheet_state(game, 0) if game is not None else None,
                      "refusal": found.refusal}

    def _draw_figures(self) -> None:
        """The room's figures as SVG (needs matplotlib and pandas; else the reason)."""
        t = self._t
        try:
            figure = self._room.figures()
        except ImportError:
            self.figures = {"svg": None, "error": t("install matplotlib and pandas for the "
                                                    "figures: pip install \"nsb-widget[plots]\"")}
            self._figures_for = len(self._room.participants)
            return
        except NsbError as exc:
            self.figures = {"svg": None, "error": str(exc)}
            return
        except Exception as exc:  # a bug: say so rather than "Drawing the figures…" for ever
            log.exception("nsb_widget: the board's figures failed")
            error = f"{type(exc).__name__}: {exc}"
            self.figures = {"svg": None, "error": t("internal error: {error}", error=error)}
            return
        buffer = io.StringIO()
        import matplotlib.pyplot as plt

        try:
            figure.savefig(buffer, format="svg")
        finally:
            plt.close(figure)
        self.figures = {"svg": buffer.getvalue(), "error": None}
        self._figures_for = len(self._room.participants)

    # ------------------------------------------------------------------ intents
    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Apply a state update from the front end, except to the board's synced traits and
        its code: Python is their only author (refused, and every view is put back)."""
        protected = BOARD_SYNCED | PROTECTED
        if not isinstance(sync_data, dict):
            return
        refused = [k for k in sync_data if not isinstance(k, str) or k in protected]
        allowed = {k: v for k, v in sync_data.items()
                   if isinstance(k, str) and k not in protected}
        if allowed:
            super().set_state(allowed)
        if refused:
            self.send_state([k for k in refused if isinstance(k, str) and k in self.keys])
            t = self._t
            self._notify("error", t("refused a change of {names} from the page: the game's "
                                    "state and code come from Python only",
                                    names=", ".join(str(k)[:40] for k in refused[:10])))

    def _on_message(self, _widget: object, content: object, buffers: object) -> None:
        t = self._t
        try:
            if buffers:
                raise IntentError(t("messages must not carry binary buffers"))
            intent = parse_board_intent(content, t)
            self._dispatch(intent)
        except NsbError as exc:
            self._notify("error", str(exc))
        except Exception as exc:  # a bug must not kill the kernel or the room
            log.exception("nsb_widget: internal error in the board while handling %s",
                          _describe(content))
            error = f"{type(exc).__name__}: {exc}"
            self._notify("error", t("internal error: {error}", error=error))

    def _dispatch(self, intent: _Intent) -> None:
        t = self._t
        room = self._room
        if self._retired and intent.kind != "hide":  # a newer board took over: it shows
            self._notify("error", self._retired_text())  # an older room (a sheet may close)
            return
        if room.read_only and intent.kind in ("reveal", "end", "figures", "export"):
            # A participant's board: nothing of the teacher's (its page shows no such button).
            self._notify("error", t("this board is your view of the room: only the teacher's "
                                    "board turns cards over, ends the game and exports"))
            return
        if room.read_only and intent.kind == "show" and not room.standings().final:
            self._notify("info", t("the others' sheets can be opened once the places are "
                                   "final"))
            return
        if intent.kind == "reveal":
            if intent.turn is not None and intent.turn != len(room.turns):
                return  # clicked for a turn already turned over (a double click): done
            room.reveal()
            self._notify("info", "")
        elif intent.kind == "end":
            if room.is_ended or (intent.turn is not None and intent.turn != len(room.turns)):
                return  # a double click, or a click on a board that was not up to date
            room.end()
            self._notify("info", "")
        elif intent.kind == "show":
            self.show(intent.name)
        elif intent.kind == "hide":
            self.show(None)
        elif intent.kind == "figures":
            why = board_actions(room, t)["why_not_figures"]
            if why is not None:  # no finished game to draw: say so, change nothing
                self._notify("info", why)
                return
            with self._lock:
                self.figures = {"svg": None, "error": None, "pending": True}
                self._draw_figures()
        elif intent.kind == "export":
            why = board_actions(room, t)["why_not_export"]
            if why is not None:  # nothing to write: say so, write nothing
                self._notify("info", why)
                return
            folder = room.export()
            count = sum(p.game is not None for p in room.participants)
            self._notify("success", t.ngettext(
                "Exported to {folder}: standings.csv and {n} sheet",
                "Exported to {folder}: standings.csv and {n} sheets", count).format(
                    folder=str(folder), n=count))

    def _notify(self, level: str, text: str) -> None:
        self._notice_id += 1
        self.notice = {"id": self._notice_id, "level": level, "text": _clip(text, MAX_NOTICE)}

    def close(self) -> None:
        """Stop following the room and close the widget; the room's watcher that this board
        started stops too (one started by ``room.watch()`` keeps running)."""
        unsubscribe = getattr(self, "_unsubscribe", None)
        if unsubscribe is not None:
            unsubscribe()
        room = getattr(self, "_room", None)
        if room is not None:
            room._board_closed(self)
        super().close()
