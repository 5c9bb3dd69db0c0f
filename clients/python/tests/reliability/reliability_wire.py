"""Raw-pipe access to a spawned feedvm for wire-level reliability tests.

The Python package's ``feedvm.Client`` is the friendly way to talk to feedvm; these tests need the
opposite: exact bytes on stdin, every stdout byte kept (partial lines included), stdout checked
line by line against the JSON-RPC oracle, and the process itself at hand for signals, ``/proc``
and closing single pipes.
"""

from __future__ import annotations

import fcntl
import itertools
import json
import os
import select
import signal
import struct
import subprocess
import tempfile
import termios
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence

from feedvm.discovery import find_binary
from feedvm.errors import BinaryNotFound

from reliability_proc import pipe
from reliability_oracle import ProtocolViolation, ReplyLedger, expected_replies, id_key, validate_server_line

DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024
"""The default ``--max-message-bytes``."""


def find_feedvm_binary() -> Optional[str]:
    """The package's own discovery (:func:`feedvm.find_binary`) from this checkout, ``None`` when
    nothing is found."""
    try:
        return find_binary(start=Path(__file__).resolve().parent)
    except BinaryNotFound:
        return None


class RpcErrorResponse(Exception):
    """A JSON-RPC error response to a request made with ``FeedvmProcess.call``."""

    def __init__(self, error: Dict[str, Any]) -> None:
        super().__init__(f"{error.get('code')}: {error.get('message')}")
        self.code: int = error.get("code", 0)
        self.message: str = error.get("message", "")
        self.data: Any = error.get("data")


