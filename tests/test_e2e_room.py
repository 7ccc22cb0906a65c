"""A real room in a real browser: one JupyterLab server, the teacher's notebook and three
participants' notebooks (four kernels), each open in its own Chromium page.

The teacher turns the cards over on the board; each participant draws or passes by clicking
their own widget; the board shows who is ready and, once round 1 is scored, everyone's round
score; then one participant's kernel restarts and their notebook, run again, resumes their game
exactly. Every step is checked on the pages and in the kernels.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from contrast import TEXT_CONTRAST_JS, too_faint
from jupyter_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_READY_JS,
    TIMEOUT_MS,
    BerlinView,
    KernelProbe,
    chromium_page,
    collapse_sidebars,
    jupyter_server,
    require_browser,
    screenshot,
    write_notebook,
)

require_browser()
pytestmark = pytest.mark.e2e

# Berlin seed 18: round 1 ends after 6 cards.
TEACHER = ("from nsb_widget.room import Room\n"
           "room = Room.create('room', 'E2E room', seed=18, language='en')\n"
           "board = room.board()\n"
           "board")
PARTICIPANT = ("from nsb_widget.room import join\n"
               "seat = join('room', {name!r})\n"
               "display(seat)\n"
               "widget = seat.widget()\n"
               "widget")
NAMES = ("Ada", "Bob", "Cleo")


@contextmanager
def pages(profile: Path, count: int) -> Iterator[list[Any]]:
    """``count`` pages of one headless Chromium (fresh profile), each collecting its errors."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 1000})
        ctx.set_default_timeout(TIMEOUT_MS)
        out = []
        for i in range(count):
            page = ctx.pages[0] if i == 0 and ctx.pages else ctx.new_page()
            page.errors = []
            page.on("pageerror", lambda e, p=page: p.errors.append(f"{e}"[:1500]))
            out.append(page)
        try:
            yield out
        finally:
            ctx.close()


def open_notebook(page: Any, server: Any, notebook: str, workspace: str) -> None:
    """Open ``notebook`` in a JupyterLab workspace of its own (four tabs of one profile must
    not share one), wait for its kernel and run every cell."""
    from playwright.sync_api import expect

    page.goto(f"{server.base}/lab/workspaces/{workspace}/tree/{notebook}?reset"
              f"&token={server.token}")
    expect(page.locator(".jp-NotebookPanel .jp-Cell").first).to_be_visible()
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    collapse_sidebars(page)


def finish_turn(view: BerlinView, draw: bool) -> None:
    """Take the turn shown by clicking: draw the first legal section, or pass (also what is
    left to draw after a Double Switch's first section)."""
    moves = view.moves() if draw else []
    if moves:
        view.draw(moves[0])
    if not view.ev("{g}.has_finished_turn()"):
        view.pass_turn()


