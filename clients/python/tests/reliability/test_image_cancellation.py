"""Cancelling image loads.

- ``$/cancelRequest`` on a ``loadImage`` answers -32800 ``clientCancelled`` and stops the download
  when no one else waits for it (feedvm hangs up on the backend, which holds the image until the
  test releases it): nothing (no ``imageDownloaded``) is sent for it, and the image is not
  cached (the next load fetches it again). Another caller of the same image still gets it,
  from the one download.
- A ``loadImage`` cut off by a reload or ``updateInput`` answers -32800 ``superseded``, by
  ``dispose`` ``disposed``; by ``cancelImage`` ``imageCancelled``; never with a notification.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

from reliability_hostile_backend import CUSTOM_SOURCE, HostileBackend
from reliability_session import FeedSession
from reliability_wire import FeedvmProcess

CANCELLED = -32800


@pytest.fixture
def backend() -> Iterator[HostileBackend]:
    with HostileBackend() as server:
        yield server


@pytest.fixture
def process(feed_methods: str, tmp_path: Path) -> Iterator[FeedvmProcess]:
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


def wait_for_hangup(process: FeedvmProcess, backend: HostileBackend, index: int) -> None:
    """The download stopped: feedvm closed the connection of the held image request."""
    path = f"/slow-image/{index}.png"
    process.wait_until(lambda: path in backend.hangups, 30, f"feedvm to hang up on {path}")


def assert_cancelled(answer: Dict[str, Any], reason: str) -> None:
    error = answer.get("error")
    assert error is not None and error["code"] == CANCELLED, answer
    assert error["data"]["reason"] == reason, answer


def downloaded_after_the_exit(process: FeedvmProcess, session: FeedSession) -> List[Dict[str, Any]]:
    """Every ``imageDownloaded`` of ``session``, once stdin EOF and the exit prove none is late."""
    assert process.finish() == 0, process.describe()
    return process.notifications("imageDownloaded", session=session.id)


def test_cancel_request_on_load_image_stops_the_download_and_sends_nothing(process: FeedvmProcess, backend: HostileBackend) -> None:
    session = slow_session(process, backend)
    load = process.send_request("loadImage", {"session": session.id, "index": 1})
    wait_for_get(process, backend, 1)
    process.send_notification("$/cancelRequest", {"id": load})
    assert_cancelled(process.response(load), "clientCancelled")
    wait_for_hangup(process, backend, 1)
    backend.release_slow_images()
    again = session.run("loadImage", index=1)
    assert again.error is None, again.response
    assert image_gets(backend, 1) == 2, "the cancelled download must not have been finished into the cache"
    assert len(again.params_of("imageDownloaded")) == 1
    assert len(downloaded_after_the_exit(process, session)) == 1, "nothing for the cancelled load, even late"


def test_cancelling_one_of_two_callers_leaves_the_other_its_image(process: FeedvmProcess, backend: HostileBackend) -> None:
    session = slow_session(process, backend)
    first = process.send_request("loadImage", {"session": session.id, "index": 2})
    second = process.send_request("loadImage", {"session": session.id, "index": 2})
    wait_for_get(process, backend, 2)
    process.send_notification("$/cancelRequest", {"id": first})
    assert_cancelled(process.response(first), "clientCancelled")
    backend.release_slow_images()  # only now can the one download end, for the second caller
    answer = process.response(second, timeout=30)
    assert "result" in answer and answer["result"]["mimeType"] == "image/png", answer
    assert backend.hangups == [] and image_gets(backend, 2) == 1, "one download for both callers"
    assert len(downloaded_after_the_exit(process, session)) == 1


@pytest.mark.parametrize("command, reason", [
    ("reload", "superseded"), ("updateInput", "superseded"), ("dispose", "disposed"), ("cancelImage", "imageCancelled"),
])
def test_a_cut_off_load_image_answers_the_reason_and_sends_nothing(process: FeedvmProcess, backend: HostileBackend, command: str, reason: str) -> None:
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
    assert_cancelled(process.response(load, timeout=30), reason)
    wait_for_hangup(process, backend, 0)
    assert downloaded_after_the_exit(process, session) == []
