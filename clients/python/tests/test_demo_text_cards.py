"""The tkinter demo draws items without an image as text-only cards (needs the real binary).

Runs the demo on protocol/README.md's WordPress example (two posts in three have no featured
image) against the fixture backend, and saves the screenshot as ``demo-text-cards.png`` in
the test's temporary directory (``--basetemp`` to keep it).
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from feedvm.demo.theme import TEXT_CARD_TINTS
from feedvm.fixtures import FixtureServer
from screenshot import Screenshot, VirtualDisplay
from test_custom_examples import EXAMPLES, localized
from test_demo_gui import hex_colour, read_ready_line

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
TINTS = [hex_colour(tint) for tint in TEXT_CARD_TINTS]

pytestmark = pytest.mark.skipif(
    shutil.which("Xvfb") is None or shutil.which("xwd") is None,
    reason="Xvfb/xwd missing: run clients/python/scripts/install-test-deps.sh")


def save_png(display: str, path: Path) -> None:
    """The screen as a PNG, for a person to look at (needs ImageMagick's ``convert``)."""
    xwd = path.with_suffix(".xwd")
    xwd.write_bytes(subprocess.run(["xwd", "-root", "-silent", "-display", display],
                                   check=True, capture_output=True, timeout=30).stdout)
    if shutil.which("convert"):
        subprocess.run(["convert", f"xwd:{xwd}", str(path)], check=True, timeout=60)


def test_items_without_an_image_are_drawn_as_text_cards(feedvm_binary, tmp_path):
    pytest.importorskip("tkinter")
    with FixtureServer() as fixtures, VirtualDisplay() as display:
        feed_input = localized(EXAMPLES["Offset + total (WordPress REST API)"], fixtures)
        env = dict(os.environ, DISPLAY=display.name,
                   PYTHONPATH=str(PACKAGE_ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        stderr_path = tmp_path / "demo.stderr"
        with open(stderr_path, "wb") as stderr:
            demo = subprocess.Popen(
                [sys.executable, "-m", "feedvm.demo", "--print-ready", "--binary", feedvm_binary,
                 "--input", json.dumps(feed_input)],
                stdout=subprocess.PIPE, stderr=stderr, env=env)
        try:
            ready = read_ready_line(demo, time.monotonic() + 90)
            assert ready is not None, "demo never reported its first page: " + stderr_path.read_text()
            time.sleep(0.3)  # let Tk paint what it reported
            shot = Screenshot.grab(display.name)
            save_png(display.name, tmp_path / "demo-text-cards.png")
            demo.send_signal(signal.SIGTERM)
            assert demo.wait(30) == 0, "demo did not shut down cleanly: " + stderr_path.read_text()
        finally:
            if demo.poll() is None:
                demo.kill()
                demo.wait()
    assert ready["thumbnails"] >= 1 and len(ready["textCards"]) >= 2
    assert "error" not in stderr_path.read_text().lower()
    for x, y, width, height in ready["textCards"]:
        pixels = list(shot.region(x, y, width, height))
        tinted = [p for p in pixels if any(max(abs(a - b) for a, b in zip(p, tint)) <= 4 for tint in TINTS)]
        assert len(tinted) > 0.6 * len(pixels), f"text card at {x},{y} is not a tinted text card"
        bright = [p for p in pixels if min(p) > 200]
        assert len(bright) > 40, f"text card at {x},{y} has no title"