class FeedvmProcess:
    """One feedvm child with its stdout parsed, validated and indexed as it arrives.

    Every stdout line goes through ``validate_server_line``; violations are collected in
    ``violations`` (tests assert it stays empty). Every response is counted in ``ledger``.
    stderr goes to a temporary file so feedvm can never block on it.
    """

    _control_ids = itertools.count(1)

    def __init__(self, binary: str, args: Sequence[str] = (), env: Optional[Dict[str, str]] = None,
                 stdout: Any = subprocess.PIPE, defer_reading: bool = False) -> None:
        self.binary = binary
        # Without a place for files, store no feed: no run sees a list an earlier one stored.
        if not any(arg.startswith(("--store", "--cache-dir")) for arg in args):
            args = [*args, "--store", "none"]
        self.args = list(args)
        self.stderr_file = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [binary, *args], stdin=subprocess.PIPE, stdout=stdout, stderr=self.stderr_file,
            env=env, bufsize=0)
        self.ledger = ReplyLedger()
        self.violations: List[str] = []
        self.messages: List[Dict[str, Any]] = []
        self.answers: List[Dict[str, Any]] = []
        self.line_count = 0
        self.partial_tail = b""
        self._responses: Dict[Any, List[Dict[str, Any]]] = {}
        self._changed = threading.Condition()
        self._reader: Optional[threading.Thread] = None
        if self.process.stdout is not None and not defer_reading:
            self.start_reading()

    def start_reading(self) -> None:
        """Starts reading stdout (at once, unless the process was made with ``defer_reading``)."""
        self._reader = threading.Thread(target=self._read_stdout, name="feedvm-stdout", daemon=True)
        self._reader.start()

    # -- reading -------------------------------------------------------------------------

    def _read_stdout(self) -> None:
        descriptor = pipe(self.process.stdout).fileno()
        pending = b""
        while True:
            try:
                chunk = os.read(descriptor, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                break
            pending += chunk
            *lines, pending = pending.split(b"\n")
            if lines:
                self._accept(lines)
        with self._changed:
            self.partial_tail = pending
            self._changed.notify_all()

    def _accept(self, lines: List[bytes]) -> None:
        parsed: List[Dict[str, Any]] = []
        problems: List[str] = []
        for line in lines:
            try:
                parsed.extend(validate_server_line(line))
            except ProtocolViolation as violation:
                problems.append(str(violation))
        self.ledger.record(parsed)
        with self._changed:
            self.line_count += len(lines)
            self.violations.extend(problems)
            self.messages.extend(parsed)
            for message in parsed:
                if "id" in message and "method" not in message:
                    self._responses.setdefault(id_key(message["id"]), []).append(message)
                    self.answers.append(message)
            self._changed.notify_all()

    def wait_until(self, condition: Callable[[], bool], timeout: float, what: str) -> None:
        """Blocks until ``condition()`` holds; raises ``AssertionError`` naming ``what`` after timeout."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not condition():
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"timed out after {timeout} s waiting for {what}; {self.describe()}")
                if self.process.poll() is not None and self._reader is not None and not self._reader.is_alive():
                    if not condition():
                        raise AssertionError(f"feedvm exited while waiting for {what}; {self.describe()}")
                self._changed.wait(min(remaining, 0.1))

    def answers_after(self, position: int, timeout: float) -> List[Dict[str, Any]]:
        """Waits for responses past the first ``position`` ones (in arrival order) and returns them."""
        self.wait_until(lambda: len(self.answers) > position, timeout, f"a response after the first {position}")
        with self._changed:
            return self.answers[position:]

    def responses(self, ident: Any) -> List[Dict[str, Any]]:
        """Every response received so far with this id."""
        with self._changed:
            return list(self._responses.get(id_key(ident), []))

    def notifications(self, method: Optional[str] = None, session: Optional[str] = None) -> List[Dict[str, Any]]:
        """Notifications received so far, optionally of one method and/or one session."""
        with self._changed:
            found = [m for m in self.messages if "method" in m]
        if method is not None:
            found = [m for m in found if m["method"] == method]
        if session is not None:
            found = [m for m in found if (m.get("params") or {}).get("session") == session]
        return found

    def stderr_text(self) -> str:
        """Everything feedvm has written to stderr so far."""
        self.stderr_file.flush()
        self.stderr_file.seek(0)
        return self.stderr_file.read().decode("utf-8", "replace")

    def describe(self) -> str:
        """A short state summary for assertion messages."""
        tail = self.stderr_text()[-600:]
        return f"returncode={self.process.poll()} lines={self.line_count} stderr tail={tail!r}"

    # -- writing -------------------------------------------------------------------------

    def write(self, data: bytes, timeout: float = 60.0) -> None:
        """Writes raw bytes to feedvm's stdin; fails (instead of hanging) if feedvm stops reading."""
        descriptor = pipe(self.process.stdin).fileno()
        os.set_blocking(descriptor, False)
        view = memoryview(data)
        deadline = time.monotonic() + timeout
        while view:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"feedvm stopped reading stdin ({len(view)} bytes unwritten); {self.describe()}")
            _, writable, _ = select.select([], [descriptor], [], min(remaining, 1.0))
            if writable:
                try:
                    view = view[os.write(descriptor, view[: 1 << 16]):]
                except BlockingIOError:
                    pass

    def wait_until_read(self, timeout: float = 60.0) -> None:
        """Blocks until feedvm has read every byte written to its stdin (the pipe holds none).

        Polls the kernel (``FIONREAD``: bytes in the pipe) instead of guessing how long a read
        takes; an ``AssertionError`` after ``timeout``.
        """
        descriptor = pipe(self.process.stdin).fileno()
        deadline = time.monotonic() + timeout
        while struct.unpack("i", fcntl.ioctl(descriptor, termios.FIONREAD, b"\0" * 4))[0] > 0:
            if time.monotonic() > deadline:
                raise AssertionError(f"feedvm stopped reading stdin; {self.describe()}")
            time.sleep(0.01)  # polling the kernel, not ordering test steps

    def send_lines(self, lines: Iterable[bytes], max_message_bytes: int) -> int:
        """Writes lines (each without ``\\n``), registering what each should cause in the ledger."""
        buffer: List[bytes] = []
        size = 0
        sent = 0
        for line in lines:
            self.ledger.expect(expected_replies(line, max_message_bytes))
            buffer.append(line + b"\n")
            size += len(line) + 1
            sent += 1
            if size >= 1 << 20:
                self.write(b"".join(buffer))
                buffer, size = [], 0
        if buffer:
            self.write(b"".join(buffer))
        return sent

    def send_request(self, method: str, params: Any = None) -> str:
        """Sends one request with a fresh control id (registered in the ledger) and returns the id."""
        ident = f"ctl-{next(self._control_ids)}"
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": ident, "method": method}
        if params is not None:
            message["params"] = params
        self.ledger.expect({id_key(ident): (1, 1)})
        self.write(json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n")
        return ident

    def send_notification(self, method: str, params: Any = None) -> None:
        """Sends one notification (never answered)."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.write(json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n")

    def response(self, ident: Any, timeout: float = 15.0) -> Dict[str, Any]:
        """Waits for the (first) response with this id."""
        self.wait_until(lambda: bool(self._responses.get(id_key(ident))), timeout, f"the response to {ident!r}")
        return self.responses(ident)[0]

    def request(self, method: str, params: Any = None, timeout: float = 15.0) -> Dict[str, Any]:
        """Sends a request and returns its whole response message."""
        return self.response(self.send_request(method, params), timeout)

    def call(self, method: str, params: Any = None, timeout: float = 15.0) -> Any:
        """Sends a request and returns its result, raising ``RpcErrorResponse`` for an error."""
        message = self.request(method, params, timeout)
        if "error" in message:
            raise RpcErrorResponse(message["error"])
        return message["result"]

    # -- life cycle ----------------------------------------------------------------------

    def is_alive(self) -> bool:
        """True while the process has not exited."""
        return self.process.poll() is None

    def close_stdin(self) -> None:
        """Closes feedvm's stdin (end of input)."""
        try:
            pipe(self.process.stdin).close()
        except BrokenPipeError:
            pass

    def wait_exit(self, timeout: float) -> Optional[int]:
        """The exit status, or ``None`` if the process is still running after ``timeout``."""
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def finish(self, timeout: float = 10.0) -> int:
        """Closes stdin, waits for exit and for stdout to drain; returns the exit status."""
        self.close_stdin()
        status = self.wait_exit(timeout)
        if status is None:
            raise AssertionError(f"feedvm did not exit within {timeout} s after stdin EOF; {self.describe()}")
        if self._reader is not None:
            self._reader.join(timeout)
        return status

    def kill(self) -> None:
        """Ends the process if it still runs (teardown)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        if self._reader is not None:
            self._reader.join(5)

    def __enter__(self) -> "FeedvmProcess":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.kill()
        for stream in (self.process.stdin, self.process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        self.stderr_file.close()
