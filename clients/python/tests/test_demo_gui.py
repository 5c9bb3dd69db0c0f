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
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, cast

import pytest

from screenshot import Screenshot, VirtualDisplay

pytest.importorskip("tkinter")

import tkinter as tk  # noqa: E402

from feedvm import Client  # noqa: E402
from feedvm.demo.app import FOOTER_TEXTS, FeedWindow  # noqa: E402
from feedvm.demo.bridge import ClientBridge, Event  # noqa: E402
from feedvm.wire import Notification  # noqa: E402

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = PACKAGE_ROOT.parent.parent / ".build" / "screenshots"

needs_xvfb = pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xwd") is None,
                                reason="Xvfb/xwd missing: run clients/python/scripts/install-test-deps.sh")


def hex_colour(text: str) -> Tuple[int, ...]:
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def read_ready_line(process: "subprocess.Popen[bytes]", deadline: float) -> Optional[Dict[str, Any]]:
    stdout = process.stdout
    assert stdout is not None
    buffer = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([stdout], [], [], 0.5)
        if ready:
            chunk = os.read(stdout.fileno(), 4096)
            if not chunk:
                break
            buffer += chunk
            for line in buffer.splitlines():
                if line.startswith(b"{"):
                    ready_line: Dict[str, Any] = json.loads(line)
                    return ready_line
        if process.poll() is not None:
            break
    return None


def demo_environment(**extra: str) -> Dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), **extra)


def run_demo_until_ready(binary: str, arguments: List[str], display: str,
                         tmp_path: Path) -> Tuple[Dict[str, Any], Screenshot]:
    """Runs the demo on ``display`` until it reports its first page; its ready report and the
    screen at that moment. The demo must then shut down cleanly on SIGTERM."""
    stderr_path = tmp_path / "demo.stderr"
    with open(stderr_path, "wb") as stderr:
        demo = subprocess.Popen(
            [sys.executable, "-m", "feedvm.demo", "--print-ready", "--binary", binary, *arguments],
            stdout=subprocess.PIPE, stderr=stderr, env=demo_environment(DISPLAY=display))
    try:
        ready = read_ready_line(demo, time.monotonic() + 90)
        assert ready is not None, "demo never reported its first page: " + stderr_path.read_text()
        shot = Screenshot.grab(display)
        demo.send_signal(signal.SIGTERM)
        assert demo.wait(30) == 0, "demo did not shut down cleanly: " + stderr_path.read_text()
    finally:
        if demo.poll() is None:
            demo.kill()
            demo.wait()
    assert "error" not in stderr_path.read_text().lower(), stderr_path.read_text()
    return ready, shot


@needs_xvfb
@pytest.mark.parametrize("mode", [[], ["--fixtures"], ["--fixtures", "unsplash"]], ids=["stub", "fixtures", "jpeg-photos"])
def test_the_demo_draws_the_first_page_of_pictures(feedvm_binary: str, mode: List[str], tmp_path: Path) -> None:
    with VirtualDisplay() as display:
        ready, shot = run_demo_until_ready(feedvm_binary, mode, display.name, tmp_path)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot.save_png(SCREENSHOTS / f"demo-{'-'.join(m.strip('-') for m in mode) or 'stub'}.png")
    assert ready["thumbnails"] >= 4
    background = hex_colour(ready["background"])
    for x, y, width, height in ready["boxes"]:
        pixels = list(shot.region(x, y, width, height))
        painted = [p for p in pixels if max(abs(a - b) for a, b in zip(p, background)) > 24]
        assert len(painted) > 0.5 * len(pixels), f"picture at {x},{y} looks blank"
        assert len(set(painted)) >= 3, f"picture at {x},{y} is one flat colour"


def test_without_a_display_the_demo_explains_in_one_line(tmp_path: Path) -> None:
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
def display() -> Iterator[str]:
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb missing: run clients/python/scripts/install-test-deps.sh")
    with VirtualDisplay() as virtual:
        yield virtual.name


@pytest.fixture
def root(display: str) -> Iterator[tk.Tk]:
    window_root = tk.Tk(screenName=display)
    yield window_root
    window_root.destroy()


class RecordingBridge(ClientBridge):
    """Stands in for ClientBridge: records what the window submits, runs nothing (no client)."""

    def __init__(self) -> None:  # no client, no pool
        self.submitted: List[str] = []

    def submit(self, tag: str, call: Callable[[], Any]) -> None:
        self.submitted.append(tag)

    def drain(self, limit: int = 200) -> List[Event]:
        return []


