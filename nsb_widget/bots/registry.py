"""Bots by name: the registry :func:`make_bot` reads, and :func:`bot_from`, which turns a
name or an object given as a bot into a bot (checked, for whoever runs bots they did not
write)."""

from __future__ import annotations

from typing import Any

from ..errors import ArgumentError, UnknownNameError, quote, shorten
from .base import Bot
from .checked import is_bot
from .greedy import GreedyBot
from .lookahead import LookaheadBot
from .random_bot import RandomBot
from .search import SearchBot

BOTS: dict[str, type[Any]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "lookahead": LookaheadBot,
    "search": SearchBot,
}
"""Every bot by name, weakest first."""


def make_bot(name: str, **options: Any) -> Bot:
    """A bot by name, with its options: ``make_bot("search", seconds=1.0, seed=7)``,
    ``make_bot("search", seconds=None, iterations=400)``, ``make_bot("lookahead", depth=2)``.

    Raises :class:`~nsb_widget.errors.ArgumentError` (a :class:`ValueError`) naming the known
    bots, or the bot's options, when one is wrong.
    """
    key = str.__str__(name) if isinstance(name, str) else ""  # plain text, whatever subclass
    cls = BOTS.get(key)
    if cls is None:
        raise UnknownNameError(f"unknown bot {quote(name)}; known bots: {', '.join(BOTS)}")
    try:
        bot: Bot = cls(**options)
    except (TypeError, ValueError) as exc:  # an ArgumentError too: say whose options
        raise ArgumentError(f"bad options for the {key} bot: {shorten(str(exc), 200)}") \
            from None
    return bot


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
                            f"choose() method, not {quote(spec)}")
    return spec  # type: ignore[return-value]  # checked by is_bot
