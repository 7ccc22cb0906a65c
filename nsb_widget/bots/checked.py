"""Bots held to the rules and to their interface: the objects given as bots, a bot's options,
and every choice a bot makes, checked before it is played (:func:`checked`).

:meth:`Game.play_plan` trusts its plan (the fast path of bots and simulations), so a bot that
answers a plan not among :meth:`Game.plans` would draw a section no rule allows. Whoever runs
bots they did not write (a simulation, the widget) wraps them here: a wrong answer, or an
error inside the bot, becomes a :class:`~nsb_widget.errors.BotError` naming the bot and its
player, raised before anything of that choice is played.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError, BotError, quote, shorten
from .base import Bot, PowerUse, plan_move

if TYPE_CHECKING:
    from ..rules.game import Game, Plan
    from ..rules.moves import Move

#: Longest time budget a bot may be given per decision, in seconds: a player waits at most
#: this long for one move (longer searches: an ``iterations`` budget).
MAX_SECONDS = 60.0
#: Largest playout budget per decision (about ten minutes of London playouts on one core).
MAX_ITERATIONS = 10_000_000


def check_budget(seconds: object, iterations: object) -> None:
    """Refuse a search budget that cannot be meant: none at all, a time that is not a number
    of seconds from above 0 to :data:`MAX_SECONDS`, a playout count that is not an int from 1
    to :data:`MAX_ITERATIONS`. Raises :class:`~nsb_widget.errors.ArgumentError`."""
    if seconds is None and iterations is None:
        raise ArgumentError("a search needs a budget: seconds=, iterations= or both")
    if seconds is not None and not (
            isinstance(seconds, int | float) and not isinstance(seconds, bool)
            and math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise ArgumentError(f"seconds must be positive and at most {MAX_SECONDS:g} (the time "
                            f"per decision), not {quote(seconds)}; for a longer search give "
                            "seconds=None and iterations=, a number of playouts")
    check_count("iterations", iterations, 1, MAX_ITERATIONS, none=True)


def check_count(name: str, value: object, low: int, high: int | None = None, *,
                none: bool = False) -> None:
    """Refuse ``value`` unless it is an ``int`` (not a ``bool``) from ``low`` to ``high``
    (``None`` allowed with ``none``). Raises :class:`~nsb_widget.errors.ArgumentError`."""
    if value is None and none:
        return
    if (isinstance(value, bool) or not isinstance(value, int) or value < low
            or (high is not None and value > high)):
        if high is not None and high - low == 1:
            raise ArgumentError(f"{name} must be {low} or {high}, not {quote(value)}")
        limits = f"at least {low}" + (f" and at most {high:,}" if high is not None else "")
        raise ArgumentError(f"{name} must be {limits} (an int), not {quote(value)}")


def bot_name(bot: object) -> str:
    """A bot's ``name`` as text, briefly (its type's name when it has none, or a name that
    cannot be read)."""
    try:
        name = getattr(bot, "name", None)
    except Exception:  # a property that raises
        name = None
    if isinstance(name, str):
        return shorten(str.__str__(name))
    return type(bot).__name__


def is_bot(value: object) -> bool:
    """True for an object with a ``name`` and a ``choose`` method (the
    :class:`~nsb_widget.bots.Bot` protocol) or a ``choose_plan`` method (a
    :class:`~nsb_widget.bots.PlanBot`: the fast path alone); never raises."""
    if isinstance(value, type):
        return False
    try:
        return hasattr(value, "name") and (callable(getattr(value, "choose", None))
                                           or callable(getattr(value, "choose_plan", None)))
    except Exception:  # an attribute that raises: not a bot we can use
        return False


def missing_parts(value: object) -> str:
    """What keeps ``value`` from being a bot, for an error message: ``"it has no name"``,
    ``"it has no choose() or choose_plan() method"``, both, or ``""`` for a bot; never
    raises."""
    try:
        parts = [what for what, there in (("name", hasattr(value, "name")),
                                          ("choose() or choose_plan() method",
                                           callable(getattr(value, "choose", None))
                                           or callable(getattr(value, "choose_plan", None))))
                 if not there]
    except Exception:  # an attribute that raises
        return "reading its name or choose() raised"
    if parts == ["name"]:  # a bot class written without one: say how little it takes
        return "it has no name (a class attribute will do: name = 'mine')"
    return f"it has no {' and no '.join(parts)}" if parts else ""


def checked(bot: Bot, player: int) -> CheckedBot:
    """``bot`` playing ``player``, every choice checked (:class:`CheckedPlanBot` when it has
    ``choose_plan``, the fast path)."""
    if callable(getattr(bot, "choose_plan", None)):
        return CheckedPlanBot(bot, player)
    return CheckedBot(bot, player)


class CheckedBot:
    """A bot whose every answer is checked before it is played: a move that is legal now,
    a power among :meth:`Game.power_options`. A wrong answer or an error raised inside the
    bot becomes a :class:`~nsb_widget.errors.BotError` naming the bot and its player."""

    def __init__(self, bot: Bot, player: int) -> None:
        self.bot = bot
        """The bot checked."""
        self.name = bot_name(bot)
        """The bot's name."""
        self.player = player
        """The player it plays (from 0): the errors name it."""

    def _who(self) -> str:
        return f"the {self.name} bot of player {self.player + 1}"

    def _ask(self, method: str, game: Game, player: int, rng: random.Random) -> Any:
        """The bot's answer, with whatever it raises as a :class:`BotError`."""
        try:
            return getattr(self.bot, method)(game, player, rng)
        except Exception as exc:
            try:
                detail = shorten(str(exc), 200)
            except Exception:  # an error whose message cannot be written
                detail = "(no message)"
            raise BotError(f"{self._who()} raised {type(exc).__name__} in {method}(): {detail}",
                           self.name, player) from exc

    def _wrong(self, answer: object, what: str, why: str) -> BotError:
        return BotError(f"{self._who()} answered {quote(answer)} from {what}(): {why}",
                        self.name, self.player)

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """The bot's section, checked legal now (``None``: pass)."""
        from ..rules.moves import Move

        move = self._ask("choose", game, player, rng)
        if move is None:
            return None
        if not isinstance(move, Move | str):
            raise self._wrong(move, "choose", "not a Move, a move's text or None")
        problem = game.why_illegal(move, player)
        if problem is not None:
            raise self._wrong(move, "choose", f"not legal now: {problem.message}")
        return game.parse_move(move, player)  # as the game writes it

    def choose_power(self, game: Game, player: int, rng: random.Random) -> PowerUse | None:
        """The bot's pencil power, checked among :meth:`Game.power_options` (``None``: none,
        also for a bot that never uses one)."""
        if not callable(getattr(self.bot, "choose_power", None)):
            return None
        use = self._ask("choose_power", game, player, rng)
        if use is None:
            return None
        options = game.power_options(player)
        for option in options:
            if _equal(use, option):
                return option
        raise self._wrong(use, "choose_power", "not one of game.power_options() now")


