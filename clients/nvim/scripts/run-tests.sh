#!/usr/bin/env bash
# Runs the Neovim plugin's tests in headless Neovim against a feedvm binary, and ends with
# one line `nvim: N passed, M failed`. Installs from the OS packages what is missing:
# Neovim (0.7 or newer) and, for the screenshot test, tmux, ImageMagick and the DejaVu fonts.
#
#   clients/nvim/scripts/run-tests.sh [FEEDVM_BIN]     # default: .build/release/feedvm
#
# Environment: FEEDVM_NVIM=path tests another Neovim (e.g. a newer one than the OS's);
# FEEDVM_NVIM_FILTER=text runs the tests whose name contains it;
# FEEDVM_NVIM_ARTIFACTS=dir is where screenshots go (default .build/artifacts/nvim).
set -euo pipefail
plugin=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$plugin/../.." && pwd)
binary=${1:-${FEEDVM_BIN:-$root/.build/release/feedvm}}

nvim=${FEEDVM_NVIM:-nvim}
missing=()
command -v "$nvim" >/dev/null || missing+=(neovim)
command -v tmux >/dev/null || missing+=(tmux)
{ command -v convert >/dev/null && command -v identify >/dev/null; } || missing+=(imagemagick)
command -v fc-match >/dev/null || missing+=(fontconfig)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || missing+=(fonts-dejavu-core)
if ((${#missing[@]})); then
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if sudo -n true 2>/dev/null; then
      sudo=(sudo -n)
    else
      echo "nvim tests: not root; install what they need with: sudo apt-get install --no-install-recommends ${missing[*]}" >&2
      echo "nvim: 0 passed, 1 failed"
      exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! "$nvim" --headless -u NONE -i NONE -c 'if !has("nvim-0.7") | cquit 1 | endif' -c 'qall!' 2>/dev/null; then
  echo "nvim tests: Neovim 0.7 or newer is needed, found: $("$nvim" --version | head -1)" >&2
  echo "nvim: 0 passed, 1 failed"
  exit 1
fi

# Neovim's own files (the LSP log among them) go to a scratch home, not the user's.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" \
       XDG_STATE_HOME="$scratch/state" XDG_CACHE_HOME="$scratch/cache"
export FEEDVM_BIN="$binary"

echo "nvim tests: $("$nvim" --version | head -1), FEEDVM_BIN=$binary"
set +e
timeout 900 "$nvim" --headless -u NONE -i NONE -c "luafile $plugin/tests/run.lua" </dev/null 2>&1 | tee "$scratch/report.txt"
status=${PIPESTATUS[0]}
set -e
if ! grep -qE '^nvim: [0-9]+ passed, [0-9]+ failed$' "$scratch/report.txt"; then
  echo "nvim tests: the runner ended without its report (exit $status)" >&2
  echo "nvim: 0 passed, 1 failed"
  echo "summary: 0 passed, 1 failed, 0 skipped"
  exit 1
fi
# The line scripts/test-all's summary reads (runner "summary").
sed -nE 's/^nvim: ([0-9]+) passed, ([0-9]+) failed$/summary: \1 passed, \2 failed, 0 skipped/p' "$scratch/report.txt" | tail -1
exit "$status"
