"""Bots by name: the registry :func:`make_bot` reads, :func:`bot_from`, which turns a
name or an object given as a bot into a bot (checked, for whoever runs bots they did not
write), and :func:`play_turn`, which takes either."""

from __future__ import annotations

import inspect
import random
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError, UnknownNameError, did_you_mean, quote, shorten
from .base import Bot, bot_turn
from .checked import is_bot, missing_parts
from .greedy import GreedyBot
from .lookahead import LookaheadBot
from .random_bot import RandomBot
from .search import SearchBot

if TYPE_CHECKING:
    from ..rules.game import Game

BOTS: dict[str, type[Any]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "lookahead": LookaheadBot,
    "search": SearchBot,
}
"""Every bot by name, weakest first."""


def bot_key(name: object) -> str:
    """The name of a built-in bot as :data:`BOTS` holds it: ``"Greedy "`` -> ``"greedy"``
    (names are read in any case, as pencil powers are); ``""`` for anything but text."""
    if not isinstance(name, str):
        return ""
    return str.__str__(name).strip().lower()  # plain text, whatever subclass


def make_bot(name: str, **options: Any) -> Bot:
    """A bot by name, with its options: ``make_bot("search", seconds=1.0, seed=7)``,
    ``make_bot("search", seconds=None, iterations=400)``, ``make_bot("lookahead", depth=2)``.
    The name is read in any case (``"Greedy"``, ``" SEARCH"``).

    Raises :class:`~nsb_widget.errors.UnknownNameError` naming the known bots for a name that
    is no bot, :class:`~nsb_widget.errors.ArgumentError` (a :class:`ValueError`) naming the
    bot's options when they are wrong.
    """
    key = bot_key(name)
    cls = BOTS.get(key)
    if cls is None:
        raise UnknownNameError(f"unknown bot {quote(name)}; known bots: {', '.join(sorted(BOTS))}"
                               f"{did_you_mean(name, BOTS)}")
    try:
        bot: Bot = cls(**options)
    except (TypeError, ValueError) as exc:  # an ArgumentError too: say whose options
        raise ArgumentError(f"bad options for the {key} bot: {shorten(str(exc), 200)}"
                            f"{_options_taken(cls, options)}") from None
    return bot


def _options_taken(cls: type[Any], options: dict[str, Any]) -> str:
    """``"; it takes depth, seed"`` with the closest to an option it does not take
    (``"; it takes ... (did you mean 'seconds'?)"``), or ``""`` when every option is
    one of its own (a value is wrong: the bot's own message says which)."""
    try:
        taken = [name for name, p in inspect.signature(cls).parameters.items()
                 if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    except (TypeError, ValueError):  # no signature to read
        return ""
    unknown = [name for name in options if name not in taken]
    if not unknown:
        return ""
    return f"; it takes {', '.join(taken) or 'no options'}{did_you_mean(unknown[0], taken)}"


def bot_from(spec: object, what: str = "a bot") -> Bot:
    """The bot ``spec`` names (:func:`~nsb_widget.bots.make_bot`) or is (checked: an object
    with a ``name`` and ``choose``). Raises :class:`~nsb_widget.errors.ArgumentError`
    saying what ``what`` may be."""
    if isinstance(spec, str):
        return make_bot(spec)
    if isinstance(spec, type):
        name = shorten(spec.__name__)
        raise ArgumentError(f"{what} is a bot object, not the class {name}: {name}()")
    if not is_bot(spec):
        raise ArgumentError(f"{what} is a name like 'greedy' or an object with a name and a "
                            f"choose() or choose_plan() method, not {quote(spec)}: "
                            f"{missing_parts(spec)}")
    return spec  # type: ignore[return-value]  # checked by is_bot


def play_turn(game: Game, player: int, bot: Bot | str,
              rng: random.Random | None = None) -> None:
    """Let ``bot`` draw (once, or more with a switch or a power), use a pencil power when it
    decides to, and finish the player's turn.

    ``bot`` is a bot object or a bot's name (``"greedy"``: :func:`make_bot` with its default
    options; an unknown name raises :class:`~nsb_widget.errors.UnknownNameError` naming the
    bots). ``rng`` is the ``random.Random`` the bot draws its chance from (the random
    bot's pick, the greedy bot's choice between equal sections, the cards a search imagines
    unless it has a ``seed``): give a seeded one to replay the same choices; by default a
    new unseeded one.

    Call it once a card is revealed, for a player who has not finished the turn: otherwise
    it raises :class:`~nsb_widget.errors.PhaseError` as :meth:`Game.pass_turn` would (no
    card is revealed yet, the game is over, the turn is finished), and plays nothing.
    """
    bot, rng = bot_and_rng(bot, rng)
    player = game.check_player(player)  # a plain int (numpy's int64 from a table too)
    game.check_turn(player)
    bot_turn(game, player, bot, rng)


def bot_and_rng(bot: Bot | str, rng: random.Random | None) -> tuple[Bot, random.Random]:
    """The bot ``bot`` names (a bot object as it is) and the ``random.Random`` it plays
    with (a new one for ``None``). Raises :class:`~nsb_widget.errors.ArgumentError` for an
    unknown name, a bot class given instead of an object, or an ``rng`` that is not a
    ``random.Random``."""
    if isinstance(bot, str | type):
        bot = bot_from(bot, "the bot")
    if rng is None:
        rng = random.Random()
    elif not isinstance(rng, random.Random):
        raise ArgumentError(f"rng is a random.Random, like random.Random(7), not {quote(rng)}")
    return bot, rng
