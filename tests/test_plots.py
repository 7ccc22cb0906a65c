"""nsb_widget.plots: the figures show what the table says, and the CLI writes them."""

from __future__ import annotations

import itertools
import sys

import pytest

pd = pytest.importorskip("pandas")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from nsb_widget import plots, simulate  # noqa: E402
from nsb_widget.cli import main  # noqa: E402


@pytest.fixture(scope="module")
def table():
    runs = [simulate(map=m, players=2, bots=["greedy", "random"], games=6, seed=3,
                     modules=mods, workers=1, progress=False)
            for m, mods in (("berlin", ["objectives"]), ("london", ["objectives"]))]
    return pd.concat(runs, ignore_index=True)


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def test_distribution_has_a_histogram_and_mean_line_per_group(table):
    ax = plots.score_distribution(table, by=["map", "bot"])
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert len(labels) == 4 and labels[0].startswith("berlin greedy: mean")
    means = sorted(table.groupby(["map", "bot"])["total"].mean())
    xs = sorted(line.get_xdata()[0] for line in ax.get_lines())
    assert xs == pytest.approx(means)


def test_round_terms_stack_up_to_each_round_mean(table):
    for city in ("berlin", "london"):
        part = table[(table["map"] == city) & (table["bot"] == "greedy")].dropna(axis=1,
                                                                                how="all")
        ax = plots.round_terms(part, by=None)
        heights: dict[int, float] = {}
        for bar in ax.patches:
            x = round(bar.get_x() + bar.get_width() / 2)
            heights[x] = heights.get(x, 0.0) + bar.get_height()
        for n in range(1, 5):
            assert heights[n - 1] == pytest.approx(part[f"r{n}_points"].mean()), (city, n)
        end = (part.interchanges_points + part.tracks_points + part.objectives_points).mean()
        assert heights[4] == pytest.approx(end)
        legend = {t.get_text() for t in ax.get_legend().get_texts()}
        assert ({"bear", "crown", "interchanges"} if city == "berlin"
                else {"line", "thames", "tourist track"}) <= legend


def test_heatmap_colours_each_drawn_section(table):
    berlin = table[table["map"] == "berlin"]
    counts = plots.section_counts(berlin)
    assert max(counts.values()) <= len(berlin)
    ax = plots.section_heatmap(berlin)
    thick = [line for line in ax.get_lines() if line.get_zorder() == 2]  # drawn sections
    assert len(thick) == len(counts)
    with pytest.raises(ValueError, match="mixes maps"):
        plots.section_heatmap(table)


def test_report_and_clear_errors(table):
    fig = plots.report(table)
    titles = [ax.get_title() for ax in fig.axes]
    assert "Distribution of total" in titles
    assert sum(t.startswith("Sections drawn") for t in titles) == 2
    with pytest.raises(ValueError, match="no column 'sections'"):
        plots.section_heatmap(table.drop(columns="sections"))


def test_a_misspelt_column_of_the_right_table_is_named_with_the_closest(table):
    """The table is the right one: the message points at the name, not at the table (it said
    'pass the DataFrame nsb_widget.simulate() returned' to someone who had)."""
    with pytest.raises(ValueError, match=r"no column 'bots' \(did you mean 'bot'\?\)") as info:
        plots.score_distribution(table, by="bots")
    assert "pass the DataFrame" not in str(info.value)
    with pytest.raises(ValueError, match=r"no column 'totl' \(did you mean 'total'\?\)"):
        plots.score_distribution(table, column="totl")
    with pytest.raises(ValueError, match=r"pass the DataFrame nsb_widget\.simulate"):
        plots.score_distribution(table[["bot"]])
    with pytest.raises(ValueError, match=r"the table is empty: did a filter keep nothing\? "
                                         r"table\.map and table\.rank are DataFrame methods"):
        plots.score_distribution(table[(table.bot == "greedy") & (table.map == "berlin")])


