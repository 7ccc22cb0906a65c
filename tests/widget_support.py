"""A widget driven as the front end drives it, with what it sends recorded (for the tests)."""

from __future__ import annotations

from typing import Any

from nsb_widget import Game
from nsb_widget.widget.widget import BerlinWidget


class RecordedWidget:
    """A :class:`BerlinWidget` of ``game`` whose messages to the page are kept in ``sent``;
    :meth:`send` hands it a message as the page would."""

    def __init__(self, game: Game, **kw: Any) -> None:
        self.game = game
        self.w = BerlinWidget(game, **kw)
        self.sent: list[dict[str, Any]] = []
        self.w._send = lambda msg, buffers=None: self.sent.append(msg)

    def send(self, content: dict[str, Any]) -> None:
        """One intent from the page (what was sent before it is forgotten)."""
        self.sent.clear()
        self.w._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                            "buffers": []})