def pump(root: tk.Tk, seconds: float, until: Callable[[], bool] = lambda: False) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not until():
        root.update()
        time.sleep(0.01)
    return until()


def notify(window: FeedWindow, method: str, **params: Any) -> None:
    window.handle(Event("notification", method, Notification(method, {"session": "s1", **params})))


def started_window(root: tk.Tk, **options: Any) -> FeedWindow:
    window = FeedWindow(root, RecordingBridge(), {"source": "stub"}, ["all"], **options)
    window.handle(Event("result", "transform", {"session": "s1"}))
    return window


def pending_timers(root: tk.Tk) -> List[str]:
    """The ids of the ``after`` callbacks Tk has not run yet."""
    return [str(timer) for timer in root.tk.splitlist(root.tk.call("after", "info"))]


def test_a_hud_message_clears_itself_and_a_new_one_restarts_the_timer(root: tk.Tk) -> None:
    window = started_window(root, hud_seconds=0.3)
    notify(window, "hud", style="success", message="Load successful")
    assert window.status.cget("text") == "Load successful"
    first = window._hud_timer
    notify(window, "hud", style="error", message="The network is down")
    assert window.status.cget("text") == "The network is down"
    # Restarted, not raced: the first message's timer is gone (it cannot clear the second).
    assert first is not None and first not in pending_timers(root) and window._hud_timer in pending_timers(root)
    assert pump(root, 30, until=lambda: window.status.cget("text") == ""), "the HUD line never cleared"


def test_during_a_reload_the_footer_no_longer_says_no_more_data(root: tk.Tk) -> None:
    window = started_window(root)
    notify(window, "refreshStatus", status="noMoreData")
    assert window.footer.cget("text").startswith(FOOTER_TEXTS["end"])
    notify(window, "refreshStatus", status="beingHeaderRefresh")
    assert FOOTER_TEXTS["end"] not in window.footer.cget("text")
    notify(window, "refreshStatus", status="endHeaderRefresh")
    notify(window, "refreshStatus", status="footerStatus", isHidden=False, isNoMoreData=False)
    assert window.footer.cget("text") == FOOTER_TEXTS["more"]


def test_an_item_without_an_image_gets_a_text_card_and_no_image_load(root: tk.Tk, display: str) -> None:
    window = started_window(root)
    notify(window, "sections", revision=1, sections=[{"items": [
        {"id": "a", "title": "Words only, no picture at all", "author": "Ada"},
        {"id": "b", "title": "With a picture", "imageURL": "stub://images/all/1.png?w=96&h=64"}]}])
    root.update()  # lays the cards out
    window.handle(Event("result", "display:0", {"loadMore": False, "image": False}))
    window.handle(Event("result", "display:1", {"loadMore": False, "image": False}))
    assert cast(RecordingBridge, window.bridge).submitted.count("image") == 1  # only the item with an imageURL
    canvas = window.canvas  # typeshed leaves itemcget untyped and types type() as int
    texts = [canvas.itemcget(item, "text") for item in canvas.find_withtag("card:0")  # type: ignore[no-untyped-call]
             if str(canvas.type(item)) == "text"]
    assert any(text.startswith("Words only") for text in texts)
    notify(window, "refreshStatus", status="beingHeaderRefresh")
    root.update()  # draws, then XSync: the screenshot shows what was drawn
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    Screenshot.grab(display).save_png(SCREENSHOTS / "demo-text-card-refreshing.png")


def test_a_saved_feed_shows_at_once_under_the_offline_banner_until_a_reload_confirms_it(root: tk.Tk, display: str) -> None:
    window = FeedWindow(root, RecordingBridge(), {"source": "stub"}, ["all"])
    saved = [{"id": "a", "title": "Saved A"}, {"id": "b", "title": "Saved B"}]
    stored_at = int(time.mktime((2026, 12, 3, 10, 32, 0, 0, 0, -1)) * 1000)
    window.handle(Event("result", "transform", {"session": "s1", "output": {
        "sections": [{"items": saved}], "refreshStatus": {"status": "footerStatus"}, "stale": True, "storedAt": stored_at}}))
    root.update()
    assert [item["id"] for item in window.mirror.items] == ["a", "b"], "the saved list at once"
    assert window.banner.cget("text") == "Offline — saved feed from 10:32" and window.banner.winfo_ismapped()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    Screenshot.grab(display).save_png(SCREENSHOTS / "demo-saved-feed.png")
    notify(window, "sections", revision=1, changes={"baseRevision": 0, "sections": [
        {"section": 0, "count": 1, "deleted": [1], "inserted": [], "moved": [], "updated": []}]})
    root.update()
    assert window.banner.cget("text") == "" and not window.banner.winfo_ismapped(), "a reload confirmed the list"