def test_a_room_of_four_kernels_and_four_pages(tmp_path, monkeypatch):
    from playwright.sync_api import expect

    monkeypatch.setenv("NSB_WIDGET_HOME", str(tmp_path / "home"))  # the kernels inherit it
    work = tmp_path / "work"
    work.mkdir()
    write_notebook(work / "teacher.ipynb", TEACHER)
    for name in NAMES:
        write_notebook(work / f"{name.lower()}.ipynb", PARTICIPANT.format(name=name))
    with jupyter_server(work) as server, pages(tmp_path / "profile", 4) as (board_page, *seats):
        open_notebook(board_page, server, "teacher.ipynb", "teacher")
        board = board_page.locator(".nsb-board")
        expect(board).to_be_visible()
        teacher = KernelProbe(server, "teacher.ipynb")
        views: list[BerlinView] = []
        for page, name in zip(seats, NAMES, strict=True):
            open_notebook(page, server, f"{name.lower()}.ipynb", name.lower())
            root = page.locator(".nsb-widget").first
            expect(root.locator(".nsb-room-title")).to_have_text(
                f"Room E2E room · you are {name}")
            expect(root.locator(".nsb-help")).to_contain_text("The teacher turns the next card")
            expect(root.locator('button[data-action="reveal"]')).to_be_hidden()
            # display(seat): the seat's line above the map, live (it was a snapshot).
            expect(page.locator(".nsb-seat")).to_contain_text(
                f"{name} in room E2E room (waiting for the next card). Your token:")
            views.append(BerlinView(root, KernelProbe(server, f"{name.lower()}.ipynb"),
                                    game="seat.game", widget="widget"))
        ready = board.locator(".nsb-board-ready-count")
        expect(ready).to_have_text("3 of 3 ready")  # everyone joined, no card yet
        expect(board.locator(".nsb-board-table tbody tr")).to_have_count(3)

        turn, last = 0, False
        while not last:  # round 1, card by card
            button = board.locator("button.nsb-board-reveal")
            expect(button).to_be_enabled()
            button.click()
            turn += 1
            expect(ready).to_have_text("0 of 3 ready")
            for i, view in enumerate(views):
                # The card reaches every participant's game and page by itself.
                assert view.probe.wait_for("seat.game.reveals", turn) == turn
                expect(view.turn_item(turn)).to_have_count(1)
                line = seats[i].locator(".nsb-seat")
                expect(line).to_contain_text("(your turn)")
                finish_turn(view, draw=(turn + i) % 2 == 0)
                expect(line).to_contain_text("(waiting for the next card)")
            expect(ready).to_have_text("3 of 3 ready")
            last = teacher.eval("room.table_game.is_last_turn")
            assert turn < 12, "round 1 did not end"
        # Round 1 is scored: the board shows everyone's round score, the same as their games.
        for view, name in zip(views, NAMES, strict=True):
            row = board.locator(f'.nsb-board-table tr[data-name="{name}"]')
            score = view.probe.eval("seat.game.round_scores()[0].score")
            expect(row.locator("td").nth(2)).to_have_text(str(score))
            assert view.probe.eval("seat.game.round") == 2
        board.locator('.nsb-board-name-btn[data-name="Ada"]').click()
        expect(board.locator(".nsb-board-sheet")).to_be_visible()
        expect(board.locator(".nsb-board-sheet h3")).to_contain_text("Sheet of Ada")
        screenshot(board_page, tmp_path, "room-board")
        screenshot(seats[0], tmp_path, "room-participant")

        # Bob's kernel restarts; running his notebook again resumes his game exactly.
        bob = views[1]
        history = bob.probe.eval("[str(a) for a in seat.game.history]")
        drawn = bob.sections.count()
        bob.probe.close()
        page = seats[1]
        page.evaluate("async () => { const w = window.jupyterapp.shell.currentWidget;"
                      " await w.sessionContext.session.kernel.restart(); }")
        time.sleep(0.5)
        page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        again = KernelProbe(server, "bob.ipynb")
        assert again.wait_for("[str(a) for a in seat.game.history]", history) == history
        root = page.locator(".nsb-widget").last
        expect(root.locator(".nsb-room-title")).to_have_text("Room E2E room · you are Bob")
        expect(root.locator(".nsb-section")).to_have_count(drawn)
        # The board still counts Bob once, with the same game.
        expect(board.locator(".nsb-board-table tbody tr")).to_have_count(3)
        assert teacher.eval("len(room.participant('Bob').game.history)") == len(history)
        again.close()
        for v in views:
            if v is not bob:
                v.probe.close()
        teacher.close()
        errors = [e for p in (board_page, *seats) for e in p.errors]
        assert not errors, json.dumps(errors)[:2000]


# Six participants with long names in round 4 (scores of three rounds, the round in play, one
# participant cards behind, a tie decided by the best round): the widest table a room makes.
CROWDED = ("import random\n"
           "from nsb_widget.room import Room, join\n"
           "from nsb_widget.rules.game import Phase\n"
           "room = Room.create('room', 'Tuesday workshop', language='en', seed=2**100 + 18)\n"
           "names = ['Ada Lovelace', 'Bénédicte Marchand-Leroux', 'Maximilian Hoffmann-Schäfer',"
           " 'Grace Hopper', 'Jean-Baptiste Dupont', 'Zoë Okonkwo-Adeyemi']\n"
           "seats = [join('room', n, follow=False) for n in names]\n"
           "rng = random.Random(1)\n"
           "def play(s):\n"
           "    s.sync()\n"
           "    g = s.game\n"
           "    while g.phase is Phase.DRAW and not g.has_finished_turn():\n"
           "        m = g.legal_moves()\n"
           "        g.play(rng.choice(m)) if m and rng.random() < 0.9 else g.pass_turn()\n"
           "while not (room.table_game.round == 4 and room.table_game.turn >= 3):\n"
           "    room.reveal()\n"
           "    for i, s in enumerate(seats):\n"
           "        if i < 5 or len(room.turns) % 9:\n"
           "            play(s)\n"
           "board = room.board()\n"
           "board.show('Ada Lovelace')\n"
           "board")


