"""scripts/demo.py prints every line exactly as exchanged with feedvm, byte for byte."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT


def built_feedvm() -> str:
    for candidate in (os.environ.get("FEEDVM_BIN"), ROOT / ".build/release/feedvm", ROOT / ".build/debug/feedvm"):
        if candidate and os.access(candidate, os.X_OK):
            return str(candidate)
    pytest.skip("feedvm is not built: run `swift build -c release`")
    raise AssertionError  # unreachable


def test_the_printed_lines_are_the_bytes_on_the_pipes(tmp_path):
    wiretap = tmp_path / "feedvm-wiretap"  # records both directions of the real conversation
    wiretap.write_text(f'#!/bin/sh\ntee "{tmp_path}/sent" | "{built_feedvm()}" "$@" | tee "{tmp_path}/received"\n')
    wiretap.chmod(0o755)
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "demo.py"), "--binary", str(wiretap)],
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    printed = done.stdout.splitlines()
    assert [line[3:] for line in printed if line.startswith(b">> ")] == (tmp_path / "sent").read_bytes().splitlines()
    assert [line[3:] for line in printed if line.startswith(b"<< ")] == (tmp_path / "received").read_bytes().splitlines()
    assert any(b'"method":"sections"' in line for line in printed)


def test_short_cuts_long_lines_and_says_so(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "demo.py"), "--binary", built_feedvm(), "--short"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    cut = [line for line in done.stdout.splitlines() if line.endswith("more characters]")]
    assert cut and all(len(line) < 220 for line in cut)
