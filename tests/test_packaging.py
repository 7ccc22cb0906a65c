"""What `pip install` gets: the wheel holds the built front end, the maps, the compiled message
catalogues, the type marker and the licence, needs no Node, and asks for the lean runtime set
(numpy, traitlets, anywidget) only."""

from __future__ import annotations

import email
import tarfile
import zipfile
from pathlib import Path

import pytest
from hatchling.builders.sdist import SdistBuilder  # the build backend, in the test extra
from hatchling.builders.wheel import WheelBuilder

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("de", "fr")
DOMAINS = ("nsb_widget", "widget", "workshop")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    path = next(iter(WheelBuilder(str(ROOT)).build(directory=str(out), versions=["standard"])))
    return zipfile.ZipFile(path)


def test_the_wheel_holds_what_the_package_reads_at_run_time(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    needed = {
        "nsb_widget/py.typed",  # PEP 561: type checkers read the package's own annotations
        "nsb_widget/widget/static/widget.js", "nsb_widget/widget/static/widget.css",
        "nsb_widget/widget/static/board.js", "nsb_widget/widget/static/board.css",
        "nsb_widget/maps/data/berlin.json", "nsb_widget/maps/data/london.json",
    } | {f"nsb_widget/i18n/locale/{lang}/LC_MESSAGES/{domain}.mo"
         for lang in LANGUAGES for domain in DOMAINS}
    assert needed <= names, sorted(needed - names)
    # The bundles are the committed ones (what `npm run check` compares with the source).
    for name in ("widget.js", "board.js"):
        shipped = wheel.read(f"nsb_widget/widget/static/{name}")
        assert shipped == (ROOT / "nsb_widget" / "widget" / "static" / name).read_bytes()


def test_the_wheel_carries_the_licence_and_nothing_of_the_checkout(wheel: zipfile.ZipFile
                                                                    ) -> None:
    names = wheel.namelist()
    licences = [n for n in names if ".dist-info/licenses/" in n]
    assert [Path(n).name for n in licences] == ["LICENSE"]
    assert b"MIT License" in wheel.read(licences[0])
    tops = {n.split("/")[0] for n in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"nsb_widget"}
    assert not [n for n in names if "node_modules" in n or "__pycache__" in n]


def test_the_runtime_dependencies_are_the_lean_set(wheel: zipfile.ZipFile) -> None:
    meta_name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    meta = email.message_from_bytes(wheel.read(meta_name))
    assert meta["License-Expression"] == "MIT"
    runtime = sorted(r.split(">")[0].split("=")[0].strip() for r in meta.get_all("Requires-Dist")
                     if "extra ==" not in r)
    assert runtime == ["anywidget", "numpy", "traitlets"]


def test_the_sdist_builds_the_same_package_without_node_modules(tmp_path: Path) -> None:
    path = next(iter(SdistBuilder(str(ROOT)).build(directory=str(tmp_path),
                                                   versions=["standard"])))
    with tarfile.open(path) as sdist:
        names = [n.split("/", 1)[1] for n in sdist.getnames() if "/" in n]
    assert {"LICENSE", "pyproject.toml", "nsb_widget/py.typed",
            "nsb_widget/widget/static/widget.js", "js/src/index.js"} <= set(names)
    assert not [n for n in names if "node_modules" in n or n.startswith(".venv")]
