"""Two runs of :func:`~nsb_widget.simulation.simulate` on the same deals, compared game by game:
the paired difference of a column, with its standard error and 95 % confidence interval.

Two runs with the same ``seed`` (and ``games``, ``players``, ``map``) play the very same
cards, so the luck of the deal cancels out of each game's difference: far fewer games tell two
strategies apart than two independent samples would. pandas is imported when :func:`compare`
is called.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..errors import ArgumentError, did_you_mean, quote, shorten

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054
#: The columns that must agree row by row for two tables to hold the same deals. The bots and
#: the module cards may differ: that is what a comparison asks about (one Effect card against
#: another on the same cards, say).
DEAL_COLUMNS = ("game", "player", "seed", "map", "players")
#: What an empty table most often is: a filter that kept nothing, often through ``table.map``
#: or ``table.rank``, which are DataFrame methods (never equal to a value), not the columns.
EMPTY_HINT = ("did a filter keep nothing? table.map and table.rank are DataFrame methods, not "
              "the columns: write table[\"map\"] == \"berlin\", table[\"rank\"] == 1")


@dataclass(frozen=True)
class Comparison:
    """The paired difference ``b - a`` of one column over the same deals."""

    column: str
    """The column compared (``"total"``, ``"interchanges_points"``, ...)."""
    a: str
    """The first run's bots (its ``seats`` column, or ``"a"``)."""
    b: str
    """The second run's bots."""
    n: int
    """Paired rows (games x players)."""
    mean_a: float
    """The first run's mean."""
    mean_b: float
    """The second run's mean."""
    difference: float
    """The mean of ``b - a`` over the pairs."""
    sem: float
    """Its standard error (``nan`` with a single pair)."""

    @property
    def low(self) -> float:
        """The lower end of the 95 % confidence interval (normal approximation)."""
        return self.difference - Z95 * self.sem

    @property
    def high(self) -> float:
        """The upper end of the 95 % confidence interval."""
        return self.difference + Z95 * self.sem

    def __str__(self) -> str:
        interval = ("" if math.isnan(self.sem) else
                    f" (95 % CI {self.low:+.2f} to {self.high:+.2f}; s.e. {self.sem:.2f})")
        # Each mean named by its run: two bare numbers do not say which is which.
        return (f"{self.b} - {self.a}: {self.difference:+.2f} {self.column}{interval} over "
                f"{self.n} paired {'row' if self.n == 1 else 'rows'}; means {self.b} "
                f"{self.mean_b:.2f}, {self.a} {self.mean_a:.2f}")


def compare(a: Any, b: Any, column: str = "total") -> Comparison:
    """``b`` against ``a``, two tables of :func:`~nsb_widget.simulation.simulate` played on the
    same deals (the same ``seed``, ``games``, ``players`` and map; the bots, the modules or
    their cards differ),
    paired row by row: the mean of ``b[column] - a[column]``, its standard error and its 95 %
    confidence interval (normal approximation: from about 30 games it is close to exact).

    Raises :class:`~nsb_widget.errors.ArgumentError` when either is not a table of
    ``simulate``, ``column`` is not a numeric column of both, or the tables do not hold the
    same deals (saying which column differs first and in which row): a comparison of
    different deals is not paired.
    """
    import pandas as pd

    for name, table in (("a", a), ("b", b)):
        if isinstance(table, pd.Series):  # a column (table["total"]) or a row (table.iloc[0])
            raise ArgumentError(f"{name} must be a whole table of simulate(), not a Series: "
                                "pass the tables and name the column, compare(a, b, "
                                "column='total')")
        if not isinstance(table, pd.DataFrame):
            raise ArgumentError(f"{name} must be a table of simulate(), not {quote(table)}")
        missing = [c for c in ("game", "player", "seed") if c not in table.columns]
        if missing:
            raise ArgumentError(f"{name} is not a table of simulate(): it has no "
                                f"{', '.join(missing)} column")
        if not isinstance(column, str) or column not in table.columns:
            raise ArgumentError(f"{name} has no column {quote(column)}"
                                f"{_closest(column, table.columns)}")
        if not pd.api.types.is_numeric_dtype(table[column]):
            raise ArgumentError(f"{column} is not a number column ({table[column].dtype}): "
                                f"compare a score term such as 'total'")
    if len(a) == 0 or len(b) == 0:
        raise ArgumentError(f"{'a' if len(a) == 0 else 'b'} has no rows: {EMPTY_HINT}")
    if len(a) != len(b):
        raise ArgumentError(f"the tables hold {len(a)} and {len(b)} rows: compare two runs of "
                            "simulate() with the same seed, games and players")
    left = a.sort_values(["game", "player"]).reset_index(drop=True)
    right = b.sort_values(["game", "player"]).reset_index(drop=True)
    for key in DEAL_COLUMNS:
        if key not in left.columns and key not in right.columns:
            continue
        if key not in left.columns or key not in right.columns:
            raise ArgumentError(f"only one table has a {key} column: not the same deals")
        differ = (left[key].astype(str) != right[key].astype(str)).to_numpy().nonzero()[0]
        if len(differ):
            row = int(differ[0])
            raise ArgumentError(
                f"not the same deals: {key} differs (game {left['game'][row]}, player "
                f"{left['player'][row]}: {shorten(str(left[key][row]))} and "
                f"{shorten(str(right[key][row]))}); run both with the same seed, games, "
                "players and map")
    diffs = right[column].astype(float) - left[column].astype(float)
    n = len(diffs)
    sem = float(diffs.std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
    return Comparison(column, _bots(left, "a"), _bots(right, "b"), n, float(left[column].mean()),
                      float(right[column].mean()), float(diffs.mean()), sem)


def _bots(table: Any, name: str) -> str:
    """The run's bots: its one ``seats`` value (``"greedy"``, ``"greedy,search"``), else
    ``name`` (the argument's name: the run mixes several)."""
    if "seats" in table.columns:
        seats = table["seats"].unique()
        if len(seats) == 1:
            return str(seats[0])
    return name


def _closest(word: object, columns: Any) -> str:
    """``" (did you mean 'total'?)"`` for a misspelt column."""
    return did_you_mean(word, [str(c) for c in columns])
