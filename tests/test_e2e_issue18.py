"""Issue 18 end to end: JupyterLab 4, a real kernel and Debian's headless Chromium.

One server for the module; a desktop page plays the widget items (the keys and the focus, a
double-click, notices, running totals, the Thames row, hot-seat and thinking bots, district
names, rich display in cells) and a 360 px page the phone layout. Every step is checked in
the kernel (``KernelProbe``) and on the page; an uncaught page error fails the test.

Run: ``python -m pytest tests/test_e2e_issue18.py`` (skips without Chromium or Playwright,
unless ``E2E_REQUIRE=1``). ``E2E_SCREENSHOTS=dir`` keeps the screenshots.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from jupyter_harness import (
    PROJECT_ROOT,
    BerlinView,
    KernelProbe,
    chromium_page,
    collapse_sidebars,
    jupyter_server,
    open_and_run_all,
    open_tab_and_run_all,
    require_browser,
    screenshot,
    write_notebook,
)

require_browser()
pytestmark = pytest.mark.e2e

PLAY = "play18.ipynb"
PLAY_CODE = ("from nsb_widget import Game\n"
             "game = Game.new(players=1, seed=5)\n"
             "widget = game.widget()\n"
             "widget")
THAMES = "thames18.ipynb"
THAMES_CODE = (f"import sys; sys.path.insert(0, {str(PROJECT_ROOT / 'docs' / 'examples')!r})\n"
               "from london_guide import EXAMPLES\n"
               "game = EXAMPLES['game-119']()\n"
               "widget = game.widget()\n"
               "widget")
TABLE = "table18.ipynb"
# Two humans and a bot that takes its time (1.5 s a decision), so "thinking" can be seen.
TABLE_CODE = ("import time\n"
              "from nsb_widget import Game\n"
              "from nsb_widget.bots import GreedyBot\n"
              "class SlowBot(GreedyBot):\n"
              "    def choose_plan(self, game, player, rng):\n"
              "        time.sleep(1.5)\n"
              "        return super().choose_plan(game, player, rng)\n"
              "game = Game.new(players=3, seed=4)\n"
              "widget = game.widget(bots={2: SlowBot()})\n"
              "widget")
CELLS = "cells18.ipynb"
CELLS_CODE = ["from nsb_widget import Game, simulate\n"
              "game = Game.new(seed=5)\n"
              "game.reveal()\n"
              "game.play(game.legal_moves()[0])\n"
              "game.reveal()\n"
              "while not game.legal_moves():\n"
              "    game.pass_turn()\n"
              "    game.reveal()",
              "game.score_sheet()",
              "game.explain(game.legal_moves()[0])",
              "simulate(games=3, seed=1, workers=1, progress=False).head()"]
PHONE = "phone18.ipynb"
PHONE_CODE = ("from nsb_widget import Game\n"
              "game = Game.new(players=1, seed=5)\n"
              "widget = game.widget()\n"
              "widget")


# Play on from the kernel until the open line has two ends that reach one station (the widget
# then asks which end to draw from); that station is left in `choice`.
ADVANCE_TO_CHOICE = """
def _choice(hints):
    for target in {m[2] for m in hints['moves']}:
        ends = {m[1] for m in hints['moves'] if m[2] == target}
        if len(ends) > 1 and target not in hints['origins']:
            return target
    return None

choice = None
for _ in range(80):
    if game.phase.value == 'draw':
        choice = _choice(widget.hints)
        if choice is not None:
            break
        moves = game.legal_moves()
        game.play(moves[-1]) if moves else game.pass_turn()
    else:
        game.reveal()
