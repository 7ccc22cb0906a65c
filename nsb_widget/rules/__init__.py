"""The rules of Next Station: Berlin: cards, moves, setup and the game itself."""

from .cards import BERLIN_DECK, DOUBLE_SWITCH, Card, Line
from .game import Game, GameEvent, Phase
from .modules import Effect, Module, Objective
from .moves import Action, Draw, Move, Pass, Reveal
from .reasons import Illegality, Reason
from .setup import GameSetup, make_setup
from .sheet import DrawnSection

__all__ = [
    "BERLIN_DECK",
    "DOUBLE_SWITCH",
    "Action",
    "Card",
    "Draw",
    "DrawnSection",
    "Effect",
    "Game",
    "GameEvent",
    "GameSetup",
    "Illegality",
    "Line",
    "Module",
    "Move",
    "Objective",
    "Pass",
    "Phase",
    "Reason",
    "Reveal",
    "make_setup",
]
