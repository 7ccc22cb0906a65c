"""The rules of each city, one package per ruleset (``berlin``, ``london``).

Each package holds a :class:`~nsb_widget.rules.ruleset.Ruleset` subclass with its cards,
modules and scoring; a map file names the ruleset it is played with, and
:func:`~nsb_widget.rules.ruleset.get_ruleset` finds it by that name.
"""

from ..rules.ruleset import (
    BUILTIN_RULESETS,
    Ruleset,
    get_ruleset,
    known_rulesets,
    register_ruleset,
    ruleset_for,
)

__all__ = [
    "BUILTIN_RULESETS",
    "Ruleset",
    "get_ruleset",
    "known_rulesets",
    "register_ruleset",
    "ruleset_for",
]
