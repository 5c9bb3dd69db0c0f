"""The tkinter demo under Xvfb: it draws real pictures, keeps paging after a refresh, clears
its HUD line, shows a truthful footer during a reload, and explains a missing display.

Prerequisites (scripts/install-test-deps.sh): Xvfb and xwd; tkinter. Screenshots are saved in
.build/screenshots/ (open them: the demo is judged by looking at it).
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

tk = pytest.importorskip("tkinter")

from feedvm import Client  # noqa: E402
from feedvm.demo.app import FOOTER_TEXTS, FeedWindow  # noqa: E402
from feedvm.demo.bridge import ClientBridge, Event  # noqa: E402
from feedvm.wire import Notification  # noqa: E402

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = PACKAGE_ROOT.parent.parent / ".build" / "screenshots"

needs_xvfb = pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xwd") is None,
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


def demo_environment(**extra):
    return dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), **extra)


@needs_xvfb
@pytest.mark.parametrize("mode", [[], ["--fixtures"]], ids=["stub", "fixtures"])
def test_the_demo_draws_the_first_page_of_pictures(feedvm_binary, mode, tmp_path):
    with VirtualDisplay() as display:
        stderr_path = tmp_path / "demo.stderr"
        with open(stderr_path, "wb") as stderr:
            demo = subprocess.Popen(
                [sys.executable, "-m", "feedvm.demo", "--print-ready", "--binary", feedvm_binary, *mode],
                stdout=subprocess.PIPE, stderr=stderr, env=demo_environment(DISPLAY=display.name))
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
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot.save_png(SCREENSHOTS / f"demo-{'-'.join(m.strip('-') for m in mode) or 'stub'}.png")
    assert ready["thumbnails"] >= 4
    background = hex_colour(ready["background"])
    for x, y, width, height in ready["boxes"]:
        pixels = list(shot.region(x, y, width, height))
        painted = [p for p in pixels if max(abs(a - b) for a, b in zip(p, background)) > 24]
        assert len(painted) > 0.5 * len(pixels), f"picture at {x},{y} looks blank"
        assert len(set(painted)) >= 3, f"picture at {x},{y} is one flat colour"


def test_without_a_display_the_demo_explains_in_one_line(tmp_path):
    environment = demo_environment()
    for name in ("DISPLAY", "WAYLAND_DISPLAY"):
        environment.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "feedvm.demo", "--binary", str(tmp_path / "unused")],
                          env=environment, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == "" and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr and "DISPLAY" in done.stderr and "Xvfb" in done.stderr


# -- the window in this process, on a virtual display ---------------------------------------------


@pytest.fixture(scope="module")
def display():
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb missing: run clients/python/scripts/install-test-deps.sh")
    with VirtualDisplay() as virtual:
        yield virtual.name


@pytest.fixture
def root(display):
    window_root = tk.Tk(screenName=display)
    yield window_root
    window_root.destroy()


class RecordingBridge:
    """Stands in for ClientBridge: records what the window submits, runs nothing."""

    client = None

    def __init__(self):
        self.submitted = []

    def submit(self, tag, call):
        self.submitted.append(tag)

    def drain(self):
        return []


def pump(root, seconds, until=lambda: False):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not until():
        root.update()
        time.sleep(0.01)
    return until()


def notify(window, method, **params):
    window.handle(Event("notification", method, Notification(method, {"session": "s1", **params})))


def started_window(root, **options):
    window = FeedWindow(root, RecordingBridge(), {"source": "stub"}, ["all"], **options)
    window.handle(Event("result", "transform", {"session": "s1"}))
    return window


def test_a_hud_message_clears_itself(root):
    window = started_window(root, hud_seconds=0.3)
    notify(window, "hud", style="success", message="Load successful")
    assert window.status.cget("text") == "Load successful"
    pump(root, 0.1)
    notify(window, "hud", style="error", message="The network is down")  # restarts the timer
    pump(root, 0.2)
    assert window.status.cget("text") == "The network is down"
    assert pump(root, 5, until=lambda: window.status.cget("text") == ""), "the HUD line never cleared"


def test_during_a_reload_the_footer_no_longer_says_no_more_data(root):
    window = started_window(root)
    notify(window, "refreshStatus", status="noMoreData")
    assert window.footer.cget("text").startswith(FOOTER_TEXTS["end"])
    notify(window, "refreshStatus", status="beingHeaderRefresh")
    assert FOOTER_TEXTS["end"] not in window.footer.cget("text")
    notify(window, "refreshStatus", status="endHeaderRefresh")
    notify(window, "refreshStatus", status="footerStatus", isHidden=False, isNoMoreData=False)
    assert window.footer.cget("text") == FOOTER_TEXTS["more"]


def test_an_item_without_an_image_gets_a_text_card_and_no_image_load(root, display):
    window = started_window(root)
    notify(window, "sections", revision=1, sections=[{"items": [
        {"id": "a", "title": "Words only, no picture at all", "author": "Ada"},
        {"id": "b", "title": "With a picture", "imageURL": "stub://images/all/1.png?w=96&h=64"}]}])
    pump(root, 0.2)
    window.handle(Event("result", "display:0", {"loadMore": False, "image": False}))
    window.handle(Event("result", "display:1", {"loadMore": False, "image": False}))
    assert window.bridge.submitted.count("image") == 1  # only the item with an imageURL
    texts = [window.canvas.itemcget(item, "text") for item in window.canvas.find_withtag("card:0")
             if window.canvas.type(item) == "text"]
    assert any(text.startswith("Words only") for text in texts)
    notify(window, "refreshStatus", status="beingHeaderRefresh")
    pump(root, 0.3)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    Screenshot.grab(display).save_png(SCREENSHOTS / "demo-text-card-refreshing.png")


def test_after_a_refresh_a_list_that_fits_the_window_still_pages(root, feedvm_binary, tmp_path):
    """Regression: the 12 reloaded items kept their "displayed" marks, so no willDisplay was
    sent and the next page never loaded (nothing to scroll)."""
    client = Client(binary=feedvm_binary, args=["--cache-dir", str(tmp_path / "cache")], timeout=30)
    bridge = ClientBridge(client)
    window = FeedWindow(root, bridge, {"source": "stub", "pageSize": 12, "total": 60}, ["all"])
    try:
        count = lambda: len(window.mirror.items)  # noqa: E731
        assert pump(root, 30, until=lambda: count() >= 24), f"the first pages never came ({count()} items)"
        pump(root, 1.0)
        settled = count()
        assert settled == 24, "the window shows three rows: two pages fill it"
        window.reload()
        assert pump(root, 30, until=lambda: count() == 12), "the reload never came"
        assert pump(root, 30, until=lambda: count() == 24), "stuck at 12 items after the refresh"
    finally:
        bridge.close()
        window.release_images()
