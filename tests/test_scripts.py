"""The one-command scripts: ``./scripts/play`` and ``./scripts/docs`` install only when something
that changes the install has changed (issue 18, items 13 and 17).

Each script runs in a copy of the project's layout whose virtual environment is a fake
``python`` that logs what it is asked to do, so the test sees every ``pip install`` without
installing anything or touching the network.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FAKE_PYTHON = """#!/usr/bin/env bash
# a venv's python that only logs: pip and the programs succeed, the import check answers
# what check_rc says (0: every module is there)
here="$(cd "$(dirname "$0")/../.." && pwd)"
case "$1 $2" in
  "-m pip") echo "pip ${*:3}" >>"$here/log" ;;
  "-c "*) exit "$(cat "$here/check_rc" 2>/dev/null || echo 0)" ;;
  *) echo "run $*" >>"$here/log" ;;
esac
"""


def _project(tmp_path: Path, venv: str) -> Path:
    project = tmp_path / "project"
    (project / "scripts").mkdir(parents=True)
    for name in ("play", "docs", "_install.sh"):
        shutil.copy2(ROOT / "scripts" / name, project / "scripts" / name)
    shutil.copy2(ROOT / "pyproject.toml", project / "pyproject.toml")
    python = project / venv / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)
    (project / venv / "pyvenv.cfg").write_text("version = 3.11\n")
    for tool in ("mkdocs",):
        (project / venv / "bin" / tool).write_text(
            '#!/usr/bin/env bash\necho "run mkdocs $*" >>"$(dirname "$0")/../../log"\n')
        (project / venv / "bin" / tool).chmod(0o755)
    return project


def _run(project: Path, script: str, *args: str) -> list[str]:
    log = project / "log"
    log.write_text("")
    result = subprocess.run([str(project / "scripts" / script), *args], cwd=project,
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHON": "false"})
    assert result.returncode == 0, result.stdout + result.stderr
    return log.read_text().splitlines()


@pytest.mark.parametrize(("script", "venv", "extra"),
                         [("play", ".venv", "play"), ("docs", ".venv-test", "docs")])
def test_a_script_installs_only_when_something_changed(tmp_path, script, venv, extra):
    project = _project(tmp_path, venv)
    first = _run(project, script)
    assert [line for line in first if line.startswith("pip")] == [
        f"pip install -q --disable-pip-version-check -e .[{extra}]"]
    assert any(line.startswith("run") for line in first)  # then JupyterLab or mkdocs runs
    second = _run(project, script)
    assert not [line for line in second if line.startswith("pip")], second
    assert any(line.startswith("run") for line in second)
    # a changed pyproject.toml (new dependencies) installs again, once
    with (project / "pyproject.toml").open("a") as f:
        f.write("\n# changed\n")
    assert sum(line.startswith("pip") for line in _run(project, script)) == 1
    assert not any(line.startswith("pip") for line in _run(project, script))
    # so does a module that cannot be imported any more (a broken or emptied venv)
    (project / "check_rc").write_text("1")
    assert sum(line.startswith("pip") for line in _run(project, script)) == 1


def test_a_failed_install_is_tried_again_next_time(tmp_path):
    project = _project(tmp_path, ".venv")
    python = project / ".venv" / "bin" / "python"
    python.write_text(python.read_text().replace('echo "pip ${*:3}" >>"$here/log" ;;',
                                                 'echo "pip ${*:3}" >>"$here/log"; exit 1 ;;'))
    result = subprocess.run([str(project / "scripts" / "play")], cwd=project, text=True,
                            capture_output=True, timeout=60)
    assert result.returncode != 0 and "Installing nsb_widget[play]" in result.stderr
    assert not (project / ".venv" / ".nsb-installed-play").exists()
