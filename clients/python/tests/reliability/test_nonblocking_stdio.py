"""A non-blocking stdin or stdout: some GUI toolkits and node's pipe variants
hand the child pipes in O_NONBLOCK mode. An empty non-blocking stdin must be waited on, not read
as the end of input; a full non-blocking stdout must be waited on, not spun on.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from typing import Callable, List

from reliability_proc import cpu_seconds, pipe

PING = b'{"jsonrpc":"2.0","id":%d,"method":"ping"}\n'

def threads_in_poll(pid: int) -> int:
    """How many threads of ``pid`` sleep in ``poll`` (from ``/proc/PID/task/*/wchan``)."""
    count = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/wchan") as wchan:
                count += int("poll" in wchan.read())
        except OSError:
            pass
    return count


def wait_for(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Polls ``condition`` (a state of the kernel's, which nothing signals) until it holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.01)


def test_an_empty_non_blocking_stdin_is_waited_on_not_taken_for_the_end(feedvm_bin: str) -> None:
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    process = subprocess.Popen([feedvm_bin], stdin=read_end, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    os.close(read_end)
    try:
        # Nothing is written yet, so the first read finds the pipe empty (EAGAIN). The reader must
        # then wait: its thread joins the signal thread in `poll`. Read as the end of input, the
        # process would exit instead.
        wait_for(lambda: process.poll() is not None or threads_in_poll(process.pid) >= 2, 20,
                 "the reader waits on its empty stdin (or feedvm exits)")
        assert process.poll() is None, "feedvm took an empty non-blocking stdin for the end of input and exited"
        os.write(write_end, PING % 1)
        line = pipe(process.stdout).readline()
        assert json.loads(line) == {"jsonrpc": "2.0", "id": 1, "result": {}}
    finally:
        os.close(write_end)
    assert process.wait(10) == 0
    pipe(process.stdout).close()


def test_a_full_non_blocking_stdout_is_waited_on_not_spun_on(feedvm_bin: str) -> None:
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)  # the file description feedvm's stdout shares
    process = subprocess.Popen([feedvm_bin], stdin=subprocess.PIPE, stdout=write_end, stderr=subprocess.DEVNULL)
    os.close(write_end)
    count = 60_000  # about 2.3 MB of answers: far more than the pipe holds
    try:
        pipe(process.stdin).write(b"".join(PING % index for index in range(count)))
        pipe(process.stdin).flush()
        # Once the pipe is full every write meets EAGAIN: the writer must then wait in `poll`
        # (beside the signal thread; the reader sleeps in `read` on its blocking stdin).
        wait_for(lambda: threads_in_poll(process.pid) >= 2, 30, "the writer waits on its full stdout")
        # Waiting costs no CPU; retrying in a loop would cost a core.
        before = cpu_seconds(process.pid)
        time.sleep(1.0)  # a window over which CPU time is measured, not an ordering
        spent = cpu_seconds(process.pid) - before
        assert spent < 0.3, f"feedvm used {spent:.2f} s of CPU in 1 s while its stdout was full"
        received = bytearray()
        ids: List[int] = []
        os.set_blocking(read_end, True)
        while len(ids) < count:
            chunk = os.read(read_end, 1 << 20)
            assert chunk, f"stdout ended after {len(ids)} of {count} answers"
            received += chunk
            *lines, rest = bytes(received).split(b"\n")
            received = bytearray(rest)
            ids.extend(json.loads(line)["id"] for line in lines)
        assert ids == list(range(count)), "every answer arrives, once, in order"
    finally:
        pipe(process.stdin).close()
        assert process.wait(10) == 0
        os.close(read_end)
