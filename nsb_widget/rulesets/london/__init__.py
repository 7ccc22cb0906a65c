"""Next Station: London: one line a round, the Railroad Switch, the Thames, tourist sites,
shared objectives and pencil powers."""

from .cards import LONDON_DECK, SWITCH, UNDERGROUND_PER_ROUND, LondonCard
from .modules import LondonModule, LondonObjective, Power
from .ruleset import LondonRuleset

__all__ = [
    "LONDON_DECK",
    "SWITCH",
    "UNDERGROUND_PER_ROUND",
    "LondonCard",
    "LondonModule",
    "LondonObjective",
    "LondonRuleset",
    "Power",
]
