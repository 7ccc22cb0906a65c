"""Next Station: Berlin: Bear and Crown lines, the Double Switch, effects and objectives."""

from .cards import BERLIN_DECK, CARDS_PER_LINE, DOUBLE_SWITCH, Card, Line
from .modules import Effect, Module, Objective
from .ruleset import BerlinRuleset

__all__ = [
    "BERLIN_DECK",
    "CARDS_PER_LINE",
    "DOUBLE_SWITCH",
    "BerlinRuleset",
    "Card",
    "Effect",
    "Line",
    "Module",
    "Objective",
]
