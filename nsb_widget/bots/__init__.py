"""Bots: policies that play a player's turns (random, greedy, lookahead, search)."""

from __future__ import annotations

from typing import Any

from ..errors import ArgumentError, UnknownNameError, quote, shorten
from .base import Bot, PlanBot, PowerBot, PowerUse, play_turn
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


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "LookaheadBot",
    "PlanBot",
    "PowerBot",
    "PowerUse",
    "RandomBot",
    "SearchBot",
    "make_bot",
    "play_turn",
]
