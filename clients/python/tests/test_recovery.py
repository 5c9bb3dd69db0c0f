"""Failure and recovery end to end: the real binary against the fixture backend's ``flaky``
dialect. Load states, automatic retries with backoff, ``Retry-After``, ``retry``, end
reasons and warnings, as protocol/README.md (1.2) describes them.
"""

import time
from typing import Any, Dict, List, cast

import pytest

import feedvm
from feedvm.fixtures import FixtureServer
from feedvm.fixtures.flaky import custom_source
from feedvm.input_types import Input


def open_flaky(client: feedvm.Client, fixtures: FixtureServer, scenario: str, **members: Any) -> str:
    value: Dict[str, Any] = {"source": "custom", "baseURL": fixtures.url, "custom": custom_source(scenario), **members}
    session = client.transform(cast(Input, value))["session"]
    client.bind_refresh_status(session)
    return session


def statuses(client: feedvm.Client, session: str) -> List[Dict[str, Any]]:
    """The refreshStatus params of ``session`` received so far."""
    return [dict(n.params) for n in client.notifications("refreshStatus", timeout=0) if n.params["session"] == session]


def test_a_load_more_succeeds_after_two_503s_with_three_requests_on_the_wire(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_flaky(real, fixtures, "unavailable")
    real.request_command(session, reload=True)
    list(real.notifications(timeout=0))
    result = real.request_command(session, reload=False)
    assert (result["count"], result["page"], result.get("attempts")) == (20, 2, 3)
    assert fixtures.stats()["pages"]["unavailable/2"] == 3
    appends = [status["append"] for status in statuses(real, session)]
    assert [(a["state"], a.get("attempt"), "retryInMs" in a) for a in appends] == [
        ("loading", 1, False), ("loading", 2, True), ("loading", 2, False), ("loading", 3, True), ("loading", 3, False),
        ("idle", None, False), ("idle", None, False)]
    assert appends[1]["lastError"]["status"] == 503 and 0 <= appends[1]["retryInMs"] <= 250
    assert 0 <= appends[3]["retryInMs"] <= 500
    items = list(real.notifications("sections", timeout=0))[-1].params["sections"][0]["items"]
    assert len({item["id"] for item in items}) == len(items) == 20


def test_a_429_waits_its_retry_after(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_flaky(real, fixtures, "ratelimited")
    real.request_command(session, reload=True)
    started = time.monotonic()
    result = real.request_command(session, reload=False)
    assert time.monotonic() - started >= 1.0
    assert (result["page"], result.get("attempts")) == (2, 2)
    waits = [s["append"] for s in statuses(real, session) if "retryInMs" in s["append"]]
    assert [(w["retryInMs"], w["lastError"]["status"]) for w in waits] == [(1000, 429)]


def test_a_connection_reset_mid_body_is_retried(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_flaky(real, fixtures, "reset")
    real.request_command(session, reload=True)
    result = real.request_command(session, reload=False)
    assert (result["count"], result.get("attempts")) == (20, 2)
    waits = [s["append"] for s in statuses(real, session) if "retryInMs" in s["append"]]
    assert waits[0]["lastError"]["reason"] == "connectionFailed"


def test_a_404_ends_in_a_non_retryable_append_error_and_retry_asks_for_page_3_again(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_flaky(real, fixtures, "missing")
    real.request_command(session, reload=True)
    real.request_command(session, reload=False)
    with pytest.raises(feedvm.LoadFailed) as failed:
        real.request_command(session, reload=False)
    assert failed.value.data["status"] == 404 and failed.value.message == "Not found."
    assert fixtures.stats()["pages"]["missing/3"] == 1, "a 404 is not retried"
    latest = real.bind_refresh_status(session)
    assert latest["append"] == {"state": "error", "code": -32002, "message": "Not found.", "status": 404,
                                "url": fixtures.url + "/flaky/missing/items?page=3&per_page=10",
                                "retryable": False, "attempts": 1}
    footer = [s["status"] for s in statuses(real, session)][-2:]
    assert footer == ["endFooterRefresh", "footerStatus"]
    with pytest.raises(feedvm.LoadFailed):
        real.retry(session)
    assert fixtures.stats()["pages"]["missing/3"] == 2, "retry asked for page 3 again"
    assert fixtures.stats()["pages"].get("missing/4") is None
    assert real.request_command(session, reload=True)["count"] == 10
    assert real.bind_refresh_status(session)["append"] == {"state": "idle"}, "a successful reload clears the append error"
    assert real.retry(session) == {"retried": False}


def test_a_reload_during_a_backoff_wait_cancels_it(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_flaky(real, fixtures, "ratelimited")
    real.request_command(session, reload=True)
    _, pending = real.send("requestCommand", {"session": session, "reload": False})
    waiting = next(n for n in real.notifications("refreshStatus", timeout=10)
                   if "retryInMs" in n.params.get("append", {}))
    assert waiting.params["append"]["retryInMs"] == 1000
    reloaded_at = time.monotonic()
    assert real.request_command(session, reload=True)["page"] == 1
    with pytest.raises(feedvm.RequestCancelled):
        pending.result(timeout=10)
    # The wait would have ended 1 s after the 429: by then no request for page 2 may follow.
    while time.monotonic() - reloaded_at < 1.5:
        real.ping()
        time.sleep(0.1)
    assert fixtures.stats()["pages"] == {"ratelimited/1": 2, "ratelimited/2": 1}


def test_a_page_slower_than_the_deadline_times_out_on_every_attempt(spawn_real: Any, fixtures: FixtureServer) -> None:
    client = spawn_real("--request-timeout-ms", "1000")
    session = open_flaky(client, fixtures, "slow", retry={"maxAttempts": 2, "baseDelayMs": 0, "maxDelayMs": 0})
    client.request_command(session, reload=True)
    with pytest.raises(feedvm.LoadFailed) as failed:
        client.request_command(session, reload=False)
    assert failed.value.data["reason"] == "timedOut"
    append = client.bind_refresh_status(session)["append"]
    assert (append["state"], append["reason"], append["retryable"], append["attempts"]) == ("error", "timedOut", True, 2)
    assert fixtures.stats()["pages"]["slow/2"] == 2


def test_retry_false_makes_one_attempt(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_flaky(real, fixtures, "unavailable", retry=False)
    real.request_command(session, reload=True)
    with pytest.raises(feedvm.LoadFailed):
        real.request_command(session, reload=False)
    append = real.bind_refresh_status(session)["append"]
    assert (append["status"], append["retryable"], append["attempts"]) == (503, True, 1)
    assert fixtures.stats()["pages"]["unavailable/2"] == 1


def test_a_misspelt_next_key_is_a_warning_and_the_end_says_why(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_flaky(real, fixtures, "misspelt")
    result = real.request_command(session, reload=True)
    warning = "nextURL 'next' is not in the page; the list ends after page 1"
    assert (result["hasMore"], result.get("endReason"), result.get("warnings")) == (False, "noNextURL", [warning])
    huds = [dict(n.params) for n in real.notifications("hud", timeout=0)]
    assert huds[-1] == {"session": session, "style": "info", "message": warning, "warning": True}
    assert real.bind_refresh_status(session)["append"] == {"state": "endOfList", "reason": "noNextURL"}
    deadline = time.monotonic() + 5
    while warning not in real.stderr_tail.text() and time.monotonic() < deadline:
        real.ping()
    assert "warning" in real.stderr_tail.text() and warning in real.stderr_tail.text()


def test_the_end_of_a_list_says_why_and_a_reload_stamps_last_updated(real: feedvm.Client, fixtures: FixtureServer) -> None:
    fixtures.configure(total=15)
    session = open_flaky(real, fixtures, "unavailable")
    before = int(time.time() * 1000)
    real.request_command(session, reload=True)
    header = [s for s in statuses(real, session) if s["status"] == "endHeaderRefresh"][-1]
    assert before - 1000 <= header["lastUpdated"] <= int(time.time() * 1000) + 1000
    fixtures.reset()
    fixtures.configure(total=15)
    result = real.request_command(session, reload=False)
    assert (result["hasMore"], result.get("endReason")) == (False, "totalReached")


def test_a_transient_image_failure_is_retried_and_never_remembered(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_flaky(real, fixtures, "unavailable")
    real.request_command(session, reload=True)
    fixtures.set_fault("images", status=503, times=2)
    image = real.load_image(session, 0)
    assert image["mimeType"] == "image/png"
    assert fixtures.count("images") == 3
    fixtures.set_fault("images", status=503)
    with pytest.raises(feedvm.ImageLoadFailed):
        real.load_image(session, 1)
    assert fixtures.count("images") == 6
    fixtures.clear_faults("images")
    assert real.load_image(session, 1)["mimeType"] in ("image/png", "image/gif")
