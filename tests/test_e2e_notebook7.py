"""End to end in Notebook 7: the play-by-clicking smoke flow of ``examples/play_berlin.ipynb``.

A real Notebook 7 server and kernel, Debian's headless Chromium: run the notebook, reveal a card
by clicking, draw a legal section with two clicks, refuse an unreachable station; every step is
checked in the kernel and on the page. Notebook 7 throws one uncaught TypeError of its own on
load (KNOWN_PAGE_ERRORS); any other uncaught page error fails the test.

Run: ``python -m pytest tests/test_e2e_notebook7.py -m e2e`` (skips without Chromium,
Playwright or ``notebook``, unless ``E2E_REQUIRE=1``).
"""

from __future__ import annotations

import re
import time

import pytest
from jupyter_harness import (
    BerlinView,
    KernelProbe,
    check_toolbar_fits,
    chromium_page,
    copy_example,
    jupyter_server,
    open_and_run_all,
    require_browser,
    screenshot,
    write_notebook,
)

require_browser()
pytestmark = pytest.mark.e2e

NB = "play_berlin.ipynb"
# Uncaught errors Notebook 7 itself throws on a bare page load (not ours).
KNOWN_PAGE_ERRORS = [
    # notebook 7.6.5 + jupyterlab 4.6.6: shortcuts plugin, settings pluginChanged handler
    re.compile(r"Cannot read properties of undefined \(reading 'schema'\)"),
]