class CheckedPlanBot(CheckedBot):
    """A :class:`CheckedBot` for a bot with ``choose_plan``: each plan is checked to be one of
    :meth:`Game.plans` now, and the game's own plan is played."""

    def choose_plan(self, game: Game, player: int, rng: random.Random) -> Plan | None:
        """The bot's plan, checked among :meth:`Game.plans` (``None``: pass)."""
        plan = self._ask("choose_plan", game, player, rng)
        if plan is None:
            return None
        if game.is_plan(plan, player):  # the usual answer, checked without listing the plans
            return plan  # type: ignore[no-any-return]  # a Plan of ints (is_plan)
        for option in game.plans(player):  # e.g. a plain tuple, or numpy ints
            if _equal(plan, option):
                return option
        raise self._wrong(plan, "choose_plan", f"not one of game.plans({player}) now")

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """The bot's section, checked legal now (``None``: pass): from its ``choose``, or for
        a bot with ``choose_plan`` alone, the move of its checked plan."""
        if callable(getattr(self.bot, "choose", None)):
            return super().choose(game, player, rng)
        plan = self.choose_plan(game, player, rng)
        return None if plan is None else plan_move(game, player, plan)


def _equal(answer: object, option: tuple[Any, ...]) -> bool:
    """True when a bot's ``answer`` equals ``option`` (a plain or named tuple, numbers of any
    int type); never raises. The game's own ``option`` is what gets played, so an answer
    that compares equal to anything at most picks a legal choice."""
    try:
        return isinstance(answer, tuple) and bool(answer == option)
    except Exception:  # a comparison that raises: not this option
        return False
