"""A participant's game in a room: an ordinary game whose cards may come from the teacher.

In a room dealt by the teacher the game is a scenario game (it holds no deal at all, so there
is nothing to find in it): the only cards it ever sees are the ones the teacher turned over,
given to it by the participant's :class:`~nsb_widget.room.seat.Seat`. Its own ``reveal()`` is
refused. In every room, ``undo()`` takes back only the participant's own draw, pass or power of
the current turn (never a card), and ``restart()`` is refused: a room plays one deal.

The game may be changed by the notebook (a cell, the widget) and by the seat's follower thread
(the next card arriving): every change holds the game's lock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from ..errors import PhaseError
from ..game import Game
from ..rules.game import Game as RulesGame
from ..rules.game import Plan
from ..rules.moves import Action, Move, Reveal

R = TypeVar("R")


class RoomGame(Game):
    """A participant's game in a room (see the module's text): :class:`~nsb_widget.Game` with
    the room's limits, safe to change from two threads."""

    _dealt = False
    """True when the teacher turns the cards over (reveals come only from the seat)."""
    _dealing = False
    _settled: str | None = None
    """Why nothing can be taken back any more (the places are final), or ``None``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._lock = threading.RLock()
        super().__init__(*args, **kwargs)

    @property
    def dealt(self) -> bool:
        """True when the teacher turns this game's cards over."""
        return self._dealt

    @property
    def reveals(self) -> int:
        """How many reveals the game has had (the room's turns it has taken)."""
        return sum(isinstance(a, Reveal) for a in self._log)

    def locked(self, function: Callable[[], R]) -> R:
        """``function()`` run while holding the game's lock (nothing changes the game meanwhile)."""
        with self._lock:
            return function()

    # ------------------------------------------------------------------ the room's limits
    def reveal(self, *cards: Any) -> tuple[Any, ...]:
        """Turn over the next card: refused in a room dealt by the teacher (the cards come by
        themselves); in a self-paced room, as in any game."""
        with self._lock:
            if self._dealt and not self._dealing:
                t = self._t
                raise PhaseError(t("in this room the teacher turns the cards over: the next card "
                                   "comes by itself"))
            return super().reveal(*cards)

    def deal(self, cards: tuple[Any, ...]) -> tuple[Any, ...]:
        """Take a turn the room turned over (its cards, named). For the seat and the board."""
        with self._lock:
            self._dealing = True
            try:
                return super().reveal(*cards)
            finally:
                self._dealing = False

    def settle(self, why: str) -> None:
        """Take nothing back from now on (the room's places are final: ``why`` says so)."""
        with self._lock:
            self._settled = why

    def undo(self, player: int | None = None) -> Action:
        """Take back the participant's last draw, pass or power of this turn (never a card:
        the table turned it over); refused once the room's places are final
        (:meth:`settle`), as the next card closes a turn."""
        with self._lock:
            if self._settled is not None:
                raise PhaseError(self._settled)
            return super().undo(0 if player is None else player)

    def can_undo(self, player: int) -> bool:
        """As :meth:`Game.can_undo`; False once the room's places are final."""
        return self._settled is None and super().can_undo(player)

    def restart(self, seed: int | None = None) -> None:
        """Refused: a room plays the deal it was given."""
        t = self._t
        raise PhaseError(t("a room's game cannot be dealt again: the room plays one deal"))

    def play(self, move: Move | str, player: int = 0) -> Move:
        """As :meth:`Game.play`, holding the game's lock."""
        with self._lock:
            return super().play(move, player)

    def play_plan(self, plan: Plan, player: int = 0) -> None:
        """As :meth:`Game.play_plan`, holding the game's lock."""
        with self._lock:
            super().play_plan(plan, player)

    def pass_turn(self, player: int = 0) -> None:
        """As :meth:`Game.pass_turn`, holding the game's lock."""
        with self._lock:
            super().pass_turn(player)

    def use_power(self, power: str, station: str | None = None, player: int = 0) -> None:
        """As :meth:`Game.use_power`, holding the game's lock."""
        with self._lock:
            super().use_power(power, station, player)

    def apply(self, action: Action) -> None:
        """As :meth:`Game.apply`; a reveal is a dealt one (replays and checks)."""
        with self._lock:
            if isinstance(action, Reveal):
                self.deal(action.cards)
            else:
                super().apply(action)

    # ------------------------------------------------------------------ copies
    def clone(self) -> RoomGame:
        """An independent copy that is still a room's game (for the board's checks)."""
        with self._lock:
            new = super().copy()
        new._lock = threading.RLock()
        new._dealt = self._dealt
        return new

    def copy(self) -> Game:  # type: ignore[override]
        """An independent copy as a plain :class:`~nsb_widget.Game` (reveal named cards on it
        freely: bots, hints and what-ifs look ahead on copies)."""
        with self._lock:
            copied = super().copy()
        plain = Game.__new__(Game)
        plain.__dict__.update(copied.__dict__)
        return plain

    def __getstate__(self) -> dict[str, Any]:
        """What pickles and deep-copies: the game's state, taken while holding its lock, and
        not the lock (a restored game gets one of its own). It is still a room's game."""
        with self._lock:
            state = super().__getstate__()
        del state["_lock"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.RLock()

    def _become(self, other: RulesGame) -> None:
        """Take over ``other``'s state (undo), keeping this game's lock and room."""
        lock, dealt, settled = self._lock, self._dealt, self._settled
        super()._become(other)
        self._lock, self._dealt, self._settled = lock, dealt, settled
