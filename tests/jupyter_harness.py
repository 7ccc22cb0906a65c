"""A real Jupyter server, a real kernel and Debian's headless Chromium, for end-to-end tests.

The server runs isolated from ~/.jupyter (its own config, data, runtime and settings dirs) on
loopback with a random token; Chromium is driven by Playwright with a fresh profile and no
network beyond localhost. A ``KernelProbe`` attaches a jupyter_client to the notebook's kernel, so
tests can check the Python side of what the page did.

Needs: Debian's chromium (/usr/bin/chromium), pip install jupyterlab playwright.
Env: E2E_CHROMIUM (browser path), E2E_REQUIRE=1 (a missing prerequisite fails instead of
skipping), E2E_TIMEOUT_MS (default 60000), E2E_SCREENSHOTS (directory to keep screenshots in),
E2E_SEED (replay one game of the examples, see ``copy_example``).

``BerlinView`` (at the end) drives one displayed view of the widget (Berlin or London) by clicks
and checks every step in the kernel; the e2e tests and ``benchmarks/bench_widget_browser.py`` use
it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
TIMEOUT_MS = int(os.environ.get("E2E_TIMEOUT_MS", "60000"))
PROJECT_ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
APPS = {
    "jupyterlab": {"module": "jupyterlab", "cls": "LabApp", "path": "/lab/tree/{nb}?reset",
                   "extra": ["--LabApp.news_url=None",
                             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]},
    "notebook": {"module": "notebook", "cls": "JupyterNotebookApp", "path": "/notebooks/{nb}",
                 "extra": []},
}

# The toolbar's idle marker can fire while the notebook still has no kernel: ask the app.
KERNEL_READY_JS = """() => {
  const app = window.jupyterapp;
  const w = app?.shell?.currentWidget;
  const k = w?.sessionContext?.session?.kernel ?? w?.context?.sessionContext?.session?.kernel;
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
}"""


def require(ok: bool, why: str) -> None:
    """Skip the module when a prerequisite is missing; with E2E_REQUIRE=1 fail instead."""
    if not ok:
        if os.environ.get("E2E_REQUIRE") == "1":
            raise RuntimeError(f"E2E_REQUIRE=1 but {why}")
        pytest.skip(why, allow_module_level=True)


def require_browser() -> None:
    """The prerequisites of every browser test."""
    require(Path(CHROMIUM).exists(), f"{CHROMIUM} missing (apt-get install chromium)")
    require(importlib.util.find_spec("playwright") is not None, "pip install playwright")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def write_json(path: Path, obj: Any) -> None:
    """Write ``obj`` as JSON, creating folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj, indent=1))


