"""The widget's front end in real Chromium with a fake model (no Jupyter, no kernel).

The built bundle (``nsb_widget/widget/static/widget.js`` + ``widget.css``) is served from memory
by ``js/tests/harness.py`` together with a fixture of real synced traits and JupyterLab's own
theme variables. Checks rendering, real mouse and keyboard flows, export, themes and speed.
Skips when Chromium or Playwright is missing, unless ``E2E_REQUIRE=1`` (then it fails).
"""

from __future__ import annotations

import base64
import importlib.util
import os
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "js" / "tests"))

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


@pytest.fixture
def open_widget(browser):
    pages = []

    def _open(fixture: str = "draw", theme: str = "light"):
        page = harness.open_page(browser, fixture, theme)
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
    colour = page.evaluate("getComputedStyle(document.querySelector('.nsb-notice')).color")
    r, g, b = (int(x) for x in colour[colour.index("(") + 1:-1].split(",")[:3])
    assert r > 150 and g < 100 and b < 100, colour


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
    assert page.locator("[data-lm-suppress-shortcuts]").count() == 1


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
    assert page.evaluate("h.model.listenerCount()") == 9
    page.evaluate("h.cleanup(); h.initCleanup()")
    assert page.evaluate("h.model.listenerCount()") == 0
    assert page.locator(".nsb-widget").count() == 0
