"""A real Jupyter server, a real kernel and Debian's headless Chromium, for end-to-end tests.

The server runs isolated from ~/.jupyter (its own config, data, runtime and settings dirs) on
loopback with a random token; Chromium is driven by Playwright with a fresh profile and no
network beyond localhost. A ``KernelProbe`` attaches a jupyter_client to the notebook's kernel, so
tests can check the Python side of what the page did.

Needs: Debian's chromium (/usr/bin/chromium), pip install jupyterlab playwright.
Env: E2E_CHROMIUM (browser path), E2E_REQUIRE=1 (a missing prerequisite fails instead of
skipping), E2E_TIMEOUT_MS (default 60000), E2E_SCREENSHOTS (directory to keep screenshots in).
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

        sessions = server.api("/api/sessions")
        kid = next(s["kernel"]["id"] for s in sessions if s["path"].endswith(notebook))
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
        res = reply["content"]["user_expressions"]["r"]
        assert res["status"] == "ok", res
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


def screenshot(page: Any, tmp_path: Path, name: str) -> Path:
    """Save a screenshot (also into $E2E_SCREENSHOTS when set) and return its path."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path))
    keep = os.environ.get("E2E_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / path.name).write_bytes(path.read_bytes())
    return path
