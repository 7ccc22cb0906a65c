"""Figures of a simulation's table (:func:`~nsb_widget.simulation.simulate`): score
distributions per bot, the score terms stacked per round, and a heat map of how often each
section is drawn.

matplotlib is an optional extra (``pip install "nsb-widget[plots]"``), imported on first use.
Each function draws on ``ax`` (a new figure when none is given) and returns the axes.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .errors import ArgumentError, did_you_mean, quote

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: Score terms scored once, at the end, in the order the stack shows them. ``tracks_points``
#: is London's tourist track (0 in Berlin, which has none): labelled so.
END_TERMS = (("interchanges_points", "interchanges"), ("tracks_points", "tourist track"),
             ("objectives_points", "objectives"))


def _pyplot() -> Any:
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError('nsb_widget.plots needs matplotlib: pip install "nsb-widget[plots]"') \
            from None
    return plt


def _axes(ax: Axes | None, size: tuple[float, float] = (6.4, 4.0)) -> Axes:
    if ax is not None:
        return ax
    _, new = _pyplot().subplots(figsize=size, layout="constrained")
    return new  # type: ignore[no-any-return]


#: Columns every table of ``simulate()`` and ``table_of()`` has: a table with them is the
#: right kind, and a column it lacks is a misspelt name, not a wrong table.
TABLE_COLUMNS = ("game", "player", "seed", "total")


def _check(table: Any, *columns: str) -> None:
    present = [str(c) for c in getattr(table, "columns", ())]
    missing = [c for c in columns if c not in present]
    if missing and all(c in present for c in TABLE_COLUMNS):
        # The right table, a name it does not have ("bots" for "bot"): say which is close.
        name = missing[0]
        raise ArgumentError(f"the table has no column {quote(name)}"
                            f"{did_you_mean(name, present)}: a column of the table, such as "
                            "'bot', 'map' or a score term like 'total' (the columns are listed "
                            "in docs/simulations.md)")
    if missing:
        raise ArgumentError(f"the table has no {', '.join(missing)} column: pass the DataFrame "
                            "nsb_widget.simulate() returned")
    if len(table) == 0:
        # Most often a filter that kept nothing: table.map is a DataFrame method, not the column.
        raise ArgumentError("the table is empty: did a filter keep nothing? table.map and "
                            "table.rank are DataFrame methods, not the columns: write "
                            "table[\"map\"] == \"berlin\", table[\"rank\"] == 1")


def _groups(table: Any, by: str | list[str] | None) -> list[tuple[str, Any]]:
    if by is None:
        return [("all", table)]
    keys = [by] if isinstance(by, str) else list(by)
    _check(table, *keys)
    out = []
    for key, part in table.groupby(keys, sort=True):
        values = key if isinstance(key, tuple) else (key,)
        out.append((" ".join(str(v) for v in values), part))
    return out


#: The least a score histogram's axis shows on each side of its scores' middle (points).
SCORE_SPAN = 5


def score_distribution(table: Any, column: str = "total", by: str | list[str] | None = "bot",
                       ax: Axes | None = None, bins: int = 30) -> Axes:
    """Histograms of ``column`` (default: the final score), one per group of ``by`` (default:
    each bot), on shared bins, with each group's mean as a dashed line."""
    _check(table, column)
    ax = _axes(ax)
    values = table[column]
    edges = _bin_edges([float(v) for v in values], bins)
    colours = _pyplot().rcParams["axes.prop_cycle"].by_key()["color"]
    for i, (name, part) in enumerate(_groups(table, by)):
        colour = colours[i % len(colours)]
        mean = float(part[column].mean())
        ax.hist(part[column], bins=edges, histtype="stepfilled", alpha=0.35, color=colour,
                label=f"{name}: mean {mean:.1f} (n={len(part)})")
        ax.axvline(mean, color=colour, linestyle="--", linewidth=1.2)
    # Room on both sides: a bar at the range's end is not drawn against the axis.
    pad = edges[1] - edges[0]
    left, right = edges[0] - pad, edges[-1] + pad
    if _integral(values) and right - left < 2 * SCORE_SPAN + 1:
        # One score, or a few close ones (a room with one finished game): an axis of at least
        # five points each side of them, not one that runs from 79 to 80.
        middle = (edges[0] + edges[-1]) / 2
        left, right = middle - SCORE_SPAN - 0.5, middle + SCORE_SPAN + 0.5
    ax.set_xlim(left, right)
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # rows are counted
    if _integral(values):  # scores: ticks on whole numbers (no "86.5")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(column.replace("_", " "))
    ax.set_ylabel("rows")
    ax.set_title(f"Distribution of {column.replace('_', ' ')}")
    ax.legend(fontsize="small")
    return ax


