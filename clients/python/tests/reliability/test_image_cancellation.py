"""Cancelling image loads (issue 13, items 5 and 6).

- ``$/cancelRequest`` on a ``loadImage`` answers -32800 ``clientCancelled`` and stops the download
  when no one else waits for it: nothing (no ``imageDownloaded``) is sent for it, and the image is
  not cached (the next load fetches it again). Another caller of the same image still gets it,
  from the one download.
- A ``loadImage`` cut off by a reload or ``updateInput`` answers -32800 ``superseded``, by
  ``dispose`` ``disposed``; by ``cancelImage`` ``imageCancelled``; never with a notification.
"""

from __future__ import annotations

import time
from typing import Iterator

import pytest

from reliability_hostile_backend import CUSTOM_SOURCE, SLOW_IMAGE_SECONDS, HostileBackend
from reliability_session import FeedSession
from reliability_wire import FeedvmProcess

CANCELLED = -32800


@pytest.fixture
def backend() -> Iterator[HostileBackend]:
    with HostileBackend() as server:
        yield server


@pytest.fixture
def process(feed_methods, tmp_path) -> Iterator[FeedvmProcess]:
    with FeedvmProcess(feed_methods, ["--cache-dir", str(tmp_path / "cache")]) as started:
        yield started
        assert started.violations == []


def slow_session(process: FeedvmProcess, backend: HostileBackend) -> FeedSession:
    session = FeedSession(process, {"source": "custom", "baseURL": backend.base,
                                    "custom": dict(CUSTOM_SOURCE, url="{baseURL}slow-items")})
    assert session.reload().error is None
    return session


def image_gets(backend: HostileBackend, index: int) -> int:
    return sum(1 for request in backend.requests if request["path"] == f"/slow-image/{index}.png")


def wait_for_get(process: FeedvmProcess, backend: HostileBackend, index: int) -> None:
    process.wait_until(lambda: image_gets(backend, index) > 0, 10, f"the GET of slow image {index}")


def assert_cancelled(answer, reason: str) -> None:
    error = answer.get("error")
    assert error is not None and error["code"] == CANCELLED, answer
    assert error["data"]["reason"] == reason, answer


def test_cancel_request_on_load_image_stops_the_download_and_sends_nothing(process, backend):
    session = slow_session(process, backend)
    load = process.send_request("loadImage", {"session": session.id, "index": 1})
    wait_for_get(process, backend, 1)
    process.send_notification("$/cancelRequest", {"id": load})
    assert_cancelled(process.response(load), "clientCancelled")
    time.sleep(SLOW_IMAGE_SECONDS + 1.0)  # past the moment the download would have ended
    assert process.notifications("imageDownloaded", session=session.id) == []
    again = session.run("loadImage", index=1)
    assert again.error is None, again.response
    assert image_gets(backend, 1) == 2, "the cancelled download must not have been finished into the cache"
    assert len(again.params_of("imageDownloaded")) == 1


def test_cancelling_one_of_two_callers_leaves_the_other_its_image(process, backend):
    session = slow_session(process, backend)
    first = process.send_request("loadImage", {"session": session.id, "index": 2})
    second = process.send_request("loadImage", {"session": session.id, "index": 2})
    wait_for_get(process, backend, 2)
    process.send_notification("$/cancelRequest", {"id": first})
    assert_cancelled(process.response(first), "clientCancelled")
    answer = process.response(second, timeout=SLOW_IMAGE_SECONDS + 10)
    assert "result" in answer and answer["result"]["mimeType"] == "image/png", answer
    assert len(process.notifications("imageDownloaded", session=session.id)) == 1
    assert image_gets(backend, 2) == 1, "one download for both callers"


@pytest.mark.parametrize("command, reason", [
    ("reload", "superseded"), ("updateInput", "superseded"), ("dispose", "disposed"), ("cancelImage", "imageCancelled"),
])
def test_a_cut_off_load_image_answers_the_reason_and_sends_nothing(process, backend, command, reason):
    session = slow_session(process, backend)
    load = process.send_request("loadImage", {"session": session.id, "index": 0})
    wait_for_get(process, backend, 0)
    if command == "reload":
        process.send_request("requestCommand", {"session": session.id, "reload": True})
    elif command == "updateInput":
        process.send_request("updateInput", {"session": session.id, "input": {"pageSize": 3}})
    elif command == "dispose":
        process.send_request("dispose", {"session": session.id})
    else:
        process.send_request("cancelImage", {"session": session.id, "index": 0})
    assert_cancelled(process.response(load, timeout=SLOW_IMAGE_SECONDS + 10), reason)
    time.sleep(SLOW_IMAGE_SECONDS + 0.5)
    assert process.notifications("imageDownloaded", session=session.id) == []
