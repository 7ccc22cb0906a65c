"""The widget in a real JupyterLab, kernel and headless Chromium: render, latency, bytes.

Starts JupyterLab (isolated, loopback, random token) through ``tests/jupyter_harness.py``, opens
a notebook that creates the widget, and measures:

* first render: ``el.dataset.renderMs`` (the widget's own DOM work for the full map) and the
  wall time from running the cell to the widget's root in the page (inserted, then painted);
  the cell is run ``--renders`` times, the first run also loads the widget's ESM;
* click to redrawn view: from the click event on the target station (the origin end is
  selected first) to the new section in the SVG (DOM mutation) and to the next frame, over
  ``--draws`` sections with the local kernel;
* synced bytes per move on the real kernel websocket: every ``comm_msg`` frame the page
  receives for the widget, attributed to the intent (reveal, draw, pass) that caused it via
  the parent header; frame bytes (with Jupyter's headers) and state bytes (the JSON of the
  synced traits).

Targets (issue 3): first render < 150 ms, click to redraw < 100 ms median, < 5 KB of synced
state per move.

Run: ``python benchmarks/bench_widget_browser.py [--draws 25] [--renders 5] [--seed 7]
[--modules effects,objectives] [--json out.json]`` with the project's venv; needs Debian's
chromium and the dev dependencies (jupyterlab, playwright).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from jupyter_harness import (  # noqa: E402
    KERNEL_READY_JS,
    TIMEOUT_MS,
    BerlinView,
    KernelProbe,
    chromium_page,
    collapse_sidebars,
    jupyter_server,
    kernel_ws_message,
    write_notebook,
)

NB = "bench_widget.ipynb"
WIDGET_CELL = 1

# Run the widget cell; resolve with the time until a new .nsb-widget is in the cell (mutation
# observer), until the frame after that (painted), and the widget's own renderMs.
RENDER_JS = """async (index) => {
  const app = window.jupyterapp;
  const nb = app.shell.currentWidget.content;
  nb.activeCellIndex = index;
  const node = nb.widgets[index].node;
  const old = node.querySelector('.nsb-widget');
  const t0 = performance.now();
  const done = new Promise((resolve) => {
    const mo = new MutationObserver(() => {
      const el = node.querySelector('.nsb-widget');
      if (!el || el === old || !el.querySelector('.nsb-hit')) return;
      mo.disconnect();
      const inserted = performance.now() - t0;
      requestAnimationFrame(() => {
        const box = el.getBoundingClientRect();
        resolve({inserted, painted: performance.now() - t0, visible: box.height > 0,
                 renderMs: Number(el.parentElement.dataset.renderMs)});
      });
    });
    mo.observe(node, {childList: true, subtree: true});
  });
  await app.commands.execute('notebook:run-cell');
  return await done;
}"""

# Before clicking the target: note the time of that click and of the section's appearance.
ARM_JS = """([cell, origin, target]) => {
  const root = window.jupyterapp.shell.currentWidget.content.widgets[cell].node
    .querySelector('.nsb-widget');
  const sel = `.nsb-section[data-from="${origin}"][data-to="${target}"]`;
  const before = root.querySelectorAll(sel).length;
  const b = window.__bench = {click: null, drawn: null, painted: null};
  root.addEventListener('click', (e) => {
    if (e.target.closest && e.target.closest(`.nsb-hit[data-station="${target}"]`)) {
      b.click = performance.now();
    }
  }, {capture: true, once: true});
  const mo = new MutationObserver(() => {
    if (b.drawn === null && root.querySelectorAll(sel).length > before) {
      b.drawn = performance.now();
      mo.disconnect();
      requestAnimationFrame(() => { b.painted = performance.now(); });
    }
  });
  mo.observe(root.querySelector('.nsb-layer-sheet'), {childList: true, subtree: true});
}"""


class WireLog:
    """Kernel websocket frames of the widget's comm, grouped by the intent that caused them."""

    def __init__(self) -> None:
        self.comm_id: str | None = None
        self.intents: dict[str, str] = {}  # msg_id of the page's comm_msg -> intent type
        self.frames: dict[str, list[tuple[int, int]]] = {}  # msg_id -> [(frame, state bytes)]

    def attach(self, page: Any) -> None:
        def on_ws(ws: Any) -> None:
            if "/api/kernels/" not in ws.url:
                return
            ws.on("framesent", self._sent)
            ws.on("framereceived", self._received)

        page.on("websocket", on_ws)

    def _sent(self, payload: bytes | str) -> None:
        msg = kernel_ws_message(payload)
        if not msg or msg["header"].get("msg_type") != "comm_msg":
            return
        content = msg["content"]
        data = content.get("data") or {}
        if content.get("comm_id") == self.comm_id and data.get("method") == "custom":
            self.intents[msg["header"]["msg_id"]] = str((data.get("content") or {}).get("type"))

    def _received(self, payload: bytes | str) -> None:
        msg = kernel_ws_message(payload)
        if not msg or msg["header"].get("msg_type") != "comm_msg":
            return
        if msg["content"].get("comm_id") != self.comm_id:
            return
        parent = msg["parent_header"].get("msg_id")
        state = (msg["content"].get("data") or {}).get("state") or {}
        state_bytes = len(json.dumps(state, separators=(",", ":")).encode())
        self.frames.setdefault(parent, []).append((msg["size"], state_bytes))

    def per_intent(self) -> dict[str, list[tuple[int, int, int]]]:
        """intent type -> [(frame bytes, state bytes, messages)] per intent sent."""
        out: dict[str, list[tuple[int, int, int]]] = {}
        for msg_id, kind in self.intents.items():
            frames = self.frames.get(msg_id, [])
            out.setdefault(kind, []).append((sum(f for f, _ in frames),
                                             sum(s for _, s in frames), len(frames)))
        return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure_renders(page: Any, count: int) -> list[dict[str, Any]]:
    runs = []
    for _ in range(count):
        page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
        runs.append(page.evaluate(RENDER_JS, WIDGET_CELL))
    return runs


