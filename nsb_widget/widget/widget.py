"""The Jupyter widget: a thin anywidget layer over a :class:`~nsb_widget.rules.game.Game`.

Python holds the game and is the only authority on the rules. The front end draws the synced
traits (see ``docs/widget-protocol.md``) and sends intents, which are validated here and
played through the engine. A move played from a cell (``game.play(...)``) reaches every open
view, because each widget subscribes to its game's events.

Every text is in the game's language (:attr:`Game.language`): the engine's messages come
translated, the widget's own through the ``widget`` gettext catalogue, and the front end's in the
``strings`` trait (:mod:`nsb_widget.widget.strings`), sent again when the language changes.
"""

from __future__ import annotations

import base64
import itertools
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from ..bots import Bot, play_turn
from ..bots.checked import CheckedBot, bot_name, checked
from ..bots.hint import Hint, position_key, suggest
from ..bots.registry import bot_from
from ..errors import ArgumentError, IllegalMoveError, NsbError, PlayerError
from ..game import Game
from ..i18n import Translator, resolve_language, translator
from ..rules.game import GameEvent, Phase
from ..rules.moves import Draw, Move, Pass, UsePower
from .intents import (
    DrawIntent,
    ExportResultIntent,
    HintIntent,
    IntentError,
    NewGameIntent,
    PassIntent,
    PowerIntent,
    RevealIntent,
    SelectPlayerIntent,
    UndoIntent,
    parse_intent,
)
from .seat_state import seat_info, seat_status
from .state import (
    action_data,
    game_info_state,
    hints_state,
    map_state,
    scores_state,
    sheet_state,
    turn_state,
    widget_translator,
)
from .strings import strings_state

if TYPE_CHECKING:
    from ..room.seat import Seat

STATIC = Path(__file__).parent / "static"
#: The synced traits: written by Python only. A write from the front end is refused.
SYNCED = frozenset({"map_data", "game_info", "sheet", "turn", "hints", "scores", "notice",
                    "strings"})
#: Traits the page must not write either: the front-end code and style (``_esm``, ``_css``)
#: and what names the model and view classes to load.
PROTECTED = SYNCED | frozenset({
    "_esm", "_css", "_anywidget_id", "_model_name", "_model_module", "_model_module_version",
    "_view_name", "_view_module", "_view_module_version"})
#: Longest notice text: an error never repeats a large input whole.
MAX_NOTICE = 300
#: How many hints a widget remembers (the most recent positions): asked again in one of them,
#: the widget shows the same hint without searching again.
HINT_MEMORY = 64
log = logging.getLogger(__name__)


def _check_player(player: object, players: int, t: Translator, bot: bool = False) -> int:
    """``player`` if it is an ``int`` from 0 to ``players - 1``; else :class:`PlayerError`
    (an :class:`ArgumentError`), as the game raises (``bot``: the player of a bot)."""
    if type(player) is not int or not 0 <= player < players:
        last, value = players - 1, _short(player, t=t)
        if bot and players == 1:
            raise PlayerError(t("a solo game has no seat for a bot (got {value}): for bot "
                                "players, start a game with more players, e.g. "
                                "Game.new(players=2, ...)", value=value))
        raise PlayerError(
            t("a bot's player must be an int from 0 to {last}, got {value}", last=last,
              value=value) if bot
            else t("player must be an int from 0 to {last}, got {value}", last=last, value=value))
    return player


def _short(value: object, limit: int = 40, t: Translator | None = None) -> str:
    """A repr of ``value`` cut to ``limit`` characters (safe for huge or odd values; a huge
    integer is described in ``t``'s language, English for logs without one)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = int(value.bit_length() * 0.30103)
        return (t("an integer of about {digits} digits", digits=digits) if t is not None
                else f"an integer of about {digits} digits")
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the real problem
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _clip(text: str, limit: int = MAX_NOTICE) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _error_text(error: Exception, limit: int = 200) -> str:
    """An error for a notice: its message (with its type unless it is one of ours), cut to
    ``limit``; never raises, whatever the error's ``__str__`` does."""
    try:
        text = str(error)
    except Exception:
        text = ""
    if not isinstance(error, NsbError):
        text = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return _clip(text, limit)