def test_the_table_fits_beside_an_open_sheet_at_1280_px(tmp_path, monkeypatch):
    """At 1280 x 800 with a participant's sheet open beside the table, the table's Status
    column used to be cut off behind a sideways scroll: every column now fits."""
    from playwright.sync_api import expect

    monkeypatch.setenv("NSB_WIDGET_HOME", str(tmp_path / "home"))
    work = tmp_path / "work"
    work.mkdir()
    write_notebook(work / "teacher.ipynb", CROWDED)
    with jupyter_server(work) as server, chromium_page(tmp_path / "profile",
                                                       (1280, 800)) as page:
        open_notebook(page, server, "teacher.ipynb", "teacher")
        board = page.locator(".nsb-board")
        expect(board.locator(".nsb-board-sheet")).to_be_visible()
        expect(board.locator(".nsb-board-table tbody tr")).to_have_count(6)
        expect(board.locator("th.nsb-board-current")).to_have_text("Round 4 so far")
        board.locator(".nsb-board-sheet").scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        screenshot(page, tmp_path, "board-with-sheet-1280")
        fit = board.evaluate("""(root) => {
          const scores = root.querySelector('.nsb-board-scores');
          const box = scores.getBoundingClientRect();
          const cells = [...root.querySelectorAll('.nsb-board-table th, .nsb-board-table td')];
          const sheet = root.querySelector('.nsb-board-sheet').getBoundingClientRect();
          return { scroll: scores.scrollWidth - scores.clientWidth,
                   outside: cells.filter((c) => c.getBoundingClientRect().right > box.right + 1)
                     .map((c) => c.textContent),
                   page: document.scrollingElement.scrollWidth - window.innerWidth,
                   beside: sheet.left >= box.right && sheet.top < box.bottom };
        }""")
        # Every column in view, and the sheet still beside the table (not pushed below it).
        assert fit == {"scroll": 0, "outside": [], "page": 0, "beside": True}, fit
        # The board's cell run again elsewhere: this board says so, its buttons greyed out.
        teacher = KernelProbe(server, "teacher.ipynb")
        assert teacher.eval("[room.board().retired, board.retired]") == [False, True]
        expect(board.locator(".nsb-notice")).to_contain_text(
            "a newer board of this room took over")
        expect(board.locator("button.nsb-board-reveal")).to_be_disabled()
        board.locator(".nsb-notice").scroll_into_view_if_needed()
        screenshot(page, tmp_path, "board-retired-1280")
        teacher.close()
        assert not page.errors, page.errors


FIT_JS = """(root) => {
  const scores = root.querySelector('.nsb-board-scores');
  const box = scores.getBoundingClientRect();
  const cells = [...root.querySelectorAll('.nsb-board-table th, .nsb-board-table td')];
  return { scroll: scores.scrollWidth - scores.clientWidth,
           outside: cells.filter((c) => c.getBoundingClientRect().right > box.right + 1)
             .map((c) => c.textContent),
           page: document.scrollingElement.scrollWidth - window.innerWidth,
           width: Math.round(root.getBoundingClientRect().width),
           output: Math.round(root.closest('.jp-OutputArea-output').getBoundingClientRect().width),
           font: parseFloat(getComputedStyle(root.querySelector('.nsb-board-table')).fontSize),
           card: Math.round(root.querySelector('.nsb-board-cards .nsb-card')
             .getBoundingClientRect().width) };
}"""


def test_the_board_fills_a_1920_px_projector_and_its_so_far_column_is_legible(tmp_path,
                                                                               monkeypatch):
    """On a 1920 x 1080 projector the board was capped at 1400 px, in the laptop's type size,
    and its "so far" column was the theme's faint secondary grey (4.4:1 on the highlighted
    row): now it fills the width with the type grown to match, and that column, like every
    other text of the board (an open sheet's title included), has at least WCAG AA's 4.5:1
    against its background (3:1 for large text) in the light and the dark theme."""
    from playwright.sync_api import expect

    monkeypatch.setenv("NSB_WIDGET_HOME", str(tmp_path / "home"))
    work = tmp_path / "work"
    work.mkdir()
    write_notebook(work / "teacher.ipynb", CROWDED)
    with jupyter_server(work) as server, chromium_page(tmp_path / "profile",
                                                       (1920, 1080)) as page:
        open_notebook(page, server, "teacher.ipynb", "teacher")
        board = page.locator(".nsb-board")
        expect(board.locator(".nsb-board-table tbody tr")).to_have_count(6)
        expect(board.locator("th.nsb-board-current")).to_have_text("Round 4 so far")
        page.wait_for_timeout(300)
        fit = board.evaluate(FIT_JS)
        # The whole output's width (no cap), type and cards grown with it (1.35 x 13 px and
        # 120 px on a laptop), every column still in view.
        assert fit["width"] >= fit["output"] - 2 and fit["width"] > 1700, fit
        assert fit["font"] >= 23 and fit["card"] >= 150, fit
        assert (fit["scroll"], fit["outside"], fit["page"]) == (0, [], 0), fit
        for theme in ("light", "dark"):
            if theme == "dark":
                page.evaluate("() => window.jupyterapp.commands.execute("
                              "'apputils:change-theme', { theme: 'JupyterLab Dark' })")
                page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
                page.wait_for_timeout(500)
            board.locator(".nsb-board-table").scroll_into_view_if_needed()
            screenshot(page, tmp_path, f"board-1920-{theme}")
            # every text of the board (tests/contrast.py), the so-far column among them
            texts = board.evaluate(TEXT_CONTRAST_JS)
            cells = [c for c in texts if "nsb-board-current" in c["cls"]]
            assert len(cells) == 7 and any(c["shown"] for c in cells), cells  # th + 6 rows
            assert min(c["ratio"] for c in cells) >= 4.5, (theme, cells)
            assert not too_faint(texts), (theme, too_faint(texts))
        assert not page.errors, page.errors


