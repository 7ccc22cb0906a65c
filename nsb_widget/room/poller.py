"""A daemon thread that calls a function every so often until it is stopped (the seat looks for
the teacher's next card, the teacher's room for the participants' draws)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)


class Poller:
    """Call ``poll()`` every ``interval`` seconds in a daemon thread, from :meth:`start` until
    :meth:`stop`. An exception in ``poll`` is logged and the polling goes on (a damaged file
    must not stop a room)."""

    def __init__(self, poll: Callable[[], object], interval: float, name: str) -> None:
        self._poll = poll
        self.interval = interval
        """Seconds between two calls."""
        self._name = name
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        """True while the thread runs."""
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start polling (nothing happens when it already runs)."""
        if self.running:
            return
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(self._stop,), name=self._name,
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop polling (the call in progress, if any, finishes)."""
        self._stop.set()
        thread = self._thread
        self._thread = None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

    def _run(self, stop: threading.Event) -> None:
        while not stop.wait(self.interval):
            try:
                self._poll()
            except Exception:  # keep following: the next call may succeed
                log.exception("nsb_widget: %s failed", self._name)
