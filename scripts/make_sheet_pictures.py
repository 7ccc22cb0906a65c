"""Regenerate the sheet pictures in docs/img from the Python SVG renderer.

    .venv-test/bin/python scripts/make_sheet_pictures.py            # every map
    .venv-test/bin/python scripts/make_sheet_pictures.py london     # one map

For each map this writes ``docs/img/<map>-sheet.svg`` (the empty sheet, exactly as
:func:`nsb_widget.rendering.render_map` draws it) and ``docs/img/<map>-sheet.png``, a 760x760
screenshot of that SVG taken by headless Chromium (``CHROMIUM`` overrides the browser; Debian's
package installs ``/usr/bin/chromium``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nsb_widget.maps import get_map  # noqa: E402
from nsb_widget.rendering import render_map  # noqa: E402

IMG = ROOT / "docs" / "img"
SIZE = 760
TITLES = {"london": "Next Station: London, the printed sheet"}
"""The SVG's accessible name, where it differs from the renderer's default."""


def chromium() -> str:
    """The headless browser that turns an SVG into a PNG."""
    found = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which(
        "chromium-browser") or shutil.which("google-chrome")
    if not found:
        sys.exit("needs Chromium for the PNG (Debian: apt-get install chromium), "
                 "or set CHROMIUM=/path/to/chrome")
    return found


def screenshot(svg: str, png: Path) -> None:
    """Write a SIZE x SIZE PNG of an SVG document (scaled to fit) with headless Chromium."""
    page = (f'<!doctype html><html><head><meta charset="utf-8"><style>html,body{{margin:0;'
            f'background:#fff}}svg{{display:block;width:{SIZE}px;height:{SIZE}px}}</style>'
            f"</head><body>{svg}</body></html>")
    with tempfile.TemporaryDirectory() as tmp:
        html = Path(tmp) / "sheet.html"
        html.write_text(page, "utf-8")
        shot = Path(tmp) / "sheet.png"
        cmd = [chromium(), "--headless", "--disable-gpu", "--hide-scrollbars",
               "--force-device-scale-factor=1", f"--window-size={SIZE},{SIZE}",
               f"--user-data-dir={tmp}/profile", f"--screenshot={shot}", html.as_uri()]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.insert(1, "--no-sandbox")
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)
        png.write_bytes(shot.read_bytes())


def main(argv: list[str] | None = None) -> int:
    """Regenerate the pictures of the maps named (default: Berlin and London)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", default=["berlin", "london"])
    parser.add_argument("--svg-only", action="store_true", help="do not write the PNGs")
    args = parser.parse_args(argv)
    for name in args.maps:
        svg = render_map(get_map(name), title=TITLES.get(name))
        target = IMG / f"{name}-sheet.svg"
        target.write_text(svg, "utf-8")
        print(f"wrote {target.relative_to(ROOT)}")
        if not args.svg_only:
            png = IMG / f"{name}-sheet.png"
            screenshot(svg, png)
            print(f"wrote {png.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
