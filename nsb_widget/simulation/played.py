"""Games played any other way (in the widget, from a cell, by your own loop, in scenario mode)
as :func:`~nsb_widget.simulation.simulate`'s table: the same columns, one row per game and
player, for :mod:`nsb_widget.plots` and your own analysis."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import ArgumentError, quote
from ..game import Game
from .rows import Row, cards_text, game_rows


def table_of(games: Game | Iterable[Game], seats: Sequence[str] | None = None, *,
             finished: bool = True) -> Any:
    """A :class:`~nsb_widget.simulation.table.SimulationTable` (a pandas DataFrame) of
    ``games`` in the columns of :func:`~nsb_widget.simulation.simulate`: ``game`` is each
    game's index in ``games``, ``bot`` and ``seats`` the labels in ``seats`` (one per player,
    default ``"player 1"``, ``"player 2"``, ...). Each game must be over unless
    ``finished=False`` (then its scores so far: the rounds not yet scored count 0). Raises
    :class:`~nsb_widget.errors.ArgumentError` for anything else, before any row is made.
    Needs pandas."""
    from .runner import Chunk, frame_of, require, rows_as_columns

    require("pandas", "analysis", "table_of()")
    from .table import SimulationTable

    listed = [games] if isinstance(games, Game) else list(_games(games))
    rows: list[Row] = []
    for index, game in enumerate(listed):
        if finished and not game.is_over:
            raise ArgumentError(f"game {index} is not over (round {game.round}): finish it, or "
                                f"pass finished=False for the scores so far")
        labels = _labels(seats, game.players)
        rows.extend(game_rows(game, index, labels, cards_text(game)))
    # As simulate() makes its table: a term column missing in some row is 0 there.
    table = frame_of([Chunk(0, rows_as_columns(rows), len(listed), None, 0.0)])
    return table if table is not None else SimulationTable()


def _games(games: object) -> Iterable[Game]:
    """The games of an iterable, each checked to be a :class:`Game`."""
    if isinstance(games, str | bytes) or not isinstance(games, Iterable):
        raise ArgumentError(f"games is a Game or a list of games, not {quote(games)}")
    for game in games:
        if not isinstance(game, Game):
            raise ArgumentError(f"games holds games, not {quote(game)}")
        yield game


def _labels(seats: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """One label per player: ``seats`` as given (checked), else ``"player 1"``, ..."""
    if seats is None:
        return tuple(f"player {p + 1}" for p in range(players))
    if isinstance(seats, str) or not isinstance(seats, Sequence) or len(seats) != players \
            or not all(isinstance(s, str) for s in seats):
        raise ArgumentError(f"seats labels each player with a text: {players} player(s) need "
                            f"{players} label(s), not {quote(seats)}")
    return tuple(seats)
