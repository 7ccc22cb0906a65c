"""The two modules of the advanced game: Round effects and Objective cards."""

from __future__ import annotations

import enum

from ...i18n import N_


class Module(str, enum.Enum):
    """An advanced-game module; a game may use either, both or neither."""

    EFFECTS = "effects"
    """Round effects: one Effect card per round."""
    OBJECTIVES = "objectives"
    """Objective cards: two shared tasks worth +10 each at final scoring."""

    def __str__(self) -> str:
        return self.value


class Effect(str, enum.Enum):
    """The five Effect cards. Four are dealt, one per round; one stays in the box."""

    GLIMPSE = "glimpse"
    """Glimpse into the future: the next card is shown before players draw."""
    RECURRING_DOUBLE_SWITCH = "recurring_double_switch"
    """Recurring Double Switch: the Double Switch goes back into the stack once."""
    TRIPLE_OUTER = "triple_outer"
    """Triple outer districts: each outer district reached counts as 3 districts."""
    DOUBLE_STATIONS = "double_stations"
    """Double stations: stations in the line's best district count twice."""
    DOUBLE_TRACKS = "double_tracks"
    """Double tracks: sections may run parallel to a section of another colour."""

    def __str__(self) -> str:
        return self.value

    @property
    def display_name(self) -> str:
        """The card's name."""
        return _EFFECT_TITLES[self]

    @property
    def text(self) -> str:
        """What the card does, in one sentence."""
        return _EFFECT_TEXTS[self]


_EFFECT_TITLES = {
    Effect.GLIMPSE: N_("Glimpse into the future"),
    Effect.RECURRING_DOUBLE_SWITCH: N_("Recurring Double Switch"),
    Effect.TRIPLE_OUTER: N_("Triple outer districts"),
    Effect.DOUBLE_STATIONS: N_("Double stations"),
    Effect.DOUBLE_TRACKS: N_("Double tracks"),
}
_EFFECT_TEXTS = {
    Effect.GLIMPSE: N_("The next Station card is shown before you draw for the current one."),
    Effect.RECURRING_DOUBLE_SWITCH: N_("After its turn the Double Switch is shuffled back into "
                                       "the stack, once."),
    Effect.TRIPLE_OUTER: N_("Each outer district your line reaches counts as 3 districts in this "
                            "round's scoring."),
    Effect.DOUBLE_STATIONS: N_("Stations in your line's best district count twice in this round's "
                               "scoring (for one line if you have two)."),
    Effect.DOUBLE_TRACKS: N_("You may draw sections parallel to a section of another colour."),
}


class Objective(str, enum.Enum):
    """The five Objective cards. Two are revealed at setup; each met one scores +10."""

    ALL_STATIONS_TWO_MAIN = "all_stations_two_main"
    """Connect all stations of at least 2 main districts."""
    ALL_DISTRICTS = "all_districts"
    """Connect at least 1 station in each of the 12 districts."""
    INTERCHANGE_TWO_OUTER = "interchange_two_outer"
    """An interchange station in at least 2 outer districts."""
    SBAHN_SIX_DISTRICTS = "sbahn_six_districts"
    """A circled S-Bahn station in at least 6 districts."""
    SBAHN_THREE_ON_LINE = "sbahn_three_on_line"
    """At least 3 S-Bahn stations on one connected line of one colour."""

    def __str__(self) -> str:
        return self.value

    @property
    def text(self) -> str:
        """The card's task in words."""
        return _OBJECTIVE_TEXTS[self]

    @property
    def target(self) -> int:
        """How many of the counted things the task needs."""
        return _OBJECTIVE_TARGETS[self]


_OBJECTIVE_TEXTS = {
    Objective.ALL_STATIONS_TWO_MAIN: N_("Connect all stations of at least 2 main districts."),
    Objective.ALL_DISTRICTS: N_("Connect at least 1 station in each of the 12 districts."),
    # "Form ...": the rulebook's verb for these three cards.
    Objective.INTERCHANGE_TWO_OUTER: N_("Form an interchange station in at least 2 outer "
                                        "districts."),
    Objective.SBAHN_SIX_DISTRICTS: N_("Form a circled S-Bahn station in at least 6 districts."),
    Objective.SBAHN_THREE_ON_LINE: N_("Form at least 3 S-Bahn stations on one connected line."),
}
_OBJECTIVE_TARGETS = {
    Objective.ALL_STATIONS_TWO_MAIN: 2,
    Objective.ALL_DISTRICTS: 12,
    Objective.INTERCHANGE_TWO_OUTER: 2,
    Objective.SBAHN_SIX_DISTRICTS: 6,
    Objective.SBAHN_THREE_ON_LINE: 3,
}
OBJECTIVE_POINTS = 10
#: Points subtracted from a solo score before reading the assessment, per module.
SOLO_HANDICAP = {Module.OBJECTIVES: 10, Module.EFFECTS: 25}
