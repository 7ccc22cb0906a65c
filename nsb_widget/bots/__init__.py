"""Bots: policies that play a player's turns (random, greedy)."""

from __future__ import annotations

from .base import Bot, play_turn
from .greedy import GreedyBot
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str) -> Bot:
    """A bot by name (``"random"`` or ``"greedy"``)."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot", "play_turn"]
