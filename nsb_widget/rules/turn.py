"""What a turn opens: the sections a player may draw (:class:`Slot`) and what a reveal puts
on the table (:class:`TurnOpening`). A ruleset makes them, the driver and the playouts read
them; :mod:`nsb_widget.rules.ruleset` gives them under its name too."""

from __future__ import annotations

from typing import Any, NamedTuple


class Slot(NamedTuple):
    """One section a player may still draw this turn."""

    line: int
    """Index of the line (into the ruleset's ``line_ids``)."""
    anywhere: bool
    """True when the section may start at any station of the line (a switch), not only at
    an end."""
    targets: int
    """Bitset of the stations it may lead to (the card's symbol, or every station)."""
    wants: str
    """What the card asks for, as the start of a sentence: ``"the card shows a triangle"``, in
    English (a message id: the driver translates it when it writes why a move is illegal)."""
    circles: bool = False
    """True when the station reached is circled (Berlin's Joker + S-Bahn)."""
    tag: str = ""
    """Ruleset-specific marker (e.g. ``"double"`` for the section a power adds)."""


class TurnOpening(NamedTuple):
    """What a reveal puts on the table."""

    cards: tuple[Any, ...]
    """The turn's cards (the card, or a switch and the card that sets its symbol)."""
    counts: tuple[int, ...]
    """Cards of each counted kind revealed this round, after this reveal."""
    last: bool
    """True when the round ends after this turn."""
    preview: Any | None
    """A card already shown for the next turn (Berlin's Glimpse into the future)."""
    slots: tuple[Slot, ...]
    """The sections each player may draw this turn."""