@dataclass
class Server:
    """A running Jupyter server."""

    base: str
    token: str
    root: Path
    runtime: Path
    log: Path
    app: str

    def api(self, path: str, method: str = "GET", body: Any = None) -> Any:
        """Call the server's REST API."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"{self.base}{path}", method=method, data=data,
                                     headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=10) as r:
            raw = r.read()
        return json.loads(raw) if raw else None

    def url(self, notebook: str) -> str:
        """The page showing ``notebook`` (relative to the server root), logged in."""
        path = APPS[self.app]["path"].format(nb=notebook)
        sep = "&" if "?" in path else "?"
        return f"{self.base}{path}{sep}token={self.token}"


@contextmanager
def jupyter_server(workdir: Path, app: str = "jupyterlab") -> Iterator[Server]:
    """Start JupyterLab (or Notebook 7) serving ``workdir``; stop it and its kernels after."""
    spec = APPS[app]
    require(importlib.util.find_spec(str(spec["module"])) is not None, f"pip install {app}")
    base_dir = workdir.parent / f".{app}-state"
    cfg, data, runtime = base_dir / "config", base_dir / "data", base_dir / "runtime"
    settings, workspaces = base_dir / "user-settings", base_dir / "workspaces"
    for d in (cfg, data, runtime, settings, workspaces):
        d.mkdir(parents=True, exist_ok=True)
    write_json(settings / "@jupyterlab/apputils-extension/notification.jupyterlab-settings",
               {"fetchNews": "false", "checkForUpdates": False})
    write_json(settings / "@jupyterlab/notebook-extension/tracker.jupyterlab-settings",
               {"windowingMode": "none"})
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(cfg), JUPYTER_DATA_DIR=str(data),
               JUPYTER_RUNTIME_DIR=str(runtime), IPYTHONDIR=str(base_dir / "ipython"),
               JUPYTER_PLATFORM_DIRS="1", PYTHONUNBUFFERED="1")
    env.pop("JUPYTER_PATH", None)
    cls = spec["cls"]
    cmd = [sys.executable, "-m", str(spec["module"]), "--no-browser", "--ip=127.0.0.1",
           f"--port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
           f"--ServerApp.root_dir={workdir}", "--ServerApp.terminals_enabled=False",
           "--allow-root", f"--{cls}.user_settings_dir={settings}",
           f"--{cls}.workspaces_dir={workspaces}", f"--{cls}.expose_app_in_browser=True",
           *spec["extra"]]
    log_path = base_dir / "server.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, cwd=workdir, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        server = Server(f"http://127.0.0.1:{port}", token, workdir, runtime, log_path, app)
        try:
            start = time.monotonic()
            while True:
                if proc.poll() is not None:
                    pytest.fail(f"{app} exited rc={proc.returncode}:\n{log_path.read_text()}")
                try:
                    server.api("/api/status")
                    break
                except (urllib.error.URLError, ConnectionError, OSError):
                    if time.monotonic() - start > 90:
                        pytest.fail(f"{app} did not come up:\n{log_path.read_text()}")
                    time.sleep(0.25)
            yield server
        finally:
            try:
                server.api("/api/shutdown", method="POST")
                proc.wait(timeout=15)
            except Exception:
                pass
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)


@contextmanager
def chromium_page(profile: Path, viewport: tuple[int, int] = (1280, 1000)) -> Iterator[Any]:
    """A Playwright page in Debian's Chromium with a fresh profile; ``page.errors`` collects
    uncaught page errors."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": viewport[0], "height": viewport[1]})
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(f"{e}\n{e.stack}"[:1500]))
        try:
            yield page
        finally:
            ctx.close()


class KernelProbe:
    """A jupyter_client attached to the kernel of a notebook open on the server."""

    def __init__(self, server: Server, notebook: str) -> None:
        from jupyter_client import BlockingKernelClient

        kid = None
        deadline = time.monotonic() + 30
        while kid is None:  # the page creates the session; it may take a moment
            kid = next((s["kernel"]["id"] for s in server.api("/api/sessions")
                        if s["path"] == notebook or s["path"].endswith("/" + notebook)), None)
            if kid is None:
                if time.monotonic() > deadline:
                    raise AssertionError(f"no kernel session for {notebook}")
                time.sleep(0.2)
        self.kernel_id = kid
        self.kc = BlockingKernelClient(connection_file=str(server.runtime / f"kernel-{kid}.json"))
        self.kc.load_connection_file()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=30)

    def eval(self, expr: str) -> Any:
        """The value of a Python expression in the kernel (it must repr() as a literal)."""
        import ast

        msg_id = self.kc.execute("", store_history=False, user_expressions={"r": expr})
        while True:
            reply = self.kc.get_shell_msg(timeout=30)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        assert reply["content"]["status"] == "ok", reply["content"]
        res = reply["content"]["user_expressions"]["r"]
        assert res["status"] == "ok", f"{expr!r} failed in the kernel: {res}"
        return ast.literal_eval(res["data"]["text/plain"])

    def run(self, code: str) -> None:
        """Execute code in the kernel (raises if it fails)."""
        msg_id = self.kc.execute(code, store_history=False)
        while True:
            reply = self.kc.get_shell_msg(timeout=30)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        assert reply["content"]["status"] == "ok", reply["content"]

    def wait_for(self, expr: str, expected: Any, timeout: float = 20.0) -> Any:
        """Poll ``expr`` until it equals ``expected`` (or time runs out); returns the last value."""
        deadline = time.monotonic() + timeout
        value = self.eval(expr)
        while value != expected and time.monotonic() < deadline:
            time.sleep(0.2)
            value = self.eval(expr)
        return value

    def close(self) -> None:
        """Detach from the kernel."""
        self.kc.stop_channels()