def _integral(values: Any) -> bool:
    return all(float(v).is_integer() for v in values)


def _bin_edges(values: list[float], bins: int) -> list[float]:
    """At most ``bins`` bins over ``values``. Whole numbers (scores) get whole-number bins, each
    one or more numbers wide with its edges halfway between numbers (``n - 0.5``), so a bar of
    one score is centred on it, also when every value is the same; other values get ``bins``
    equal bins from the smallest to the largest (one unit wide when they are all equal)."""
    lo, hi = min(values), max(values)
    if _integral(values):
        width = max(1, -(-int(hi - lo + 1) // max(1, bins)))  # ceil: at most `bins` bins
        count = -(-int(hi - lo + 1) // width)
        return [lo - 0.5 + width * i for i in range(count + 1)]
    if hi == lo:
        return [lo - 0.5, lo + 0.5]
    return [lo + (hi - lo) * i / bins for i in range(bins + 1)]


def _round_terms(part: Any, n: int) -> list[tuple[str, float]]:
    """Round ``n``'s terms and their mean points: each line's districts x stations, then each
    bonus (a line's points are exactly these)."""
    pre = f"r{n}_"
    cols = [c for c in part.columns if c.startswith(pre)]
    terms = []
    for col in cols:
        if col.endswith("_districts"):
            line = col[len(pre):-len("_districts")]
            product = part[col] * part[f"{pre}{line}_stations"]
            terms.append((line, float(product.mean())))
    for col in cols:
        if col.endswith("_count") and f"{col[:-len('_count')]}_points" in cols:
            terms.append((col[len(pre):-len("_count")],
                          float(part[f"{col[:-len('_count')]}_points"].mean())))
    return terms


def round_terms(table: Any, by: str | list[str] | None = "bot", ax: Axes | None = None) -> Axes:
    """Mean points of each score term, stacked per round (each line's districts x stations,
    each bonus) and for the end of the game (interchanges, tracks, objectives); side by side
    for each group of ``by`` (default: each bot)."""
    _check(table, "r1_points", "interchanges_points")
    ax = _axes(ax, (7.5, 4.2))
    groups = _groups(table, by)
    rounds = sorted(int(c[1:-len("_points")]) for c in table.columns
                    if c.startswith("r") and c.endswith("_points") and c[1:-7].isdigit())
    colours = _pyplot().rcParams["axes.prop_cycle"].by_key()["color"]
    names = list(dict.fromkeys([name for name, _ in _round_terms(table.head(1), rounds[0])]
                               + [label for _, label in END_TERMS]))
    colour_of = {name: colours[i % len(colours)] for i, name in enumerate(names)}
    width = 0.8 / len(groups)
    labelled: set[str] = set()
    for g, (group, part) in enumerate(groups):
        for x, slot in enumerate([*rounds, 0]):
            offset = x - 0.4 + width * (g + 0.5)
            bottom = 0.0
            if slot == 0:
                items = [(label, float(part[col].mean())) for col, label in END_TERMS
                         if col in part.columns]
            else:
                items = _round_terms(part, slot)
            for name, value in items:
                if value <= 0:
                    continue
                ax.bar(offset, value, width * 0.95, bottom=bottom,
                       color=colour_of.setdefault(name, colours[len(colour_of) % len(colours)]),
                       label=None if name in labelled else name, edgecolor="white",
                       linewidth=0.5)
                labelled.add(name)
                bottom += value
            if len(groups) > 1:
                ax.text(offset, bottom, f" {group}", ha="center", va="bottom",
                        fontsize="x-small", rotation=90)
    ax.set_xticks(range(len(rounds) + 1), [f"round {r}" for r in rounds] + ["end"])
    ax.set_ylabel("mean points")
    ax.set_title("Score terms per round")
    ax.margins(y=0.25)
    ax.legend(fontsize="small", ncol=len(labelled), loc="upper center")
    return ax


def section_counts(table: Any) -> Counter[str]:
    """How many rows drew each section (``"A1-B2"``) of the table's ``sections`` column."""
    _check(table, "sections")
    counts: Counter[str] = Counter()
    for text in table["sections"]:
        if isinstance(text, str) and text:
            counts.update(set(text.split()))
    return counts


#: Where on the colour scale one sheet's sections are drawn (0 palest, 1 darkest).
ONE_SHEET_SHADE = 0.55


def section_heatmap(table: Any, ax: Axes | None = None, cmap: str = "magma_r") -> Axes:
    """The map with each potential section coloured by the share of rows (players' games)
    that drew it; undrawn sections stay pale grey. With one row a share says nothing (every
    drawn section is at 100 %, the scale's darkest, nearly black): its sections are drawn in
    one mid colour of the scale, without the colour bar."""
    from .maps import get_map

    _check(table, "sections", "map")
    maps = sorted(set(table["map"]))
    if len(maps) != 1:
        raise ArgumentError(f"the table mixes maps ({', '.join(maps)}): pass one map's rows")
    game_map = get_map(maps[0])
    plt = _pyplot()
    ax = _axes(ax, (6.0, 6.0))
    counts = section_counts(table)
    rows = len(table)
    colormap = plt.get_cmap(cmap)
    station = {s.label: s for s in game_map.stations}
    for sec in game_map.sections:
        a, b = game_map.stations[sec.a], game_map.stations[sec.b]
        share = counts.get(f"{a.label}-{b.label}", 0) / rows
        if share == 0:
            ax.plot([a.x, b.x], [a.y, b.y], color="#dddddd", linewidth=0.8, zorder=1)
        elif rows == 1:
            ax.plot([a.x, b.x], [a.y, b.y], color=colormap(ONE_SHEET_SHADE), linewidth=3.5,
                    solid_capstyle="round", zorder=2)
        else:
            ax.plot([a.x, b.x], [a.y, b.y], color=colormap(share), linewidth=1 + 5 * share,
                    solid_capstyle="round", zorder=2)
    if game_map.river is not None:
        xs, ys = zip(*game_map.river.polyline, strict=True)
        ax.plot(xs, ys, color="#6baed6", linewidth=3, alpha=0.4, zorder=0)
    ax.scatter([s.x for s in station.values()], [s.y for s in station.values()], s=18,
               color="black", zorder=3)
    for s in station.values():
        ax.annotate(s.label, (s.x, s.y), xytext=(3, 3), textcoords="offset points",
                    fontsize=6, color="#444444")
    if rows > 1:  # (one sheet: every drawn section is on it, no scale to read)
        sm = plt.cm.ScalarMappable(cmap=colormap, norm=plt.Normalize(0, 1))
        ax.figure.colorbar(sm, ax=ax, shrink=0.7, label="share of sheets with the section")
    ax.set_xlim(-0.7, game_map.width - 0.3)
    ax.set_ylim(game_map.height - 0.3, -0.7)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(f"Sections drawn ({game_map.title}, {rows} sheet{'' if rows == 1 else 's'})")
    return ax


def report(table: Any) -> Figure:
    """The three figures in one (what ``nsb-widget simulate --plot`` writes): the score
    distributions and the terms per round above, a heat map per map below."""
    plt = _pyplot()
    _check(table, "map")
    maps = sorted(set(table["map"]))
    cols = max(2, len(maps))
    fig = plt.figure(figsize=(6.5 * cols, 11), layout="constrained")
    grid = fig.add_gridspec(2, cols, height_ratios=(1, 1.4))
    score_distribution(table, ax=fig.add_subplot(grid[0, 0]),
                       by=["map", "bot"] if len(maps) > 1 else "bot")
    first = table[table["map"] == maps[0]].dropna(axis=1, how="all")
    terms = round_terms(first, ax=fig.add_subplot(grid[0, 1:]))
    if len(maps) > 1:
        terms.set_title(f"Score terms per round ({maps[0]})")
    for i, name in enumerate(maps):
        section_heatmap(table[table["map"] == name], ax=fig.add_subplot(grid[1, i]))
    return fig  # type: ignore[no-any-return]
