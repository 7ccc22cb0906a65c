"""The docs stay honest: every test the rule readings cite exists, the example notebook is
the one `nsb-widget play` writes, and the README's commands exist."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def test_every_test_cited_in_rules_md_exists():
    text = (ROOT / "docs" / "rules.md").read_text()
    cited: dict[str, set[str]] = {}
    current = ""
    # `file.py::name` names a test; a following `::name` is in the same file.
    for match in re.finditer(r"`(test_\w+\.py)?::(test_\w+)`", text):
        file, name = match.groups()
        current = file or current
        cited.setdefault(current, set()).add(name)
    assert sum(len(v) for v in cited.values()) >= 40
    for file, names in cited.items():
        missing = names - _test_names(ROOT / "tests" / file)
        assert not missing, f"docs/rules.md cites missing tests in {file}: {missing}"


def test_example_notebook_matches_the_play_command():
    from nsb_widget.notebooks import play_notebook

    committed = json.loads((ROOT / "examples" / "play_berlin.ipynb").read_text())
    assert committed == play_notebook()


def test_readme_commands_exist():
    text = (ROOT / "README.md").read_text()
    assert "./scripts/play" in text and "./scripts/test" in text
    for script in ("scripts/play", "scripts/test", ".ci/run"):
        path = ROOT / script
        assert path.exists() and path.stat().st_mode & 0o111, script
    assert "./scripts/test" in (ROOT / ".ci" / "run").read_text()
