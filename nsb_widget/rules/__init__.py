"""The game driver every city shares: moves, actions, setup, sheets, decks and the ruleset
contract. The cities' own rules live in :mod:`nsb_widget.rulesets`."""

from .game import Game, GameEvent, Phase, Plan
from .moves import Action, Draw, Move, Pass, Reveal, UsePower
from .reasons import Illegality, Reason
from .ruleset import Ruleset, Slot, TurnOpening, get_ruleset, ruleset_for
from .setup import GameSetup, make_setup
from .sheet import DrawnSection, RoundLine, Sheet

__all__ = [
    "Action",
    "Draw",
    "DrawnSection",
    "Game",
    "GameEvent",
    "GameSetup",
    "Illegality",
    "Move",
    "Pass",
    "Phase",
    "Plan",
    "Reason",
    "Reveal",
    "RoundLine",
    "Ruleset",
    "Sheet",
    "Slot",
    "TurnOpening",
    "UsePower",
    "get_ruleset",
    "make_setup",
    "ruleset_for",
]
