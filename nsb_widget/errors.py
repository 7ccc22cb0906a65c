"""Every error the library raises on purpose, and the reasons a move is illegal.

All of them derive from :class:`NsbError`, so ``except NsbError`` catches a user's mistake
without hiding a bug. Each message says what went wrong and why, in words.
"""

from __future__ import annotations

import difflib
import enum
import numbers
import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass


class Reason(str, enum.Enum):
    """The rule a move breaks. The value is a stable identifier for code and front ends."""

    GAME_OVER = "game_over"
    """The game has ended."""
    NO_CARD = "no_card"
    """No card has been revealed for this turn yet."""
    TURN_DONE = "turn_done"
    """The player has already drawn (or passed) this turn."""
    NO_SUCH_PLAYER = "no_such_player"
    """The player number does not exist in this game."""
    NOTATION = "notation"
    """Text that does not read as a move."""
    UNKNOWN_STATION = "unknown_station"
    """A station label that is not on the map."""
    WRONG_LINE = "wrong_line"
    """The revealed card is for the other line (Berlin)."""
    SLOT_USED = "slot_used"
    """The switch section for this line has already been drawn this turn."""
    NOT_AN_END = "not_an_end"
    """The section does not start at an end of the line."""
    NOT_ON_LINE = "not_on_line"
    """With a switch, the section does not start at a station of the line (also: a station
    circled with a power is not on the line)."""
    SAME_STATION = "same_station"
    """The section starts and ends at the same station."""
    NOT_STRAIGHT = "not_straight"
    """The stations are not on a common row, column or 45-degree diagonal."""
    THROUGH_STATION = "through_station"
    """The straight line between the stations passes through another station."""
    NO_SECTION = "no_section"
    """The map has no dashed line between the two stations."""
    WRONG_SYMBOL = "wrong_symbol"
    """The target station does not show the card's symbol."""
    LOOP = "loop"
    """The target station is already on this line (no loops)."""
    SECTION_TAKEN = "section_taken"
    """A section is already drawn between these two stations."""
    CROSSES = "crosses"
    """The section would cross an already drawn section."""
    NO_POWER = "no_power"
    """The player holds no pencil power, or not this one (London)."""
    POWER_USED = "power_used"
    """The pencil's power has already been used this round (London)."""
    POWER_NOT_NOW = "power_not_now"
    """The power cannot be used at this moment (e.g. after the turn's section is drawn)."""


@dataclass(frozen=True, slots=True)
class Illegality:
    """Why a move is illegal: ``reason`` for code (the same in every language), ``message``
    for people (in the game's language, see :attr:`~nsb_widget.rules.game.Game.language`)."""

    reason: Reason
    message: str

    def __str__(self) -> str:
        return self.message


class NsbError(Exception):
    """Base class of the errors raised by nsb_widget."""


#: Longest piece of a caller's input that an error message repeats.
QUOTE_LIMIT = 40


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters plus "…". Never
    raises: a ``str`` subclass is quoted as plain text, an object whose ``repr`` fails by its
    type's name."""
    if isinstance(value, str):
        value = str.__str__(value)  # plain text: a subclass's len, slicing or repr are not used
        if len(value) > limit:
            return repr(value[:limit]) + "…"
        return repr(value)
    try:
        text = repr(value)
    except Exception:  # a caller's object whose repr fails: name its type
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"


