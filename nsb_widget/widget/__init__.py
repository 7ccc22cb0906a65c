"""The Jupyter widget (anywidget). Importing :class:`BerlinWidget` needs anywidget installed;
the state builders in :mod:`nsb_widget.widget.state` do not."""

from __future__ import annotations

from typing import Any

__all__ = ["BerlinWidget", "NsbWidget"]


def __getattr__(name: str) -> Any:
    if name in ("BerlinWidget", "NsbWidget"):  # NsbWidget: the same class, for every city
        from .widget import BerlinWidget

        return BerlinWidget
    raise AttributeError(f"module 'nsb_widget.widget' has no attribute {name!r}")