class BerlinWidget(anywidget.AnyWidget):
    """Play a game of Next Station (Berlin or London, by the game's map) by clicking its map.

    ``BerlinWidget(game, player=0, bots={1: "greedy"}, language="de")`` shows ``player``'s
    sheet; ``language`` (``"en"``, ``"de"``, ``"fr"``) sets the game's :attr:`Game.language`
    (the widget shows the game's language, by default the environment's); players
    listed in ``bots`` are played by bots as soon as a card is revealed, and the panel says
    what each drew (``bot_seed`` seeds their chance, to replay their choices). The Hint
    button (key ``h``) asks ``hint_bot`` (a bot's name or a bot; default the search bot with
    its budget of at most 1 s) what to do now: the suggestion is shown on the map and never
    played. The same position gives the same hint: the widget remembers the hints it gave
    (:meth:`hint`). Without a game, a new solo Berlin game is started. The front end draws
    what the game's ruleset describes (its cards, score terms and pencil powers), so the same
    widget plays every city. Also available as :data:`NsbWidget`.

    ``seat`` (a :class:`~nsb_widget.room.Seat`, as ``seat.widget()`` gives it) shows a
    participant's game in a classroom: in a room dealt by the teacher there is no Reveal and no
    New game (the cards come by themselves), and the panel says where the participant stands.
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    map_data = traitlets.Dict().tag(sync=True, echo_update=False)
    """The static map (sent once)."""
    game_info = traitlets.Dict().tag(sync=True, echo_update=False)
    """What stays fixed for a game: players, effects, objectives (sent once a game)."""
    sheet = traitlets.Dict().tag(sync=True, echo_update=False)
    """The shown player's drawing."""
    turn = traitlets.Dict().tag(sync=True, echo_update=False)
    """Round, cards, stack counts and the players' progress."""
    hints = traitlets.Dict().tag(sync=True, echo_update=False)
    """The shown player's legal sections, computed by the engine."""
    scores = traitlets.Dict().tag(sync=True, echo_update=False)
    """The shown player's score sheet (stations and districts as indices)."""
    notice = traitlets.Dict().tag(sync=True, echo_update=False)
    """The last message for the user (errors, announcements)."""
    strings = traitlets.Dict().tag(sync=True, echo_update=False)
    """Every text of the front end in the game's language (sent again when it changes)."""

    def __init__(
        self,
        game: Game | None = None,
        player: int = 0,
        bots: Mapping[int, str | Bot] | None = None,
        bot_seed: int | None = None,
        hint_bot: str | Bot = "search",
        language: str | None = None,
        seat: Seat | None = None,
        **kwargs: Any,
    ) -> None:
        # An unknown language fails before anything changes (the game's language included).
        chosen = None if language is None else resolve_language(language)
        if seat is not None and game is not None and game is not seat.game:
            raise ArgumentError("a seat's widget shows the seat's own game: give no other game")
        if seat is not None:
            game = seat.game
        self._seat = seat
        self._game = game if game is not None else Game.new(language=chosen)
        t = translator(chosen if chosen is not None else self._game.language, "widget")
        _check_player(player, self._game.players, t)
        if bots is not None and not isinstance(bots, Mapping):
            raise ArgumentError(f"bots maps players to bots, like {{1: 'greedy'}}, not "
                                f"{_short(bots)}")
        for p in bots or {}:
            _check_player(p, self._game.players, t, bot=True)
        # Each bot checked now (a name it knows, an object with a name and choose()) and each
        # of its choices when it plays: a failing bot passes its turn, the game goes on.
        self._bots: dict[int, CheckedBot] = {
            p: checked(bot_from(b, f"bots[{p}]"), p) for p, b in (bots or {}).items()}
        if player in self._bots:
            raise ArgumentError(t("player {player} is shown in the widget, so cannot be a bot",
                                  player=player))
        self._hint_bot = bot_from(hint_bot, "hint_bot")
        self._player = player
        self._rng = random.Random(bot_seed)
        # The hints given, by the shown player's position and the language they are worded in.
        self._hints_given: OrderedDict[tuple[str, str], Hint] = OrderedDict()
        self._version = 0
        self._refusal: int | None = None  # the notice id of a refused hint (cleared like errors)
        self._notice_id = 0
        # The announcement as a function of the language, so a new language rewrites it.
        self._announcement: Callable[[Translator], str] | None = None
        self._exports: dict[int, Callable[[str, str], None]] = {}
        self._export_ids = itertools.count(1)
        self._busy = False
        self._thinking: list[int] = []  # the bots choosing their move now
        # The Reveal or Pass just done and the version it left: a repeat is ignored.
        self._just_done: tuple[type, int] | None = None
        if chosen is not None and self._game.language != chosen:
            self._game.language = chosen  # every view of this game follows
        super().__init__(map_data=map_state(self._game),
                         strings=strings_state(self._game.language), **kwargs)
        self._unsubscribe = self._game.subscribe(self._on_game_event)
        self._unsubscribe_seat = None if seat is None else seat.subscribe(self._on_seat)
        self.on_msg(self._on_message)
        self._run_bots()
        self.refresh()

    # ------------------------------------------------------------------ public API
    @property
    def game(self) -> Game:
        """The game shown (shared with the notebook: play on it from a cell). It stays the
        same object for the widget's whole life: "New game" deals again in place."""
        return self._game

    @property
    def language(self) -> str:
        """The language of the widget's texts: the game's (:attr:`Game.language`). Setting it
        sets the game's, so every view of the game follows; an unknown language raises
        :class:`ArgumentError` and changes nothing."""
        return self._game.language

    @language.setter
    def language(self, language: str | None) -> None:
        self._game.language = language

    @property
    def _t(self) -> Translator:
        """The widget's messages in the game's language."""
        return widget_translator(self._game)

    @property
    def player(self) -> int:
        """The player whose sheet is shown."""
        return self._player

    def show_player(self, player: int) -> None:
        """Show another player's sheet. A player that is not in the game (or not an ``int``)
        raises :class:`ArgumentError` and leaves the shown sheet as it was."""
        self._player = _check_player(player, self._game.players, self._t)
        self._version += 1  # another sheet: a hint asked for the previous one is stale
        self.refresh()

    def new_game(self, seed: int | None = None) -> Game:
        """Deal a new game on the same :class:`Game` object (:meth:`Game.restart`): same
        players, names and modules, a new seed (also after a scenario game). A notebook's
        ``game`` variable and every widget on that game follow; returns the game."""
        self._game.restart(seed)
        return self._game

    def to_svg(self) -> str:
        """The shown sheet as a standalone SVG document (rendered in Python)."""
        return self._game.svg(self._player)

    def save_svg(self, path: str | Path) -> None:
        """Write the shown sheet as SVG."""
        Path(path).write_text(self.to_svg(), encoding="utf-8")

    def save_png(self, path: str | Path) -> None:
        """Write the shown sheet as PNG.

        Uses cairosvg when installed; otherwise asks an open view of the widget to draw the
        PNG and writes the file when it answers (the widget must be displayed).
        """
        try:
            import cairosvg
        except ImportError:
            def write(fmt: str, data: str) -> None:
                Path(path).write_bytes(base64.b64decode(data))

            self.request_export("png", write)
            return
        cairosvg.svg2png(bytestring=self.to_svg().encode(), write_to=str(path),
                         output_width=1000)

    def request_export(self, fmt: str, callback: Callable[[str, str], None]) -> int:
        """Ask the front end for the sheet as ``"svg"`` or ``"png"`` (base64); ``callback(format,
        data)`` runs when a view answers. Returns the request id."""
        if fmt not in ("svg", "png"):
            t = self._t
            raise ArgumentError(t("format must be 'svg' or 'png'"))
        request = next(self._export_ids)
        self._exports[request] = callback
        self.send({"type": "export_request", "id": request, "format": fmt})
        return request

    def refresh(self) -> None:
        """Recompute the synced state from the game (only changed traits are sent)."""
        game, player = self._game, self._player
        self.strings = strings_state(game.language)
        self.game_info = {**game_info_state(game, self._bots), "room": seat_info(self._seat)}
        self.sheet = sheet_state(game, player)
        self.hints = {**hints_state(game, player, self._bots), "version": self._version}
        self.scores = scores_state(game, player)
        announcement = None if self._announcement is None else self._announcement(self._t)
        turn = turn_state(game, player, announcement, self._bots, self._thinking)
        if self._seat is not None:
            turn["room"] = seat_status(self._seat)
            turn["can_reveal"] = turn["can_reveal"] and not self._seat.info.dealt
        self.turn = turn

    def close(self) -> None:
        """Stop following the game and close the widget."""
        for name in ("_unsubscribe", "_unsubscribe_seat"):  # unset when __init__ refused
            unsubscribe = getattr(self, name, None)
            if unsubscribe is not None:
                unsubscribe()
        super().close()

    def _on_seat(self) -> None:
        """The seat's status changed (a card arrived, a hand-in failed): redraw, holding the
        game's lock (the seat's follower thread calls this)."""
        if self._seat is not None:
            self._seat.game.locked(self.refresh)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Apply a state update from the front end, except to the game's synced traits and the
        front-end code (``_esm``, ``_css``, the model and view names): Python is their only
        author, so such writes are refused and every view is put back. A value another trait
        refuses is rolled back the same way."""
        t = self._t
        if not isinstance(sync_data, dict):
            self._notify("error", t("refused a state update from the page: not an object"))
            return
        refused = sorted(_short(k, t=t) if not isinstance(k, str) else _clip(k, 40)
                         for k in sync_data if k in PROTECTED or not isinstance(k, str))
        allowed = {k: v for k, v in sync_data.items()
                   if isinstance(k, str) and k not in PROTECTED}
        if allowed:
            known = [k for k in allowed if k in self.keys]
            before = {k: getattr(self, k) for k in known}
            try:
                super().set_state(allowed)
            except Exception as exc:  # e.g. a TraitError: put the traits and every view back
                for k, v in before.items():
                    if getattr(self, k) is not v:
                        self.set_trait(k, v)
                if known:
                    self.send_state(known)
                error = f"{type(exc).__name__}: {exc}"
                self._notify("error", t("refused a state update from the page: {error}",
                                        error=error))
                return
        if refused:
            put_back = [k for k in refused if k in PROTECTED]
            if put_back:
                self.send_state(put_back)
            shown = refused if len(refused) <= 10 else [*refused[:10], "..."]
            self._notify("error", t("refused a change of {names} from the page: the game's "
                                    "state and code come from Python only",
                                    names=", ".join(shown)))

    # ------------------------------------------------------------------ events and intents
    def _on_game_event(self, event: GameEvent) -> None:
        """Follow a change of the game; a failure here is this widget's own, shown in it (the
        game has changed already and stays playable)."""
        try:
            self._follow(event)
        except Exception as exc:  # a bug must not reach the code that changed the game
            log.exception("nsb_widget: internal error while following a %r event", event.kind)
            t = self._t
            self._notify("error", t("internal error: {error}", error=_error_text(exc)))

    def _follow(self, event: GameEvent) -> None:
        self._version += 1  # any change of the game makes a hint asked before it stale
        if event.kind != "language" and self.notice.get("text"):
            # A notice belongs to the moment that caused it: the game moved on, it goes.
            self._notify("info", "")
        if event.kind == "language":
            # The same game in other words: the map's names are sent again, the notice (about
            # the last action, in the old language) is cleared; refresh() writes the rest.
            self.map_data = map_state(self._game)
            self._notify("info", "")
        elif event.kind == "restart":
            self._announcement = lambda t: t("New game")
            self._run_bots()
        elif event.kind == "reveal" and self._game.is_last_turn:
            number = self._game.round
            self._announcement = lambda t: t("Last card of round {round}: the round ends after "
                                             "this turn", round=number)
        elif event.kind == "reveal":
            self._announcement = None
        elif event.kind == "undo":
            self._announcement = None
            self._say_taken_back(event.action)
        elif event.kind == "round_scored":
            last = self._game.round_scores(self._player)[-1]
            number, score = last.round, last.score
            self._announcement = lambda t: t.ngettext(
                "Round {round} scored: {points} point", "Round {round} scored: {points} points",
                score).format(round=number, points=score)
        elif event.kind == "game_over":
            total = self._game.score(self._player)
            self._announcement = lambda t: t.ngettext(
                "Game over: final result {points} point", "Game over: final result {points} points",
                total).format(points=total)
        if event.kind == "reveal":
            self._run_bots()
        if event.last and not self._busy:
            self.refresh()

    def _say_taken_back(self, action: object) -> None:
        """After an undo on the shown sheet, say what it took back ("Taken back: C4–D5", "Taken
        back: the Joker power"): the notice carries the action as data (``taken_back``), which
        the front end words as the bots' moves and the hints are; ``text`` is Python's wording
        (the section in the library's notation)."""
        if not isinstance(action, Draw | Pass | UsePower) or action.player != self._player:
            return
        game, t = self._game, self._t
        if isinstance(action, Draw):
            data = action_data(game, action.move)
            text = t("Taken back: {section}", section=str(action.move))
        elif isinstance(action, UsePower):
            data = action_data(game, power=(action.power, action.station))
            title = data["power"]["title"]
            text = (t("Taken back: the {power} power on {station}", power=title,
                      station=action.station)
                    if action.station else t("Taken back: the {power} power", power=title))
        else:
            data = action_data(game)
            text = t("Taken back: your pass")
        self._notify("info", text, taken_back=data)

    def _run_bots(self) -> None:
        if not self._bots or self._busy or self._game.phase is not Phase.DRAW:
            return
        pending = [p for p in self._bots if not self._game.has_finished_turn(p)]
        if not pending:
            return
        self._busy = True
        failed: list[tuple[int, Exception]] = []
        try:
            for p in pending:
                # Show the card and who is thinking before a bot takes its time (the search
                # bot about 1 s): the page says so while the kernel is busy.
                self._thinking = [q for q in pending if not self._game.has_finished_turn(q)]
                self.refresh()
                try:
                    play_turn(self._game, p, self._bots[p], self._rng)
                except Exception as exc:  # nothing of the failed choice was played
                    failed.append((p, exc))
                    self._bot_failed(p, exc)
        finally:
            self._thinking = []
            self._busy = False
        if failed:  # after the bots' moves, whose events clear the notice
            self._report_bot_failures(failed)

    def _bot_failed(self, player: int, error: Exception) -> None:
        """A bot raised or chose what the rules forbid: log it with its traceback and finish
        its turn by passing, so the game goes on (the bot plays again next turn)."""
        log.error("nsb_widget: the bot of player %d failed; it passes this turn", player + 1,
                  exc_info=error)
        if not self._game.is_over and not self._game.has_finished_turn(player):
            self._game.pass_turn(player)

    def _report_bot_failures(self, failed: list[tuple[int, Exception]]) -> None:
        """Say in the widget which bots failed, why, and that they passed."""
        t = self._t
        lines = [t("{name}'s bot failed and passes this turn: {error}",
                   name=self._game.player_name(p), error=_error_text(error))
                 for p, error in failed]
        self._notify("error", " ".join(lines))

    def _on_message(self, _widget: object, content: object, buffers: object) -> None:
        t = self._t
        try:
            if buffers:
                raise IntentError(t("messages must not carry binary buffers"))
            intent = parse_intent(content, len(self._game.map.stations), self._game.players,
                                  self._player, self._game.ruleset.line_ids, t)
            before = self._notice_id
            self._dispatch(intent)
            if self._seat is not None and isinstance(
                    intent, DrawIntent | PassIntent | UndoIntent | PowerIntent):
                self._seat.sync()  # the room's next card, if it is out
            if self._notice_id == before and (self.notice.get("level") in ("error", "success")
                                              or self.notice.get("id") == self._refusal):
                self._notify("info", "")  # the action worked: clear the last error or news
        except IllegalMoveError as exc:
            self._notify("error", exc.illegality.message, exc.reason.value)
        except NsbError as exc:
            self._notify("error", str(exc))
        except Exception as exc:  # a bug must not kill the kernel or corrupt the game
            log.exception("nsb_widget: internal error while handling %s",
                          _short(content, 500))
            error = f"{type(exc).__name__}: {exc}"
            self._notify("error", t("internal error: {error}", error=error))

    def _dispatch(self, intent: object) -> None:
        game, player, t = self._game, self._player, self._t
        if (isinstance(intent, DrawIntent | PassIntent | UndoIntent | PowerIntent)
                and player in self._bots):
            raise NsbError(t("{name} is played by a bot", name=game.player_name(player)))
        if (isinstance(intent, RevealIntent | PassIntent)
                and self._just_done == (type(intent), self._version)):
            # The second click of a double-click (or of two views) arrives after the first was
            # done: the same action again with nothing changed since is no mistake, ignore it.
            return
        if isinstance(intent, RevealIntent):
            game.reveal()
        elif isinstance(intent, DrawIntent):
            self._draw(intent)
        elif isinstance(intent, PassIntent):
            game.pass_turn(player)
        elif isinstance(intent, UndoIntent):
            game.undo(player)  # the undo event refreshes every view
        elif isinstance(intent, NewGameIntent):
            self.new_game()
        elif isinstance(intent, SelectPlayerIntent):
            self.show_player(intent.player)
        elif isinstance(intent, PowerIntent):
            self._use_power(intent)
        elif isinstance(intent, HintIntent):
            self._hint(intent)
        elif isinstance(intent, ExportResultIntent):
            callback = self._exports.pop(intent.id, None)
            if callback is None:
                raise IntentError(t("no export request {id} is waiting", id=intent.id))
            if intent.error:
                raise NsbError(t("the {format} export failed: {error}",
                                       format=intent.format.upper(), error=intent.error))
            callback(intent.format, intent.data)
        if isinstance(intent, RevealIntent | PassIntent):
            self._just_done = (type(intent), self._version)

    def hint(self) -> Hint:
        """The hint bot's suggestion for the shown player now (what the Hint button shows).
        Nothing is played. Raises :class:`NsbError` saying what to do when there is nothing to
        hint (no card revealed, the turn finished, a bot's sheet, the game over).

        Asked again in the same position (the cards revealed and the player's own actions,
        :func:`~nsb_widget.bots.hint.position_key`), the widget gives the hint it gave before
        (in the same language) instead of searching again: a time-budgeted search may rank two
        close choices differently from one search to the next, which would read as a random
        hint. A new position gets a new search; going back to an earlier one (Undo) gives its
        hint again, while the widget remembers it (its last :data:`HINT_MEMORY` positions)."""
        problem = self._why_no_hint()
        if problem is not None:
            raise NsbError(problem)
        return self._suggestion()

    def _suggestion(self) -> Hint:
        """The hint for the shown player now: the one given before in this position, or a new
        search (remembered when it succeeds)."""
        key = (position_key(self._game, self._player), self._game.language)
        found = self._hints_given.get(key)
        if found is None:
            found = suggest(self._game, self._player, self._hint_bot)
            self._hints_given[key] = found
            while len(self._hints_given) > HINT_MEMORY:
                self._hints_given.popitem(last=False)
        self._hints_given.move_to_end(key)
        return found

    def _why_no_hint(self) -> str | None:
        game, player, t = self._game, self._player, self._t
        if self._seat is not None and not self._seat.info.hints:
            return t("The teacher turned hints off in this room.")
        if player in self._bots:
            return t("{name} is played by a bot: show your own sheet (Sheet of) to ask for a "
                     "hint.", name=game.player_name(player))
        if game.is_over:
            return t("The game is over: New game starts another one.")
        if game.phase is not Phase.DRAW:
            if game.turn == 0 and not game.history:
                return t("No card is revealed yet: reveal the first card (R), then ask for a "
                         "hint.")
            return t("No card to draw for: reveal the next card (R), then ask for a hint.")
        if game.has_finished_turn(player):
            waiting = [game.player_name(p) for p in game.waiting_for()]
            if waiting:
                return t("Your turn is finished: waiting for {names}.", names=", ".join(waiting))
            return t("Your turn is finished: reveal the next card (R).")
        return None

    def _hint(self, intent: HintIntent) -> None:
        """Answer a hint request with a ``hint`` custom message (see the protocol)."""
        version, player = self._version, self._player
        reply: dict[str, Any] = {"type": "hint", "version": version, "player": player,
                                 "hint": None}
        if intent.version is not None and intent.version != version:
            # Asked for a game that has changed since: drop it (the page shows the new state).
            self.send({**reply, "stale": True})
            return
        problem = self._why_no_hint()
        if problem is not None:
            self._notify("info", problem)
            self._refusal = self._notice_id
            self.send({**reply, "refused": _clip(problem)})
            return
        started = time.monotonic()
        try:
            found = self._suggestion()
        except Exception as exc:  # the hint bot's failure, not the game's (it played a copy)
            log.exception("nsb_widget: the hint bot failed")
            t = self._t
            failed = t("The hint bot {name} failed: {error}",
                       name=bot_name(self._hint_bot), error=_error_text(exc))
            self._notify("error", failed)
            self._refusal = self._notice_id
            self.send({**reply, "refused": _clip(failed)})
            return
        if self._version != version:  # pragma: no cover - suggest() plays on a copy
            self.send({**reply, "stale": True})
            return
        reply["hint"] = self._hint_data(found)
        reply["seconds"] = round(time.monotonic() - started, 3)
        self.send(reply)

    def _hint_data(self, found: Hint) -> dict[str, Any]:
        """A hint with stations as indices and the line as the map's line id."""
        out = action_data(self._game, found.move, found.power)
        out.update(reason=found.reason, terms=[],
                   expected=None if found.expected is None else round(found.expected, 1))
        if found.explanation is not None:
            out["terms"] = [{"id": t.id, "label": t.label, "before": t.before, "after": t.after}
                            for t in found.explanation.terms]
        return out

    def _use_power(self, intent: PowerIntent) -> None:
        game, player = self._game, self._player
        station = None if intent.station is None else game.map.labels[intent.station]
        problem = game.why_power_illegal(intent.power, station, player=player)
        if problem is not None:
            self._notify("error", problem.message, problem.reason.value, intent.station)
            return
        info = self.hints.get("power") or {}
        title = info.get("title") or intent.power
        game.use_power(intent.power, station, player=player)
        t = self._t
        self._notify("success", t("{power} power used on {station}.", power=title,
                                  station=station)
                     if station else t("{power} power used.", power=title))

    def _draw(self, intent: DrawIntent) -> None:
        game, player, t = self._game, self._player, self._t
        ruleset = game.ruleset
        labels = game.map.labels
        target = labels[intent.target]
        # Moves carry the ruleset's line value (None where a round has one line).
        line = (None if intent.line is None
                else ruleset.line_value(ruleset.line_ids.index(intent.line)))
        candidates = [
            m for m in game.legal_moves(player)
            if m.target == target
            and (intent.origin is None or m.origin == labels[intent.origin])
            and (intent.line is None or m.line == line)
        ]
        origins = {m.origin for m in candidates}
        if len(origins) > 1:
            raise NsbError(t("{station} can be reached from {origins}: click the station to "
                             "start from first", station=target,
                             origins=", ".join(sorted(origins))))
        if candidates:
            game.play(candidates[0], player)
            return
        # Nothing legal: let the engine say why.
        if intent.origin is not None:
            lines = [intent.line] if intent.line else [str(ln) for ln in game.open_lines(player)]
            line = game.ruleset.line_value(game.ruleset.line_ids.index(lines[0])) if lines else (
                game.ruleset.line_value(0))
            move = Move(line, labels[intent.origin], target)
            problem = game.why_illegal(move, player)
        else:
            problem = game.why_unreachable(target, player)
        if problem is None:  # pragma: no cover - the candidates above would have found it
            raise NsbError(t("cannot draw to {station}", station=target))
        self._notify("error", problem.message, problem.reason.value, intent.target)

    def _notify(self, level: str, text: str, reason: str | None = None,
                station: int | None = None, taken_back: dict[str, Any] | None = None) -> None:
        self._notice_id += 1
        notice: dict[str, Any] = {"id": self._notice_id, "level": level,
                                  "text": _clip(str(text)), "reason": reason, "station": station}
        if taken_back is not None:
            notice["taken_back"] = taken_back
        self.notice = notice


NsbWidget = BerlinWidget
"""The widget under a city-neutral name (the same class)."""
