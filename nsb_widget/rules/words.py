"""The game's words for people: symbols, pencil colours and the names of the built-in maps, as
English message ids (marked with :func:`~nsb_widget.i18n.N_`, translated where shown).

The rules keep English ids in their data (a :class:`~nsb_widget.rules.turn.Slot`'s
``wants``, a ruleset's ``line_name``) and the driver translates them when it writes a sentence
for a player, so nothing here runs while moves are generated or games are played out.

German and French inflect a colour with the noun it qualifies, so each phrase that holds a
colour is a message of its own for every colour of the built-in maps (``"your green line"``
is ``"deiner grünen Linie"``); a colour no catalogue knows (a custom map's) uses the English
phrase.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..i18n import N_, Translator

__all__ = [
    "AND",
    "AND_A",
    "JOKER_WANTS",
    "LINE_WORDS",
    "MAP_NAMES",
    "PENCIL_NAMES",
    "card_wants",
    "colour",
    "colour_list",
    "is_symbol",
    "map_name",
    "second_section_wants",
    "symbol_noun",
    "the_pencil",
    "your_joined_line",
    "your_line",
]

#: What a card asks for, per symbol id: the start of a sentence.
_WANTS = {
    "square": N_("the card shows a square"),
    "triangle": N_("the card shows a triangle"),
    "pentagon": N_("the card shows a pentagon"),
    "circle": N_("the card shows a circle"),
}
#: What a Joker asks for.
JOKER_WANTS = N_("the card shows a Joker (any symbol)")

_SYMBOL_NOUN = {
    "square": N_("square"),
    "triangle": N_("triangle"),
    "pentagon": N_("pentagon"),
    "circle": N_("circle"),
    "any": N_("any symbol"),
}
#: Line ids of the built-in maps, as words (Berlin's ``bear`` and ``crown``).
LINE_WORDS = (N_("bear"), N_("crown"))
_IS_SYMBOL = {
    "square": N_("{station} is a square"),
    "triangle": N_("{station} is a triangle"),
    "pentagon": N_("{station} is a pentagon"),
    "circle": N_("{station} is a circle"),
    "any": N_("{station} matches any symbol"),
}
_SECOND_SECTION = {
    "square": N_("the second section must reach a square"),
    "triangle": N_("the second section must reach a triangle"),
    "pentagon": N_("the second section must reach a pentagon"),
    "circle": N_("the second section must reach a circle"),
}

_COLOUR = {
    "green": N_("green"),
    "pink": N_("pink"),
    "blue": N_("blue"),
    "brown": N_("brown"),
    "purple": N_("purple"),
}
_YOUR_LINE = {
    "green": N_("your green line"),
    "pink": N_("your pink line"),
    "blue": N_("your blue line"),
    "brown": N_("your brown line"),
    "purple": N_("your purple line"),
}
_YOUR_JOINED_LINE = {
    "green": N_("your joined green line"),
    "pink": N_("your joined pink line"),
    "blue": N_("your joined blue line"),
    "brown": N_("your joined brown line"),
    "purple": N_("your joined purple line"),
}
_THE_PENCIL = {
    "green": N_("the green pencil"),
    "pink": N_("the pink pencil"),
    "blue": N_("the blue pencil"),
    "brown": N_("the brown pencil"),
    "purple": N_("the purple pencil"),
}
#: Two colours of one section (``"green and pink"``).
AND = N_("{first} and {second}")
#: Two colours of one section, as in "a green and a pink section".
AND_A = N_("{first} and a {second}")
#: The pencils' names as the built-in maps give them (``Pencil.name``).
PENCIL_NAMES = (N_("Green"), N_("Pink"), N_("Blue"), N_("Brown"), N_("Purple"))
#: Map titles, district and river names of the built-in maps that are words rather than
#: proper names (Berlin's districts keep their names in every language).
MAP_NAMES = (
    N_("London"), N_("Thames"),
    N_("NW corner"), N_("North-West"), N_("North-Central"), N_("North-East"), N_("NE corner"),
    N_("West"), N_("Central"), N_("East"),
    N_("SW corner"), N_("South-West"), N_("South-Central"), N_("South-East"), N_("SE corner"),
)


def card_wants(card: Any) -> str:
    """The message id of what ``card`` asks a section to reach (``"the card shows a
    square"``); ``card`` has ``joker``, ``symbol`` and ``describe()``, as every ruleset's
    cards."""
    if card.joker:
        return JOKER_WANTS
    if card.symbol is None:
        return f"the card shows {card.describe()}"
    symbol = str(card.symbol.value)
    return _WANTS.get(symbol) or f"the card shows a {symbol}"


def second_section_wants(symbol: str) -> str:
    """The message id of what the second section of London's double power must reach."""
    return _SECOND_SECTION.get(symbol) or f"the second section must reach a {symbol}"


def is_symbol(t: Translator, station: str, symbol: str) -> str:
    """``"F1 is a circle"`` in ``t``'s language."""
    message = _IS_SYMBOL.get(symbol)
    if message is None:
        return f"{station} is a {symbol}"
    return t(message, station=station)


def symbol_noun(t: Translator, symbol: str) -> str:
    """A station symbol as a word (``"square"``, ``"Quadrat"``, ``"carré"``; ``"any"`` is
    ``"any symbol"``); an unknown symbol keeps its id."""
    message = _SYMBOL_NOUN.get(symbol)
    return symbol if message is None else t.gettext(message)


def colour(t: Translator, pencil: str) -> str:
    """A pencil's colour as a word (``"pink"``, ``"Rosa"``, ``"rose"``); an unknown colour
    keeps its id."""
    message = _COLOUR.get(pencil)
    return pencil if message is None else t.gettext(message)


def colour_list(t: Translator, pencils: Iterable[str], joined: str) -> str:
    """Colours joined by the message ``joined`` (``"{first} and {second}"``)."""
    out = ""
    for k, pencil in enumerate(pencils):
        word = colour(t, pencil)
        out = word if k == 0 else t(joined, first=out, second=word)
    return out


def your_line(pencil: str) -> str:
    """The message id of ``"your green line"``."""
    return _YOUR_LINE.get(pencil) or f"your {pencil} line"


def your_joined_line(pencil: str) -> str:
    """The message id of ``"your joined green line"``."""
    return _YOUR_JOINED_LINE.get(pencil) or f"your joined {pencil} line"


def the_pencil(t: Translator, pencil: str) -> str:
    """``"the green pencil"`` in ``t``'s language (subject of a sentence)."""
    message = _THE_PENCIL.get(pencil)
    return f"the {pencil} pencil" if message is None else t.gettext(message)


def map_name(t: Translator, name: str) -> str:
    """A name from a map (title, district, river, pencil) in ``t``'s language; proper names
    and a custom map's names come back as they are."""
    return t.gettext(name)
