"""Bots: policies that play a player's turns (random, greedy, lookahead, search)."""

from __future__ import annotations

from typing import Any

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

    Raises :class:`ValueError` naming the known bots, or the bot's options, when one is wrong.
    """
    try:
        cls = BOTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None
    try:
        bot: Bot = cls(**options)
    except TypeError as exc:
        raise ValueError(f"bad options for the {name} bot: {exc}") from None
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
