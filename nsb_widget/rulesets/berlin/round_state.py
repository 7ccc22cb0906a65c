"""Berlin's own state of a round (``Game.round_state``): the ruleset keeps it, its playouts
read it."""

from __future__ import annotations


class BerlinRoundState:
    """Berlin's own flags of a round: the Recurring Double Switch's return."""

    __slots__ = ("ds_back_pending", "ds_returned")

    def __init__(self) -> None:
        self.ds_back_pending = False
        """The Double Switch goes back into the stack when this turn ends."""
        self.ds_returned = False
        """The Double Switch has already gone back once this round."""

    def copy(self) -> BerlinRoundState:
        """An independent copy."""
        new = BerlinRoundState()
        new.ds_back_pending = self.ds_back_pending
        new.ds_returned = self.ds_returned
        return new