def open_and_run_all(page: Any, server: Server, notebook: str) -> Any:
    """Open a notebook, wait for its kernel, run all cells; returns the notebook panel."""
    from playwright.sync_api import expect

    page.goto(server.url(notebook))
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    expect(panel.locator(".jp-Cell").first).to_be_visible()
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    return panel


def copy_example(name: str, workdir: Path) -> Path:
    """Copy ``examples/<name>`` into the server's work dir. The examples' games have a random
    seed (the tests print it); ``E2E_SEED=n`` replays one: the copy then calls
    ``Game.new(players=1, seed=n)``."""
    dest = workdir / name
    text = (PROJECT_ROOT / "examples" / name).read_text()
    seed = os.environ.get("E2E_SEED")
    if seed:
        assert "Game.new(players=1)" in text, "E2E_SEED: the example no longer has that call"
        text = text.replace("Game.new(players=1)", f"Game.new(players=1, seed={int(seed)})")
    dest.write_text(text)
    return dest


# The path of the notebook in JupyterLab's main area, or null.
CURRENT_PATH_JS = """() => {
  const w = window.jupyterapp?.shell?.currentWidget;
  return w?.context?.path ?? null;
}"""


def show_notebook(page: Any, notebook: str) -> Any:
    """Open ``notebook`` in a tab of the JupyterLab already loaded in ``page`` (no page load),
    or bring its tab to the front; returns the notebook panel. JupyterLab only."""
    from playwright.sync_api import expect

    # Activating an open tab is instant; docmanager:open takes ~2.5 s even for an open file.
    page.evaluate("""async (path) => {
      const app = window.jupyterapp;
      if (app.shell.currentWidget?.context?.path === path) return;
      const open = [...app.shell.widgets('main')].find((w) => w.context?.path === path);
      if (open) app.shell.activateById(open.id);
      else await app.commands.execute('docmanager:open', {path});
    }""", notebook)
    page.wait_for_function(f"() => ({CURRENT_PATH_JS})() === {json.dumps(notebook)}",
                           timeout=TIMEOUT_MS)
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    expect(panel.locator(".jp-Cell").first).to_be_visible()
    return panel


def open_tab_and_run_all(page: Any, notebook: str) -> Any:
    """Like :func:`open_and_run_all`, in a new tab of the loaded JupyterLab (no page load)."""
    panel = show_notebook(page, notebook)
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    return panel


def write_notebook(path: Path, *code_cells: str) -> None:
    """A notebook of code cells, with a kernelspec (else a "Select Kernel" dialog blocks)."""
    write_json(path, {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
        "cells": [{"cell_type": "code", "id": f"cell-{i}", "metadata": {}, "outputs": [],
                   "execution_count": None, "source": src} for i, src in enumerate(code_cells)],
    })


