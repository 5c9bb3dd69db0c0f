"""Client death: whatever happens to the client, feedvm exits promptly and cleanly.

stdin EOF and SIGTERM: exit 0 within 2 s, also with work in flight. A closed stdout
(EPIPE): feedvm exits instead of hanging. The parent SIGKILLed: feedvm, left with a dead pipe,
exits too, so no orphan stays behind. In every case stdout ends on a whole line.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any, Callable, Dict

import pytest

from reliability_corpus import encode
from reliability_proc import pipe, process_gone
from reliability_wire import DEFAULT_MAX_MESSAGE_BYTES, FeedvmProcess

EXIT_DEADLINE = 2.0
"""stdin EOF or SIGTERM -> exit 0 within 2 s."""

SLOW_STUB = {"source": "stub", "stubDelayMs": 30_000}
"""A stub session whose loads stay in flight far longer than any test."""


def start_slow_load(process: FeedvmProcess) -> str:
    """Creates a slow stub session and starts a reload that will still be running; returns its request id."""
    session = process.call("transform", {"input": SLOW_STUB})["session"]
    process.call("bindRefreshStatus", {"session": session})
    return process.send_request("requestCommand", {"session": session, "reload": True})


def assert_whole_lines(process: FeedvmProcess) -> None:
    assert process.partial_tail == b"", f"partial stdout line: {process.partial_tail[:200]!r}"
    assert process.violations == [], process.violations[:5]


def test_stdin_eof_exits_zero_within_two_seconds(spawn: Callable[..., FeedvmProcess]) -> None:
    process = spawn()
    assert process.call("ping") == {}
    process.close_stdin()
    assert process.wait_exit(EXIT_DEADLINE) == 0, process.describe()
    process.finish()
    assert_whole_lines(process)


def test_sigterm_exits_zero_within_two_seconds(spawn: Callable[..., FeedvmProcess]) -> None:
    process = spawn()
    assert process.call("ping") == {}
    process.process.send_signal(signal.SIGTERM)
    assert process.wait_exit(EXIT_DEADLINE) == 0, process.describe()
    process.finish()
    assert_whole_lines(process)


@pytest.mark.parametrize("ending", ["eof", "sigterm", "sighup"])
def test_exit_within_two_seconds_with_a_load_in_flight(feed_methods: str, ending: str) -> None:
    """SIGHUP (an editor closing its terminal) ends feedvm as SIGTERM does."""
    with FeedvmProcess(feed_methods) as process:
        pending = start_slow_load(process)
        process.wait_until(lambda: bool(process.notifications("refreshStatus")), 10, "beingHeaderRefresh")
        if ending == "eof":
            process.close_stdin()
        else:
            process.process.send_signal(signal.SIGTERM if ending == "sigterm" else signal.SIGHUP)
        assert process.wait_exit(EXIT_DEADLINE) == 0, process.describe()
        process.finish()
        assert_whole_lines(process)
        for answer in process.responses(pending):  # cancelled work may be answered, never as a success
            assert "error" in answer, answer
        if ending != "eof":
            assert [answer["error"]["data"] for answer in process.responses(pending)] == [{"reason": "shutdown"}]


def test_sigterm_during_heavy_output_never_leaves_a_partial_line(spawn: Callable[..., FeedvmProcess]) -> None:
    process = spawn()
    lines = [encode({"jsonrpc": "2.0", "id": n, "method": "fuzz/unknown", "params": {"pad": "x" * 200}})
             for n in range(20_000)]
    process.send_lines(lines, max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES)
    process.wait_until(lambda: process.line_count > 100, 30, "the first answers")
    process.process.send_signal(signal.SIGTERM)
    assert process.wait_exit(EXIT_DEADLINE) == 0, process.describe()
    process.finish()
    assert_whole_lines(process)
    assert process.ledger.problems(final=False) == []


def test_closed_stdout_makes_feedvm_exit_instead_of_hanging(feedvm_bin: str) -> None:
    with FeedvmProcess(feedvm_bin, defer_reading=True) as process:
        pipe(process.process.stdout).close()
        ping = encode({"jsonrpc": "2.0", "id": 1, "method": "ping"}) + b"\n"
        started = time.monotonic()
        try:
            for _ in range(100):
                process.write(ping, timeout=EXIT_DEADLINE)
                if not process.is_alive():
                    break
                time.sleep(0.01)
        except (BrokenPipeError, AssertionError):
            pass  # feedvm already gone (or no longer reading): both end the same way
        remaining = max(0.1, EXIT_DEADLINE - (time.monotonic() - started))
        assert process.wait_exit(remaining) is not None, f"feedvm still runs with its stdout closed; {process.describe()}"
        assert "Traceback" not in process.stderr_text()


MIDDLE_PROCESS = r"""
import json, subprocess, sys
busy = sys.argv[1] == "busy"
child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
line = sys.stdin.buffer.readline()
child.stdin.write(line)
child.stdin.flush()
answer = child.stdout.readline()
if busy:
    session = json.loads(answer)["result"]["session"]
    child.stdin.write(json.dumps({"jsonrpc": "2.0", "id": "slow", "method": "requestCommand",
                                  "params": {"session": session, "reload": True}}).encode() + b"\n")
    child.stdin.flush()
sys.stdout.buffer.write(answer)
print(child.pid, flush=True)
sys.stdin.buffer.read()
"""
"""A parent that spawns feedvm holding both of its pipes, relays one request (then, when busy,
starts a slow reload of the session it created), reports feedvm's pid and waits to be killed."""


def _kill_parent_and_expect_feedvm_gone(binary: str, request: Dict[str, Any], busy: bool) -> None:
    middle = subprocess.Popen([sys.executable, "-c", MIDDLE_PROCESS, "busy" if busy else "idle", binary],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    feedvm_pid = None
    try:
        pipe(middle.stdin).write(encode(request) + b"\n")
        pipe(middle.stdin).flush()
        answer = pipe(middle.stdout).readline()
        assert answer.endswith(b"\n") and b'"result"' in answer, answer
        feedvm_pid = int(pipe(middle.stdout).readline())
        assert not process_gone(feedvm_pid)
        middle.kill()
        middle.wait(10)
        deadline = time.monotonic() + EXIT_DEADLINE
        while not process_gone(feedvm_pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert process_gone(feedvm_pid), "feedvm outlived its SIGKILLed parent (an orphan)"
    finally:
        if middle.poll() is None:
            middle.kill()
            middle.wait(10)
        if feedvm_pid is not None and not process_gone(feedvm_pid):
            os.kill(feedvm_pid, signal.SIGKILL)


def test_parent_killed_leaves_no_orphan(feedvm_bin: str) -> None:
    _kill_parent_and_expect_feedvm_gone(feedvm_bin, {"jsonrpc": "2.0", "id": 1, "method": "ping"}, busy=False)


def test_parent_killed_during_a_load_leaves_no_orphan(feed_methods: str) -> None:
    _kill_parent_and_expect_feedvm_gone(
        feed_methods, {"jsonrpc": "2.0", "id": 1, "method": "transform", "params": {"input": SLOW_STUB}}, busy=True)
