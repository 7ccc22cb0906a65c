"""The widget's front end in real Chromium with a fake model (no Jupyter, no kernel).

The built bundle (``nsb_widget/widget/static/widget.js`` + ``widget.css``) is served from memory
by ``js/tests/harness.py`` together with a fixture of real synced traits and JupyterLab's own
theme variables. Checks rendering, real mouse and keyboard flows, export, themes and speed.
Skips when Chromium or Playwright is missing, unless ``E2E_REQUIRE=1`` (then it fails).
"""

from __future__ import annotations

import base64
import os
import re
import struct
import sys
from pathlib import Path

import pytest
from static_pages import ROOT, browser, harness

__all__ = ["browser"]  # the fixture, imported for pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def open_widget(browser):
    pages = []

    def _open(fixture: str = "draw", theme: str = "light", **kw):
        page = harness.open_page(browser, fixture, theme, **kw)
        pages.append(page)
        return page

    yield _open
    for page in pages:
        assert page.errors == [], page.errors
        page.close()


def sent(page):
    return page.evaluate("h.model.sent.map(m => m.content)")


def test_renders_the_sheet(open_widget, tmp_path):
    page = open_widget("modules")
    state = page.evaluate("h.model.state")
    assert page.locator(".nsb-station").count() == len(state["map_data"]["stations"])
    assert page.locator(".nsb-section").count() == len(state["sheet"]["sections"])
    assert page.locator(".nsb-hl-origin").count() == len(state["hints"]["origins"])
    # the map fits the width, at most ~720 px, and keeps its aspect ratio
    box = page.locator("svg.nsb-map").bounding_box()
    assert 400 < box["width"] <= 722
    assert abs(box["width"] - box["height"]) < 40
    # start stations are filled with their pencil colour (the CSS must not override it)
    fills = page.evaluate("""[...document.querySelectorAll('.nsb-start .nsb-symbol')]
        .map(e => getComputedStyle(e).fill)""")
    assert len(set(fills)) == 4, fills
    # Crown sections carry a stripe in the paper colour
    paper = page.evaluate("getComputedStyle(document.querySelector('.nsb-paper')).fill")
    stripe = page.evaluate("getComputedStyle(document.querySelector('.nsb-track-stripe')).stroke")
    assert stripe == paper
    page.locator(".nsb-widget").screenshot(path=str(tmp_path / "modules.png"))
    assert (tmp_path / "modules.png").stat().st_size > 20_000


def test_london_in_chromium(open_widget):
    """London's look with the real CSS: tourist stars, the "?" station, departure rings, coloured
    cards, the circle power by mouse, and an export that keeps them."""
    page = open_widget("london_circle")
    state = page.evaluate("h.model.state")
    orange = page.evaluate("getComputedStyle(document.querySelector('.nsb-tourist-star')).fill")
    assert orange == "rgb(240, 140, 0)", orange
    ring = page.evaluate("getComputedStyle(document.querySelector('.nsb-start-ring'))"
                         ".fill")
    assert ring == "none", "a ring, not a disc"
    bands = page.evaluate("""[...document.querySelectorAll('.nsb-strip .nsb-card-band')]
        .map(e => getComputedStyle(e).fill)""")
    assert len(set(bands)) == 2, bands  # pink Underground, blue Street
    power = page.get_by_role("button", name="Use power: Circled station")
    power.click()
    stations = state["hints"]["power"]["stations"]
    assert page.locator(".nsb-hl-power").count() == len(stations)
    page.locator(f".nsb-hit[data-station='{stations[0]}']").click()
    assert sent(page) == [{"type": "power", "power": "circle", "station": stations[0]}]
    assert power.get_attribute("aria-pressed") == "false"
    # the standalone SVG keeps London's marks (the download is intercepted)
    text = page.evaluate("""(() => { let got = null;
        const root = document.querySelector('.nsb-widget');
        root.addEventListener('nsb-export', e => { e.preventDefault(); got = e.detail; },
                              {once: true});
        root.querySelector('button[aria-label="Export SVG"]').click();
        return got.data; })()""")
    assert text.count("?</text>") == 1 and "rgb(240, 140, 0)" in text


def test_click_flow_with_the_mouse(open_widget):
    page = open_widget("draw")
    hints = page.evaluate("h.model.get('hints')")
    line, origin, target = hints["moves"][0]
    page.locator(f".nsb-hit[data-station='{origin}']").click()
    assert page.locator("svg.nsb-map").get_attribute("data-selected") == str(origin)
    page.locator(f".nsb-hit[data-station='{target}']").hover()
    assert page.locator(".nsb-ghost").count() == 1, "hovering a target previews the section"
    page.locator(f".nsb-hit[data-station='{target}']").click()
    assert sent(page) == [{"type": "draw", "target": target, "origin": origin,
                           "line": ["bear", "crown"][line]}]
    # Python answers with an error notice for another click: shown in red, as an alert
    page.evaluate("""h.model.pySet('notice', {id: 9, level: 'error', text: 'crosses C5-D4',
        reason: 'crosses', station: 3})""")
    notice = page.locator(".nsb-notice")
    assert notice.inner_text().endswith("crosses C5-D4")
    assert notice.get_attribute("role") == "alert"
    # (the colour is a color-mix() for contrast: read it as sRGB through a 1 x 1 canvas)
    r, g, b = page.evaluate("""() => {
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.fillStyle = getComputedStyle(document.querySelector('.nsb-notice')).color;
        ctx.fillRect(0, 0, 1, 1);
        return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
    }""")
    assert r > 90 and r > 2 * g and r > 2 * b, (r, g, b)  # red


