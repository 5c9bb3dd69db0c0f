#!/usr/bin/env bash
# Installs what the JavaScript client's and the web front end's tests use and the machine may
# lack, from Debian and PyPI only (CI reaches no npm registry):
#   - node (Debian's nodejs, >= 18) to run the client and `node --test`;
#   - tsc (Debian's node-typescript) for `tsc -p clients/js`;
#   - chromium and chromium-driver (chromedriver) for the browser test;
#   - selenium (pip, into $PYTHON's environment) to drive it, and axe-selenium-python (pip), which
#     ships axe-core for the accessibility check.
# Idempotent: installs only what is missing; without root it says what is missing and installs
# the pip packages only. Run by scripts/test-all (which leaves out what cannot run).
set -euo pipefail

python="${PYTHON:-python3}"
"$python" -c "import selenium, pytest, axe_selenium_python" 2>/dev/null \
  || "$python" -m pip install --quiet selenium pytest axe-selenium-python

missing_deb=()
command -v node >/dev/null || missing_deb+=(nodejs)
command -v tsc >/dev/null || missing_deb+=(node-typescript)
command -v chromium >/dev/null || missing_deb+=(chromium)
command -v chromedriver >/dev/null || missing_deb+=(chromium-driver)
if ((${#missing_deb[@]})); then
  if [ "$(id -u)" -ne 0 ]; then
    echo "install-test-deps (web): not root, so not installed: ${missing_deb[*]}" >&2
    echo "install-test-deps (web): install them with: sudo apt-get install --no-install-recommends ${missing_deb[*]}" >&2
    exit 0
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing_deb[@]}" >/dev/null
fi
echo "install-test-deps (web): ok"
