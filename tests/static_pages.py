"""The front end in real Chromium without Jupyter, shared by the browser tests of the bundle:
``js/tests/harness.py`` (it serves the built bundle and a fixture from memory) on the path, the
check that Chromium and Playwright are here (a skip of the importing module, or a failure under
``E2E_REQUIRE=1``), and one browser per test module (the ``browser`` fixture)."""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "js" / "tests"))

import harness  # noqa: E402

if not Path(harness.CHROMIUM).exists() or importlib.util.find_spec("playwright") is None:
    if os.environ.get("E2E_REQUIRE") == "1":
        raise RuntimeError(f"E2E_REQUIRE=1 but {harness.CHROMIUM} or playwright is missing")
    pytest.skip(f"needs {harness.CHROMIUM} and playwright", allow_module_level=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = harness.launch(pw)
        yield b
        b.close()