KEYS_NB = "keys.ipynb"
KEYS_CELLS = (
    "from nsb_widget import Game\n"
    "game = Game.new(players=1, seed=2, language='en')\n"
    "widget = game.widget()\n"
    "widget",
    "import os, tempfile\n"
    "os.environ['NSB_WIDGET_HOME'] = tempfile.mkdtemp()  # the deal: not in ~/.local\n"
    "from nsb_widget.room import Room\n"
    "room = Room.create(tempfile.mkdtemp() + '/room', 'Keys', seed=18, language='en')\n"
    "room.board()",
)
# Each cell's type, and which cell the notebook has active: what its shortcuts change.
NOTEBOOK_JS = """() => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  return { types: nb.widgets.map((c) => c.model.type), active: nb.activeCellIndex };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("e2e-nb7")
    work = root / "work"
    work.mkdir()
    copy_example(NB, work)
    write_notebook(work / KEYS_NB, *KEYS_CELLS)
    with jupyter_server(work, app="notebook") as srv:
        yield srv


def test_play_by_clicking_in_notebook7(server, tmp_path):
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    with chromium_page(tmp_path / "profile", viewport=(1280, 1400)) as page:
        t0 = time.monotonic()
        panel = open_and_run_all(page, server, NB)
        assert "/notebooks/" in page.url  # Notebook 7's own page, not JupyterLab
        probe = KernelProbe(server, NB)
        try:
            v = BerlinView(panel.locator(".jp-Cell").nth(1).locator(".nsb-widget"), probe)
            expect(v.root).to_be_visible()
            print(f"\n[e2e] Notebook 7: {NB} open, run and rendered in "
                  f"{time.monotonic() - t0:.1f}s; game seed {v.ev('{g}.setup.seed')}")
            expect(v.root.locator(".nsb-hit")).to_have_count(v.ev("len({g}.map.stations)"))
            assert v.state() == (1, 0, "reveal", 0)

            # Reveal next card by clicking -> turn 1 in the kernel and on the page.
            v.button("Reveal next card").click()
            assert probe.wait_for("game.turn", 1) == 1
            expect(v.turn_item(1)).to_have_count(1)

            # A legal section by two clicks (origin end, then target): kernel and SVG.
            moves = v.until_moves()
            n = v.state()[3]
            v.draw(moves[0])
            assert v.state()[3] == n + 1
            expect(v.sections).to_have_count(1)

            # An unreachable station: the engine's reason, the game unchanged.
            moves = v.until_moves()
            v.wait_fresh_hints()
            before = v.state()
            station, message = v.ev(
                "[(s.index, r.message) for s in {g}.map.stations"
                " for r in [{g}.why_unreachable(s.label)]"
                " if r is not None and s.index not in {w}.hints['origins']][0]")
            v.hit(station).click()
            expect(v.notice).to_have_text(message)
            expect(v.notice).to_have_attribute("data-level", "error")
            assert v.state() == before
            expect(v.sections).to_have_count(1)

            v.draw(moves[-1])
            expect(v.sections).to_have_count(2)
            expect(v.notice).to_have_text("")
            v.root.scroll_into_view_if_needed()
            screenshot(page, tmp_path, "notebook7")
        finally:
            probe.close()

        errors = [e for e in page.errors if not any(k.search(e) for k in KNOWN_PAGE_ERRORS)]
        for known in (e for e in page.errors if e not in errors):
            print("[e2e] known Notebook 7 page error, ignored:", known.splitlines()[0])
        assert not errors, "uncaught page error(s):\n" + "\n\n".join(errors)


def test_800_by_600_in_notebook7_the_toolbar_is_one_row(server, tmp_path):
    """Notebook 7 at 800 x 600 gives the widget a little more room than JupyterLab (no
    sidebars): the toolbar is one row there too, every button named for screen readers."""
    from playwright.sync_api import expect

    with chromium_page(tmp_path / "profile", viewport=(800, 600)) as page:
        panel = open_and_run_all(page, server, NB)
        root = panel.locator(".jp-Cell").nth(1).locator(".nsb-widget")
        expect(root).to_be_visible()
        root.locator(".nsb-toolbar").scroll_into_view_if_needed()
        laid = check_toolbar_fits(root)
        print(f"\n[e2e] Notebook 7 800x600: widget {root.bounding_box()['width']:.0f} px, "
              f"toolbar {laid}")
        screenshot(page, tmp_path, "notebook7-800x600")
        errors = [e for e in page.errors if not any(k.search(e) for k in KNOWN_PAGE_ERRORS)]
        assert not errors, "uncaught page error(s):\n" + "\n\n".join(errors)


def test_keys_on_the_clicked_map_and_a_focused_button_are_the_widgets(server, tmp_path):
    """Notebook 7 reads the keys before the page (JupyterLab after): its command-mode
    shortcuts matched the focused map or button before looking for the widget's
    ``data-lm-suppress-shortcuts``, so "r" on a clicked map turned the widget's cell Raw (the
    widget gone), "m" Markdown, the arrows moved to the next cell, and "r" on the board's
    focused button did the same to the board. Now the widget, and the board, get them."""
    from playwright.sync_api import expect

    with chromium_page(tmp_path / "profile", viewport=(1280, 900)) as page:
        panel = open_and_run_all(page, server, KEYS_NB)
        probe = KernelProbe(server, KEYS_NB)
        try:
            v = BerlinView(panel.locator(".jp-Cell").nth(0).locator(".nsb-widget"), probe)
            board = panel.locator(".jp-Cell").nth(1).locator(".nsb-board")
            expect(board.locator("button.nsb-board-reveal")).to_be_enabled()
            expect(v.root.locator(".nsb-hit")).to_have_count(v.ev("len({g}.map.stations)"))
            before = page.evaluate(NOTEBOOK_JS)
            v.svg.scroll_into_view_if_needed()
            box = v.svg.bounding_box()
            page.mouse.click(box["x"] + 4, box["y"] + box["height"] / 2)  # the map's margin
            expect(v.svg).to_be_focused()
            page.keyboard.press("r")  # the widget's Reveal, not "Raw cell"
            assert probe.wait_for("game.turn", 1) == 1
            moves = v.until_moves()  # by clicks; then back on the map
            v.svg.focus()
            before = page.evaluate(NOTEBOOK_JS)  # (a click in a cell makes it the active one)
            page.keyboard.press("Tab")  # the first line end...
            cursor = v.root.locator(".nsb-hl-focus")
            expect(cursor).to_have_count(1)
            for key in ("ArrowDown", "ArrowRight", "m", "y"):  # ...moved, no cell touched
                page.keyboard.press(key)
                expect(v.svg).to_be_focused()
            assert int(cursor.get_attribute("data-station")) in {s for m in moves for s in m[1:]}
            assert page.evaluate(NOTEBOOK_JS) == before

            reveal = board.locator("button.nsb-board-reveal")
            reveal.focus()  # Tab onto the big button, then "r"
            before = page.evaluate(NOTEBOOK_JS)
            page.keyboard.press("r")
            assert probe.wait_for("len(room.turns)", 1) == 1
            assert page.evaluate(NOTEBOOK_JS) == before
            assert before["types"] == ["code", "code"]
            screenshot(page, tmp_path, "notebook7-keys")
        finally:
            probe.close()
        errors = [e for e in page.errors if not any(k.search(e) for k in KNOWN_PAGE_ERRORS)]
        assert not errors, "uncaught page error(s):\n" + "\n\n".join(errors)