def kernel_ws_message(payload: bytes | str) -> dict[str, Any] | None:
    """Decode one frame of the kernel websocket: the binary v1 protocol
    (``v1.kernel.websocket.jupyter.org``: offsets, then channel, header, parent header,
    metadata, content, buffers) or the legacy JSON text. Returns a dict with ``channel``,
    ``header``, ``parent_header``, ``metadata``, ``content``, ``buffers`` and ``size`` (bytes
    of the frame), or None when the frame is not a kernel message."""
    size = len(payload.encode() if isinstance(payload, str) else payload)
    try:
        if isinstance(payload, str):
            msg = json.loads(payload)
            msg.setdefault("buffers", [])
        else:
            n = int.from_bytes(payload[:8], "little")
            offsets = [int.from_bytes(payload[8 + 8 * i:16 + 8 * i], "little") for i in range(n)]
            parts = [payload[offsets[i]:offsets[i + 1]] for i in range(n - 1)]
            channel = parts[0].decode()
            header, parent, metadata, content = (json.loads(x) for x in parts[1:5])
            msg = {"channel": channel, "header": header, "parent_header": parent,
                   "metadata": metadata, "content": content, "buffers": parts[5:]}
    except (ValueError, IndexError, UnicodeDecodeError):
        return None
    if not isinstance(msg, dict) or "header" not in msg:
        return None
    msg["size"] = size
    return msg


def screenshot(page: Any, tmp_path: Path, name: str) -> Path:
    """Save a screenshot (also into $E2E_SCREENSHOTS when set) and return its path."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path))
    keep = os.environ.get("E2E_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / path.name).write_bytes(path.read_bytes())
    return path


def collapse_sidebars(page: Any) -> None:
    """Close JupyterLab's side panels (file browser...) so the notebook gets the width."""
    page.evaluate("""() => {
      const shell = window.jupyterapp?.shell;
      shell?.collapseLeft?.();
      shell?.collapseRight?.();
    }""")


# ---------------------------------------------------------------------------------------------
# The Berlin widget in a page, with the kernel behind it (shared by the end-to-end tests and the
# browser benchmark). The page is driven the way a person does it (clicks on buttons found by
# aria-label, on stations by data-station); every step is checked in the kernel and on the page.

# (round, turn, phase, actions so far) of the game in the kernel
GAME_STATE = "({g}.round, {g}.turn, {g}.phase.value, len({g}.history))"
# a move's line id (London's moves carry no line: its one line id)
LINE_ID = "(str(m.line) if m.line is not None else {g}.ruleset.line_ids[0])"
# every legal section as (line, origin index, target index), in the engine's order
LEGAL_MOVES = (f"[({LINE_ID}, {{g}}.map.station(m.origin).index, "
               "{g}.map.station(m.target).index) for m in {g}.legal_moves()]")
# the last action, as (line, origin index, target index) for a draw, else its class name
LAST_ACTION = (f"(lambda a: (lambda m: ({LINE_ID}, {{g}}.map.station(m.origin).index, "
               "{g}.map.station(m.target).index))(a.move) if hasattr(a, 'move') "
               "else type(a).__name__)({g}.history[-1])")


