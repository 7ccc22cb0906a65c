"""The player widget in real Chromium (fake model, JupyterLab's theme variables): card names
kept whole in the French panel, and every text legible in both themes."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest
from static_pages import ROOT, browser, harness

sys.path.insert(0, str(ROOT / "js" / "tests" / "fixtures"))
__all__ = ["browser"]  # the fixture, imported for pytest

pytestmark = pytest.mark.browser


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


TRAITS = ("map_data", "game_info", "turn", "hints", "sheet", "scores", "notice", "strings")


def _hint_state() -> tuple[dict, dict]:
    """A real widget's traits in round 2 (round 1 scored) with a bot that has just moved, and
    the hint Python answers for the player (its custom message)."""
    from nsb_widget import Game

    game = Game.new(players=2, seed=11, modules=["effects", "objectives"], language="en")
    widget = game.widget(bots={1: "greedy"}, bot_seed=1, hint_bot="greedy")
    sent: list[dict] = []
    widget.send = lambda content, buffers=None: sent.append(content)
    rng = random.Random(3)
    while game.round < 2 or game.turn < 3:
        widget._on_message(widget, {"type": "reveal"}, [])
        moves = game.legal_moves(0)
        if moves:
            game.play(rng.choice(moves), player=0)
        else:
            game.pass_turn(player=0)
    widget._on_message(widget, {"type": "reveal"}, [])
    widget._on_message(widget, {"type": "hint", "version": widget.hints["version"]}, [])
    hint = [m for m in sent if m.get("type") == "hint"][-1]
    state = {name: getattr(widget, name) for name in TRAITS}
    assert hint["hint"] and state["turn"]["bot_turns"] and state["scores"], (hint, state["turn"])
    return state, hint


NOTICES = [{"id": 20 + i, "level": level, "text": f"A {level} notice"}
           for i, level in enumerate(("error", "warning", "success", "info"))]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_of_the_player_widget_is_legible_in_both_themes(browser, tmp_path, theme):
    """Every text node of the player's widget has WCAG AA's contrast against what it is painted
    on (4.5:1; 3:1 for large text), in JupyterLab's light and dark themes: a game with a hint
    shown, the bots' panel, a round scored; notices of every level; the keys line on and off;
    New game armed; finished solo and advanced games. Found under it: the muted grey on the
    panels' grey (the hint's terms, 4.2 to 4.5:1), the key letters (3.6:1), the used effect and
    an objective's "–" (2.7:1), the keys line (orange, 2.7:1), a pencil badge's white letter
    on the green pencil (4.4:1)."""
    from contrast import TEXT_CONTRAST_JS, too_faint

    shots = _shots(tmp_path)
    state, hint = _hint_state()
    faint, measured = [], set()

    def measure(page, moment: str) -> None:
        texts = page.locator("#root .nsb-widget").evaluate(TEXT_CONTRAST_JS)
        measured.update(t["cls"] for t in texts)
        faint.extend((moment, t["text"], t["cls"], t["fg"], t["bg"], t["ratio"], t["need"])
                     for t in too_faint(texts))

    page = harness.open_page(browser, theme=theme, width=1100, viewport=(1180, 1400),
                             state=state)
    try:
        page.evaluate("(m) => h.model.pySend(m)", hint)
        page.wait_for_selector("#root .nsb-hint-box:not([hidden])")
        measure(page, "hint")
        page.screenshot(path=str(shots / f"player-hint-{theme}.png"), full_page=True)
        for notice in NOTICES:
            page.evaluate("(n) => h.model.pySet('notice', n)", notice)
            measure(page, f"notice {notice['level']}")
        page.locator("#root button[data-action='new-game']").click()
        page.locator("#root .nsb-widget").focus()  # the keys line on
        page.wait_for_selector("#root .nsb-keys[data-active='true']")
        measure(page, "keys on, New game armed")
        assert page.errors == [], page.errors
    finally:
        page.close()
    for fixture in ("solo_end", "modules_end", "london_end"):
        page = harness.open_page(browser, fixture, theme, width=1100, viewport=(1180, 1400))
        try:
            measure(page, fixture)
            assert page.errors == [], page.errors
        finally:
            page.close()
    assert not faint, faint
    for cls in ("nsb-hint-terms", "nsb-hint-reason", "nsb-bot-text", "nsb-stack",
                "nsb-objective-points", "nsb-keys-text", "nsb-swatch", "nsb-effect-title"):
        assert any(cls in c.split() for c in measured), (cls, sorted(measured))
