"""The stack of cards during one round: seeded shuffles or cards chosen by hand."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..errors import PhaseError


class Deck:
    """The face-down stack of one round, for any ruleset's cards.

    Seeded: the order comes from ``(seed, round)``, so replays and undo see the same cards.
    Scenario (``seed=None``): the order is unknown and each card is named when revealed; the
    deck only checks that the named card is still in the stack.
    """

    __slots__ = ("_order", "_reinsert_u", "remaining")

    def __init__(self, cards: Sequence[Any], seed: int | None, round_index: int) -> None:
        self.remaining: list[Any] = list(cards)
        """The cards still face down, in deck order (not the stack order)."""
        self._order: list[Any] | None = None
        self._reinsert_u = 0.0
        if seed is not None:
            rng = random.Random(f"nsb-deck:{seed}:{round_index}")
            order = list(cards)
            rng.shuffle(order)
            self._order = order[::-1]  # top of the stack at the end: pop() takes it
            self._reinsert_u = rng.random()

    def copy(self) -> Deck:
        """An independent copy."""
        new = Deck.__new__(Deck)
        new.remaining = list(self.remaining)
        new._order = None if self._order is None else list(self._order)
        new._reinsert_u = self._reinsert_u
        return new

    def redealt(self, rng: random.Random, top: Sequence[Any] = ()) -> Deck:
        """A seeded copy whose stack is the same cards in an order drawn from ``rng``: what
        a player may imagine, knowing which cards are still face down but not their order.
        ``top`` puts those cards (still face down) on top, the first one taken first."""
        new = Deck.__new__(Deck)
        new.remaining = list(self.remaining)
        order = list(self.remaining)
        for card in top:
            if card not in order:
                raise PhaseError(f"{card} is not face down in this round's stack")
            order.remove(card)
        rng.shuffle(order)
        order.extend(reversed(top))  # pop() takes from the end
        new._order = order
        new._reinsert_u = rng.random()
        return new

    @property
    def seeded(self) -> bool:
        """True when the stack order comes from the seed."""
        return self._order is not None

    def take(self, named: Any | None) -> Any:
        """Take the top card; in scenario mode ``named`` says which card it is."""
        if self._order is not None:
            card = self._order.pop()
            if named is not None and named != card:
                self._order.append(card)
                # Never name the top card: it is face down (a room's fairness depends on it).
                raise PhaseError(f"{named} is not the next card of this game's shuffled stack "
                                 "(a seeded game turns its own cards over: reveal() names none)")
        else:
            if named is None:
                raise PhaseError("scenario game: name the card to reveal")
            if named not in self.remaining:
                raise PhaseError(f"{named} has already been revealed this round")
            card = named
        remaining = self.remaining
        for i, held in enumerate(remaining):  # by identity first: no dataclass __eq__ calls
            if held is card:
                del remaining[i]
                return card
        remaining.remove(card)
        return card

    def put_back(self, card: Any) -> None:
        """Shuffle ``card`` back into the stack (at a seeded place)."""
        self.remaining.append(card)
        if self._order is not None:
            position = int(self._reinsert_u * (len(self._order) + 1))
            self._order.insert(position, card)

    def peek_order(self) -> Sequence[Any]:
        """The seeded stack, top card first (for tests and the engine only: it is secret)."""
        return tuple(reversed(self._order or ()))