"""


def _expect() -> Any:
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    return expect


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    work = tmp_path_factory.mktemp("e2e-issue18") / "work"
    work.mkdir()
    write_notebook(work / PLAY, PLAY_CODE, "")
    write_notebook(work / THAMES, THAMES_CODE, "")
    write_notebook(work / TABLE, TABLE_CODE, "")
    write_notebook(work / CELLS, *CELLS_CODE)
    write_notebook(work / PHONE, PHONE_CODE, "")
    with jupyter_server(work, app="jupyterlab") as srv:
        yield srv


@pytest.fixture(scope="module")
def page(server, tmp_path_factory):
    _expect()  # the longer timeouts, for opening JupyterLab too
    with chromium_page(tmp_path_factory.mktemp("chromium") / "profile",
                       viewport=(1280, 1400)) as pg:
        open_and_run_all(pg, server, PLAY)
        collapse_sidebars(pg)
        yield pg
    for probe in PROBES.values():
        probe.close()


@pytest.fixture(autouse=True)
def no_page_errors(page):
    before = len(page.errors)
    yield
    assert not page.errors[before:], "uncaught page error(s):\n" + "\n".join(page.errors[before:])


#: One kernel probe per notebook, closed with the page.
PROBES: dict[str, KernelProbe] = {}


def _view(page: Any, server: Any, notebook: str, first: bool = False) -> tuple[BerlinView, Any]:
    """The widget of ``notebook`` (opened in a tab and run, unless it is the first one) and
    its notebook panel."""
    panel = (page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)") if first
             else open_tab_and_run_all(page, notebook))
    if notebook not in PROBES:
        PROBES[notebook] = KernelProbe(server, notebook)
    probe = PROBES[notebook]
    view = BerlinView(panel.locator(".nsb-widget").first, probe)
    _expect()(view.root).to_be_visible()
    return view, panel


def _focus_in_widget(page: Any) -> bool:
    return bool(page.evaluate("() => !!document.activeElement?.closest('.nsb-widget')"))


def _cell_types(page: Any) -> list[str]:
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets"
                         ".map((c) => c.model.type)")


def _exported_svg(view: BerlinView) -> str:
    """The text of the SVG the Export SVG button makes (taken from its nsb-export event)."""
    view.root.evaluate("""(root) => { window.__nsbExport = null;
      root.addEventListener('nsb-export', (e) => { e.preventDefault();
        window.__nsbExport = e.detail.data; }, { once: true }); }""")
    view.button("Export SVG").click()
    view.root.page.wait_for_function("() => window.__nsbExport !== null")
    return str(view.root.page.evaluate("() => window.__nsbExport"))


# --------------------------------------------------------------------------- items 1-5
def test_keys_focus_double_clicks_notices_and_running_totals(page, server, tmp_path):
    """Items 1-5 in one game: the widget says when its keys are off and a click anywhere
    (a disabled button too) turns them on; the focus survives Undo's redraw of a focused
    score box; a double-click on Reveal or Pass acts once without an error; a notice goes
    when the game moves on; the round's box, the totals, the panel and the export agree."""
    expect = _expect()
    view, panel = _view(page, server, PLAY, first=True)
    keys = view.root.locator(".nsb-keys")
    # 1. After Run All the notebook has the focus: the widget says its keys are off
    expect(keys).to_have_attribute("data-active", "false")
    expect(keys).to_contain_text("Keys off: click the game")
    assert not _focus_in_widget(page)
    types = _cell_types(page)
    view.root.locator(".nsb-status").click()  # plain text in the panel
    expect(keys).to_have_attribute("data-active", "true")
    page.keyboard.press("r")
    view.wait_actions(1)
    assert _cell_types(page) == types  # the key went to the game, not to JupyterLab
    view.button("Undo").click(force=True)  # disabled: nothing to undo yet
    assert _focus_in_widget(page)
    expect(keys).to_contain_text("Keys on")
    # 3. A double-click on Pass passes once and shows no error; on Reveal, reveals once
    view.button("Pass").dblclick()
    view.wait_actions(2)
    view.button("Reveal next card").dblclick()
    view.wait_actions(3)
    page.wait_for_timeout(500)  # room for a second message, were one sent
    assert view.state()[3] == 3 and view.ev("{g}.turn") == 2
    expect(view.notice).not_to_have_attribute("data-level", "error")
    # 5. Draw a section by clicking: every running total is the round's score so far
    moves = view.until_moves()
    view.draw(moves[0])
    number, live, total, lines, scored = view.ev(
        "(lambda s: ({g}.round, s.rounds[-1].score, s.total, s.lines_total, {g}.score()))"
        "({g}.provisional_score_sheet())")
    assert live > 0 and total != scored  # the round in play counts: no total may leave it out
    expect(view.score_box("score", number)).to_have_text(f"{live} so far")
    expect(view.root.locator('[data-total="total"]')).to_have_text(str(total))
    expect(view.root.locator('[data-total="lines"]')).to_have_text(str(lines))
    footer = re.findall(rf"Next Station: Berlin · Player 1 · round {number} · (\d+) points?",
                        _exported_svg(view))
    assert footer == [str(total)]
    # 2. Focus a score-sheet box, undo with the key: the box is redrawn, the focus stays
    box = view.root.locator(".nsb-score [data-term]").first
    box.click()
    assert page.evaluate("() => document.activeElement.hasAttribute('data-term')")
    n = view.state()[3]
    page.keyboard.press("u")
    view.wait_actions(n - 1)
    expect(view.root.locator('[data-total="total"]')).to_have_text(
        str(view.ev("{g}.provisional_score_sheet().total")))
    assert _focus_in_widget(page)
    page.keyboard.press("p")  # the keys still work
    view.wait_actions(n)
    assert view.ev("type({g}.history[-1]).__name__") == "Pass"
    # 4. A notice belongs to its moment. The widget's own ("several line ends reach...") goes
    # with a pass; Python's (an unreachable station) when the game moves on, also from a cell.
    view.probe.run(ADVANCE_TO_CHOICE)
    target = view.probe.eval("choice")
    assert target is not None
    view.wait_fresh_hints()
    view.hit(target).click()
    expect(view.notice).to_contain_text("Several line ends reach")
    screenshot(page, tmp_path, "issue18-notice")
    view.pass_turn()
    expect(view.notice).to_have_text("")
    view.reveal()
    view.wait_fresh_hints()
    ends = view.ev("sorted(set(i for line in {w}.sheet['lines'].values() for i in line['ends']))")
    unreachable = view.ev("[s.index for s in {g}.map.stations if {g}.why_unreachable(s.label)"
                          f" and s.index not in {ends}][0]")
    view.hit(unreachable).click()
    expect(view.notice).to_have_attribute("data-level", "error")
    view.probe.run("game.pass_turn()")
    expect(view.notice).to_have_text("")
    # Clicking a notebook cell takes the keys away, and the widget says so
    panel.locator(".jp-Cell").nth(1).click()
    page.keyboard.press("Escape")
    expect(keys).to_have_attribute("data-active", "false")


