"""benchmarks/bench_room.py cleans up after itself: its temporary folders (the room and every
private data folder) are removed when it ends, and when it is interrupted with Ctrl-C. Run as
a real process, with its own temporary folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_room.py"

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the benchmark forks")


def _start(tmp: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "TMPDIR": str(tmp), "PYTHONPATH": str(REPO)}
    # Its own group, and Ctrl-C's default action, as in a terminal: a launcher that runs the
    # suite in the background (a shell's "&") passes SIGINT on ignored, and Python then leaves
    # it ignored, so the benchmark ran to its end (exit 0, not 130).
    return subprocess.Popen([sys.executable, str(SCRIPT), *args], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=_terminal_signals)


def _terminal_signals() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_the_room_benchmark_leaves_no_temporary_folder(tmp_path):
    """(Failed before the fix: two nsb-bench-room-* folders were left, one per run.)"""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    proc = _start(tmp, "--participants", "2", "--turns", "2", "--think", "0")
    out, err = proc.communicate(timeout=240)
    assert proc.returncode == 0, err
    assert "2 participant(s), 2 cards" in out
    assert list(tmp.iterdir()) == []


def test_the_room_benchmark_interrupted_with_ctrl_c_leaves_no_temporary_folder(tmp_path):
    """Ctrl-C while the participants play: they are stopped, then the folder is removed.
    (Failed before the fix: the folder stayed.)"""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    proc = _start(tmp, "--participants", "3", "--turns", "16", "--think", "0.5")
    deadline = time.monotonic() + 120
    while not list(tmp.glob("nsb-bench-room-*/homes/*")):  # the participants have joined
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C in a terminal: the whole group gets it
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "interrupted" in out
    for _ in range(100):  # no participant left (to write there afterwards)
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail("a participant's process outlived the benchmark")
    assert list(tmp.iterdir()) == []