class BerlinView:
    """One displayed view (``.nsb-widget``) of a ``BerlinWidget``, and the kernel it talks to.

    ``game`` and ``widget`` name the kernel variables holding the game and the widget.
    """

    def __init__(self, root: Any, probe: KernelProbe, game: str = "game",
                 widget: str = "widget") -> None:
        self.root = root
        self.probe = probe
        self.g = game
        self.w = widget

    # ---------------------------------------------------------------- locators
    def button(self, label: str) -> Any:
        return self.root.locator(f'button[aria-label="{label}"]')

    def hit(self, station: int) -> Any:
        return self.root.locator(f'.nsb-hit[data-station="{station}"]')

    def section(self, origin: int, target: int) -> Any:
        return self.root.locator(f'.nsb-section[data-from="{origin}"][data-to="{target}"]')

    @property
    def sections(self) -> Any:
        return self.root.locator(".nsb-section")

    @property
    def notice(self) -> Any:
        return self.root.locator(".nsb-notice")

    @property
    def svg(self) -> Any:
        return self.root.locator("svg.nsb-map")

    def turn_item(self, turn: int) -> Any:
        """The turn's card group in the panel's strip of this round's cards."""
        return self.root.locator(f'.nsb-strip .nsb-turn[data-turn="{turn}"]')

    def score_box(self, row: str, round_number: int) -> Any:
        return self.root.locator(f'.nsb-score tr[data-row="{row}"] td[data-round="{round_number}"]')

    # ---------------------------------------------------------------- kernel side
    def ev(self, expr: str) -> Any:
        """Evaluate ``expr`` in the kernel, ``{g}``/``{w}`` standing for the game/widget."""
        return self.probe.eval(expr.format(g=self.g, w=self.w))

    def state(self) -> tuple[int, int, str, int]:
        return tuple(self.ev(GAME_STATE))  # type: ignore[return-value]

    def moves(self) -> list[tuple[str, int, int]]:
        return [tuple(m) for m in self.ev(LEGAL_MOVES)]  # type: ignore[misc]

    def wait_actions(self, count: int) -> None:
        """Wait until the game has ``count`` actions in its history."""
        got = self.probe.wait_for(f"len({self.g}.history)", count)
        assert got == count, f"the kernel's game has {got} actions, expected {count}"

    def todo_text(self) -> str:
        """What the panel must say the player has to draw now, from the kernel's state."""
        lines, switch, several, notes = self.ev(
            "([str(ln) for ln in {g}.open_lines()], any(s.anywhere for s in {g}.slots()), "
            "len({g}.ruleset.line_ids) > 1, [s.wants for s in {g}.slots() if s.tag])")
        if several:
            text = "Draw: " + " + ".join(ln.capitalize() for ln in lines)
            text += " (branch from any station)" if switch else ""
        else:
            text = "Draw a section of your line"
            text += " (from any of its stations)" if switch else ""
        return text + (": " + "; ".join(notes) if notes else "")

    # ---------------------------------------------------------------- actions by clicking
    def wait_fresh_hints(self) -> None:
        """Wait until the page shows the kernel's current lines to draw (so its ``hints``,
        synced before ``turn``, are the kernel's)."""
        from playwright.sync_api import expect

        expect(self.root.locator(".nsb-todo")).to_have_text(self.todo_text())

    def reveal(self, via: BerlinView | None = None) -> None:
        """Click "Reveal next card" (in ``via``, another view of the same widget, if given)."""
        from playwright.sync_api import expect

        _round, turn, phase, n = self.state()
        assert phase == "reveal", f"cannot reveal in phase {phase}"
        (via or self).button("Reveal next card").click()  # waits until it is enabled
        self.wait_actions(n + 1)
        assert self.ev("{g}.turn") == turn + 1
        for v in {id(self): self, id(via): via}.values():
            if v is not None:
                expect(v.turn_item(turn + 1)).to_have_count(1)

    def draw(self, move: tuple[str, int, int], via: BerlinView | None = None) -> None:
        """Draw a legal section with two clicks: its origin end, then its target (the target
        in ``via`` when given: the views share the selection)."""
        from playwright.sync_api import expect

        _line, origin, target = move
        n = self.state()[3]
        moves = self.moves()
        assert tuple(move) in moves, f"{move} is not legal now: {moves}"
        # the front end sends the first listed line for a section both lines could draw
        expected_line = next(m[0] for m in moves if m[1:] == (origin, target))
        self.wait_fresh_hints()
        expect(self.root.locator(f'.nsb-hl-origin[data-station="{origin}"]')).to_have_count(1)
        drawn = self.section(origin, target).count()  # >0 only for a parallel track
        self.hit(origin).click()
        expect(self.root.locator(f'.nsb-hl-selected[data-station="{origin}"]')).to_have_count(1)
        expect(self.svg).to_have_attribute("data-selected", str(origin))
        finisher = via or self
        if via is not None:  # the other view shows the same selection
            expect(via.root.locator(f'.nsb-hl-selected[data-station="{origin}"]')
                   ).to_have_count(1)
        expect(finisher.root.locator(f'.nsb-hl-target[data-station="{target}"]')).to_have_count(1)
        finisher.hit(target).click()
        self.wait_actions(n + 1)
        assert tuple(self.ev(LAST_ACTION)) == (expected_line, origin, target)
        expect(self.section(origin, target)).to_have_count(drawn + 1)
        expect(self.section(origin, target).last).to_have_attribute("data-line", expected_line)

    def pass_turn(self, via: BerlinView | None = None) -> None:
        from playwright.sync_api import expect

        n = self.state()[3]
        self.wait_fresh_hints()
        button = (via or self).button("Pass")
        expect(button).to_be_enabled()
        button.click()
        self.wait_actions(n + 1)
        assert self.ev(LAST_ACTION) == "Pass"

    def next_turn(self, via: BerlinView | None = None) -> None:
        """Finish this turn (pass what is left to draw), then reveal the next card."""
        if self.state()[2] == "draw":
            self.pass_turn(via=via)
        self.reveal(via=via)

    def until_moves(self, max_turns: int = 12, via: BerlinView | None = None
                    ) -> list[tuple[str, int, int]]:
        """Pass and reveal by clicking until the card allows a section; its legal moves."""
        for _ in range(max_turns):
            phase = self.state()[2]
            if phase == "draw" and (moves := self.moves()):
                return moves
            if phase == "draw":
                self.pass_turn(via=via)
            elif phase == "reveal":
                self.reveal(via=via)
            else:
                break
        raise AssertionError(f"no card with a legal section in {max_turns} turns")

    def play_round(self, choose: Any = None, max_actions: int = 60) -> int:
        """Play the current round to its end by clicking: reveal, draw (``choose(moves)``
        picks the section, default the first legal one) or pass. Returns the round played."""
        start = self.state()[0]
        for _ in range(max_actions):
            rnd, _turn, phase, _n = self.state()
            if rnd != start or phase == "over":
                return start
            if phase == "reveal":
                self.reveal()
                continue
            moves = self.moves()
            if moves:
                self.draw(choose(moves) if choose else moves[0])
            else:
                self.pass_turn()
        raise AssertionError(f"round {start} did not end after {max_actions} actions")


