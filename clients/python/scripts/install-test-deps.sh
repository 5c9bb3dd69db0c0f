#!/usr/bin/env bash
# Installs what the Python client's tests use and the machine may lack:
#   - pytest, hypothesis, jsonschema, python-lsp-jsonrpc, mypy (pip) — test-time only, never
#     runtime deps; mypy below 2, the last that checks against Python 3.9 (scripts/typecheck);
#   - Neovim and Emacs, whose stock JSON-RPC clients (vim.lsp.rpc, jsonrpc.el) drive a framed
#     session in test_editor_clients.py;
#   - Xvfb and xwd (x11-apps) for the GUI screenshot test (the XWD file is parsed in
#     Python), ImageMagick's `identify` to prove the fixture images decode.
# Idempotent: installs only what is missing. Without root, it installs the pip packages only and
# says which Debian packages are missing (the tests that need them skip, saying why). The tests
# never run this themselves; the project's test command (or a developer) runs it once.
set -euo pipefail

python="${PYTHON:-python3}"
missing_py=()
for module in pytest hypothesis jsonschema; do
  "$python" -c "import $module" 2>/dev/null || missing_py+=("$module")
done
"$python" -c "import pylsp_jsonrpc" 2>/dev/null || missing_py+=(python-lsp-jsonrpc)
"$python" -c "import mypy.version as v, sys; sys.exit(int(v.__version__.split('.')[0]) >= 2)" 2>/dev/null \
  || missing_py+=("mypy<2")
if ((${#missing_py[@]})); then
  "$python" -m pip install --quiet "${missing_py[@]}"
fi

missing_deb=()
command -v Xvfb >/dev/null || missing_deb+=(xvfb)
command -v xwd >/dev/null || missing_deb+=(x11-apps)
command -v identify >/dev/null || missing_deb+=(imagemagick)
"$python" -c "import tkinter" 2>/dev/null || missing_deb+=(python3-tk)
command -v nvim >/dev/null || missing_deb+=(neovim)
command -v emacs >/dev/null || missing_deb+=(emacs-nox)
if ((${#missing_deb[@]})); then
  if [ "$(id -u)" -ne 0 ]; then
    echo "install-test-deps: not root, so not installed: ${missing_deb[*]}; the tests that need them skip" >&2
    echo "install-test-deps: install them with: sudo apt-get install --no-install-recommends ${missing_deb[*]}" >&2
    exit 0
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing_deb[@]}" >/dev/null
fi
echo "install-test-deps: ok"
