"""Station cards of Next Station: London: 5 underground, 5 street and the Railroad Switch."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import NotationError, did_you_mean, quote
from ...maps.model import CARD_SYMBOLS, Symbol
from ...rules.moves import MAX_NOTATION

UNDERGROUND = "underground"
STREET = "street"
JOKER = "joker"
SWITCH_TEXT = "switch"
#: The round ends after the turn of this many underground cards.
UNDERGROUND_PER_ROUND = 5
#: Turns 1 and 2 of a round ignore the Railroad Switch (its companion card is still played).
FIRST_SWITCH_TURN = 3


@dataclass(frozen=True, slots=True)
class LondonCard:
    """A London Station card.

    ``kind`` is ``"underground"`` (pink) or ``"street"`` (blue); a card shows a ``symbol`` or
    is a Joker, except the Railroad Switch (``switch=True``, a street card). ``str(card)`` is
    the text form (``"underground square"``, ``"street joker"``, ``"switch"``) that
    :meth:`parse` reads back.
    """

    kind: str
    """``"underground"`` or ``"street"``."""
    symbol: Symbol | None
    """Station symbol; ``None`` for a Joker and for the switch."""
    joker: bool = False
    """True for a Joker (any symbol)."""
    switch: bool = False
    """True for the Railroad Switch."""

    @property
    def is_double_switch(self) -> bool:
        """True for the Railroad Switch (the name the driver uses for every city's switch)."""
        return self.switch

    @property
    def underground(self) -> bool:
        """True for the pink underground cards, which end the round at 5."""
        return self.kind == UNDERGROUND

    def matches(self, symbol: Symbol) -> bool:
        """True when a section drawn for this card may end on a station with ``symbol``."""
        return self.joker or self.symbol is symbol or symbol is Symbol.ANY

    def describe(self) -> str:
        """Words for people: ``"a triangle"``, ``"a Joker (any symbol)"``."""
        if self.switch:
            return "the Railroad Switch"
        if self.joker:
            return "a Joker (any symbol)"
        assert self.symbol is not None
        return f"a {self.symbol.value}"

    def __repr__(self) -> str:
        return f"LondonCard({str(self)!r})"

    def __str__(self) -> str:
        if self.switch:
            return SWITCH_TEXT
        return f"{self.kind} {JOKER if self.joker else self.symbol}"

    @classmethod
    def parse(cls, text: object) -> LondonCard:
        """Read a card from its text form; raises :class:`~nsb_widget.errors.NotationError`
        with the accepted forms."""
        if isinstance(text, LondonCard):
            return _deck_card(text)
        if not isinstance(text, str):
            raise NotationError(
                f"a card must be text like 'underground square', not {type(text).__name__}")
        text = str.__str__(text)  # plain text: a subclass's strip() may return anything
        if len(text) > MAX_NOTATION:
            raise NotationError(f"a card is a few words like 'street circle', not {len(text)} "
                                "characters")
        words = text.strip().lower().replace("-", " ").replace("_", " ").split()
        if words in (["switch"], ["railroad", "switch"], ["street", "switch"]):
            return SWITCH
        if len(words) == 2 and words[0] in (UNDERGROUND, STREET):
            if words[1] == JOKER:
                return cls(words[0], None, True)
            for symbol in CARD_SYMBOLS:
                if words[1] == symbol.value:
                    return cls(words[0], symbol)
        raise NotationError(
            f"unknown card {quote(text)}: write '<underground|street> "
            "<square|triangle|pentagon|circle|joker>' or 'switch'"
            f"{did_you_mean(' '.join(words), _CARD_NAMES)}"
        )


SWITCH = LondonCard(STREET, None, False, True)

#: The 11 Station cards of the London deck.
LONDON_DECK: tuple[LondonCard, ...] = (
    *(LondonCard(UNDERGROUND, s) for s in CARD_SYMBOLS),
    LondonCard(UNDERGROUND, None, True),
    *(LondonCard(STREET, s) for s in CARD_SYMBOLS),
    LondonCard(STREET, None, True),
    SWITCH,
)

_BY_VALUE: dict[LondonCard, LondonCard] = {card: card for card in LONDON_DECK}


def _deck_card(card: LondonCard) -> LondonCard:
    """The deck's own card equal to ``card`` (a card built with a plain-string symbol is
    equal to it), so that what is logged is always a well-formed card; anything else is a
    :class:`~nsb_widget.errors.NotationError`."""
    try:
        found = _BY_VALUE.get(card)
    except TypeError:  # a field that cannot be hashed (a list, a dict): not a card
        found = None
    if (found is None or found.joker is not card.joker or found.switch is not card.switch
            or type(card.kind) is not str):
        raise NotationError(f"not a London Station card: {quote(card)}; cards are "
                            "'<underground|street> <square|triangle|pentagon|circle|joker>' "
                            "or 'switch'")
    return found


#: Every card's name, for a misspelt card's suggestion.
_CARD_NAMES = ("switch", *(f"{kind} {face}" for kind in (UNDERGROUND, STREET)
                           for face in (*(s.value for s in CARD_SYMBOLS), JOKER)))
