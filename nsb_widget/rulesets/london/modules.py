"""London's two advanced modules: shared objectives and pencil powers."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from ...i18n import N_
from ...maps.model import Symbol

if TYPE_CHECKING:
    from ...maps.model import GameMap
    from .cards import LondonCard


class LondonModule(str, enum.Enum):
    """An advanced module of Next Station: London; a game may use either, both or neither."""

    OBJECTIVES = "objectives"
    """Shared objectives: two cards, +10 to every player who meets one by the end."""
    POWERS = "powers"
    """Pencil powers: one power card per pencil, usable once in each round it is held."""

    def __str__(self) -> str:
        return self.value


class Power(str, enum.Enum):
    """The four pencil power cards; each pencil gets one for the whole game."""

    DOUBLE = "double"
    """Draw a second section this turn, to another station with the same symbol."""
    JOKER = "joker"
    """Treat this turn's card as a Joker."""
    SWITCH = "switch"
    """Treat this turn's card as if the Railroad Switch came with it."""
    CIRCLE = "circle"
    """Circle a station of this round's line: it counts as two stations in its district."""

    def __str__(self) -> str:
        return self.value

    @property
    def display_name(self) -> str:
        """The card's short name."""
        return _POWER_TITLES[self]

    @property
    def text(self) -> str:
        """What the card does, in one sentence."""
        return _POWER_TEXTS[self]

    @property
    def names_station(self) -> bool:
        """True when using the power names a station (the circle)."""
        return self is Power.CIRCLE


_POWER_TITLES = {
    Power.DOUBLE: N_("Double section"),
    Power.JOKER: N_("Joker"),
    Power.SWITCH: N_("Switch"),
    Power.CIRCLE: N_("Circled station"),
}
_POWER_TEXTS = {
    Power.DOUBLE: N_("Before drawing this turn, take a second section: it must reach another "
                     "station with the same symbol as the first (after a Joker, the symbol the "
                     "first reached)."),
    Power.JOKER: N_("Before drawing this turn, treat the card as a Joker: any symbol."),
    Power.SWITCH: N_("Before drawing this turn, treat the card as if the Railroad Switch came "
                     "with it: the section may start at any station of your line."),
    Power.CIRCLE: N_("Circle a station of this round's line: it counts as two stations in its "
                     "district for this round's scoring."),
}


class LondonObjective(str, enum.Enum):
    """The five shared objective cards. Two are revealed at setup; each met one scores +10."""

    EIGHT_INTERCHANGES = "eight_interchanges"
    """At least 8 interchange stations (stations on 2 or more colours' lines)."""
    ALL_DISTRICTS = "all_districts"
    """A station in each of the 13 districts."""
    ALL_TOURIST_SITES = "all_tourist_sites"
    """All 5 tourist sites."""
    CENTRAL_DISTRICT = "central_district"
    """All 9 stations of the central district."""
    THAMES_SIX = "thames_six"
    """Cross the Thames at least 6 times."""

    def __str__(self) -> str:
        return self.value

    @property
    def text(self) -> str:
        """The card's task in words."""
        return _OBJECTIVE_TEXTS[self]


_OBJECTIVE_TEXTS = {
    LondonObjective.EIGHT_INTERCHANGES: N_("Form at least 8 interchange stations (2 or more "
                                           "colours)."),
    LondonObjective.ALL_DISTRICTS: N_("Reach a station in each of the 13 districts."),
    LondonObjective.ALL_TOURIST_SITES: N_("Reach all 5 tourist sites."),
    LondonObjective.CENTRAL_DISTRICT: N_("Reach all 9 stations of the central district."),
    LondonObjective.THAMES_SIX: N_("Cross the Thames at least 6 times."),
}
OBJECTIVE_POINTS = 10
#: Points subtracted from a solo score before reading the table, per module used.
SOLO_HANDICAP_PER_MODULE = 10


def second_section_symbol(game_map: GameMap, any_symbol: bool, symbol_card: LondonCard | None,
                          target: int) -> Symbol | None:
    """The symbol the double power's second section must reach after a first section to
    ``target``: the card's symbol, or after a section to any symbol (a Joker) the symbol of
    the station it reached; ``None`` when any station will do (the central station)."""
    symbol = (game_map.stations[target].symbol
              if any_symbol or symbol_card is None else symbol_card.symbol)
    return None if symbol is Symbol.ANY else symbol
