"""Station cards of Next Station: Berlin: 5 Bear, 5 Crown and the Double Switch."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...errors import NotationError, did_you_mean, quote
from ...i18n import N_
from ...maps.model import CARD_SYMBOLS, Symbol
from ...rules.moves import MAX_NOTATION


class Line(str, enum.Enum):
    """The two lines drawn each round, named after the line symbols on the cards."""

    BEAR = "bear"
    CROWN = "crown"

    def __str__(self) -> str:
        return self.value

    @property
    def display_name(self) -> str:
        """``"Bear"`` or ``"Crown"`` (a message id: translated where shown)."""
        return _LINE_NAMES[self]

    @property
    def other(self) -> Line:
        """The other line of the same pencil."""
        return Line.CROWN if self is Line.BEAR else Line.BEAR


_LINE_NAMES = {Line.BEAR: N_("Bear"), Line.CROWN: N_("Crown")}
JOKER = "joker"
DOUBLE_SWITCH_TEXT = "double switch"


@dataclass(frozen=True, slots=True)
class Card:
    """A Station card.

    A normal card has a ``line`` and either a ``symbol`` or ``joker=True`` (Joker + S-Bahn).
    The Double Switch has neither: ``Card.double_switch()``. ``str(card)`` is the text form
    (``"bear square"``, ``"crown joker"``, ``"double switch"``) that :meth:`parse` reads back.

    >>> card = Card.parse("Crown Joker")
    >>> card, card.line, card.joker, card.describe()
    (Card('crown joker'), <Line.CROWN: 'crown'>, True, 'a Joker (any symbol)')
    >>> Card.parse("ds").is_double_switch
    True
    """

    line: Line | None
    """Line symbol of the card; ``None`` for the Double Switch."""
    symbol: Symbol | None
    """Station symbol; ``None`` for a Joker and for the Double Switch."""
    joker: bool = False
    """True for Joker + S-Bahn (any symbol; the station reached becomes an S-Bahn station)."""

    @classmethod
    def double_switch(cls) -> Card:
        """The Double Switch card."""
        return cls(None, None, False)

    @property
    def kind(self) -> str:
        """What the card counts as: ``"bear"``, ``"crown"`` or ``"double_switch"``."""
        return "double_switch" if self.line is None else self.line.value

    @property
    def is_double_switch(self) -> bool:
        """True for the Double Switch."""
        return self.line is None

    def matches(self, symbol: Symbol) -> bool:
        """True when a section drawn for this card may end on a station with ``symbol``."""
        return self.joker or self.symbol is symbol or symbol is Symbol.ANY

    def describe(self) -> str:
        """Words for people: ``"a triangle"``, ``"a Joker (any symbol)"``."""
        if self.is_double_switch:
            return "the Double Switch"
        if self.joker:
            return "a Joker (any symbol)"
        assert self.symbol is not None
        return f"a {self.symbol.value}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __str__(self) -> str:
        if self.line is None:
            return DOUBLE_SWITCH_TEXT
        return f"{self.line.value} {JOKER if self.joker else self.symbol}"

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card from its text form; raises :class:`ValueError` with the accepted forms."""
        if isinstance(text, Card):
            return _deck_card(text)
        if not isinstance(text, str):
            raise NotationError(
                f"a card must be text like 'bear square', not {type(text).__name__}")
        text = str.__str__(text)  # plain text: a subclass's strip() may return anything
        if len(text) > MAX_NOTATION:
            raise NotationError(f"a card is a few words like 'bear square', not {len(text)} "
                                "characters")
        words = text.strip().lower().replace("-", " ").replace("_", " ").split()
        if words in (["double", "switch"], ["ds"], ["switch"]):
            return cls.double_switch()
        if len(words) == 2 and words[0] in ("bear", "crown"):
            line = Line(words[0])
            if words[1] == JOKER:
                return cls(line, None, True)
            for symbol in CARD_SYMBOLS:
                if words[1] == symbol.value:
                    return cls(line, symbol, False)
        raise NotationError(
            f"unknown card {quote(text)}: write "
            "'<bear|crown> <square|triangle|pentagon|circle|joker>' or 'double switch'"
            f"{did_you_mean(' '.join(words), _CARD_NAMES)}"
        )


DOUBLE_SWITCH = Card.double_switch()

#: The 11 Station cards of the Berlin deck.
BERLIN_DECK: tuple[Card, ...] = (
    *(Card(line, sym) for line in Line for sym in CARD_SYMBOLS),
    *(Card(line, None, True) for line in Line),
    DOUBLE_SWITCH,
)
_BY_VALUE: dict[Card, Card] = {card: card for card in BERLIN_DECK}


def _deck_card(card: Card) -> Card:
    """The deck's own card equal to ``card`` (a card built with a plain-string line or symbol
    is equal to it), so that what is logged is always a well-formed card; anything else is a
    :class:`~nsb_widget.errors.NotationError`."""
    try:
        found = _BY_VALUE.get(card)
    except TypeError:  # a field that cannot be hashed (a list, a dict): not a card
        found = None
    if found is None or found.joker is not card.joker:
        raise NotationError(f"not a Berlin Station card: {quote(card)}; cards are "
                            "'<bear|crown> <square|triangle|pentagon|circle|joker>' or "
                            "'double switch'")
    return found


#: The round ends once this many cards of one line symbol have been revealed.
CARDS_PER_LINE = 5


#: Every card's name, for a misspelt card's suggestion.
_CARD_NAMES = ("double switch", *(f"{line} {face}" for line in ("bear", "crown")
                                  for face in (*(s.value for s in CARD_SYMBOLS), JOKER)))
