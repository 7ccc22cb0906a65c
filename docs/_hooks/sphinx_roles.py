"""A griffe extension: the Sphinx roles of the docstrings (``:class:`Game```) as autorefs links.

The package's docstrings name other objects the Sphinx way. mkdocstrings renders Markdown, so
each role becomes an autorefs cross-reference to the full path, resolved from the docstring's
own scope (``:meth:`parse``` inside ``Card`` is ``Card.parse``). A name that exists in the
package links to its entry of the API reference (plain code when the reference leaves that
object out); a name that does not resolve stays a plain cross-reference to itself, which the
strict build reports: a docstring reference to nothing fails the build. Python's own
exceptions and types are written as code.
"""

from __future__ import annotations

import builtins
import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|meth|func|mod|attr|exc|data|obj):`(~?)([\w.]+)`")


def _resolve(obj: griffe.Object, name: str) -> str | None:
    """The full path of ``name`` as seen from ``obj``, or None."""
    scopes: list[Any] = [obj]
    while scopes[-1].parent is not None:
        scopes.append(scopes[-1].parent)
    head, _, rest = name.partition(".")
    for scope in scopes:
        try:
            path = scope.resolve(head)
        except Exception:  # griffe's NameResolutionError and alias errors
            continue
        full = f"{path}.{rest}" if rest else path
        try:
            target = obj.package[full.removeprefix(obj.package.path + ".")] \
                if full != obj.package.path else obj.package
        except Exception:
            target = None
        if target is not None:
            return str(target.path if not getattr(target, "is_alias", False)
                       else target.target_path)
    # Already a full path?
    root = obj.package
    if name == root.path or name.startswith(root.path + "."):
        try:
            target = root[name.removeprefix(root.path + ".")] if name != root.path else root
            return str(target.target_path if getattr(target, "is_alias", False)
                       else target.path)
        except Exception:
            return None
    return None


class SphinxRoles(griffe.Extension):
    """Rewrite ``:role:`name``` in every docstring of the package into autorefs links."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Walk the loaded package once."""
        self._walk(pkg, set())

    def _walk(self, obj: griffe.Object, seen: set[str]) -> None:
        if obj.path in seen:
            return
        seen.add(obj.path)
        if obj.docstring is not None:
            obj.docstring.value = self._rewrite(obj, obj.docstring.value)
        for member in obj.members.values():
            if not getattr(member, "is_alias", False):
                self._walk(member, seen)

    def _rewrite(self, obj: griffe.Object, text: str) -> str:
        def link(match: re.Match[str]) -> str:
            tilde, name = match.groups()
            shown = name.rsplit(".", 1)[-1] if tilde else name
            if hasattr(builtins, name):
                return f"`{shown}`"
            path = _resolve(obj, name)
            if path is None:  # not in the package: autorefs reports it, the build fails
                return f"[`{shown}`][{name}]"
            # In the package: a link where the reference renders it, plain code elsewhere.
            return f'<autoref identifier="{path}" optional><code>{shown}</code></autoref>'


        return ROLE.sub(link, text)
