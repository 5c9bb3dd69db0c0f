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
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Dict, Iterator, Set

import pytest

from feedvm.fixtures.images import png_bytes
from reliability_figures import set_figure
from reliability_proc import cpu_seconds, peak_resident_bytes, pipe

IMAGE = png_bytes(64, 48) + b"\0" * (10 * 1024 * 1024)
"""A PNG padded to 10 MiB (bytes after IEND are ignored by every image reader, feedvm's too)."""

CUSTOM = {"url": "{baseURL}items", "query": {"page": "{page}"}, "paging": "page", "items": "items",
          "fields": {"id": "id", "title": "title", "imageURL": "image"}}

RSS_BOUND = 256 * 1024 * 1024
"""Generous: the image once in memory and once in the cache's memory tier, plus the runtime."""


@pytest.fixture(scope="module")
def image_server() -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802
            if self.path.startswith("/items"):
                body = json.dumps({"items": [{"id": "big", "title": "big", "image": base + "big.png"}]}).encode()
                kind = "application/json"
            else:
                body, kind = IMAGE, "image/png"
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield base
    server.shutdown()



class RawSession:
    """feedvm on raw pipes, read only when the test says so."""

    def __init__(self, binary: str, cache: str) -> None:
        self.process = subprocess.Popen([binary, "--cache-dir", cache], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
        self.pending = b""

    def send(self, *messages: Dict[str, Any]) -> None:
        pipe(self.process.stdin).write(b"".join(json.dumps(m).encode() + b"\n" for m in messages))

    def read_line(self) -> bytes:
        while b"\n" not in self.pending:
            chunk = os.read(pipe(self.process.stdout).fileno(), 1 << 20)
            if not chunk:
                raise AssertionError(f"stdout ended inside a line: {self.pending[:200]!r}")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line

    def answer(self, ident: int) -> Dict[str, Any]:
        while True:
            message: Dict[str, Any] = json.loads(self.read_line())
            if message.get("id") == ident:
                return message

    def open_session(self, base: str) -> str:
        self.send({"jsonrpc": "2.0", "id": 1, "method": "transform",
                   "params": {"input": {"source": "custom", "baseURL": base, "custom": CUSTOM}}})
        session: str = self.answer(1)["result"]["session"]
        self.send({"jsonrpc": "2.0", "id": 2, "method": "requestCommand", "params": {"session": session, "reload": True}})
        assert self.answer(2)["result"]["count"] == 1
        return session

    def load_inline(self, session: str, ids: range) -> None:
        self.send(*({"jsonrpc": "2.0", "id": ident, "method": "loadImage",
                     "params": {"session": session, "index": 0, "inline": True}} for ident in ids))

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


@pytest.fixture
def raw(feed_methods: str, tmp_path: Path) -> Iterator[RawSession]:
    session = RawSession(feed_methods, str(tmp_path / "cache"))
    yield session
    session.close()


def test_many_inline_answers_for_one_image_hold_it_once_and_arrive_whole(raw: RawSession, image_server: str, large: bool) -> None:
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
def test_an_exit_in_the_middle_of_an_eleven_megabyte_line_finishes_it(raw: RawSession, image_server: str, ending: str) -> None:
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
