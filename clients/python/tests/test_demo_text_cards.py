"""The tkinter demo draws items without an image as text-only cards (needs the real binary).

Runs the demo on protocol/README.md's WordPress example (two posts in three have no featured
image) against the fixture backend, and saves the screenshot as ``demo-text-cards.png`` in
the test's temporary directory (``--basetemp`` to keep it).
"""

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("tkinter", reason="python3-tk is not installed (scripts/install-test-deps.sh installs it)")

from feedvm.demo.theme import TEXT_CARD_TINTS  # noqa: E402
from feedvm.fixtures import FixtureServer  # noqa: E402
from screenshot import VirtualDisplay  # noqa: E402
from test_custom_examples import EXAMPLES, localized  # noqa: E402
from test_demo_gui import hex_colour, run_demo_until_ready  # noqa: E402

TINTS = [hex_colour(tint) for tint in TEXT_CARD_TINTS]

pytestmark = pytest.mark.skipif(
    shutil.which("Xvfb") is None or shutil.which("xwd") is None,
    reason="Xvfb/xwd missing: run clients/python/scripts/install-test-deps.sh")


def test_items_without_an_image_are_drawn_as_text_cards(feedvm_binary: str, tmp_path: Path) -> None:
    pytest.importorskip("tkinter")
    with FixtureServer() as fixtures, VirtualDisplay() as display:
        feed_input = localized(EXAMPLES["Offset + total (WordPress REST API)"], fixtures)
        ready, shot = run_demo_until_ready(
            feedvm_binary, ["--input", json.dumps(feed_input)], display.name, tmp_path)
        shot.save_png(tmp_path / "demo-text-cards.png")
    assert ready["thumbnails"] >= 1 and len(ready["textCards"]) >= 2
    for x, y, width, height in ready["textCards"]:
        pixels = list(shot.region(x, y, width, height))
        tinted = [p for p in pixels if any(max(abs(a - b) for a, b in zip(p, tint)) <= 4 for tint in TINTS)]
        assert len(tinted) > 0.6 * len(pixels), f"text card at {x},{y} is not a tinted text card"
        bright = [p for p in pixels if min(p) > 200]
        assert len(bright) > 40, f"text card at {x},{y} has no title"
