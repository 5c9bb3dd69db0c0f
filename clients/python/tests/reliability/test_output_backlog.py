"""Large answers to a slow reader: memory stays bounded, every message
arrives whole, and an exit in the middle of an 11 MB line does not cut it off.

A loopback server serves one custom-source item whose image is 10 MiB. Many inline
``loadImage`` requests for it (40 KB of input) are written at once while nobody reads stdout;
feedvm must hold that image once, not once per answer (13.4 MiB of base64 each), and stop
reading stdin rather than queue without bound. Then every answer is read and checked whole.
"""

from __future__ import annotations

import base64
import json
import os
import signal
import time
from pathlib import Path
from typing import Iterator, Set

import pytest

from reliability_big_image import IMAGE, big_image_server
from reliability_figures import set_figure
from reliability_proc import cpu_seconds, peak_resident_bytes, pipe
from reliability_raw_pipes import RawFeedvm

RSS_BOUND = 256 * 1024 * 1024
"""Generous: the image once in memory and once in the cache's memory tier, plus the runtime."""


@pytest.fixture(scope="module")
def image_server() -> Iterator[str]:
    with big_image_server() as base:
        yield base


@pytest.fixture
def raw(feed_methods: str, tmp_path: Path) -> Iterator[RawFeedvm]:
    session = RawFeedvm(feed_methods, str(tmp_path / "cache"))
    yield session
    session.close()


def test_many_inline_answers_for_one_image_hold_it_once_and_arrive_whole(raw: RawFeedvm, image_server: str, large: bool) -> None:
    count = 400 if large else 40
    session = raw.open_session(image_server)
    raw.load_inline(session, range(100, 100 + count))
    # Nobody reads while feedvm works (until its CPU time stops growing). Nothing it sends says
    # that all answers are queued (answers are not ordered), so this only decides how large a
    # backlog is tested, never whether the test passes; the peak is the kernel's, not a sample.
    deadline = time.monotonic() + 120
    busy = (cpu_seconds(raw.process.pid), time.monotonic())
    while time.monotonic() < deadline and time.monotonic() - busy[1] < 1.5:
        time.sleep(0.05)  # polling the kernel for CPU time
        used = cpu_seconds(raw.process.pid)
        if used > busy[0] + 0.02:
            busy = (used, time.monotonic())
    expected = base64.b64encode(IMAGE).decode()
    answered: Set[int] = set()
    while len(answered) < count:
        message = json.loads(raw.read_line())
        if "id" in message and "method" not in message:
            assert message["result"]["data"] == expected, "an inline image arrived cut or changed"
            answered.add(message["id"])
    assert answered == set(range(100, 100 + count))
    peak = peak_resident_bytes(raw.process.pid)
    set_figure("inline backlog RSS MiB (%d answers)" % count, peak // (1024 * 1024))
    assert peak < RSS_BOUND, f"peak RSS {peak / 2 ** 20:.0f} MiB for {count} queued inline answers of one 10 MiB image"


@pytest.mark.parametrize("ending", ["eof", "sigterm"])
def test_an_exit_in_the_middle_of_an_eleven_megabyte_line_finishes_it(raw: RawFeedvm, image_server: str, ending: str) -> None:
    """The line being written when the exit budget runs out is finished, whole."""
    session = raw.open_session(image_server)
    raw.load_inline(session, range(100, 104))
    first = raw.read_line()  # the first 13 MiB message: everything is queued now
    assert json.loads(first)
    raw.pending += os.read(pipe(raw.process.stdout).fileno(), 1 << 20)  # stop in the middle of the next
    if ending == "eof":
        pipe(raw.process.stdin).close()
    else:
        raw.process.send_signal(signal.SIGTERM)
    rest = bytearray(raw.pending)
    started = time.monotonic()
    while True:  # a slow reader, at most 8 MiB/s: the exit budget runs out in the middle of a line
        chunk = os.read(pipe(raw.process.stdout).fileno(), 1 << 16)
        if not chunk:
            break
        rest += chunk
        time.sleep(len(chunk) / (8 << 20))
    set_figure(f"exit mid-line ({ending}): seconds to finish the line", round(time.monotonic() - started, 1))
    assert raw.process.wait(10) == 0
    assert rest.endswith(b"\n"), f"stdout ends inside a line ({len(rest) % 1000} bytes of it shown: {bytes(rest[-80:])!r})"
    for line in bytes(rest).split(b"\n")[:-1]:
        json.loads(line)
    assert time.monotonic() - started < 40
