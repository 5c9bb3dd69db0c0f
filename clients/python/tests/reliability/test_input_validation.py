"""Input validation: every number and every header is checked.

- Every numeric flag is checked against the range ``--help`` documents: out of range is exit 2
  with a message naming the flag and its range, never a trap at the first load.
- Every numeric input member is checked against its documented range (-32602 naming it).
- A header name that is not an HTTP token (CR/LF, space, colon) and a header value that is not a
  string or holds a control character are -32602 naming the field: nothing reaches the wire.
- Image sizes never go negative on the wire (schema: minimum 0), whatever a BMP header or a
  backend's item says.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any, Dict, List

import pytest

from reliability_hostile_backend import CUSTOM_SOURCE, HostileBackend
from reliability_session import FeedSession
from reliability_wire import FeedvmProcess

INVALID_PARAMS = -32602
USAGE = 2

FLAG_RANGES = {
    "--max-message-bytes": (1024, 1 << 30),
    "--stub-delay-ms": (0, 60_000),
    "--max-sessions": (1, 100_000),
}
"""The documented range of every numeric flag (feedvm --help, protocol/README.md s. 11)."""


def run_flags(binary: str, *args: str) -> "subprocess.CompletedProcess[bytes]":
    return subprocess.run([binary, *args], input=b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n',
                          capture_output=True, timeout=20)


@pytest.mark.parametrize("flag", sorted(FLAG_RANGES))
def test_numeric_flags_outside_their_range_are_refused_with_exit_2(feedvm_bin: str, feedvm_help: str, flag: str) -> None:
    low, high = FLAG_RANGES[flag]
    assert re.search(rf"{flag}.*{low:,}|{flag}.*{low}", feedvm_help.replace("\n", " ")), \
        f"--help should document {flag}'s range"
    for value in [str(low - 1), str(high + 1), "10000000000000", "99999999999999999999999", "-5", "1.5", "1e3", ""]:
        done = run_flags(feedvm_bin, flag, value)
        stderr = done.stderr.decode("utf-8", "replace")
        assert done.returncode == USAGE, f"{flag} {value!r}: exit {done.returncode}, stderr {stderr[:300]!r}"
        assert flag in stderr and str(low) in stderr and f"{high:,}".replace(",", "") in stderr.replace(",", ""), \
            f"{flag} {value!r}: the message should name the flag and its range: {stderr!r}"
        assert done.stdout == b"", f"{flag} {value!r}: nothing on stdout"


@pytest.mark.parametrize("flag", sorted(FLAG_RANGES))
def test_numeric_flags_at_their_bounds_are_accepted(feedvm_bin: str, flag: str) -> None:
    for value in FLAG_RANGES[flag]:
        done = run_flags(feedvm_bin, f"{flag}={value}")
        assert done.returncode == 0, (flag, value, done.stderr[-300:])
        assert b'"result":{}' in done.stdout, (flag, value, done.stdout[:200])


def test_the_largest_stub_delay_never_traps(feed_methods: str) -> None:
    with FeedvmProcess(feed_methods, ["--stub-delay-ms", "60000"]) as process:
        session = process.call("transform", {"input": {}})["session"]
        pending = process.send_request("requestCommand", {"session": session, "reload": True})
        assert process.call("ping") == {}
        process.send_notification("$/cancelRequest", {"id": pending})
        assert process.response(pending)["error"]["code"] == -32800
        assert process.finish() == 0


NUMERIC_INPUTS = {
    "pageSize": (1, 100),
    "total": (0, 1_000_000),
    "prefetchDistance": (0, 1_000),
    "stubDelayMs": (0, 60_000),
}


@pytest.mark.parametrize("member", sorted(NUMERIC_INPUTS))
def test_numeric_input_members_outside_their_range_are_invalid_params(feed_methods: str, member: str) -> None:
    low, high = NUMERIC_INPUTS[member]
    with FeedvmProcess(feed_methods) as process:
        for value in [low - 1, high + 1, 10_000_000_000_000, 1e300, -1e300, 2 ** 64, 1.5, "7", True]:
            answer = process.request("transform", {"input": {member: value}})
            error = answer.get("error")
            assert error is not None and error["code"] == INVALID_PARAMS, (member, value, answer)
            assert error["data"]["field"] == f"input.{member}", error
        for value in (low, high):
            assert "result" in process.request("transform", {"input": {member: value}}), (member, value)
        assert process.violations == []


@pytest.mark.parametrize("method", ["loadImage", "willDisplay", "cancelImage", "didEndDisplaying"])
def test_indices_must_be_integers_of_at_least_zero(feed_methods: str, method: str) -> None:
    with FeedvmProcess(feed_methods) as process:
        session = process.call("transform", {"input": {}})["session"]
        for value in [-1, 1.5, 1e300, 2 ** 64, -(2 ** 63), "0", None, True]:
            answer = process.request(method, {"session": session, "index": value})
            error = answer.get("error")
            assert error is not None and error["code"] == INVALID_PARAMS, (method, value, answer)
            assert error["data"]["field"] == "index", error
        assert process.call("ping") == {}


BAD_HEADER_NAMES = ["X-Evil\r\nInjected: 1", "X-Evil\nInjected", "Bad Name", "Colon:Name", "", "Caf\u00e9", "Tab\tName"]
BAD_HEADER_VALUES = [1, 1.5, True, None, ["a"], {"a": "b"}, "line\r\nInjected: 1", "nul\u0000byte"]


@pytest.mark.parametrize("where", ["headers", "custom.headers"])
def test_header_names_that_are_not_http_tokens_are_invalid_params(feed_methods: str, where: str) -> None:
    with FeedvmProcess(feed_methods) as process:
        for name in BAD_HEADER_NAMES:
            answer = process.request("transform", {"input": header_input(where, {name: "v"})})
            error = answer.get("error")
            assert error is not None and error["code"] == INVALID_PARAMS, (name, answer)
            assert error["data"]["field"].startswith(f"input.{where}"), error
            assert "\r" not in error["message"] and "\n" not in error["message"], error
        assert process.violations == []


@pytest.mark.parametrize("where", ["headers", "custom.headers"])
def test_header_values_that_are_not_plain_strings_are_invalid_params(feed_methods: str, where: str) -> None:
    with FeedvmProcess(feed_methods) as process:
        for value in BAD_HEADER_VALUES:
            answer = process.request("transform", {"input": header_input(where, {"X-Value": value})})
            error = answer.get("error")
            assert error is not None and error["code"] == INVALID_PARAMS, (value, answer)
            assert error["data"]["field"] == f"input.{where}.X-Value", error
        assert "result" in process.request("transform", {"input": header_input(where, {"X-Value": "ok \t value"})})


def test_header_injection_never_reaches_the_backend(feed_methods: str) -> None:
    with HostileBackend() as backend, FeedvmProcess(feed_methods) as process:
        answer = process.request("transform", {"input": {"source": "custom", "baseURL": backend.base,
                                                         "custom": CUSTOM_SOURCE, "headers": {"X-A\r\nX-Injected": "1"}}})
        assert answer.get("error", {}).get("code") == INVALID_PARAMS, answer
        # A value substituted into a header at request time (here the category) is checked too.
        custom = dict(CUSTOM_SOURCE, headers={"X-Category": "{category}"})
        session = FeedSession(process, {"source": "custom", "baseURL": backend.base, "custom": custom,
                                        "category": "a\r\nX-Injected: 1"})
        outcome = session.reload()
        assert outcome.error is not None and outcome.error["code"] == -32002, outcome.response
        assert "X-Category" in outcome.error["message"], outcome.error
        assert all("X-Injected" not in request["headers"] for request in backend.requests), backend.requests


def header_input(where: str, headers: Dict[str, object]) -> Dict[str, object]:
    if where == "headers":
        return {"headers": headers}
    return {"source": "custom", "baseURL": "http://127.0.0.1:9/", "custom": dict(CUSTOM_SOURCE, headers=headers)}


def test_negative_sizes_never_reach_the_wire(feed_methods: str, tmp_path: Path) -> None:
    with HostileBackend() as backend, FeedvmProcess(feed_methods, ["--cache-dir", str(tmp_path)]) as process:
        custom = dict(CUSTOM_SOURCE, url="{baseURL}odd-sizes",
                      fields={"id": "id", "title": "title", "imageURL": "image", "width": "w", "height": "h"})
        session = FeedSession(process, {"source": "custom", "baseURL": backend.base, "custom": custom})
        loaded = session.reload()
        assert loaded.error is None, loaded.response
        items: List[Dict[str, Any]] = loaded.params_of("sections")[-1]["sections"][0]["items"]
        assert [item["id"] for item in items] == ["negative", "huge", "bmp"]
        for item in items:
            for key in ("width", "height"):
                assert item.get(key, 0) >= 0, item
        for index in range(len(items)):
            outcome = session.run("loadImage", index=index)
            for image in [outcome.result] + [p["image"] for p in outcome.params_of("imageDownloaded")]:
                if image is not None:
                    assert image["width"] >= 0 and image["height"] >= 0, image
        assert process.violations == []
