"""The player widget in real Chromium (fake model, JupyterLab's theme variables): card names
kept whole in the French panel, and every text legible in both themes."""

from __future__ import annotations

import importlib.util
import os
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "js" / "tests"))
sys.path.insert(0, str(ROOT / "js" / "tests" / "fixtures"))

import harness  # noqa: E402

if not Path(harness.CHROMIUM).exists() or importlib.util.find_spec("playwright") is None:
    if os.environ.get("E2E_REQUIRE") == "1":
        raise RuntimeError(f"E2E_REQUIRE=1 but {harness.CHROMIUM} or playwright is missing")
    pytest.skip(f"needs {harness.CHROMIUM} and playwright", allow_module_level=True)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = harness.launch(pw)
        yield b
        b.close()


def _shots(tmp_path: Path) -> Path:
    keep = os.environ.get("E2E_SCREENSHOTS")
    out = Path(keep) if keep else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    return out


def _french_state() -> dict:
    import make_fixtures as mk

    from nsb_widget import Game
    from nsb_widget.widget.strings import strings_state

    game = Game.new(seed=5, language="fr")
    mk.play_until(game, random.Random(5), lambda g: g.round == 1 and g.turn >= 3)
    return {**mk.state(game), "strings": strings_state("fr")}


#: Each "count name" of the stack's line ("1 Double-aiguillage") and on how many lines it sits.
SPLIT_NAMES_JS = """(names) => {
  const p = document.querySelector('#root .nsb-stack');
  const nodes = [];
  const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
  let all = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    nodes.push([n, all.length]);
    all += n.textContent;
  }
  const at = (offset) => {
    for (let i = nodes.length - 1; i >= 0; i--) {
      if (nodes[i][1] <= offset) return [nodes[i][0], offset - nodes[i][1]];
    }
    return null;
  };
  const out = {};
  for (const name of names) {
    const m = all.match(new RegExp('\\\\d+ ' + name.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&')));
    if (!m) { out[name] = -1; continue; }
    const range = document.createRange();
    range.setStart(...at(m.index));
    range.setEnd(...at(m.index + m[0].length - 1));
    range.setEnd(range.endContainer, range.endOffset + 1);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
      .map((r) => Math.round(r.top)));
    out[name] = tops.size;
  }
  return { text: all, lines: out };
}"""


def test_card_names_in_the_french_stack_line_are_never_broken(browser, tmp_path):
    """The French workshop saw "Restent dans la pioche : … 1 Double-" with "aiguillage" on the
    next line: each count with its card's name is now one unbreakable piece. Checked at every
    widget width from 560 to 1300 px (JupyterLab at 800 x 600 gives the widget about 700 px,
    at 1280 x 800 about 1180 px) and pictured at both."""
    state = _french_state()
    names = [k["label"] for k in state["game_info"]["ruleset"]["card_kinds"]]
    assert "Double-aiguillage" in names
    shots = _shots(tmp_path)
    for window, height in ((800, 600), (1280, 800)):
        page = harness.open_page(browser, width=window - 102, viewport=(window, height),
                                 state=state)
        try:
            broken = {}
            for width in range(560, 1301, 10):
                page.evaluate(f"document.getElementById('root').style.maxWidth = '{width}px'")
                got = page.evaluate(SPLIT_NAMES_JS, names)
                assert got["text"].startswith("Restent dans la pioche\u00a0:"), got
                bad = {n: lines for n, lines in got["lines"].items() if lines != 1}
                if bad:
                    broken[width] = bad
            assert not broken, broken
            page.evaluate(f"document.getElementById('root').style.maxWidth = '{window - 102}px'")
            page.locator("#root .nsb-panel").screenshot(
                path=str(shots / f"stack-fr-{window}x{height}.png"))
            assert page.errors == [], page.errors
        finally:
            page.close()
