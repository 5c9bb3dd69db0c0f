"""Both clients against a server that breaks the protocol (tests/misbehaving_feedvm.py).

The rules (protocol/RELIABILITY.md, the clients' lines): a bad message is logged and skipped,
never fatal; a timeout is a deadline whatever the server does; the server exiting fails every
pending call with ``ServerExited``; a message over the bound is skipped with a clear error; the
stderr tail stays bounded.
"""

import asyncio
import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import Any, Iterator, List

import pytest

import feedvm
from feedvm.process import MAX_STDERR_LINE

MISBEHAVING = Path(__file__).resolve().parent / "misbehaving_feedvm.py"


def misbehaving(mode: str, *args: Any, **kwargs: Any) -> feedvm.Client:
    return feedvm.Client(binary=sys.executable, args=[str(MISBEHAVING), mode, *map(str, args)], **kwargs)


def async_misbehaving(mode: str, *args: Any, **kwargs: Any) -> feedvm.AsyncClient:
    return feedvm.AsyncClient(binary=sys.executable, args=[str(MISBEHAVING), mode, *map(str, args)], **kwargs)


@pytest.fixture
def orphans() -> Iterator[List[int]]:
    """Pids a test must kill when done (processes a misbehaving server left behind)."""
    pids: List[int] = []
    yield pids
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.mark.parametrize("mode, framing", [("deep", "newline"), ("deep", "content-length"),
                                           ("junk", "newline"), ("junk", "content-length"),
                                           ("bad-header", "content-length")])
def test_a_bad_message_is_logged_and_skipped_and_the_next_one_read(mode: str, framing: str) -> None:
    with misbehaving(mode, timeout=20, framing=framing) as client:
        assert client.call("ping") == {"pong": 1}
        assert client.call("ping") == {"pong": 2}, "the reader lives on after a bad message"
        assert "feedvm client:" in client.stderr_tail.text()


@pytest.mark.parametrize("mode", ["deep", "junk"])
def test_the_async_client_skips_a_bad_message_too(mode: str) -> None:
    async def run() -> None:
        async with async_misbehaving(mode, timeout=20) as client:
            assert await client.call("ping") == {"pong": 1}
            assert await client.call("ping") == {"pong": 2}
            assert "feedvm client:" in client.stderr_tail.text()

    asyncio.run(run())


def test_a_message_over_the_bound_is_skipped_with_a_clear_error() -> None:
    bound = 1 << 20
    with misbehaving("long-line", 3 * bound, timeout=20, max_message_bytes=bound) as client:
        assert client.call("ping") == {"pong": 1}
        assert re.search(r"message of \d+ bytes or more skipped: over the bound of 1048576 bytes",
                         client.stderr_tail.text()), client.stderr_tail.text()


def test_the_bound_follows_the_servers_image_cap() -> None:
    assert feedvm.message_bound([]) == 64 << 20
    assert feedvm.message_bound(["--max-image-bytes", str(100 << 20)]) > (100 << 20) * 4 // 3
    assert feedvm.message_bound(["--max-message-bytes", str(200 << 20)]) >= 200 << 20


def test_a_call_with_a_timeout_ends_on_time_while_the_server_floods_and_never_reads() -> None:
    with misbehaving("flood", close_timeout=0.5) as client:
        started = time.monotonic()
        with pytest.raises(feedvm.RpcTimeout):
            client.call("ping", timeout=3)
        assert time.monotonic() - started < 3 + 5, "the deadline held although no write could go through"
        with pytest.raises(feedvm.RpcTimeout):
            client.call("ping", timeout=0.5)


def test_the_async_client_keeps_its_deadline_against_a_flood() -> None:
    async def run() -> None:
        async with async_misbehaving("flood", close_timeout=0.5) as client:
            started = time.monotonic()
            with pytest.raises(feedvm.RpcTimeout):
                await client.call("ping", timeout=3)
            assert time.monotonic() - started < 3 + 5

    asyncio.run(run())


def test_a_killed_server_fails_a_call_without_timeout() -> None:
    with misbehaving("silent") as client:
        _, pending = client.send("ping")
        client.process.kill()
        with pytest.raises(feedvm.ServerExited):
            pending.result(20)


def test_a_server_that_exits_fails_pending_calls_even_while_a_child_holds_its_stdout(orphans: List[int]) -> None:
    with misbehaving("orphan", close_timeout=0.5) as client:
        with pytest.raises(feedvm.ServerExited) as raised:
            client.call("ping", timeout=30)
        assert raised.value.returncode == 7
        orphans.extend(int(pid) for pid in re.findall(r"orphan pid (\d+)", client.stderr_tail.text()))


def test_the_async_client_fails_pending_calls_when_the_server_exits(orphans: List[int]) -> None:
    async def run() -> None:
        async with async_misbehaving("orphan", close_timeout=0.5) as client:
            with pytest.raises(feedvm.ServerExited):
                await client.call("ping", timeout=30)
            orphans.extend(int(pid) for pid in re.findall(r"orphan pid (\d+)", client.stderr_tail.text()))

    asyncio.run(run())


def test_a_huge_stderr_line_is_kept_cut_to_the_line_bound() -> None:
    with misbehaving("long-stderr", 20 << 20, timeout=20) as client:
        assert client.call("ping") == {"pong": 1}
        lines = client.stderr_tail.text().splitlines()
        assert lines and max(len(line) for line in lines) <= MAX_STDERR_LINE + 100
        assert "bytes cut" in lines[0]


def test_the_async_client_cuts_a_huge_stderr_line_too() -> None:
    async def run() -> None:
        async with async_misbehaving("long-stderr", 20 << 20, timeout=20) as client:
            assert await client.call("ping") == {"pong": 1}
            lines = client.stderr_tail.text().splitlines()
            assert lines and max(len(line) for line in lines) <= MAX_STDERR_LINE + 100

    asyncio.run(run())
