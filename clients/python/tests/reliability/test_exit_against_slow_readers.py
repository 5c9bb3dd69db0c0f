"""Exit against a slow reader, as protocol/README.md section 1 promises: on
EOF, SIGTERM or SIGHUP the server finishes the message it is writing, starts no other once its
2 s are up, and exits; it never cuts a message its client is still reading. With stdout never
read it still exits, in bounded time.

A loopback server serves one custom-source item whose image is 10 MiB; 33 inline `loadImage`
answers (13.4 MB of base64 each, 442 MB in all) are asked for at once, far past the 64 MiB
output bound, so the reader pauses on back-pressure and must still notice the end of its input.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Iterator, List, Tuple

import pytest

from reliability_big_image import big_image_server
from reliability_figures import set_figure
from reliability_proc import pipe
from reliability_raw_pipes import RawFeedvm

ANSWERS = 33
READER_RATE = 6 << 20
"""Bytes per second the slow reader takes."""

BUDGET = 2.0
"""protocol/README.md section 1: what the server has after the trigger before it starts no message."""

MESSAGE_SECONDS = 13.4e6 / READER_RATE
"""How long one inline answer takes the slow reader."""


@pytest.fixture(scope="module")
def image_server() -> Iterator[str]:
    with big_image_server() as base:
        yield base


class Backlogged(RawFeedvm):
    """feedvm with a session whose image is loaded, then `ANSWERS` inline answers asked for."""

    def __init__(self, binary: str, cache: str, base: str) -> None:
        super().__init__(binary, cache)
        session = self.open_session(base)
        self.send({"jsonrpc": "2.0", "id": 3, "method": "loadImage", "params": {"session": session, "index": 0, "inline": False}})
        assert "error" not in self.answer(3)
        self.load_inline(session, range(100, 100 + ANSWERS))

    def trigger(self, ending: str) -> float:
        """Ends the session the way `ending` says; the moment it did."""
        at = time.monotonic()
        if ending == "eof":
            pipe(self.process.stdin).close()
        else:
            self.process.send_signal(signal.SIGTERM if ending == "sigterm" else signal.SIGHUP)
        return at

    def read_slowly(self) -> Tuple[List[float], int]:
        """Reads stdout to its end at `READER_RATE`: when each line's first byte arrived, and how
        many bytes follow the last line end."""
        starts: List[float] = []
        current = time.monotonic() if self.pending else None
        tail = len(self.pending)
        while True:
            chunk = os.read(pipe(self.process.stdout).fileno(), 1 << 16)
            now = time.monotonic()
            if not chunk:
                return starts, tail
            if current is None:
                current = now
            position = chunk.find(b"\n")
            while position >= 0:
                starts.append(current if current is not None else now)
                current = now if position + 1 < len(chunk) else None
                position = chunk.find(b"\n", position + 1)
            last = chunk.rfind(b"\n")
            tail = tail + len(chunk) if last < 0 else len(chunk) - last - 1
            time.sleep(len(chunk) / READER_RATE)



@pytest.fixture
def backlogged(feed_methods: str, image_server: str, tmp_path: Path) -> Iterator[Backlogged]:
    session = Backlogged(feed_methods, str(tmp_path / "cache"), image_server)
    yield session
    session.close()


@pytest.mark.parametrize("ending", ["eof", "sigterm", "sighup"])
def test_a_slow_reader_gets_whole_messages_and_none_started_after_the_budget(backlogged: Backlogged, ending: str) -> None:
    # Let the answers pile up until the server pauses its reader on the output bound.
    first = backlogged.answer(100)
    assert len(json.dumps(first)) > 13_000_000
    triggered = backlogged.trigger(ending)
    starts, tail = backlogged.read_slowly()
    ended = time.monotonic()
    assert backlogged.process.wait(10) == 0
    assert tail == 0, f"stdout ends inside a message ({tail} bytes of it)"
    late = [round(start - triggered, 2) for start in starts if start - triggered > BUDGET + 0.5]
    assert late == [], f"{len(late)} messages started after the {BUDGET} s budget (seconds after {ending}): {late[:5]}"
    set_figure(f"slow reader, {ending}: seconds to the end of stdout", round(ended - triggered, 1))
    assert ended - triggered < BUDGET + MESSAGE_SECONDS + 3, "the exit waits for one message at most"


@pytest.mark.parametrize("ending", ["eof", "sigterm", "sighup"])
def test_a_client_that_never_reads_cannot_keep_the_server_alive(backlogged: Backlogged, ending: str) -> None:
    backlogged.answer(100)
    triggered = backlogged.trigger(ending)
    # Nobody reads stdout from now on: the writer is stuck in the middle of a message, the
    # reader paused on back-pressure. The server gives the client 2 s to read on, then exits.
    try:
        status = backlogged.process.wait(10)
    except subprocess.TimeoutExpired:
        pytest.fail(f"feedvm was still running 10 s after {ending} with its stdout never read")
    set_figure(f"reader that never reads, {ending}: seconds to exit", round(time.monotonic() - triggered, 1))
    assert status == 0
