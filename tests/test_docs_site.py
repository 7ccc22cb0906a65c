"""The documentation site: its strict build, what the build refuses, and the doctests of the
docs pages and the package (the printable rules summaries: ``test_workshop_handouts.py``).

The full strict build (``mkdocs build --strict``, what ``./scripts/docs`` runs) is done once
here; smaller builds of throw-away projects show that a broken link, a missing page and a
docstring reference to nothing each fail a strict build with this project's settings.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import os
import pkgutil
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocstrings")
yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}

if str(EXAMPLES) not in sys.path:
    sys.path.insert(0, str(EXAMPLES))


def _mkdocs(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mkdocs", *args], cwd=cwd, env=ENV,
                          capture_output=True, text=True, timeout=300)


# ---------------------------------------------------------------------------- the real build
@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    start = time.perf_counter()
    result = _mkdocs("build", "--strict", "--site-dir", str(out))
    took = time.perf_counter() - start
    assert result.returncode == 0, result.stdout + result.stderr
    print(f"strict docs build: {took:.1f} s")
    return out


def test_the_site_builds_strictly_with_every_page(site: Path):
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text().replace("!!python", "#"))
    pages: list[str] = []

    def walk(items: list[object]) -> None:
        for item in items:
            assert isinstance(item, dict)
            for value in item.values():
                walk(value) if isinstance(value, list) else pages.append(value)

    walk(config["nav"])
    for page in pages:
        assert (site / page.replace(".md", ".html")).exists(), page
    # Every Markdown file of docs/ is a page of the navigation (frontend.md, widget-protocol.md
    # and simulations.md included).
    orphans = {p.name for p in DOCS.glob("*.md")} - set(pages)
    assert not orphans, f"add these pages to the nav of mkdocs.yml: {sorted(orphans)}"


def test_every_worked_example_is_drawn_by_the_engine(site: Path):
    import berlin_rulebook
    import london_guide

    for book, module in (("berlin", berlin_rulebook), ("london", london_guide)):
        for name in module.EXAMPLES:
            svg = (site / "img" / "engine" / f"{book}-{name}.svg").read_text()
            assert svg.startswith("<svg") and "</svg>" in svg
    html = (site / "rules-berlin.html").read_text()
    for name in berlin_rulebook.EXAMPLES:
        assert f'src="img/engine/berlin-{name}.svg"' in html, name
    assert "def example_m() -&gt; Game" in html or "example_m" in html
    # Example M's table is the engine's score sheet: 31, 28, 15, 18, 92, 30, 122.
    table = html[html.index('id="example-m-92-30-122"'):]
    for figure in ("<strong>92</strong>", "<strong>30</strong>", "<strong>122</strong>"):
        assert figure in table[:table.index("</table>")]


def test_the_api_reference_renders_the_docstrings_and_links_them(site: Path):
    html = (site / "api.html").read_text()
    for name in ("why_illegal", "score_sheet", "IllegalMoveError", "GameMap", "ScoreSheet",
                 "Ruleset", "render_game"):
        assert name in html, name
    assert "autorefs-internal" in html  # the Sphinx roles became links
    assert ":class:`" not in html and ":meth:`" not in html


def test_the_site_loads_nothing_from_the_network(site: Path):
    """No web fonts, no analytics, no script or stylesheet from elsewhere."""
    for page in site.rglob("*.html"):
        text = page.read_text()
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text, page
        assert "googletagmanager" not in text and "google-analytics" not in text, page
        for tag in re.findall(r"<(?:script|link)\b[^>]*>", text):
            assert not re.search(r"""(src|href)=["']?(https?:)?//""", tag) or \
                'rel="canonical"' in tag, (page.name, tag)


def test_the_site_searches_when_opened_as_a_file(site: Path):
    """Issue 18, item 17: ``./scripts/docs`` says to open site/index.html; its search must work
    from the file, with nothing fetched from the network (the Web Worker shim is local)."""
    sys.path.insert(0, str(ROOT / "js" / "tests"))
    try:
        harness = importlib.import_module("harness")
    finally:
        sys.path.remove(str(ROOT / "js" / "tests"))
    if not Path(harness.CHROMIUM).exists() or importlib.util.find_spec("playwright") is None:
        if os.environ.get("E2E_REQUIRE") == "1":
            raise RuntimeError(f"E2E_REQUIRE=1 but {harness.CHROMIUM} or playwright is missing")
        pytest.skip("needs Chromium and playwright")
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = harness.launch(pw)
        try:
            page = browser.new_page()
            failed: list[str] = []
            page.on("requestfailed", lambda request: failed.append(request.url))
            page.on("request", lambda request: failed.append(request.url)
                    if not request.url.startswith("file://") else None)
            page.goto((site / "index.html").as_uri())
            page.keyboard.press("s")  # Material's search shortcut
            page.keyboard.type("Thames")
            results = page.locator(".md-search-result__item")
            expect(results.first).to_be_visible(timeout=15_000)
            assert "Thames" in results.first.inner_text()
            assert failed == []
        finally:
            browser.close()