def measure_draws(page: Any, view: BerlinView, wire: WireLog, draws: int) -> list[dict[str, float]]:
    from playwright.sync_api import expect

    out: list[dict[str, float]] = []
    while len(out) < draws:
        phase = view.state()[2]
        if phase == "over":  # a new game (one click once the game is over)
            n_games = view.ev("id({g})")
            view.button("New game").click()
            view.probe.wait_for(f"id({view.g}) != {n_games}", True)
            expect(view.sections).to_have_count(0)
            continue
        if phase == "reveal":
            view.reveal()
            continue
        moves = view.moves()
        if not moves:
            view.pass_turn()
            continue
        _line, origin, target = moves[len(out) % len(moves)]
        n = view.state()[3]
        view.wait_fresh_hints()
        view.hit(origin).click()
        expect(view.svg).to_have_attribute("data-selected", str(origin))
        page.evaluate(ARM_JS, [WIDGET_CELL, origin, target])
        view.hit(target).click()
        page.wait_for_function("() => window.__bench.painted !== null", timeout=TIMEOUT_MS)
        b = page.evaluate("() => window.__bench")
        out.append({"drawn": b["drawn"] - b["click"], "painted": b["painted"] - b["click"]})
        view.wait_actions(n + 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draws", type=int, default=25, help="sections drawn by clicking")
    parser.add_argument("--renders", type=int, default=5, help="runs of the widget cell")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--modules", default="", help="e.g. effects,objectives")
    parser.add_argument("--json", type=Path, help="also write the figures there")
    args = parser.parse_args()

    t_start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="nsb-bench-") as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        modules = [m for m in args.modules.split(",") if m]
        write_notebook(work / NB, "from nsb_widget import Game",
                       f"game = Game.new(seed={args.seed}, modules={modules!r})\n"
                       "widget = game.widget()\nwidget", "")
        with jupyter_server(work) as server, \
                chromium_page(Path(tmp) / "profile", viewport=(1280, 1400)) as page:
            wire = WireLog()
            wire.attach(page)
            page.goto(server.url(NB))
            page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
            collapse_sidebars(page)
            # the import first (not part of the widget's render), then the widget cell
            page.evaluate("""async () => {
              const app = window.jupyterapp;
              app.shell.currentWidget.content.activeCellIndex = 0;
              await app.commands.execute('notebook:run-cell');
            }""")
            renders = measure_renders(page, args.renders)
            assert all(r["visible"] for r in renders), renders
            probe = KernelProbe(server, NB)
            try:
                wire.comm_id = probe.eval("widget.model_id")
                panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
                view = BerlinView(panel.locator(".jp-Cell").nth(WIDGET_CELL)
                                  .locator(".nsb-widget"), probe, game="widget.game")
                page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
                draws = measure_draws(page, view, wire, args.draws)
                page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
                versions = page.evaluate("() => navigator.userAgent")
            finally:
                probe.close()
            errors = list(page.errors)
    wall = time.monotonic() - t_start

    # ------------------------------------------------------------------ report
    first, warm = renders[0], renders[1:] or renders
    render_ms = [r["renderMs"] for r in renders]
    drawn = [d["drawn"] for d in draws]
    painted = [d["painted"] for d in draws]
    per = wire.per_intent()
    moves = [x for kind in ("reveal", "draw", "pass") for x in per.get(kind, [])]
    state_per_move = [s for _, s, _ in moves]

    def ms(v: float) -> str:
        return f"{v:7.1f} ms"

    def ok(good: bool) -> str:
        return "OK  " if good else "MISS"

    print(f"\nnsb_widget in JupyterLab + Chromium ({versions.split(' ')[-2]}), seed {args.seed}"
          f"{', modules ' + args.modules if args.modules else ''}, {wall:.0f} s in all")
    print("\nFirst render (full map)")
    print(f"  {ok(first['renderMs'] < 150)} el.dataset.renderMs, first view : "
          f"{ms(first['renderMs'])}   (target < 150 ms)")
    print(f"       el.dataset.renderMs, median of {len(render_ms)}: "
          f"{ms(statistics.median(render_ms))}  (max {max(render_ms):.1f})")
    print(f"       cell run -> root in DOM, first   : {ms(first['inserted'])}"
          f"  (painted {first['painted']:.1f} ms; includes loading the ESM)")
    print(f"       cell run -> root in DOM, median of the {len(warm)} later runs: "
          f"{ms(statistics.median(r['inserted'] for r in warm))}  (painted "
          f"{statistics.median(r['painted'] for r in warm):.1f} ms)")
    print(f"\nClick on the target station -> section in the SVG ({len(draws)} draws, local kernel)")
    print(f"  {ok(statistics.median(drawn) < 100)} median {ms(statistics.median(drawn))}   "
          f"p95 {ms(percentile(drawn, 0.95))}   max {ms(max(drawn))}   (target median < 100 ms)")
    print(f"       to the next frame: median {ms(statistics.median(painted))}   "
          f"p95 {ms(percentile(painted, 0.95))}")
    print("\nSynced bytes per move on the kernel websocket (widget comm_msg frames)")
    print(f"  {ok(max(state_per_move) < 5000)} state per move: median "
          f"{statistics.median(state_per_move) / 1000:.2f} KB, max {max(state_per_move) / 1000:.2f}"
          f" KB over {len(state_per_move)} moves   (target < 5 KB)")
    for kind in ("draw", "reveal", "pass", *sorted(set(per) - {"draw", "reveal", "pass"})):
        rows = per.get(kind)
        if not rows:
            continue
        frames = [f for f, _, _ in rows]
        states = [s for _, s, _ in rows]
        msgs = [m for _, _, m in rows]
        print(f"       {kind:7s} x{len(rows):3d}: state median {statistics.median(states):6.0f} B, "
              f"max {max(states):6.0f} B | frames median {statistics.median(frames):6.0f} B, "
              f"max {max(frames):6.0f} B | {statistics.median(msgs):.0f} messages (median)")
    if errors:
        print(f"\n{len(errors)} uncaught page error(s):", *errors, sep="\n")

    if args.json:
        args.json.write_text(json.dumps({
            "renders": renders, "draws": draws,
            "bytes": {k: [{"frame": f, "state": s, "messages": m} for f, s, m in v]
                      for k, v in per.items()},
        }, indent=1))


if __name__ == "__main__":
    main()
