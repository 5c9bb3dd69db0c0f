"""The tkinter demo under Xvfb draws real thumbnails (needs the real feedvm binary).

Prerequisites (scripts/install-test-deps.sh): Xvfb and xwd; tkinter.
"""

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from screenshot import Screenshot, VirtualDisplay

PACKAGE_ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    shutil.which("Xvfb") is None or shutil.which("xwd") is None,
    reason="Xvfb/xwd missing: run clients/python/scripts/install-test-deps.sh")


def hex_colour(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def read_ready_line(process, deadline):
    buffer = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.5)
        if ready:
            chunk = os.read(process.stdout.fileno(), 4096)
            if not chunk:
                break
            buffer += chunk
            for line in buffer.splitlines():
                if line.startswith(b"{"):
                    return json.loads(line)
        if process.poll() is not None:
            break
    return None


@pytest.mark.parametrize("mode", [[], ["--fixtures"]], ids=["stub", "fixtures"])
def test_the_demo_draws_the_first_page_of_thumbnails(feedvm_binary, mode, tmp_path):
    pytest.importorskip("tkinter")
    with VirtualDisplay() as display:
        env = dict(os.environ, DISPLAY=display.name,
                   PYTHONPATH=str(PACKAGE_ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        stderr_path = tmp_path / "demo.stderr"
        with open(stderr_path, "wb") as stderr:
            demo = subprocess.Popen(
                [sys.executable, "-m", "feedvm.demo", "--print-ready", "--binary", feedvm_binary, *mode],
                stdout=subprocess.PIPE, stderr=stderr, env=env)
        try:
            ready = read_ready_line(demo, time.monotonic() + 90)
            assert ready is not None, "demo never reported its first page: " + stderr_path.read_text()
            shot = Screenshot.grab(display.name)
            demo.send_signal(signal.SIGTERM)
            assert demo.wait(30) == 0, "demo did not shut down cleanly: " + stderr_path.read_text()
        finally:
            if demo.poll() is None:
                demo.kill()
                demo.wait()
    assert ready["thumbnails"] >= 4
    background = hex_colour(ready["background"])
    for x, y, width, height in ready["boxes"]:
        pixels = list(shot.region(x, y, width, height))
        painted = [p for p in pixels if max(abs(a - b) for a, b in zip(p, background)) > 24]
        assert len(painted) > 0.5 * len(pixels), f"thumbnail at {x},{y} looks blank"
        assert len(set(painted)) >= 3, f"thumbnail at {x},{y} is one flat colour"
