"""The table :func:`~nsb_widget.simulation.simulate` returns: a pandas DataFrame whose notebook
display keeps every row one line high.

The ``sections`` and ``cards`` columns hold a whole game each (dozens of sections and cards);
shown whole they wrap into tall rows. The display shortens them to their first items and a
count, with no-break spaces and hyphens so they never wrap; the data itself is unchanged
(``table.sections`` is the full text, and so is a CSV). Imported only when pandas is.
"""

from __future__ import annotations

import pandas as pd

#: Text columns that hold a whole game, shortened on screen.
LONG_COLUMNS = ("sections", "cards")
#: At most this many characters of their items are shown (at least one item).
SHOWN_CHARS = 24


def short_cell(value: object, chars: int = SHOWN_CHARS) -> object:
    """A list written as text (``"D3-E4 E4-F5 ..."``, ``"bear square,crown circle,..."``)
    shortened to its first items (about ``chars`` characters) and the count of the rest
    (``"D3-E4 E4-F5 F5-G6 … +24"``), unbreakable (no-break spaces and hyphens); anything else
    as it is."""
    if not isinstance(value, str):
        return value
    sep = "," if "," in value else " "
    words = value.split(sep) if sep == "," else value.split()
    count = 1
    while count < len(words) and len(sep.join(words[:count + 1])) <= chars:
        count += 1
    shown = sep.join(words[:count])
    if len(words) > count:
        shown += f" … +{len(words) - count}"
    return shown.replace(" ", "\u00a0").replace("-", "\u2011")


class SimulationTable(pd.DataFrame):  # type: ignore[misc]
    """A pandas ``DataFrame`` (every DataFrame operation works and keeps the class) whose
    notebook display shortens the ``sections`` and ``cards`` columns to one line."""

    @property
    def _constructor(self) -> type[SimulationTable]:
        return SimulationTable

    def _repr_html_(self) -> str | None:
        shown = pd.DataFrame(self)
        for column in LONG_COLUMNS:
            if column in shown.columns:
                shown[column] = shown[column].map(short_cell)
        html: str | None = shown._repr_html_()
        return html
