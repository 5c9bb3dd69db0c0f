"""Hostile HTTP servers: every transfer is bounded in bytes, time and CPU, and every
request is answered exactly once, with -32002 (pages) or -32003 (images) and ``data.reason``.

Each test spawns feedvm against ``reliability_hostile_http.HostileHTTPServer`` on loopback and
asserts its bound with room for a loaded 2-core machine: peak RSS (``VmHWM``) far under what an
unbounded transfer reaches, answers within twice the deadline, CPU under 10% of wall time.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Dict, Iterator

import pytest

from reliability_figures import set_figure
from reliability_hostile_http import BOMB_BYTES, HostileHTTPServer, deflate_bomb
from reliability_proc import cpu_seconds, peak_resident_bytes
from reliability_session import FeedSession, Outcome
from reliability_wire import FeedvmProcess

LOAD_FAILED, IMAGE_FAILED, SCHEME_REFUSED = -32002, -32003, -32004
DEADLINE_MS = 2000
"""The request deadline the timing tests run with (``--request-timeout-ms``)."""
ANSWER_BOUND = 3 * DEADLINE_MS / 1000
"""Seconds within which a request cut by the deadline is answered: 3x, never flaky on a loaded machine."""
PEAK_RSS_BOUND = 200 << 20
"""Peak RSS allowed while a hostile transfer runs: the 20 MiB caps plus the runtime, with room;
an unbounded transfer of these servers reaches gigabytes."""


@pytest.fixture
def hostile() -> Iterator[HostileHTTPServer]:
    with HostileHTTPServer() as server:
        yield server


@pytest.fixture(scope="module")
def bombs() -> None:
    """Builds the bombs before a deadline runs (about 2 s, cached)."""
    deflate_bomb(BOMB_BYTES, "gzip")
    deflate_bomb(BOMB_BYTES, "zlib")


@pytest.fixture
def feedvm(feed_methods: str, tmp_path: Path) -> Iterator[FeedvmProcess]:
    args = ["--cache-dir", str(tmp_path / "cache"), "--request-timeout-ms", str(DEADLINE_MS)]
    with FeedvmProcess(feed_methods, args) as process:
        yield process
        assert_answered_once(process)


def assert_answered_once(process: FeedvmProcess) -> None:
    """Every request id of the run has exactly one response, and nothing broke the wire.

    After stdin EOF and the exit (not after a quiet moment): only then can no answer be late.
    """
    assert process.finish() == 0, process.describe()
    assert process.ledger.problems(final=True) == []
    assert process.violations == []


def peak_rss(process: FeedvmProcess) -> int:
    return peak_resident_bytes(process.process.pid)


def cpu_seconds_of(process: FeedvmProcess) -> float:
    return cpu_seconds(process.process.pid)


def assert_failed(outcome: Outcome, code: int, reason: str) -> Dict[str, Any]:
    error = outcome.error
    assert error is not None and error["code"] == code, outcome.response
    assert (error.get("data") or {}).get("reason") == reason, error
    return error


def assert_load_ended(outcome: Outcome) -> None:
    """The header spinner ended and one error HUD was shown (seed 000's order)."""
    statuses = outcome.statuses()
    assert "endHeaderRefresh" in statuses and statuses[-1] == "footerStatus", statuses
    assert [hud["style"] for hud in outcome.params_of("hud")] == ["error"]


@pytest.mark.parametrize("route", ["endless", "gzip-bomb"])
def test_an_api_body_without_end_or_a_bomb_fails_at_the_cap(bombs: None, feedvm: FeedvmProcess, hostile: HostileHTTPServer, route: str) -> None:
    session = FeedSession(feedvm, hostile.custom_source(route))
    started = time.monotonic()
    outcome = session.reload()
    elapsed = time.monotonic() - started
    error = assert_failed(outcome, LOAD_FAILED, "bodyTooLarge")
    assert "20971520 bytes" in error["message"], error
    assert_load_ended(outcome)
    assert elapsed < ANSWER_BOUND, f"answered after {elapsed:.1f} s"
    assert peak_rss(feedvm) < PEAK_RSS_BOUND, f"peak RSS {peak_rss(feedvm) >> 20} MiB"
    set_figure(f"transport: {route} API body, answered after / peak RSS",
               f"{elapsed:.2f} s / {peak_rss(feedvm) / (1 << 20):.0f} MiB")
    assert feedvm.call("ping") == {}


def test_an_image_bomb_fails_at_the_image_cap(bombs: None, feedvm: FeedvmProcess, hostile: HostileHTTPServer) -> None:
    hostile.set_page("bomb", [hostile.base + "deflate-bomb/1.png"])
    session = FeedSession(feedvm, hostile.custom_source("bomb"))
    assert session.reload().error is None
    outcome = session.run("loadImage", index=0)
    assert_failed(outcome, IMAGE_FAILED, "bodyTooLarge")
    downloaded = outcome.params_of("imageDownloaded")
    assert len(downloaded) == 1 and downloaded[0]["image"] is None, downloaded
    assert peak_rss(feedvm) < PEAK_RSS_BOUND, f"peak RSS {peak_rss(feedvm) >> 20} MiB"
    set_figure("transport: deflate-bomb image, peak RSS", f"{peak_rss(feedvm) / (1 << 20):.0f} MiB")


def test_a_trickled_body_ends_at_the_total_deadline(feedvm: FeedvmProcess, hostile: HostileHTTPServer) -> None:
    session = FeedSession(feedvm, hostile.custom_source("trickle"))
    started = time.monotonic()
    outcome = session.reload()
    elapsed = time.monotonic() - started
    assert_failed(outcome, LOAD_FAILED, "timedOut")
    assert_load_ended(outcome)
    assert DEADLINE_MS / 1000 * 0.9 < elapsed < ANSWER_BOUND, f"answered after {elapsed:.1f} s"
    set_figure(f"transport: trickled body, answered after (deadline {DEADLINE_MS / 1000:.0f} s)", f"{elapsed:.2f} s")


def test_a_token_refresh_that_stalls_ends_within_the_requests_deadline(feedvm: FeedvmProcess, hostile: HostileHTTPServer) -> None:
    session = FeedSession(feedvm, {"source": "envelope", "baseURL": hostile.base + "unauthorized", "retry": False,
                                   "auth": {"token": "stale", "refreshURL": hostile.base + "stall/token"}})
    started = time.monotonic()
    outcome = session.reload()
    elapsed = time.monotonic() - started
    assert_failed(outcome, LOAD_FAILED, "timedOut")
    assert_load_ended(outcome)
    assert elapsed < ANSWER_BOUND, f"answered after {elapsed:.1f} s"
    assert "/stall/token" in hostile.requests, "the refresh was tried"


def test_a_stall_after_the_headers_ends_at_the_deadline_and_costs_no_cpu(feedvm: FeedvmProcess, hostile: HostileHTTPServer) -> None:
    hostile.set_page("stalled-image", [hostile.base + "stall/1.png"])
    session = FeedSession(feedvm, hostile.custom_source("stalled-image"))
    assert session.reload().error is None
    before, started = cpu_seconds_of(feedvm), time.monotonic()
    outcome = session.run("loadImage", index=0)
    elapsed, cpu = time.monotonic() - started, cpu_seconds_of(feedvm) - before
    assert_failed(outcome, IMAGE_FAILED, "timedOut")
    assert elapsed < ANSWER_BOUND, f"answered after {elapsed:.1f} s"
    assert cpu < elapsed * 0.1, f"{cpu:.2f} s of CPU while a request was pending for {elapsed:.1f} s"
    set_figure("transport: stall after headers, answered after / CPU meanwhile", f"{elapsed:.2f} s / {cpu:.2f} s")


def test_stalled_image_downloads_never_starve_another_sessions_page(feed_methods: str, hostile: HostileHTTPServer, tmp_path: Path) -> None:
    deadline = 8.0
    args = ["--cache-dir", str(tmp_path / "cache"), "--request-timeout-ms", str(int(deadline * 1000))]
    with FeedvmProcess(feed_methods, args) as process:
        hostile.set_page("stalls", [f"{hostile.base}stall/{n}.png" for n in range(10)])
        hostile.set_page("fast", [f"{hostile.base}image/{n}.png" for n in range(3)])
        images = FeedSession(process, hostile.custom_source("stalls"))
        assert images.reload().error is None
        pending = [process.send_request("loadImage", {"session": images.id, "index": n}) for n in range(10)]
        process.wait_until(lambda: sum(path.startswith("/stall/") for path in hostile.requests) >= 6, 10,
                           "the stalled downloads to reach the server")
        page = FeedSession(process, hostile.custom_source("fast"))
        started = time.monotonic()
        outcome = page.reload()
        elapsed = time.monotonic() - started
        assert outcome.error is None and outcome.result["count"] == 3, outcome.response
        assert elapsed < deadline / 4, f"the page waited {elapsed:.1f} s behind the stalled downloads"
        set_figure("transport: page load beside 10 stalled image downloads of its host", f"{elapsed * 1000:.0f} ms")
        for ident in pending:
            answer = process.response(ident, timeout=deadline * 3)
            assert answer["error"]["code"] == IMAGE_FAILED and answer["error"]["data"]["reason"] == "timedOut", answer
        assert_answered_once(process)


@pytest.mark.parametrize("route", ["garbage", "not-http"])
def test_a_reply_that_is_not_http_is_a_load_failure(feedvm: FeedvmProcess, hostile: HostileHTTPServer, route: str) -> None:
    outcome = FeedSession(feedvm, hostile.custom_source(route)).reload()
    error = assert_failed(outcome, LOAD_FAILED, "malformedResponse")
    assert "not valid HTTP" in error["message"], error
    assert_load_ended(outcome)


def test_a_redirect_loop_ends_after_the_redirect_limit(feedvm: FeedvmProcess, hostile: HostileHTTPServer) -> None:
    outcome = FeedSession(feedvm, hostile.custom_source("loop")).reload()
    assert_failed(outcome, LOAD_FAILED, "tooManyRedirects")
    assert sum(path == "/loop" for path in hostile.requests) == 11, "the request and 10 redirects"


@pytest.mark.parametrize("route,scheme", [("to-file", "file"), ("to-ftp", "ftp"), ("to-stub", "stub")])
def test_redirects_to_other_schemes_are_refused(feedvm: FeedvmProcess, hostile: HostileHTTPServer, route: str, scheme: str) -> None:
    outcome = FeedSession(feedvm, hostile.custom_source(route)).reload()
    assert outcome.error is not None and outcome.error["code"] == SCHEME_REFUSED, outcome.response
    assert outcome.error["data"]["scheme"] == scheme, outcome.error
    hostile.set_page("images", [hostile.base + route + "/x.png"])
    images = FeedSession(feedvm, hostile.custom_source("images"))
    assert images.reload().error is None
    image = images.run("loadImage", index=0)
    assert image.error is not None and image.error["code"] == SCHEME_REFUSED, image.response
    assert image.error["data"]["scheme"] == scheme


def test_an_upper_case_scheme_is_http(feedvm: FeedvmProcess, hostile: HostileHTTPServer) -> None:
    hostile.set_page("upper", [hostile.base.replace("http://", "HTTP://") + "image/0.png"])
    session = FeedSession(feedvm, hostile.custom_source("upper", base=hostile.base.replace("http://", "HTTP://")))
    loaded = session.reload()
    assert loaded.error is None and loaded.result["count"] == 1, loaded.response
    image = session.run("loadImage", index=0)
    assert image.error is None and image.result["mimeType"] == "image/png", image.response


def test_stub_image_urls_are_only_fetched_for_the_stub_source(feedvm: FeedvmProcess, hostile: HostileHTTPServer) -> None:
    hostile.set_page("stubs", ["stub://images/0.png"])
    session = FeedSession(feedvm, hostile.custom_source("stubs"))
    assert session.reload().error is None
    outcome = session.run("loadImage", index=0)
    assert outcome.error is not None and outcome.error["code"] == SCHEME_REFUSED, outcome.response
    assert outcome.error["data"]["scheme"] == "stub"
