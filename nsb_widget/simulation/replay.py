"""Any row of a simulation's table turned back into its game."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..bots import Bot
from ..errors import ArgumentError, quote
from ..game import Game
from ..maps import BUILTIN_MAPS, GameMap
from .runner import play_game
from .spec import bot_rng, parse_label, seats_for, split_labels


def _cell(row: Any, name: str) -> Any:
    try:
        return row[name]
    except (KeyError, IndexError, TypeError):
        pass
    if isinstance(row, tuple) and hasattr(row, "_fields"):  # a row of table.itertuples()
        try:
            return getattr(row, name)
        except AttributeError:
            pass
    raise ArgumentError(f"a simulation row has a {name!r} column; this one has none") from None


def _one_row(row: Any) -> Any:
    """``row`` itself, or the only row of a one-row DataFrame (``table[table.total == 150]``);
    a DataFrame of several rows is refused, saying how to pick one."""
    if not (hasattr(row, "columns") and hasattr(row, "iloc")):
        return row
    if len(row) != 1:
        raise ArgumentError(f"replay() takes one row, not a table of {len(row)} rows: pick one "
                            f"with table.iloc[i] or table.loc[label]")
    return row.iloc[0]


def _split(text: Any) -> list[str]:
    return [] if not isinstance(text, str) or not text else text.split(",")


def _power_limit(row: Any) -> str:
    """The row's ``power_limit``: ``"round"`` or ``"game"``; a table without powers (or
    older) has none, an empty or missing cell (a CSV, a table joined with one without powers)
    is ``"round"``; anything else is refused."""
    try:
        limit = _cell(row, "power_limit")
    except ArgumentError:
        return "round"
    if limit is None or limit == "" or (isinstance(limit, float) and math.isnan(limit)):
        return "round"
    if limit not in ("round", "game"):
        raise ArgumentError(f"the row's power_limit is 'round' or 'game', not {quote(limit)}")
    return str(limit)


def _whole(row: Any, name: str) -> int:
    """The row's ``name`` cell as a whole number (``3``, ``3.0``, ``"3"``), else
    :class:`ArgumentError` naming the column and the value."""
    value = _cell(row, name)
    try:
        if isinstance(value, float) and not value.is_integer():  # NaN, 2.5
            raise ValueError
        number = int(value)  # a 63-bit seed stays exact (never through a float)
    except (TypeError, ValueError, OverflowError):
        raise ArgumentError(f"the row's {name} is a whole number, not {quote(value)}") \
            from None
    return number


def _row_map(row: Any, game_map: GameMap | None) -> str | GameMap:
    """The map the row's game was played on: its built-in name, or ``game_map`` (which must
    be the row's: its id is the ``map`` column)."""
    name = str(_cell(row, "map"))
    if game_map is not None:
        if not isinstance(game_map, GameMap):
            raise ArgumentError(f"map is a map loaded with load_map(path), not "
                                f"{type(game_map).__name__}")
        if game_map.id != name:
            raise ArgumentError(f"the row was played on the map {name!r}, not "
                                f"{game_map.id!r}")
        return game_map
    if name not in BUILTIN_MAPS:
        raise ArgumentError(f"the row was played on the map {name!r}, which is not built in: "
                            f"give it again, replay(row, map=load_map(path))")
    return name


def replay(row: Mapping[str, Any] | Any, bots: Sequence[Bot | str] | None = None, *,
           map: GameMap | None = None) -> Game:
    """The game of a row of :func:`~nsb_widget.simulation.simulate`'s table, played again
    to its end (the same cards, the same moves): ``replay(table.loc[i]).widget()`` shows it.

    The row's ``seed``, ``map``, ``players``, ``modules``, cards and ``power_limit`` rebuild
    the game and its ``seats`` name the bots; bots given as objects in the run are passed
    again as ``bots`` (one per seat). A row is ``table.iloc[i]``, a row of
    ``table.itertuples()`` or of ``table.to_dict("records")``, or a DataFrame of one row.
    A game played on a map of one's own needs that map again: ``map=load_map(path)``.
    """
    row = _one_row(row)
    game_map = _row_map(row, map)
    players = _whole(row, "players")
    if bots is None:
        seats_cell = _cell(row, "seats")
        labels = split_labels(seats_cell) if isinstance(seats_cell, str) else []
        if len(labels) != players:
            raise ArgumentError(f"the row's seats list {len(labels)} bots for {players} "
                                f"player(s)")
        try:  # a label that is no bot ('my loop' of table_of) is refused with the way out
            seat_specs: list[Any] = [parse_label(label) for label in labels]
            seats = seats_for(seat_specs, players)
        except ArgumentError as exc:
            raise ArgumentError(f"{exc}; pass the bots the run used: replay(row, bots=[...]) "
                                "(a game of table_of() played another way cannot be replayed: "
                                "it is the game you gave table_of())") from None
    else:
        seats = seats_for(list(bots), players)
    seed = _whole(row, "seed")
    cards: dict[str, Any] = {kind: _split(_cell(row, kind))
                             for kind in ("effects", "objectives", "powers")}
    game = Game.new(players, seed, map=game_map,
                    modules=_split(_cell(row, "modules")), power_limit=_power_limit(row),
                    **{kind: value for kind, value in cards.items() if value})
    return play_game(game, [s.make() for s in seats], bot_rng(seed))


__all__ = ["replay"]
