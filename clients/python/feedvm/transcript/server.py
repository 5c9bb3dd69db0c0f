"""The feedvm process under test: finding the binary, probing it and talking to it."""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, List, Optional, Tuple

from ..wire import MessageSplitter, frame
from ..discovery import find_binary
from ..errors import BinaryNotFound
from .format import TranscriptError

__all__ = ["Server", "resolve_binary", "repo_root", "missing_feed_methods"]


def resolve_binary(binary: Optional[str]) -> str:
    """``binary``, else the one :func:`feedvm.find_binary` finds; a ``TranscriptError`` if none."""
    try:
        return find_binary(binary)
    except BinaryNotFound as error:
        raise TranscriptError(str(error)) from None


def repo_root() -> Path:
    """The repository holding this file (``clients/python/feedvm/transcript/server.py``)."""
    return Path(__file__).resolve().parents[4]


def missing_feed_methods(binary: Optional[str], timeout: float = 10.0) -> Optional[str]:
    """Why ``binary`` cannot replay transcripts (missing, not the service yet, no ``transform``),
    or ``None`` when it answers ``transform`` with something other than -32601."""
    if not binary:
        return "no feedvm binary: set FEEDVM_BIN or run `swift build` in the repository"
    probe = (b'{"jsonrpc":"2.0","id":1,"method":"transform","params":{"input":{}}}\n'
             b'{"jsonrpc":"2.0","id":2,"method":"ping"}\n')
    cache = tempfile.mkdtemp(prefix="feedvm-probe-")
    try:
        done = subprocess.run([binary, "--cache-dir", cache], input=probe, capture_output=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as error:
        return "%s did not answer a probe: %s" % (binary, error)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    answers = {}
    for raw in done.stdout.splitlines():
        try:
            message = json.loads(raw)
        except ValueError:
            continue
        if isinstance(message, dict) and "id" in message:
            answers[message["id"]] = message
    if 1 not in answers:
        return "%s is not the JSON-RPC service yet (exit status %s, no answer to transform)" % (binary, done.returncode)
    if (answers[1].get("error") or {}).get("code") == -32601:
        return "%s does not have the feed methods yet (transform is -32601)" % binary
    return None

class Server:
    """A spawned feedvm with a reader thread; stderr goes to a temporary file. Messages go both
    ways in ``framing`` (``"newline"`` or ``"content-length"``)."""

    def __init__(self, binary: str, args: List[str], framing: str = "newline") -> None:
        self.framing = framing
        self.cache_dir = tempfile.mkdtemp(prefix="feedvm-transcript-")
        self.stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [binary, "--cache-dir", self.cache_dir] + args,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr)
        self.messages: "queue.Queue[Any]" = queue.Queue()
        self.eof = False
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    _EOF = object()

    def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        splitter = MessageSplitter(self.framing)
        for chunk in iter(lambda: stdout.read1(1 << 16), b""):
            try:
                bodies = splitter.feed(chunk)
            except ValueError as error:
                self.messages.put(TranscriptError("stdout is not %s framed: %s" % (self.framing, error)))
                break
            for raw in bodies:
                try:
                    self.messages.put(json.loads(raw.decode("utf-8")))
                except ValueError:
                    self.messages.put(TranscriptError("stdout message is not UTF-8 JSON: %r" % raw[:200]))
        if splitter.pending:
            self.messages.put(TranscriptError("stdout ends inside a message: %r" % splitter.pending[:200]))
        self.messages.put(self._EOF)

    def send_message(self, body: bytes) -> None:
        """Writes one message (its JSON text), framed."""
        self.send(frame(body, self.framing))

    def send(self, data: bytes) -> None:
        """Writes bytes to the server's stdin."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except BrokenPipeError:
            raise TranscriptError("the server closed stdin (exited with %s)%s" % (
                self.process.poll(), self.stderr_tail())) from None

    def next(self, timeout: float) -> Any:
        """The next server message, ``None`` after ``timeout``; raises at EOF or on a bad line."""
        try:
            message = self.messages.get(timeout=timeout)
        except queue.Empty:
            return None
        if message is self._EOF:
            self.messages.put(self._EOF)
            self.eof = True
            raise TranscriptError("the server closed stdout (exit status %s)%s" % (
                self.process.poll(), self.stderr_tail()))
        if isinstance(message, TranscriptError):
            raise message
        return message

    def finish(self, timeout: float = 5.0) -> Tuple[Optional[int], List[Any]]:
        """Closes stdin; returns the exit status and every message written after that."""
        try:
            if self.process.stdin:
                self.process.stdin.close()
        except BrokenPipeError:
            pass
        trailing: List[Any] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                message = self.messages.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if message is self._EOF:
                break
            trailing.append(message)
        try:
            status: Optional[int] = self.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            status = None
        return status, trailing

    def stderr_tail(self, size: int = 2000) -> str:
        """The end of the server's stderr, for failure messages."""
        self.stderr.seek(0, os.SEEK_END)
        length = self.stderr.tell()
        self.stderr.seek(max(0, length - size))
        text = self.stderr.read().decode("utf-8", "replace").strip()
        return ("\n--- stderr tail ---\n" + text) if text else ""

    def close(self) -> None:
        """Ends the process (if still running) and removes the cache directory."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()
        self.stderr.close()
