"""The widget outside Jupyter: a real marimo app in Debian's Chromium (issue 11, item 13).

``BerlinWidget`` is written to anywidget's standard (``_esm``/``_css``, ``initialize`` and
``render``, custom messages both ways), so marimo's ``mo.ui.anywidget`` shows it with no
Jupyter at all. The test writes a marimo notebook that deals a seeded game and shows its widget,
serves it with ``marimo run``, plays a turn by clicking (Reveal, a line end, a station) and
checks that the Python side saw each click: the notebook's game records every event in a file.

Skips without marimo, Chromium or Playwright, unless ``E2E_REQUIRE=1`` (then it fails).
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from jupyter_harness import (
    TIMEOUT_MS,
    _free_port,
    chromium_page,
    require,
    require_browser,
    screenshot,
)

require_browser()
require(importlib.util.find_spec("marimo") is not None, "pip install marimo")
pytestmark = pytest.mark.e2e

SEED = 1  # the first card (a Crown Joker) allows a section
NOTEBOOK = '''import marimo

app = marimo.App()


@app.cell
def _():
    import json
    import pathlib

    import marimo as mo

    from nsb_widget import Game

    game = Game.new(seed={seed})
    widget = game.widget()
    out = pathlib.Path({out!r})

    def record(event):
        out.write_text(json.dumps({{
            "kind": event.kind, "turn": game.turn,
            "history": [type(a).__name__ for a in game.history],
            "sections": [row[1:3] for row in widget.sheet["sections"]]}}))

    game.subscribe(record)
    mo.ui.anywidget(widget)
    return


if __name__ == "__main__":
    app.run()
'''


IN_WINDOW_JS = """(el) => {
  const r = el.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          visible: r.top >= -1 && r.bottom <= innerHeight + 1 && r.left >= -1
                   && r.right <= innerWidth + 1};
}"""


def _wait_state(path: Path, want: Callable[[dict], bool], timeout: float = 30.0) -> dict:
    """The Python side's last recorded state once ``want(state)`` holds."""
    deadline = time.monotonic() + timeout
    state: dict = {}
    while time.monotonic() < deadline:
        if path.exists():
            try:
                state = json.loads(path.read_text())
            except ValueError:  # caught while being written
                state = {}
            if state and want(state):
                return state
        time.sleep(0.2)
    raise AssertionError(f"the Python side never got there; last state: {state}")


def test_play_a_turn_in_marimo(tmp_path):
    from playwright.sync_api import expect

    from nsb_widget import Game

    out = tmp_path / "state.json"
    nb = tmp_path / "nsb_marimo.py"
    nb.write_text(NOTEBOOK.format(seed=SEED, out=str(out)))
    # The same deal here: the first card's legal sections.
    game = Game.new(seed=SEED)
    game.reveal()
    move = game.legal_moves()[0]
    origin, target = (game.map.station(s).index for s in (move.origin, move.target))

    port = _free_port()
    env = dict(os.environ, MARIMO_SKIP_UPDATE_CHECK="1", HOME=str(tmp_path))
    log = tmp_path / "marimo.log"
    with open(log, "wb") as fh:
        proc = subprocess.Popen(
            [sys.executable, "-m", "marimo", "run", str(nb), "--headless", "--host",
             "127.0.0.1", "--port", str(port), "--no-token", "--no-sandbox"],
            cwd=tmp_path, env=env, stdout=fh, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                pytest.fail(f"marimo exited rc={proc.returncode}:\n{log.read_text()}")
            try:
                with urllib.request.urlopen(url, timeout=5) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"marimo did not come up:\n{log.read_text()}")
            time.sleep(0.3)

        with chromium_page(tmp_path / "profile") as page:
            expect.set_options(timeout=TIMEOUT_MS)
            page.goto(url)
            root = page.locator(".nsb-widget")  # inside marimo's shadow DOM: pierced
            expect(root).to_be_visible()
            expect(root.locator(".nsb-hit")).to_have_count(len(game.map.stations))
            expect(root.locator(".nsb-seed")).to_have_text(f"Seed {SEED}")

            root.locator("button[aria-label='Reveal next card']").click()
            state = _wait_state(out, lambda s: s["history"] == ["Reveal"])
            assert state["turn"] == 1
            expect(root.locator(".nsb-strip .nsb-turn[data-turn='1']")).to_have_count(1)
            # 800 x 600: scrolled to the map, the whole map, this turn's card beside it and
            # the Reveal and Pass buttons are in view together (the panel used to go under)
            page.set_viewport_size({"width": 800, "height": 600})
            svg = root.locator("svg.nsb-map")
            expect(svg).to_be_visible()
            svg.evaluate("(el) => el.scrollIntoView({block: 'end'})")
            seen = {what: root.locator(sel).first.evaluate(IN_WINDOW_JS) for what, sel in (
                ("map", "svg.nsb-map"), ("card", ".nsb-panel .nsb-turn-current"),
                ("reveal", "button[data-action='reveal']"),
                ("pass", "button[data-action='pass']"))}
            screenshot(page, tmp_path, "marimo-800x600")
            assert all(r["visible"] for r in seen.values()), seen
            assert seen["card"]["left"] > seen["map"]["right"], "the panel is beside the map"
            page.set_viewport_size({"width": 1280, "height": 1000})
            expect(root.locator(f".nsb-hl-origin[data-station='{origin}']")).to_have_count(1)

            root.locator(f".nsb-hit[data-station='{origin}']").click()
            expect(root.locator(f".nsb-hl-selected[data-station='{origin}']")).to_have_count(1)
            root.locator(f".nsb-hit[data-station='{target}']").click()
            state = _wait_state(out, lambda s: s["history"] == ["Reveal", "Draw"])
            assert state["sections"] == [[origin, target]]
            expect(root.locator(f".nsb-section[data-from='{origin}'][data-to='{target}']")
                   ).to_have_count(1)
            # the keys work here too: "p" has nothing to pass (the turn is over), "r" reveals
            root.locator("button[aria-label='Teaching overlay']").click()
            page.keyboard.press("r")
            state = _wait_state(out, lambda s: s["history"][-1] == "Reveal")
            assert state["turn"] == 2
            screenshot(page, tmp_path, "marimo-turn")
            assert not page.errors, page.errors
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