# A participant's own view of the room (seat.board()): the teacher and Bob play from this
# test's process; Ada's notebook shows her board, read-only, in her browser page.
VIEWER = ("from nsb_widget.room import join\n"
          "seat = join('room', 'Ada')\n"
          "board = seat.board()\n"
          "board")


def test_a_participants_board_follows_the_room_without_the_teachers_buttons(tmp_path,
                                                                             monkeypatch):
    import random

    from playwright.sync_api import expect
    from room_support import finish_turn as play_turn
    from room_support import take_seat

    from nsb_widget.room import Room

    monkeypatch.setenv("NSB_WIDGET_HOME", str(tmp_path / "home"))  # the kernel inherits it
    work = tmp_path / "work"
    work.mkdir()
    room = Room.create(work / "room", "Remote workshop", language="en")
    bob = take_seat(room.folder.path, "Bob")
    write_notebook(work / "ada.ipynb", VIEWER)
    with jupyter_server(work) as server, chromium_page(tmp_path / "profile",
                                                       (1280, 900)) as page:
        open_notebook(page, server, "ada.ipynb", "ada")
        board = page.locator(".nsb-board")
        expect(board).to_be_visible()
        ada = KernelProbe(server, "ada.ipynb")
        rows = board.locator(".nsb-board-table tbody tr")
        expect(rows).to_have_count(2)
        expect(board.locator("tr.nsb-board-you")).to_have_attribute("data-name", "Ada")
        expect(board.locator("tr.nsb-board-you")).to_contain_text("Ada (you)")
        expect(board.locator(".nsb-board-ready-count")).to_have_text("2 of 2 ready")
        # None of the teacher's buttons, nothing to click on the names during the game.
        for selector in ("button.nsb-board-reveal", "button.nsb-board-end",
                         'button[data-action="figures"]', 'button[data-action="export"]',
                         ".nsb-board-name-btn"):
            expect(board.locator(selector)).to_have_count(
                0 if selector == ".nsb-board-name-btn" else 1)
            if selector != ".nsb-board-name-btn":
                expect(board.locator(selector)).to_be_hidden()
        expect(board.locator(".nsb-board-reveal-note")).to_have_text(
            "The teacher turns the cards over: your board follows by itself.")
        # The teacher turns a card over: Ada's board shows it and counts nobody ready yet.
        room.reveal()
        expect(board.locator(".nsb-board-round")).to_contain_text("Turn 1")
        expect(board.locator(".nsb-board-cards .nsb-card")).to_have_count(len(room.turns[0]))
        expect(board.locator(".nsb-board-ready-count")).to_have_text("0 of 2 ready")
        # Bob hands in: Ada's board follows by itself.
        play_turn(bob, random.Random(1))
        expect(board.locator('tr[data-name="Bob"]')).to_have_attribute("data-status", "ready")
        expect(board.locator(".nsb-board-ready-count")).to_have_text("1 of 2 ready")
        board.locator(".nsb-board-scores-title").click()  # the board has the focus...
        page.keyboard.press("r")  # ...and the teacher's key does nothing here
        page.wait_for_timeout(1500)
        assert len(room.turns) == 1
        assert ada.eval("board.room.read_only") is True
        assert ada.eval("len(board.room.turns)") == 1
        board.scroll_into_view_if_needed()
        screenshot(page, tmp_path, "room-participant-board")
        ada.close()
        assert not page.errors, page.errors