def plain_int(value: object) -> object:
    """``value`` as a plain ``int`` when it is a whole number of another integer type (numpy's
    ``int64``, as every number read from a pandas table is), else ``value`` unchanged, for
    the usual check to accept or refuse. A ``bool`` stays a ``bool`` (``True`` is no
    player, seed or count). Never raises."""
    if type(value) is int or isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return value
    try:
        return operator.index(value)
    except Exception:  # an Integral whose __index__ fails: refused as it is
        return value


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters plus "…"."""
    text = str.__str__(text)  # plain text, whatever subclass
    return text if len(text) <= limit else text[:limit] + "…"


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """``" (did you mean 'players'?)"`` for the choice closest to ``word`` (text, compared in
    lower case), or ``""`` when none is close: for a message about a misspelt name."""
    if not isinstance(word, str) or len(word) > QUOTE_LIMIT:
        return ""
    found = difflib.get_close_matches(str.lower(str.__str__(word)).strip(), list(choices), n=1)
    return f" (did you mean {found[0]!r}?)" if found else ""


#: Other words for a keyword, as other libraries and the games' own texts say them: a call given
#: one is pointed at this library's word (``city="london"``: did you mean ``map``?).
KEYWORD_ALIASES = {"city": "map", "board": "map", "n": "games", "n_games": "games",
                   "num_games": "games", "count": "games", "jobs": "workers",
                   "n_jobs": "workers", "processes": "workers", "lang": "language",
                   "locale": "language", "random_state": "seed", "rng": "seed",
                   "module": "modules"}


def unknown_keywords(unknown: Iterable[str], known: Iterable[str]) -> str:
    """``"bot (did you mean 'bots'?), colour"``: keywords a call does not take, for a message
    like ``"simulate() takes no ..."``, each misspelt one pointed at the closest of
    ``known``, or at the word this library uses for it (:data:`KEYWORD_ALIASES`)."""
    choices = list(known)

    def hint(word: str) -> str:
        alias = KEYWORD_ALIASES.get(str.__str__(word).lower()) if isinstance(word, str) else None
        if alias in choices:
            return f" (did you mean {alias!r}?)"
        return did_you_mean(word, choices)

    return ", ".join(shorten(word) + hint(word) for word in sorted(unknown))


@dataclass(frozen=True)
class Problem:
    """One problem found in a file, with where it is."""

    where: str
    """Location in the file, e.g. ``"stations[12] (C4)"`` or ``"district_grid row 3"``."""
    message: str
    """What is wrong, in words."""

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


class FileFormatError(NsbError, ValueError):
    """A file (map or saved game) that cannot be used; lists every problem found."""

    kind = "file"

    def __init__(self, source: str, problems: list[Problem]) -> None:
        self.source = source
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        count = len(self.problems)
        plural = "s" if count != 1 else ""
        super().__init__(f"invalid {self.kind} {source}: {count} problem{plural}\n{lines}")


class MapError(FileFormatError):
    """A map file that fails validation."""

    kind = "map"


class SaveFileError(FileFormatError):
    """A saved game that cannot be loaded."""

    kind = "saved game"


class RoomFileError(FileFormatError):
    """A classroom's file (its room, table or a participant's seat) that is damaged, from
    another version of the library or from another room; lists every problem found."""

    kind = "room file"


class IllegalMoveError(NsbError, ValueError):
    """A move that the rules forbid. The game is left exactly as it was.

    ``reason`` is a :class:`Reason` for code; ``str(error)`` is a sentence naming the player,
    the move (a :class:`~nsb_widget.rules.moves.Move` or the text given, cut to a short prefix)
    and the reason (no player number when the player does not exist), in the game's language
    (``translate`` is the game's :class:`~nsb_widget.i18n.Translator`; English without one).
    """

    def __init__(self, player: int, move: object, illegality: Illegality, *,
                 translate: Callable[..., str] | None = None) -> None:
        self.player = player
        self.move = move
        self.illegality = illegality
        self.reason: Reason = illegality.reason
        t = translate if translate is not None else _english
        try:
            shown = shorten(str(move))
        except Exception:  # a caller's object whose str fails: its repr, or its type
            shown = quote(move)
        # No "player n:" for a player that does not exist (the reason says so).
        if (type(player) is int and player >= 0
                and illegality.reason is not Reason.NO_SUCH_PLAYER):
            text = t("player {number}: {move} is illegal: {why}", number=player + 1,
                     move=shown, why=illegality.message)
        else:
            text = t("{move} is illegal: {why}", move=shown, why=illegality.message)
        super().__init__(text)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickles with its message as written (in the game's language) and its fields, as a
        worker process sends it back."""
        return (_rebuilt_move_error, (type(self), str(self), self.player, self.move,
                                      self.illegality))


def _rebuilt_move_error(kind: type[IllegalMoveError], text: str, player: int, move: object,
                        illegality: Illegality) -> IllegalMoveError:
    """An :class:`IllegalMoveError` (or subclass) as pickled: its message and fields."""
    error = kind.__new__(kind)
    Exception.__init__(error, text)
    error.player, error.move, error.illegality = player, move, illegality
    error.reason = illegality.reason
    return error


def _english(message: str, /, **params: object) -> str:
    """A message as written (English), its placeholders filled."""
    return message.format(**params)


class NotationError(NsbError, ValueError):
    """Text that does not read as a move or a card (e.g. ``"bear C4-"``)."""


class PhaseError(NsbError, RuntimeError):
    """An action asked for at the wrong moment (e.g. revealing before everyone has drawn), or
    for a player the game does not have (then a :class:`PlayerError`)."""


class RoomError(NsbError, RuntimeError):
    """A classroom that cannot do what was asked: a name that is taken or not allowed, a folder
    that does not exist or cannot be written, a token that does not match, a card turned over
    before its time. The message says what and why, and what to do instead."""


class ArgumentError(NsbError, ValueError, TypeError):
    """An argument of the wrong type or out of range (e.g. ``pencil(0, round_number="x")``).
    Also a :class:`ValueError` and a :class:`TypeError`, as plain Python would raise."""


class PlayerError(PhaseError, ArgumentError):
    """A player the game does not have: ``player=2`` in a 2-player game, ``-1``, ``True`` or
    ``"0"``. In code the players are numbered from 0 (``player=0`` is the sheet called
    "Player 1"). Every call that takes a player raises it for such a number: a
    :class:`PhaseError`, as the game's calls raised before, and an :class:`ArgumentError` (so
    a ``ValueError`` and a ``TypeError``), as the widget's did and as the bad argument it is."""


class PlayerMoveError(IllegalMoveError, PlayerError):
    """A move or pencil power asked of a player the game does not have (``play``,
    ``use_power``): an :class:`IllegalMoveError` whose ``reason`` is
    ``Reason.NO_SUCH_PLAYER``, as ``play`` raises for every refused move, and a
    :class:`PlayerError`, as every other call raises for that player."""


def move_refused(player: int, move: object, illegality: Illegality, *,
                 translate: Callable[..., str] | None = None) -> IllegalMoveError:
    """The error for a refused move: a :class:`PlayerMoveError` when the player does not
    exist, else an :class:`IllegalMoveError` (arguments as :class:`IllegalMoveError`'s)."""
    kind = PlayerMoveError if illegality.reason is Reason.NO_SUCH_PLAYER else IllegalMoveError
    return kind(player, move, illegality, translate=translate)


class UnknownNameError(ArgumentError, KeyError):
    """A name the library has nothing under: a built-in map (``get_map("BERLIN")``), a
    ruleset, a station or a pencil of a map. An :class:`ArgumentError`, and a
    :class:`KeyError` as the look-up in a table of names that it is."""

    __str__ = BaseException.__str__  # the message as written (KeyError would repr it)


class SaveError(NsbError, OSError):
    """A game that could not be written (the path is a folder, no permission, the disk is
    full): the message names the path and the system's reason. Also an :class:`OSError`, as
    the failed write raised (``errno`` and ``filename`` as it had them); the game is
    unchanged."""

    __str__ = BaseException.__str__  # the message as written, not "[Errno 21] ..."


class BotError(NsbError, RuntimeError):
    """A bot that failed: it raised, answered something that is not a choice, or chose a
    section or power that is not legal now. The message names the bot and its player; the
    bot's own error, if any, is the ``__cause__``. Nothing of the failed choice was played."""

    def __init__(self, message: str, bot: str, player: int) -> None:
        super().__init__(message)
        self.bot = bot
        """The bot's name."""
        self.player = player
        """The player (from 0) the bot plays."""

    def __reduce__(self) -> tuple[object, ...]:  # pickles with its fields (a worker's error)
        return (type(self), (str(self), self.bot, self.player))


class GuessableSeedWarning(UserWarning):
    """A room dealt by the teacher with a seed small enough to be found by trying every seed
    against the first cards turned over (which then shows every card to come). A teacher who
    gives the same small seed to two classes on purpose can silence it:
    ``warnings.simplefilter("ignore", GuessableSeedWarning)``."""


class SubscriberWarning(UserWarning):
    """A subscriber (:meth:`~nsb_widget.rules.game.Game.subscribe`) raised while told of a
    change. The change stands and the game stays playable (the other subscribers were told);
    the warning names the subscriber, the event and the error, with its traceback.
    ``error``, ``callback`` and ``event`` hold them for code."""

    def __init__(self, message: str, error: BaseException | None = None,
                 callback: object = None, event: object = None) -> None:
        super().__init__(message)
        self.error = error
        self.callback = callback
        self.event = event