# --------------------------------------------------------------------------- item 6
def test_the_thames_row_counts_crossings_in_every_box(page, server):
    """Item 6: under "Thames ×2" a box shows the number of crossings, one notation for
    every count (it showed the points "2" for one crossing and "4×2" for four)."""
    expect = _expect()
    view, _panel = _view(page, server, THAMES)
    counts = view.ev("[sum(b.count for line in r.lines for b in line.bonuses"
                     " if b.id == 'thames') for r in {g}.score_sheet().rounds]")
    assert len(counts) == 4 and max(counts) > 1 and 0 in counts
    row = view.root.locator('.nsb-score tr[data-row^="bonus"]')
    expect(row.locator("th")).to_have_text("Thames ×2")
    for n, count in enumerate(counts, start=1):
        box = row.locator(f'td[data-round="{n}"]')
        expect(box).to_have_text(str(count) if count else "–")
        if count:
            expect(box.locator(".nsb-half")).to_have_attribute(
                "title", re.compile(rf"{count} × 2 = {2 * count}"))
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", _exported_svg(view))
    at = texts.index("Thames ×2")  # the export's table writes the same
    assert texts[at + 1:at + 5] == [str(c) if c else "–" for c in counts], texts[at:at + 5]


# --------------------------------------------------------------------------- items 9, 10
def test_hot_seat_switch_and_a_thinking_bot(page, server, tmp_path):
    """Item 9: once the shown player has drawn, the widget offers the next human's sheet.
    Item 10: while the bot chooses (1.5 s), the page says it is thinking."""
    expect = _expect()
    view, _panel = _view(page, server, TABLE)
    view.button("Reveal next card").click()
    thinking = view.root.locator(".nsb-bot-thinking")
    expect(thinking).to_have_count(1, timeout=1400)  # before the bot is done
    expect(view.root.locator(".nsb-help")).to_have_text("Thinking: Player 3 (bot)…")
    assert view.root.get_attribute("aria-busy") == "true"
    screenshot(page, tmp_path, "issue18-thinking")
    expect(thinking).to_have_count(0, timeout=10_000)
    view.wait_actions(2)  # the reveal and the bot's turn
    assert view.ev("{g}.has_finished_turn(2)") and view.root.get_attribute("aria-busy") == "false"
    swap = view.root.locator(".nsb-switch")
    expect(swap).to_be_hidden()
    view.pass_turn()  # player 1 is done
    expect(swap).to_be_visible()
    expect(swap).to_have_text("Switch to Player 2's sheet")
    expect(view.root.locator(".nsb-help")).to_have_text("Waiting for Player 2 to draw.")
    screenshot(page, tmp_path, "issue18-switch")
    swap.click()
    assert view.probe.wait_for("widget.player", 1) == 1
    expect(swap).to_be_hidden()
    expect(view.root.locator(".nsb-player-select")).to_have_value("1")
    n = view.state()[3]
    view.button("Pass").click()  # player 2 draws nothing: the table may reveal again
    view.wait_actions(n + 1)
    assert view.ev("type({g}.history[-1]).__name__, {g}.history[-1].player") == ("Pass", 1)
    expect(view.button("Reveal next card")).to_be_enabled()