def test_missing_matplotlib_says_what_to_install(monkeypatch, table):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r'pip install "nsb-widget\[plots\]"'):
        plots.score_distribution(table)


def test_cli_writes_the_table_and_the_figures(tmp_path, capsys):
    csv, png = tmp_path / "out.csv", tmp_path / "out.png"
    args = ["simulate", "--games", "4", "--players", "2", "--bots", "greedy,random",
            "--seed", "2", "--workers", "1", "--csv", str(csv), "--plot", str(png)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "greedy: mean" in out and f"wrote the figures to {png}" in out
    assert png.read_bytes().startswith(b"\x89PNG")
    back = pd.read_csv(csv, keep_default_na=False)
    assert len(back) == 8 and list(back["bot"][:2]) == ["greedy", "random"]
    again = simulate(players=2, bots=["greedy", "random"], games=4, seed=2, workers=1,
                     progress=False)
    assert list(back["total"]) == list(again["total"])



@pytest.mark.parametrize("totals", [[86, 86], [86, 87], [40, 86, 86, 120]])
def test_a_score_s_bar_is_centred_on_the_score_with_room_around_it(totals):
    """A room of two equal totals (86, 86) drew its one bar at the left edge of an axis from
    86 to 87: bins are whole numbers (edges at n ± 0.5), so a bar of one score is centred on
    it, and the axis has room on both sides."""
    ax = plots.score_distribution(pd.DataFrame({"total": totals}), by=None, bins=20)
    outline = ax.patches[0].get_xy()  # the step outline of the histogram
    tops = [((x0 + x1) / 2, y0) for (x0, y0), (x1, y1) in itertools.pairwise(outline)
            if y0 == y1 and y0 > 0 and x1 > x0]
    if max(totals) - min(totals) < 20:  # one score a bin: each bar's centre is its score
        assert sorted(x for x, _ in tops) == pytest.approx(sorted(set(totals)))
        assert [y for _, y in sorted(tops)] == [totals.count(v) for v in sorted(set(totals))]
    else:
        assert len(tops) <= 20
    left, right = ax.get_xlim()
    assert left <= min(totals) - 1.5 and right >= max(totals) + 1.5
    assert all(float(x).is_integer() for x in [*ax.get_xticks(), *ax.get_yticks()])


@pytest.mark.parametrize("totals", [[80], [80, 80], [79, 81]])
def test_one_score_has_an_axis_of_points_around_it(totals):
    """A room with one finished game: the score axis ran from 79 to 80. It shows at least five
    points each side of the scores' middle, in whole numbers."""
    ax = plots.score_distribution(pd.DataFrame({"total": totals}), by=None, bins=5)
    left, right = ax.get_xlim()
    middle = (min(totals) + max(totals)) / 2
    assert left <= middle - 5 and right >= middle + 5 and right - left <= 12
    ax.figure.canvas.draw()
    ticks = [x for x in ax.get_xticks() if left <= x <= right]
    assert len(ticks) >= 3 and all(float(x).is_integer() for x in ticks), ticks


def test_one_sheets_heatmap_is_readable_not_black(table):
    """With one sheet every drawn section has the share 1, the scale's darkest (magma_r: nearly
    black), and a colour bar from 0 to 1 says nothing: one mid colour, no colour bar."""
    from matplotlib.colors import to_rgb

    one = table[table["map"] == "berlin"].iloc[:1]
    ax = plots.section_heatmap(one)
    drawn = [line for line in ax.get_lines() if line.get_zorder() == 2]
    assert len(drawn) == len(plots.section_counts(one)) > 0
    for line in drawn:
        assert sum(to_rgb(line.get_color())) / 3 > 0.25, line.get_color()  # not black
    assert ax.figure.axes == [ax]  # no colour bar
    assert ax.get_title().endswith("1 sheet)")
    # Two sheets: the share scale and its colour bar.
    two = plots.section_heatmap(table[table["map"] == "berlin"].iloc[:2])
    assert len(two.figure.axes) == 2
