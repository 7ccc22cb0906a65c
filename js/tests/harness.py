"""Chromium harness for the front end: the built ESM with the fake model, no Jupyter.

Playwright serves a made-up origin (http://nsb.test/) from memory with ``page.route``, so real
ES-module loading is used and nothing touches the network. Used by
``tests/test_frontend_browser.py``; run directly to take screenshots::

    python js/tests/harness.py docs/img          # widget-light.png, widget-dark.png,
                                                 # widget-overlay.png, widget-london.png
    python js/tests/harness.py --bench           # render / update times in Chromium
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
STATIC = ROOT / "nsb_widget" / "widget" / "static"
FIXTURES = HERE / "fixtures"
ORIGIN = "http://nsb.test"
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage"]

HTML = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/jp-theme.css"><link rel="stylesheet" href="/widget.css">
<style>body { margin: 16px; background: var(--jp-layout-color0, #fff);
  font-family: var(--jp-ui-font-family, sans-serif); }
#root { max-width: WIDTHpx; }</style></head>
<body class="THEME"><div id="root"></div><div id="root2"></div>
<script type="module">
  import { mount, FakeModel } from "/fake_model.js";
  const p = new URLSearchParams(location.search);
  const state = await (await fetch(`/fixtures/${p.get("fixture") || "draw"}.json`)).json();
  if (!state.strings) {  // the texts, as Python sends them
    state.strings = (await (await fetch("/fixtures/strings.json")).json())[p.get("lang") || "en"];
  }
  const mod = await import("/widget.js");
  window.FakeModel = FakeModel;
  window.widgetModule = mod;
  window.h = await mount(mod, document.getElementById("root"), state);
  document.body.dataset.ready = "1";
</script></body></html>"""


def jupyterlab_theme(theme: str) -> str:
    """JupyterLab's own theme variables (light or dark), when jupyterlab is installed."""
    try:
        import jupyterlab
    except ImportError:
        return ""
    name = "theme-dark-extension" if theme == "dark" else "theme-light-extension"
    css = Path(jupyterlab.__file__).parent / "themes" / "@jupyterlab" / name / "index.css"
    return css.read_text() if css.exists() else ""


def files(theme: str, width: int, state: dict | None = None,
          entry: str = "widget") -> dict[str, tuple[str, str | bytes]]:
    """The page's files: ``entry`` "widget" (the player's) or "board" (the teacher's)."""
    out: dict[str, tuple[str, str | bytes]] = {
        "/index.html": ("text/html", HTML.replace("THEME", theme).replace("WIDTH", str(width))),
        "/fake_model.js": ("text/javascript", (HERE / "fake_model.js").read_text()),
        "/widget.js": ("text/javascript", (STATIC / f"{entry}.js").read_text()),
        "/widget.css": ("text/css", (STATIC / f"{entry}.css").read_text()),
        "/jp-theme.css": ("text/css", jupyterlab_theme(theme) if theme != "none" else ""),
    }
    for f in FIXTURES.glob("*.json"):
        out[f"/fixtures/{f.name}"] = ("application/json", f.read_text())
    if state is not None:  # traits made by the test itself
        out["/fixtures/given.json"] = ("application/json", json.dumps(state))
    return out


def launch(pw):
    return pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)


def open_page(browser, fixture: str = "draw", theme: str = "light", width: int = 1100,
              viewport: tuple[int, int] = (1180, 1400), lang: str = "en",
              state: dict | None = None, entry: str = "widget"):
    """A page showing the widget for one fixture, its texts in ``lang`` (the fixture's traits
    stay as recorded, in English), or for ``state`` (every synced trait, ``strings``
    included, e.g. from a German game); page.errors collects uncaught errors. ``entry="board"``
    shows the teacher's board instead (its fixtures are ``board_*``)."""
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    served = files(theme, width, state, entry)
    if state is not None:
        fixture = "given"

    def serve(route):
        path = route.request.url[len(ORIGIN):].split("?")[0]
        if path in served:
            ctype, body = served[path]
            route.fulfill(status=200, content_type=ctype, body=body)
        else:
            route.fulfill(status=404, body="not found")

    page.route(f"{ORIGIN}/**", serve)
    page.goto(f"{ORIGIN}/index.html?{urlencode({'fixture': fixture, 'lang': lang})}")
    page.wait_for_selector("body[data-ready='1']", timeout=15_000)
    return page


def screenshots(out_dir: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out_dir.mkdir(parents=True, exist_ok=True)
    shots = [("widget-light.png", "modules", "light", "select"),
             ("widget-dark.png", "double_switch", "dark", "select"),
             ("widget-overlay.png", "solo_end", "light", "overlay"),
             ("widget-london.png", "london_circle", "light", "power")]
    written = []
    with sync_playwright() as pw:
        browser = launch(pw)
        for name, fixture, theme, action in shots:
            page = open_page(browser, fixture, theme)
            if action == "overlay":
                page.get_by_label("Teaching overlay", exact=True).click()
            elif action == "power":  # London: the circle power waiting for its station
                page.locator("button[data-action='power']").click()
            else:
                # show a selection: click the first highlighted line end
                first = page.evaluate("h.model.get('hints').origins[0]")
                if first is not None:
                    page.locator(f".nsb-hit[data-station='{first}']").click()
            page.mouse.move(0, 0)
            path = out_dir / name
            page.locator(".nsb-widget").screenshot(path=str(path), animations="disabled")
            assert not page.errors, page.errors
            written.append(path)
            page.close()
        browser.close()
    return written


BENCH_JS = """() => {
  const el = document.getElementById('root2');
  const render = [];
  const hook = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const m = new FakeModel(structuredClone(h.model.state));
    const c = widgetModule.default.render({model: m, el});
    el.getBoundingClientRect();                       // style + layout included
    render.push(performance.now() - t);
    hook.push(Number(el.dataset.renderMs));
    c();
  }
  const update = {};
  const root = document.getElementById('root');
  for (const k of ['sheet', 'scores', 'hints', 'turn', 'notice']) {
    update[k] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      h.model.pySet(k, structuredClone(h.model.get(k)));
      root.getBoundingClientRect();
      update[k].push(performance.now() - t);
    }
  }
  return {first: Number(root.dataset.renderMs), render, hook, update};
}"""


def bench(fixtures=("start", "modules", "modules_end")) -> None:
    """Print render and update times (ms, median and max of 20) read in Chromium."""
    from statistics import median

    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch(pw)
        for fixture in fixtures:
            page = open_page(browser, fixture)
            r = page.evaluate(BENCH_JS)
            fmt = lambda xs: f"{median(xs):5.1f} / {max(xs):5.1f}"  # noqa: E731
            print(f"{fixture:12} first render (renderMs hook) {r['first']:5.1f}  "
                  f"render+layout median/max {fmt(r['render'])}  hook {fmt(r['hook'])}")
            for k, xs in r["update"].items():
                print(f"{'':12} update {k:7} median/max {fmt(xs)}")
            page.close()
        browser.close()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--bench"]:
        bench()
    else:
        for p in screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/nsb-shots")):
            print(p)