# --------------------------------------------------------------------------- items 8, 12
OVERLAPS_JS = """([names, marks]) => {
  const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => {
    const r = e.getBoundingClientRect(); return [e.textContent, r.left, r.top, r.right, r.bottom];
  }).filter((b) => b[3] > b[1]);
  const hit = (a, b) => a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5 && a[2] < b[4] - 0.5
    && b[2] < a[4] - 0.5;
  const out = [];
  const all = boxes(names);
  for (const n of all) for (const m of boxes(marks)) if (hit(n, m)) out.push([n[0], m[0]]);
  return [all.length, out];
}"""


def test_cells_display_tables_and_names_stay_clear_of_stations(page, server, tmp_path):
    """Item 12: a score sheet and an explanation as a cell's last line show a table, and a
    simulation's head() keeps every row one line high. Item 8: no district name is covered
    by a station's symbol or label, in the static SVG of both maps and in the widget."""
    expect = _expect()
    panel = open_tab_and_run_all(page, CELLS)
    outputs = panel.locator(".jp-Cell .jp-OutputArea-output")
    expect(panel.locator("table.nsb-score-sheet")).to_have_count(1)
    sheet = panel.locator("table.nsb-score-sheet")
    expect(sheet.locator("caption")).to_have_text("Score sheet of Player 1")
    expect(sheet).to_contain_text("Total (so far)")
    expect(panel.locator("table.nsb-explanation")).to_have_count(1)
    expect(panel.locator("table.nsb-explanation thead")).to_contain_text("if drawn")
    assert "ScoreSheet(" not in panel.inner_text() and "Explanation(" not in panel.inner_text()
    frame = panel.locator("table.dataframe")
    expect(frame).to_have_count(1)
    heights = frame.locator("tbody tr").evaluate_all(
        "(rows) => rows.map((r) => r.getBoundingClientRect().height)")
    line = frame.locator("thead tr").first.evaluate("(r) => r.getBoundingClientRect().height")
    assert len(heights) == 3 and max(heights) < 1.6 * max(line, 20), (heights, line)
    expect(frame).to_contain_text("…")
    assert outputs.count() >= 3
    screenshot(page, tmp_path, "issue18-cells")
    # The static SVG (JupyterLab shows it as an image: drawn in a page of its own here), of a
    # Berlin game and a London one, in every language (London's names are words)
    from nsb_widget import Game

    static = page.context.new_page()
    try:
        for city in ("berlin", "london"):
            for language in ("en", "de", "fr"):
                static.set_content(Game.new(map=city, seed=1, language=language).svg())
                count, overlaps = static.evaluate(OVERLAPS_JS, [
                    "svg text.district-name", "svg g.stations path, svg text.station-label"])
                assert count >= 12 and overlaps == [], (city, language, overlaps)
    finally:
        static.close()
    # the widget's map (the first notebook's)
    _view(page, server, PLAY)
    count, overlaps = page.evaluate(OVERLAPS_JS, [
        ".jp-NotebookPanel:not(.lm-mod-hidden) .nsb-district-name",
        ".jp-NotebookPanel:not(.lm-mod-hidden) .nsb-symbol, "
        ".jp-NotebookPanel:not(.lm-mod-hidden) .nsb-station-label"])
    assert count >= 12 and overlaps == [], overlaps


# --------------------------------------------------------------------------- item 7
def test_a_phone_width_page_is_playable_and_shows_what_scrolls(page, server, tmp_path):
    """Item 7: at 360 px the map's click targets are at least 24 px and every box that
    scrolls sideways says so; a turn is played by tapping there."""
    expect = _expect()
    size = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        view, _panel = _view(page, server, PHONE)
        page.wait_for_timeout(300)  # the layout settles at the new width
        sizes = view.root.locator(".nsb-hit").evaluate_all(
            "(hits) => hits.map((h) => h.getBoundingClientRect().width)")
        assert len(sizes) == view.ev("len({g}.map.stations)") and min(sizes) >= 24, sizes
        scrollers = view.root.locator(".nsb-scroll").evaluate_all("""(boxes) => boxes.map(
          (b) => [b.className, b.scrollWidth > b.clientWidth + 1,
                  getComputedStyle(b.querySelector('.nsb-scroll-cue')).display])""")
        assert any(over for _, over, _ in scrollers), scrollers  # the map at least
        for name, over, cue in scrollers:
            assert (cue != "none") == over, (name, over, cue)
        expect(view.root.locator(".nsb-map-scroll .nsb-scroll-cue")).to_have_text(
            "⟷ Scroll sideways for more")
        view.button("Reveal next card").click()
        view.wait_actions(1)
        moves = view.until_moves()
        view.draw(moves[0])
        screenshot(page, tmp_path, "issue18-phone")
    finally:
        page.set_viewport_size(size)