# ---------------------------------------------------------------------------- what it refuses
def _mini_project(tmp_path: Path, page: str, nav: list[object], extra: str = "") -> Path:
    """A throw-away project with this project's strictness and validation settings."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text().replace("!!python", "#"))
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(page)
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump({
        "site_name": "mini", "strict": config["strict"], "validation": config["validation"],
        "nav": nav, "use_directory_urls": False,
    }) + extra)
    return tmp_path


def test_a_broken_link_fails_the_strict_build(tmp_path: Path):
    project = _mini_project(tmp_path, "See [this](nowhere.md).\n", [{"Home": "index.md"}])
    result = _mkdocs("build", cwd=project)
    assert result.returncode != 0 and "nowhere.md" in result.stderr


def test_a_missing_page_fails_the_strict_build(tmp_path: Path):
    project = _mini_project(tmp_path, "Home\n", [{"Home": "index.md"}, {"Gone": "gone.md"}])
    result = _mkdocs("build", cwd=project)
    assert result.returncode != 0 and "gone.md" in result.stderr


def test_a_docstring_reference_to_nothing_fails_the_strict_build(tmp_path: Path):
    package = tmp_path / "src" / "toy"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        '"""A toy."""\n\n\nclass Card:\n    """A card; see :meth:`parse` and :class:`Deck`."""\n'
        '\n    def parse(self) -> None:\n        """Read one."""\n')
    extra = (
        "plugins:\n  - autorefs\n  - mkdocstrings:\n      handlers:\n        python:\n"
        "          paths: [src]\n          options:\n            extensions:\n"
        f"              - {DOCS / '_hooks' / 'sphinx_roles.py'}:SphinxRoles\n")
    project = _mini_project(tmp_path, "::: toy\n", [{"Home": "index.md"}], extra)
    result = _mkdocs("build", cwd=project)
    assert result.returncode != 0
    assert "Deck" in result.stderr and "toy.Card.parse" not in result.stderr
    # With the reference fixed, the same project builds.
    (package / "__init__.py").write_text(
        (package / "__init__.py").read_text().replace(" and :class:`Deck`", ""))
    result = _mkdocs("build", cwd=project)
    assert result.returncode == 0, result.stderr
    assert 'href="#toy.Card.parse"' in (project / "site" / "index.html").read_text()


def test_a_worked_example_that_no_longer_holds_stops_the_build(monkeypatch):
    hooks = _hooks_module()
    import berlin_rulebook
    from mkdocs.exceptions import PluginError

    def wrong() -> None:
        raise AssertionError("Example A draws E1-G3")

    monkeypatch.setitem(berlin_rulebook.EXAMPLES, "a", wrong)
    hooks._games.clear()
    with pytest.raises(PluginError, match="berlin example 'a' no longer holds"):
        hooks.example_game("berlin", "a")
    with pytest.raises(PluginError, match="no example 'z'"):
        hooks.example_game("berlin", "z")
    hooks._games.clear()


def _hooks_module():
    sys.path.insert(0, str(DOCS / "_hooks"))
    try:
        return importlib.import_module("engine_pictures")
    finally:
        sys.path.remove(str(DOCS / "_hooks"))


def _arithmetic(text: str) -> str:
    """The sums of a score-table cell, without its words: station labels (``F4``, ``D10``)
    and words go, empty brackets too; ``×`` becomes ``*``."""
    text = re.sub(r"\b[A-Z]\d{1,2}\b", " ", text)
    text = re.sub(r"[^0-9×+=()]", "", text)
    while "()" in text:
        text = text.replace("()", "")
    return text.replace("×", "*")


@pytest.mark.parametrize("book", ["berlin", "london", "custom"])
def test_every_sum_in_the_generated_score_tables_adds_up(book: str):
    """Issue 18, item 14: London's "3 districts × 5 stations = 25" left the Thames bonus out
    of the arithmetic. Every line term, subtotal and total of every example's table holds."""
    hooks = _hooks_module()
    checked = 0
    for name in hooks._module(book).EXAMPLES:
        table = hooks._score_table(hooks.example_game(book, name))
        for row in table.splitlines()[2:]:
            if not row.startswith("|"):
                continue
            _, label, what, points, _ = (cell.strip() for cell in row.split("|"))
            value = int(points.strip("*"))
            if "=" in what:
                for part in what.split(";"):
                    left, right = _arithmetic(part.split(":", 1)[-1]).split("=")
                    assert eval(left) == int(right), f"{book} {name}: {part!r}"
                    checked += 1
            if label.startswith("round"):
                sums = [int(p.split("=")[-1].strip()) for p in what.split(";") if "=" in p]
                assert sum(sums) == value, f"{book} {name}: {row}"
            elif label in ("lines", "**total**") and what:
                assert eval(_arithmetic(what)) == value, f"{book} {name}: {row}"
                checked += 1
        if book == "london":
            assert "Thames" in table and "S-Bahn" not in table
    assert checked >= 2