def test_keyboard_flow(open_widget):
    page = open_widget("draw")
    page.locator("svg.nsb-map").focus()
    page.keyboard.press("Tab")
    first = page.locator(".nsb-hl-focus").get_attribute("data-station")
    page.keyboard.press("Enter")
    assert page.locator("svg.nsb-map").get_attribute("data-selected") == first
    target = page.locator(".nsb-hl-focus").get_attribute("data-station")
    page.keyboard.press("Enter")
    msgs = sent(page)
    assert msgs[-1]["type"] == "draw"
    assert (msgs[-1]["origin"], msgs[-1]["target"]) == (int(first), int(target))
    # the map still has the focus (JupyterLab's shortcuts are suppressed on the root)
    assert page.evaluate("document.activeElement.classList.contains('nsb-map')")
    page.keyboard.press("p")
    assert sent(page)[-1] == {"type": "pass"}
    # ... and on the focused map itself (Notebook 7 reads keys before the page, from there)
    marked = page.locator("[data-lm-suppress-shortcuts]")
    assert page.locator(".nsb-widget[data-lm-suppress-shortcuts]").count() == 1
    assert marked.evaluate_all("(els) => els.every((e) => e.closest('.nsb-widget'))")
    assert page.evaluate("document.activeElement.hasAttribute('data-lm-suppress-shortcuts')")


def test_buttons_by_aria_label(open_widget):
    page = open_widget("start")
    page.get_by_role("button", name="Reveal next card").click()
    assert page.get_by_role("button", name="Pass").is_disabled()
    assert page.get_by_role("button", name="Undo").is_disabled()
    overlay = page.get_by_role("button", name="Teaching overlay")
    overlay.click()
    assert overlay.get_attribute("aria-pressed") == "true"
    assert sent(page) == [{"type": "reveal"}]


def test_export_svg_is_standalone_and_png_is_real(open_widget):
    page = open_widget("solo_end")
    page.evaluate("""window.files = [];
        document.querySelector('.nsb-widget').addEventListener('nsb-export',
          e => { e.preventDefault(); files.push(e.detail); })""")
    page.get_by_role("button", name="Export SVG").click()
    svg = page.evaluate("files[0].data")
    assert svg.startswith("<?xml") and 'xmlns="http://www.w3.org/2000/svg"' in svg
    assert "class=" not in svg and "style=" in svg and "stroke-dasharray" in svg
    assert "var(" not in svg, "theme variables resolved to colours"
    # it renders on its own, without the widget's CSS: same paper colour as the live map
    page.evaluate("h.model.pySend({type: 'export_request', id: 7, format: 'png'})")
    page.wait_for_function("h.model.sent.some(m => m.content.id === 7)")
    reply = page.evaluate("h.model.sent.find(m => m.content.id === 7).content")
    assert reply["format"] == "png" and "error" not in reply
    png = base64.b64decode(reply["data"])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert width > 1200 and height > 1200
    page.get_by_role("button", name="Export PNG").click()
    page.wait_for_function("files.some(f => f.format === 'png')")


