"""feedvm on raw pipes, read only when the test says so: for tests that let its output pile up
and watch how it is written."""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any, Dict

from reliability_big_image import CUSTOM
from reliability_proc import pipe


class RawFeedvm:
    """A feedvm process whose stdout nobody reads but the test."""

    def __init__(self, binary: str, cache: str) -> None:
        self.process = subprocess.Popen([binary, "--cache-dir", cache], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
        self.pending = b""
        """Bytes read from stdout and not yet taken as a line."""

    def send(self, *messages: Dict[str, Any]) -> None:
        """Writes `messages` to stdin, one line each, in one write."""
        pipe(self.process.stdin).write(b"".join(json.dumps(m).encode() + b"\n" for m in messages))

    def read_line(self) -> bytes:
        """The next line of stdout, without its line end."""
        while b"\n" not in self.pending:
            chunk = os.read(pipe(self.process.stdout).fileno(), 1 << 20)
            if not chunk:
                raise AssertionError(f"stdout ended inside a line: {self.pending[:200]!r}")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line

    def answer(self, ident: int) -> Dict[str, Any]:
        """The answer to request `ident`; every message before it is read and dropped."""
        while True:
            message: Dict[str, Any] = json.loads(self.read_line())
            if message.get("id") == ident:
                return message

    def open_session(self, base: str) -> str:
        """A session of `reliability_big_image.CUSTOM` at `base`, its one item loaded."""
        self.send({"jsonrpc": "2.0", "id": 1, "method": "transform",
                   "params": {"input": {"source": "custom", "baseURL": base, "custom": CUSTOM}}})
        session: str = self.answer(1)["result"]["session"]
        self.send({"jsonrpc": "2.0", "id": 2, "method": "requestCommand", "params": {"session": session, "reload": True}})
        assert self.answer(2)["result"]["count"] == 1
        return session

    def load_inline(self, session: str, ids: range) -> None:
        """Asks for the session's first image inline once per id in `ids`, all in one write."""
        self.send(*({"jsonrpc": "2.0", "id": ident, "method": "loadImage",
                     "params": {"session": session, "index": 0, "inline": True}} for ident in ids))

    def close(self) -> None:
        """Kills the process if it still runs, and reaps it."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
