# Sourced by scripts/play and scripts/docs. install_if_needed VENV EXTRA MODULE...: create the
# virtual environment VENV if it is missing and `pip install -e ".[EXTRA]"` into it, but only
# when something that changes the install has changed since the last install (pyproject.toml,
# the venv's Python, the checkout's folder) or a MODULE cannot be imported. The package is
# installed in editable mode, so edits to its code need no new install. Needs $PYTHON.
install_if_needed() {
  local venv=$1 extra=$2
  shift 2
  [ -x "$venv/bin/python" ] || "$PYTHON" -m venv "$venv"
  local stamp="$venv/.nsb-installed-$extra" want
  want="$(cat pyproject.toml "$venv/pyvenv.cfg" | cksum) $PWD"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && "$venv/bin/python" -c '
import importlib.util, os, sys
here = os.path.realpath(sys.argv[1])
specs = [importlib.util.find_spec(name) for name in sys.argv[2:]]
mine = specs[0] is not None and os.path.realpath(specs[0].origin or "").startswith(here)
sys.exit(0 if mine and all(specs) else 1)' "$PWD" nsb_widget "$@" 2>/dev/null; then
    return 0
  fi
  echo "Installing nsb_widget[$extra] into $venv (first run, or pyproject.toml changed)..." >&2
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -e ".[$extra]"
  echo "$want" >"$stamp"
}