def test_after_a_refresh_a_list_that_fits_the_window_still_pages(root: tk.Tk, feedvm_binary: str, tmp_path: Path) -> None:
    """Regression: the 12 reloaded items kept their "displayed" marks, so no willDisplay was
    sent and the next page never loaded (nothing to scroll)."""
    client = Client(binary=feedvm_binary, args=["--cache-dir", str(tmp_path / "cache")], timeout=30)
    bridge = ClientBridge(client)
    window = FeedWindow(root, bridge, {"source": "stub", "pageSize": 12, "total": 60}, ["all"])
    try:
        def count() -> int:
            return len(window.mirror.items)

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


def test_a_failed_load_more_shows_why_with_a_retry_button_that_retries(root: tk.Tk, display: str) -> None:
    window = started_window(root)
    notify(window, "refreshStatus", status="beingFooterRefresh", refresh={"state": "idle"},
           append={"state": "loading", "attempt": 1})
    notify(window, "refreshStatus", status="footerStatus", isHidden=False, isNoMoreData=False, refresh={"state": "idle"},
           append={"state": "loading", "attempt": 2, "retryInMs": 180,
                   "lastError": {"code": -32002, "message": "HTTP 503", "status": 503}})
    notify(window, "refreshStatus", status="footerStatus", isHidden=False, isNoMoreData=False, refresh={"state": "idle"},
           append={"state": "loading", "attempt": 2})
    assert window.footer.cget("text") == "Loading more… (attempt 2)"
    assert not window.retry_button.winfo_manager()
    failed = {"state": "error", "code": -32002, "message": "Not found.", "status": 404, "retryable": False, "attempts": 1}
    notify(window, "refreshStatus", status="endFooterRefresh", refresh={"state": "idle"}, append=failed)
    notify(window, "refreshStatus", status="footerStatus", isHidden=False, isNoMoreData=False, refresh={"state": "idle"},
           append=failed, lastUpdated=1_700_000_000_000)
    assert window.footer.cget("text") == "Load failed: Not found. (not retryable)"
    assert window.retry_button.winfo_manager() == "pack"
    root.update()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    Screenshot.grab(display).save_png(SCREENSHOTS / "demo-load-failed-retry.png")
    window.retry_button.invoke()
    assert cast(RecordingBridge, window.bridge).submitted[-1] == "retry"
    notify(window, "refreshStatus", status="beingFooterRefresh", refresh={"state": "idle"},
           append={"state": "loading", "attempt": 1})
    assert not window.retry_button.winfo_manager(), "the next load of its type clears the error"


def test_the_footer_says_why_the_list_ended_and_a_failed_reload_offers_retry(root: tk.Tk, display: str) -> None:
    window = started_window(root)
    window.mirror.apply({"revision": 1, "sections": [{"items": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]}]})
    notify(window, "refreshStatus", status="footerStatus", isHidden=False, isNoMoreData=True,
           refresh={"state": "idle"}, append={"state": "endOfList", "reason": "noNextURL"}, lastUpdated=1_700_000_000_000)
    assert window.footer.cget("text") == "No more data · 2 items · the page gave no next URL"
    assert window.header.cget("text").startswith("Updated ")
    root.update()
    Screenshot.grab(display).save_png(SCREENSHOTS / "demo-end-reason.png")
    notify(window, "refreshStatus", status="footerStatus", isHidden=False, isNoMoreData=True,
           refresh={"state": "error", "code": -32002, "message": "HTTP 503", "status": 503, "retryable": True, "attempts": 3},
           append={"state": "endOfList", "reason": "someFutureReason"})
    assert window.footer.cget("text") == "Reload failed: HTTP 503 (3 attempts)"
    assert window.retry_button.winfo_manager() == "pack"