def _section(page: str, heading: str) -> str:
    text = (DOCS / page).read_text()
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start:end if end >= 0 else None]


def test_the_rules_pages_say_what_the_engine_does():
    """Issue 18, item 15: the circle power doubles the circled station only (not its
    district's stations), and Berlin's solo pencils lie in a random order (the rulebook's
    solo setup), which is what the engine deals."""
    from nsb_widget import Game

    hooks = _hooks_module()
    line = hooks.example_game("london", "round-26").score_sheet().rounds[0].lines[0]
    game = hooks.example_game("london", "round-26")
    in_central = [s for s in line.stations if game.map.station(s).district
                  == game.map.station("F4").district]
    assert line.doubled_stations == ("F4",) and line.best_count == len(in_central) + 1 == 4
    circle = _section("rules-london.md", "## The circle power")
    assert "counts twice" in circle and "count double" not in circle

    orders = {Game.new(seed=seed).setup.pencils for seed in range(12)}
    assert len(orders) > 3  # the seed lays the pencils out at random
    solo = _section("rules-berlin.md", "## Solo mode")
    assert "random order" in solo and "of your choice" not in solo


# ---------------------------------------------------------------------------- doctests
def _pycon_blocks(text: str) -> str:
    return "\n\n".join(m.group(1) for m in re.finditer(r"```pycon\n(.*?)```", text, re.S))


DOCTEST_PAGES = sorted(p.name for p in DOCS.glob("*.md") if "```pycon" in p.read_text())


def test_the_pages_with_examples_are_the_expected_ones():
    assert {"getting-started.md", "scripting.md"} <= set(DOCTEST_PAGES)


@pytest.mark.parametrize("name", DOCTEST_PAGES)
def test_doctests_of_the_docs_pages(name: str):
    """Every ``pycon`` block of a page runs, in order, as one doctest session."""
    text = _pycon_blocks((DOCS / name).read_text())
    test = doctest.DocTestParser().get_doctest(text, {}, name, str(DOCS / name), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 5 and result.failed == 0


def _package_modules() -> list[str]:
    import nsb_widget

    return sorted(m.name for m in pkgutil.walk_packages(nsb_widget.__path__, "nsb_widget.")
                  if not m.name.endswith("__main__"))  # which runs the command line


def test_doctests_of_the_package():
    """Every ``>>>`` example in the package's docstrings runs (the API reference shows them)."""
    attempted = 0
    failures = []
    for name in _package_modules():
        try:
            module = importlib.import_module(name)
        except ImportError as error:  # an optional extra that is not installed
            if error.name is None or error.name.startswith("nsb_widget"):
                raise
            continue
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
        attempted += result.attempted
        if result.failed:
            failures.append(name)
    assert not failures, f"doctests failed in {failures} (see the output above)"
    assert attempted >= 15  # Game, why_illegal, Move.parse, Card, get_map at least


def test_scripts_docs_exists_and_the_readme_names_it():
    script = ROOT / "scripts" / "docs"
    assert script.stat().st_mode & 0o111
    assert "mkdocs" in script.read_text() and "--strict" in script.read_text()
    assert "./scripts/docs" in (ROOT / "README.md").read_text()