def test_dark_theme_follows_jupyterlab(open_widget):
    light = open_widget("double_switch", "light")
    dark = open_widget("double_switch", "dark")
    paper = "getComputedStyle(document.querySelector('.nsb-paper')).fill"
    ink = ("getComputedStyle(document.querySelector('.nsb-station:not(.nsb-start) .nsb-symbol'))"
           ".stroke")

    def lum(c):
        r, g, b = (float(x) for x in c[c.index("(") + 1:-1].split(",")[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    assert lum(light.evaluate(paper)) > 200 and lum(dark.evaluate(paper)) < 60
    assert lum(light.evaluate(ink)) < 80 and lum(dark.evaluate(ink)) > 180


def test_speed(open_widget):
    page = open_widget("modules_end")
    times = page.evaluate("""() => {
        const el = document.getElementById('root2');
        const out = [];
        for (let i = 0; i < 5; i++) {
          const t = performance.now();
          const m = new FakeModel(structuredClone(h.model.state));
          const c = widgetModule.default.render({model: m, el});
          el.getBoundingClientRect();            // include style and layout
          out.push(performance.now() - t);
          c();
        }
        const up = [];
        for (const k of ['sheet', 'scores', 'hints', 'turn', 'notice']) {
          const t = performance.now();
          h.model.pySet(k, structuredClone(h.model.get(k)));
          document.getElementById('root').getBoundingClientRect();
          up.push(performance.now() - t);
        }
        return {render: out, update: up,
                hook: Number(document.getElementById('root').dataset.renderMs)};
    }""")
    assert min(times["render"]) < 150, times
    assert max(times["update"]) < 100, times
    assert times["hook"] > 0


def test_cleanup_in_the_browser(open_widget):
    page = open_widget("draw")
    assert page.evaluate("h.model.listenerCount()") == 10  # 8 traits + 2 msg:custom
    page.evaluate("h.cleanup(); h.initCleanup()")
    assert page.evaluate("h.model.listenerCount()") == 0
    assert page.locator(".nsb-widget").count() == 0



# --------------------------------------------------------------------------- issue 11
def fixture(name: str) -> dict:
    import json

    return json.loads((harness.FIXTURES / f"{name}.json").read_text())


def py_set(page, **traits) -> None:
    """Play Python's side: sync these traits to the page."""
    for name, value in traits.items():
        page.evaluate("([k, v]) => h.model.pySet(k, v)", [name, value])


def one_click_target(hints: dict) -> tuple[int, int, str]:
    """A station one legal section reaches (not a line end): (target, origin, line id)."""
    by_target: dict[int, list] = {}
    for m in hints["moves"]:
        by_target.setdefault(m[2], []).append(m)
    for t, ms in by_target.items():
        if t not in hints["origins"] and len({m[1] for m in ms}) == 1:
            return t, ms[0][1], ["bear", "crown"][ms[0][0]]
    raise AssertionError("no one-click target in the fixture")


def test_keys_keep_working_after_a_button_click(open_widget):
    """Issue 11, item 1: Reveal disables itself under the focus; the keys still reach the
    widget (focus goes to its root, not the page)."""
    page = open_widget("start")
    draw = fixture("draw")
    page.get_by_role("button", name="Reveal next card").click()
    assert sent(page) == [{"type": "reveal"}]
    py_set(page, turn=draw["turn"], hints=draw["hints"], sheet=draw["sheet"])  # Python answers
    assert page.get_by_role("button", name="Reveal next card").is_disabled()
    assert page.evaluate("document.activeElement.classList.contains('nsb-widget')")
    page.keyboard.press("p")
    assert sent(page)[-1] == {"type": "pass"}
    # Pass disables itself too: the focus stays in the widget again
    page.get_by_role("button", name="Pass").click()
    py_set(page, hints={**draw["hints"], "open_lines": [], "moves": [], "origins": []},
           turn={**draw["turn"], "phase": "reveal", "can_reveal": True})
    assert page.evaluate("document.activeElement.classList.contains('nsb-widget')")
    page.keyboard.press("r")
    assert sent(page)[-1] == {"type": "reveal"}
    # keys typed outside the widget (a notebook cell) never reach it
    page.evaluate("""() => { const t = document.createElement('textarea');
        t.id = 'cell'; document.body.append(t); }""")
    page.locator("#cell").click()
    count = len(sent(page))
    page.keyboard.type("rpuo")
    assert len(sent(page)) == count and page.locator("#cell").input_value() == "rpuo"


def test_double_click_and_clicks_with_nothing_to_draw_are_no_mistakes(open_widget):
    """Issue 11, items 2 and 3: a double-click draws once and shows no error; with nothing to
    draw a click says what to do; the help stays beside an error; one's own line end."""
    page = open_widget("draw")
    draw = fixture("draw")
    target, _origin, _line = one_click_target(draw["hints"])
    page.locator(f".nsb-hit[data-station='{target}']").dblclick()
    draws = [m for m in sent(page) if m["type"] == "draw"]
    assert len(draws) == 1 and draws[0]["target"] == target, draws
    # Python: the section is drawn, the turn is over (solo: the next card must be revealed)
    py_set(page, hints={**draw["hints"], "open_lines": [], "moves": [], "origins": []},
           turn={**draw["turn"], "phase": "reveal", "can_reveal": True})
    page.locator(f".nsb-hit[data-station='{target}']").click()
    notice = page.locator(".nsb-notice")
    assert notice.get_attribute("data-level") == "info"
    assert "Nothing to draw now" in notice.inner_text() and "Reveal" in notice.inner_text()
    assert page.locator(".nsb-hl-error").count() == 0
    assert len([m for m in sent(page) if m["type"] == "draw"]) == 1

    # No section possible for this card: the "Pass (P)" help stays next to Python's error
    stuck = {**draw["hints"], "moves": [], "origins": []}
    py_set(page, hints=stuck, turn=draw["turn"])
    help_ = page.locator(".nsb-help")
    assert "Pass (P)" in help_.inner_text()
    ends = {i for line in stuck["open_lines"] for i in draw["sheet"]["lines"][line]["ends"]}
    other = next(i for i in range(len(draw["map_data"]["stations"])) if i not in ends)
    page.locator(f".nsb-hit[data-station='{other}']").click()
    assert sent(page)[-1]["target"] == other  # Python explains that one
    py_set(page, notice={"id": 50, "level": "error", "text": "the card shows a pentagon",
                         "reason": "wrong_symbol", "station": other})
    assert notice.is_visible() and help_.is_visible() and "Pass (P)" in help_.inner_text()
    # one's own line end: not "a section must join two different stations"
    end = sorted(ends)[0]
    count = len(sent(page))
    page.locator(f".nsb-hit[data-station='{end}']").click()
    assert len(sent(page)) == count
    text = notice.inner_text()
    assert "is an end of your" in text and "Pass (P)" in text, text
    assert notice.get_attribute("data-level") == "info"

    # A line end that has moves: selected, then deselected, each said in words
    py_set(page, hints=draw["hints"])
    origin = draw["hints"]["origins"][0]
    label = draw["map_data"]["stations"][origin]["label"]
    page.locator(f".nsb-hit[data-station='{origin}']").click()
    assert f"{label} selected: click a ringed station" in help_.inner_text()
    page.locator(f".nsb-hit[data-station='{origin}']").click()
    assert notice.inner_text() == f"{label} deselected."


def test_arrows_escape_bot_sheet_and_new_game(open_widget):
    """Issue 11, items 4 and 5: arrows never jump backwards; the screen-reader line forgets
    the last game; Esc cancels "Click again: new game"; Undo is off on a bot's sheet."""
    page = open_widget("draw")
    draw = fixture("draw")
    stations = draw["map_data"]["stations"]
    page.locator("svg.nsb-map").focus()
    page.keyboard.press("Tab")
    focus = page.locator(".nsb-hl-focus")
    ys = [stations[int(focus.get_attribute("data-station"))]["y"]]
    for _ in range(12):
        page.keyboard.press("ArrowDown")
        ys.append(stations[int(focus.get_attribute("data-station"))]["y"])
    assert ys == sorted(ys) and ys[-1] == ys[-2], f"ArrowDown went up: {ys}"
    xs = []
    for _ in range(12):
        page.keyboard.press("ArrowLeft")
        xs.append(stations[int(focus.get_attribute("data-station"))]["x"])
    assert xs == sorted(xs, reverse=True) and xs[-1] == xs[-2], f"ArrowLeft went right: {xs}"
    live = page.locator(".nsb-mapbox .nsb-sr-only")
    assert live.inner_text()
    py_set(page, game_info={**draw["game_info"], "seed": 99})  # a new game
    assert live.inner_text() == ""

    new_game = page.get_by_role("button", name="New game")
    new_game.click()
    assert new_game.inner_text().startswith("Click again: new game")
    page.keyboard.press("Escape")
    assert new_game.inner_text().startswith("New game")
    assert not any(m["type"] == "new_game" for m in sent(page))

    two = fixture("two_players")
    page2 = open_widget("two_players")
    info = {**two["game_info"], "players": [{**p, "bot": i == 1}
                                            for i, p in enumerate(two["game_info"]["players"])]}
    py_set(page2, game_info=info, sheet={**two["sheet"], "player": 1},
           turn={**two["turn"], "can_undo": True})
    undo = page2.get_by_role("button", name="Undo")
    assert undo.is_disabled() and "bot" in undo.get_attribute("title")


LABELS_JS = """() => {
  const sel = ['.nsb-station-label', '.nsb-interchange', '.nsb-ov-start text',
    '.nsb-ov-interchange text', '.nsb-ov-bonus text', '.nsb-ov-doubled text', '.nsb-badge',
    '.nsb-district-name'];
  const items = [];
  for (const s of sel) for (const e of document.querySelectorAll('#root ' + s)) {
    const r = e.getBoundingClientRect();
    if (r.width && r.height) items.push({s, t: e.textContent, r});
  }
  const out = [];
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
    const a = items[i].r, b = items[j].r;
    const ox = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const oy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (ox > 0.5 && oy > 0.5) out.push(`${items[i].s} ${items[i].t} / ${items[j].s} ${items[j].t}`);
  }
  return {count: items.length, overlaps: out};
}"""


def test_overlay_live_round_labels_and_sheet_names(open_widget):
    """Issue 11, items 7, 8 and 9: the current round live in the overlay and on the score
    sheet; no label covers another (bounding boxes) in any round of finished games; the half
    boxes and the outer districts are named."""
    page = open_widget("draw")
    draw = fixture("draw")
    current = draw["scores"]["current"]
    page.get_by_role("button", name="Teaching overlay").click()
    live = page.locator(f"button[data-round='{current['round']}']")
    assert live.is_enabled() and live.get_attribute("aria-pressed") == "true"
    assert "(now)" in live.inner_text()
    assert "if the round ended now" in page.locator(".nsb-ov-live").inner_text()
    assert page.locator(".nsb-layer-tint .nsb-ov-district").count() >= 1
    cell = page.locator(f"tr[data-row='score'] td[data-round='{current['round']}']")
    assert cell.inner_text() == f"{current['score']} so far"

    for name in ("crowded_end", "modules_end", "two_players_end", "london_end"):
        p = open_widget(name)
        p.get_by_role("button", name="Teaching overlay").click()
        for n in range(1, 5):
            p.locator(f"button[data-round='{n}']").click()
            got = p.evaluate(LABELS_JS)
            assert got["count"] > 60 and not got["overlaps"], (name, n, got["overlaps"])
        if name == "crowded_end":  # a start station that is an interchange: +10 and +2
            p.locator("button[data-round='3']").click()
            texts = p.locator(".nsb-ov-start text, .nsb-ov-interchange text").all_text_contents()
            assert "+10" in texts and "+2" in texts

    sheet = open_widget("modules")
    halves = sheet.locator("tr.nsb-halves-row th[data-round='1'] .nsb-half-label")
    assert halves.all_inner_texts() == ["Bear", "Crown"] and halves.first.is_visible()
    key = sheet.locator(".nsb-map-key")
    assert key.is_visible() and "outer districts" in key.inner_text()
    assert "Reinickendorf" in key.inner_text()


# Every part of the widget: scroll it into view, then it must be what is drawn at its centre.
REACH_JS = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return `${sel}: missing`;
  el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit && (hit === el || el.contains(hit)) ? null
    : `${sel}: ${hit ? hit.className || hit.tagName : 'nothing'} is drawn there`;
}"""
PARTS = ["button[aria-label='New game']", "button[aria-label='Export PNG']", "svg.nsb-map",
         ".nsb-panel .nsb-round", ".nsb-score th[data-round='4']", "[data-total='lines']",
         ".nsb-interchanges tr[data-tier='4'] .nsb-tier-points", "[data-total='total']",
         ".nsb-assessment blockquote"]


@pytest.mark.parametrize("width", [320, 700, 1400])
def test_every_part_is_reachable_at_any_width(open_widget, tmp_path, width):
    """Issue 11, item 10: from 320 px up nothing is cut off (stacked, scrolled or scaled)."""
    page = open_widget("modules_end", width=width - 32, viewport=(width, 900))
    # nothing sticks out of the widget's box: a part wider than the room scrolls inside it
    # (before the fix the score sheet made the whole page, map included, scroll sideways)
    wide = page.evaluate("""() => [...document.querySelectorAll('#root .nsb-widget *')]
        .filter((e) => { const r = e.getBoundingClientRect();
          const box = document.querySelector('#root .nsb-widget').getBoundingClientRect();
          let p = e.parentElement, clipped = false;
          while (p && !p.classList.contains('nsb-widget')) {
            if (getComputedStyle(p).overflowX !== 'visible') clipped = true;
            p = p.parentElement; }
          return !clipped && r.width && (r.right > box.right + 1 || r.left < box.left - 1); })
        .map((e) => e.className.baseVal ?? e.className)""")
    assert not wide, f"sticking out of the widget at {width} px: {wide[:8]}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    missing = [m for sel in PARTS if (m := page.evaluate(REACH_JS, sel))]
    assert not missing, missing
    root = page.locator(".nsb-widget").bounding_box()
    assert root["x"] >= 0 and root["x"] + root["width"] <= width + 1, root
    svg = page.locator("svg.nsb-map").bounding_box()
    assert svg["width"] <= width and abs(svg["width"] - svg["height"]) < 3
    page.evaluate("window.scrollTo(0, 0)")
    keep = os.environ.get("E2E_SCREENSHOTS")
    shot = Path(keep) if keep else tmp_path
    shot.mkdir(parents=True, exist_ok=True)
    page.locator(".nsb-widget").screenshot(path=str(shot / f"width-{width}.png"))


def _rgb(text: str) -> tuple[float, ...]:
    return tuple(float(x) for x in text[text.index("(") + 1:-1].replace("/", ",").split(",")[:3])


def _contrast(a, b) -> float:
    def lum(c):
        lin = [v / 255 / 12.92 if v / 255 <= 0.03928 else ((v / 255 + 0.055) / 1.055) ** 2.4
               for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


COLOURS_JS = """() => {
  const cs = (e) => getComputedStyle(e);
  const paper = cs(document.querySelector('#root .nsb-paper')).fill;
  const tracks = [...document.querySelectorAll('#root .nsb-section')].map((g) =>
    [g.dataset.pencil, cs(g.querySelector('.nsb-track')).stroke]);
  const badges = [...document.querySelectorAll('#root .nsb-badge')].map((g) =>
    [g.textContent, cs(g.querySelector('text')).fill, cs(g.querySelector('circle')).fill]);
  const name = document.querySelector('#root .nsb-district-name');
  const label = document.querySelector('#root .nsb-station-label');
  const alpha = (e) => String(parseFloat(cs(e).opacity) * parseFloat(cs(e).fillOpacity));
  return {paper, tracks, badges, name: [cs(name).fill, alpha(name)],
          label: [cs(label).fill, alpha(label)]};
}"""


def test_pencil_colours_contrast_on_both_themes_and_export_is_light(open_widget):
    """Issue 11, items 11 and 12: every pencil colour has 3:1 against the paper (WCAG for
    graphics) in both themes, so do badges, district names and station labels; the export
    holds the score sheet and is drawn in light colours even from the dark theme."""
    pencils = {p["id"] for p in fixture("solo_end")["map_data"]["pencils"]}
    for theme in ("light", "dark"):
        page = open_widget("solo_end", theme)
        got = page.evaluate(COLOURS_JS)
        paper = _rgb(got["paper"])
        assert {p for p, _ in got["tracks"]} == pencils  # all four pencils are drawn
        for pencil, stroke in got["tracks"]:
            assert _contrast(_rgb(stroke), paper) >= 3, (theme, pencil, stroke, got["paper"])
        for code, fill, bg in got["badges"]:
            assert _contrast(_rgb(fill), _rgb(bg)) >= 3, (theme, code, fill, bg)
        for what in ("name", "label"):
            fill, opacity = got[what]
            mixed = [float(opacity) * c + (1 - float(opacity)) * p
                     for c, p in zip(_rgb(fill), paper, strict=True)]
            assert _contrast(mixed, paper) >= 3, (theme, what, fill, opacity)

    page = open_widget("solo_end", "dark")
    page.evaluate("""window.files = [];
        document.querySelector('.nsb-widget').addEventListener('nsb-export',
          e => { e.preventDefault(); files.push(e.detail); })""")
    page.get_by_role("button", name="Export SVG").click()
    svg = page.evaluate("files[0].data")
    scores = fixture("solo_end")["scores"]
    assert 'data-part="score-sheet"' in svg and "Round 4" in svg and "Score sheet" in svg
    assert f"= {scores['total']} (final result)" in svg
    for r in scores["rounds"]:
        assert f">{r['score']}</text>" in svg
    paper = re.search(r'<rect x="0" y="0" width="692" height="692" rx="6" style="([^"]*)"', svg)
    assert paper and "fill:rgb(255, 255, 255)" in paper.group(1), "light paper"
    printed = {"rgb({}, {}, {})".format(*(int(p["color"][i:i + 2], 16) for i in (1, 3, 5)))
               for p in fixture("solo_end")["map_data"]["pencils"]}
    drawn = set(re.findall(r"stroke:(rgb\(\d+, \d+, \d+\))", svg))
    assert printed <= drawn, (printed, drawn)  # the printed colours, not the dark-adjusted
    # the page is back in its dark colours
    back = page.evaluate(COLOURS_JS)
    assert _rgb(back["paper"])[0] < 60
    # the PNG holds the map and the sheet below it
    page.get_by_role("button", name="Export PNG").click()
    page.wait_for_function("files.some(f => f.format === 'png')")
    png = base64.b64decode(page.evaluate("files.find(f => f.format === 'png').data"))
    width, height = struct.unpack(">II", png[16:24])
    assert height > width * 1.2, (width, height)


HALO_JS = """() => {
  const cs = (e) => getComputedStyle(e);
  const paper = cs(document.querySelector('#root .nsb-paper')).fill;
  const lines = [...document.querySelectorAll('#root .nsb-section')];
  const last = lines[lines.length - 1];
  const labels = [...document.querySelectorAll(
    '#root .nsb-district-name, #root .nsb-station-label')];
  return {paper, lines: lines.length, labels: labels.map((e) => ({
    text: e.textContent, after: !!(last.compareDocumentPosition(e) & 4),
    order: cs(e).paintOrder, stroke: cs(e).stroke, width: parseFloat(cs(e).strokeWidth),
    opacity: parseFloat(cs(e).strokeOpacity) * parseFloat(cs(e).opacity)}))};
}"""


@pytest.mark.parametrize("name", ["solo_end", "london_end"])
def test_labels_are_readable_over_the_lines_in_both_themes(open_widget, tmp_path, name):
    """District names and station labels are painted after the drawn lines, with a halo in the
    paper colour (a stroke under the letters) in the light and the dark theme."""
    for theme in ("light", "dark"):
        page = open_widget(name, theme)
        got = page.evaluate(HALO_JS)
        assert got["lines"] > 10 and len(got["labels"]) > 40
        for label in got["labels"]:
            assert label["after"], (theme, label)
            assert label["order"].startswith("stroke"), (theme, label)
            assert label["stroke"] == got["paper"], (theme, label, got["paper"])
            assert label["width"] >= 2.5 and label["opacity"] > 0.85, (theme, label)
        keep = os.environ.get("E2E_SCREENSHOTS")
        shot = Path(keep) if keep else tmp_path
        shot.mkdir(parents=True, exist_ok=True)
        page.locator("svg.nsb-map").screenshot(path=str(shot / f"labels-{name}-{theme}.png"))


# --------------------------------------------------------------------------- issue 12: languages
def _translated_state(language: str, city: str) -> dict:
    """Every synced trait of a real game in ``language`` (its engine texts too), mid-game, with
    the error notice Python sends for an illegal section."""
    import random

    sys.path.insert(0, str(ROOT / "js" / "tests" / "fixtures"))
    import make_fixtures as mk

    from nsb_widget import Game
    from nsb_widget.widget.strings import strings_state

    if city == "berlin":
        game = Game.new(seed=5, modules=["effects", "objectives"], language=language,
                        effects=["glimpse", "double_tracks", "triple_outer", "double_stations"])
        mk.play_until(game, random.Random(5), lambda g: g.round == 2 and g.turn >= 5
                      and len(g.legal_moves(0)) >= 2)
    else:
        game = Game.new(map="london", seed=7, modules=["objectives", "powers"],
                        language=language)
        mk.play_london(game, random.Random(7), lambda g: g.round == 2 and g.turn >= 3
                       and len(g.legal_moves(0)) >= 1)
    return {**mk.state(game, notice=mk.illegal_notice(game, 0, 7)),
            "strings": strings_state(language)}


#: The toolbar, panel and score sheet in the words of each language: nothing may be cut off.
FIT_JS = """() => {
  const root = document.querySelector('#root .nsb-widget');
  const box = root.getBoundingClientRect();
  const out = [];
  for (const b of root.querySelectorAll('.nsb-toolbar button:not([hidden])')) {
    const r = b.getBoundingClientRect();
    if (b.scrollWidth > b.clientWidth + 1 || r.right > box.right + 1) out.push(b.textContent);
  }
  for (const e of root.querySelectorAll('.nsb-panel *, .nsb-messages *')) {
    const r = e.getBoundingClientRect();
    if (r.width && (r.right > box.right + 1 || e.scrollWidth > e.clientWidth + 1
        && getComputedStyle(e).overflowX === 'visible' && e.children.length === 0)) {
      out.push(e.className || e.tagName);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("language, city", [("de", "berlin"), ("fr", "london")])
def test_a_translated_widget_speaks_its_language_and_fits_at_700_px(browser, tmp_path,
                                                                     language, city):
    """Issue 12: a German Berlin and a French London game in a 700 px window: the buttons
    (their keys still named), the help line and Python's reason for an illegal section are in
    the game's language, and the longer words still fit."""
    state = _translated_state(language, city)
    page = harness.open_page(browser, width=700 - 32, viewport=(700, 1000), state=state)
    try:
        words = state["strings"]["messages"]
        reveal = page.locator("button[data-action='reveal']")
        assert reveal.get_attribute("aria-label") == words["btn.reveal"]
        assert reveal.get_attribute("title") == f"{words['btn.reveal']} (R)"
        assert page.locator(".nsb-widget").get_attribute("lang") == language
        assert page.locator(".nsb-notice").inner_text() == state["notice"]["text"]
        help_text = page.locator(".nsb-help").inner_text()
        # (A switch turn says the section may start anywhere on the line.)
        drawing = "help.draw_anywhere" if state["hints"]["double_switch"] else "help.draw"
        assert help_text == words[drawing], help_text
        if language == "de":
            passen = page.locator("button[aria-label='Passen']")
            assert passen.get_attribute("title") == "Passen (P)"
            assert "die Karte zeigt" in state["notice"]["text"], state["notice"]
        else:
            assert page.locator(".nsb-round").inner_text() == "Manche 2 sur 4"
            assert "la carte" in state["notice"]["text"] or "traverse" in state["notice"]["text"]
        # nothing cut off or sticking out, every part reachable
        assert page.evaluate(FIT_JS) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 700
        for sel in ("button[data-action='new-game']", "button[data-action='export-png']",
                    "svg.nsb-map", ".nsb-panel .nsb-round", ".nsb-score th[data-round='4']",
                    "[data-total='total']"):
            assert page.evaluate(REACH_JS, sel) is None, sel
        # the New game confirmation is the longest label of the toolbar
        page.locator("button[data-action='new-game']").click()
        assert page.locator("button[data-action='new-game'] .nsb-btn-text").inner_text() == \
            words["btn.new_game_confirm"]
        assert page.evaluate(FIT_JS) == []
        page.evaluate("window.scrollTo(0, 0)")
        keep = os.environ.get("E2E_SCREENSHOTS")
        shot = Path(keep) if keep else tmp_path
        shot.mkdir(parents=True, exist_ok=True)
        page.locator(".nsb-widget").screenshot(path=str(shot / f"widget-{language}-700.png"))
        assert page.errors == [], page.errors
    finally:
        page.close()


# --------------------------------------------------------------------------- the board's text
def _board_states() -> dict[str, dict]:
    """The teacher's board at each moment, and two made-up ones that show every colour its
    text can take: every status (the highlighted row's too), the last turn, a refused
    hand-in, the tie-break line, an error and a success notice."""
    states = {name: fixture(name) for name in ("board_nobody", "board_start", "board_round",
                                               "board_final", "board_self")}
    statuses = ("drawing", "ready", "joined", "behind", "refused", "left", "finished")
    every = fixture("board_round")
    rows = every["standings"]["rows"]
    every["standings"]["rows"] = [
        {**rows[i % len(rows)], "name": f"{status.title()} {i}", "status": status,
         "behind": 2 if status == "behind" else 0,
         "refusal": "the save file is not this room's" if status == "refused" else None}
        for i, status in enumerate(statuses)]
    every["table"]["last_turn"] = True
    every["sheet"] = {"name": "Behind 3", "total": 4, "svg": None,
                      "refusal": "the save file is not this room's"}
    every["notice"] = {"id": 1, "level": "error", "text": "Could not read the folder."}
    states["every_status"] = every
    final = fixture("board_final")
    final["standings"]["rows"].append({**final["standings"]["rows"][-1], "name": "Dan",
                                       "place": None, "status": "left"})
    final["notice"] = {"id": 2, "level": "success", "text": "Exported to results."}
    final["sheet"] = {**final["sheet"], "name": "Ada"}
    states["final_left"] = final
    return states


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_of_the_board_is_legible_in_both_themes(browser, tmp_path, theme):
    """Every text of the teacher's board has WCAG AA's contrast against what it is painted on
    (4.5:1; 3:1 for large text), measured from the computed colours in Chromium with
    JupyterLab's own theme, at each moment of a game, on a laptop (the smallest type: bold
    lines are not "large" there) and on a projector. The muted texts (the counts, the subtitle,
    the footer, the tie-break line, a left participant) used the theme's secondary grey, 4.2
    to 4.5:1 on the board's grey panels, and the status words and names 3.2 to 4.1:1 on the
    highlighted row."""
    from contrast import TEXT_CONTRAST_JS, too_faint

    keep = os.environ.get("E2E_SCREENSHOTS")
    shots = Path(keep) if keep else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    faint, measured = [], set()
    for name, state in _board_states().items():
        for width in (900, 1400):
            page = harness.open_page(browser, theme=theme, width=width,
                                     viewport=(width + 50, 1100), state=state, entry="board")
            try:
                page.wait_for_selector(".nsb-board")
                texts = page.locator(".nsb-board").evaluate(TEXT_CONTRAST_JS)
                measured |= {t["cls"] for t in texts}
                faint += [(name, width, t["text"], t["cls"], t["fg"], t["bg"], t["ratio"],
                           t["need"]) for t in too_faint(texts)]
                if width == 1400 and name in ("every_status", "final_left"):
                    page.screenshot(path=str(shots / f"board-{name}-{theme}.png"),
                                    full_page=True)
                assert page.errors == [], page.errors
            finally:
                page.close()
    assert not faint, faint
    # the muted and coloured texts were all among those measured
    for cls in ("nsb-board-sub", "nsb-board-count", "nsb-board-reveal-note", "nsb-board-join",
                "nsb-board-tiebreak", "nsb-board-last", "nsb-board-refusal", "nsb-board-self",
                "nsb-board-name-btn", "nsb-board-status", "nsb-num nsb-board-current"):
        assert cls in measured, (cls, sorted(measured))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_participants_sheet_on_the_board_follows_the_theme(browser, tmp_path, theme):
    """The sheet the board opens was a picture on white in the dark theme too: it is now drawn
    like the game widget's map, on the theme's paper (JupyterLab's near-black in the dark
    theme) with its ink, every pencil's sections at 3.6:1 or more against that paper."""
    page = harness.open_page(browser, "board_final", theme, width=1400, viewport=(1450, 1200),
                             entry="board")
    try:
        sheet = page.locator(".nsb-board-sheet svg.nsb-board-sheet-map")
        sheet.wait_for()
        page.wait_for_timeout(100)  # the paper is read in the next frame
        got = page.evaluate("""() => {
          const cs = (e) => getComputedStyle(e);
          const map = document.querySelector('.nsb-board-sheet-map');
          return { paper: cs(map.querySelector('.nsb-paper')).fill,
                   page: cs(document.body).backgroundColor,
                   symbol: cs(map.querySelector('.nsb-symbol')).stroke,
                   tracks: [...map.querySelectorAll('.nsb-section .nsb-track')]
                     .map((t) => cs(t).stroke),
                   width: map.getBoundingClientRect().width,
                   box: map.parentElement.getBoundingClientRect().width };
        }""")
        paper = _rgb(got["paper"])
        assert paper == _rgb(got["page"]), got  # the theme's paper, as in the game widget
        if theme == "dark":
            assert max(paper) < 40, got
            assert min(_rgb(got["symbol"])) > 180, got  # light station outlines
        else:
            assert paper == (255.0, 255.0, 255.0), got
        assert len(got["tracks"]) > 10, got
        worst = min(_contrast(_rgb(c), paper) for c in got["tracks"])
        assert worst >= 3.5, (worst, got["tracks"])
        assert got["width"] > got["box"] * 0.85, got  # fills its box
        keep = os.environ.get("E2E_SCREENSHOTS")
        shots = Path(keep) if keep else tmp_path
        shots.mkdir(parents=True, exist_ok=True)
        page.locator(".nsb-board-main").screenshot(path=str(shots / f"board-sheet-{theme}.png"))
        assert page.errors == [], page.errors
    finally:
        page.close()
