"""Bots: policies that play a player's turns (random, greedy, lookahead, search)."""

from __future__ import annotations

from .base import Bot, PlanBot, PowerBot, PowerUse
from .greedy import GreedyBot
from .lookahead import LookaheadBot
from .random_bot import RandomBot
from .registry import BOTS, make_bot, play_turn
from .search import SearchBot

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