# The widget's toolbar, as laid out: how many rows its shown items take, whether it was made
# compact (icons for words, cards.js fitToolbar), and each shown button's box in the toolbar's.
TOOLBAR_JS = """(bar) => {
  const items = [...bar.children].filter((c) => c.getClientRects().length);
  const box = bar.getBoundingClientRect();
  const rows = [];
  for (const c of items) {
    const r = c.getBoundingClientRect();
    if (!rows.length || r.top >= rows[rows.length - 1]) rows.push(r.bottom - 1);
  }
  return { rows: rows.length, compact: bar.dataset.compact || '', width: Math.round(box.width),
           buttons: items.filter((c) => c.tagName === 'BUTTON').map((b) => {
             const r = b.getBoundingClientRect();
             return { action: b.dataset.action, width: Math.round(r.width),
                      inside: r.left >= box.left - 1 && r.right <= box.right + 1 };
           }) };
}"""


def toolbar_names(toolbar: Any) -> list[str]:
    """The accessible name of every button of ``toolbar`` (a locator), as Chromium's
    accessibility tree gives it to a screen reader ("" for a button without one)."""
    import re

    names = []
    for line in toolbar.aria_snapshot().splitlines():
        # a name with ": " in it is quoted by YAML as a whole: - 'button "Keys off: ..."'
        found = re.match(r'\s*- \'?button(?: "((?:[^"\\]|\\.)*)")?', line)
        if found:
            names.append(found.group(1) or "")
    return names


def check_toolbar_fits(root: Any) -> dict[str, Any]:
    """The widget's toolbar (under ``root``, a locator) in one row, every shown button inside
    it and named for screen readers; returns the measures."""
    bar = root.locator(".nsb-toolbar")
    root.page.wait_for_timeout(300)  # the fit is measured in the next frame
    laid = bar.evaluate(TOOLBAR_JS)
    assert laid["rows"] == 1, laid
    assert all(b["inside"] for b in laid["buttons"]), laid
    names = toolbar_names(bar)
    assert len(names) == len(laid["buttons"]) and all(names), (names, laid)
    laid["names"] = names
    return laid
