"""The layers point one way: nothing imports a layer above it (imports inside functions and
under ``TYPE_CHECKING`` included), and the engine needs no Jupyter package."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "nsb_widget"

#: Bottom to top. A module may import its own layer and the layers below.
LAYERS: list[tuple[str, ...]] = [
    ("errors", "bitset", "jsonfile", "i18n"),
    ("maps",),
    ("scoring",),
    ("rules",),
    ("rulesets",),
    ("io", "rendering", "bots"),
    ("game", "simulate", "simulation", "plots"),
    ("room",),
    ("widget", "notebooks", "workshop", "cli", "__init__", "__main__"),
]
#: The only imports that go up, each for a stated reason.
ALLOWED_UPWARD = {
    # anywidget is optional: Game.widget() imports the widget on first use.
    ("game", "widget"),
    # The same for a classroom: Seat.widget() and Room.board() import the widget on first use.
    ("room", "widget"),
}


def _layer(part: str) -> int:
    for i, names in enumerate(LAYERS):
        if part in names:
            return i
    raise AssertionError(f"nsb_widget.{part} is in no layer: add it to LAYERS")


def _top(module: Path) -> str:
    rel = module.relative_to(PACKAGE).with_suffix("")
    return rel.parts[0]


def _imports(module: Path, source: str | None = None) -> set[str]:
    """The top-level nsb_widget subpackages ``module`` imports."""
    package = list(module.relative_to(PACKAGE).parts[:-1])
    text = module.read_text() if source is None else source
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                parts = [*base, *(node.module.split(".") if node.module else [])]
                found.add(parts[0] if parts else node.names[0].name)
            elif node.module and node.module.startswith("nsb_widget."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("nsb_widget."):
                    found.add(alias.name.split(".")[1])
    return found


def test_no_module_imports_a_layer_above_its_own():
    problems = []
    for module in sorted(PACKAGE.rglob("*.py")):
        top = _top(module)
        for imported in _imports(module):
            if imported == top or (top, imported) in ALLOWED_UPWARD:
                continue
            if _layer(imported) > _layer(top):
                problems.append(f"{module.relative_to(PACKAGE)} imports nsb_widget.{imported}")
    assert not problems, "\n".join(problems)


def test_the_check_sees_upward_imports_however_written():
    module = PACKAGE / "rules" / "game.py"
    for line in ("from ..widget import BerlinWidget", "import nsb_widget.io.savefile",
                 "from nsb_widget.rendering import svg"):
        source = f"def f():\n    {line}\n"
        (imported,) = _imports(module, source)
        assert _layer(imported) > _layer("rules"), line
    assert _imports(module, "from .deck import Deck\nfrom ..maps import GameMap\n") == {
        "rules", "maps"}


def test_rulesets_are_found_by_name_not_imported_by_the_driver():
    text = (PACKAGE / "rules" / "ruleset.py").read_text()
    assert '"nsb_widget.rulesets.berlin:BerlinRuleset"' in text
    for module in (PACKAGE / "rules").glob("*.py"):
        assert "rulesets" not in _imports(module), module.name
