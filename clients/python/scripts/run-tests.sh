#!/usr/bin/env bash
# Runs the Python client's tests (installing test-only dependencies first).
# Uses the feedvm binary from FEEDVM_BIN or the repo's .build; real-binary tests skip without it.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
"$here/scripts/install-test-deps.sh"
exec "${PYTHON:-python3}" -m pytest -q "$here/tests" "$@"
