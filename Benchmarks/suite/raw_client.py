"""A minimal JSON-RPC client over feedvm's pipes, for latencies the Python client's futures would
distort.

Timing rules: a request is stamped *before* its bytes are written, so a writer that
is preempted inside ``write()`` while feedvm already answers cannot shorten the figure; answers
are read by a reader thread that only reads and stamps (parsing is left to the caller), so it
never holds up the writer and a full pipe never stalls either side."""

import json
import os
import queue
import subprocess
import threading
import time
from typing import Any, Dict, List, Optional


class Line:
    """One line feedvm wrote: its bytes (without the newline) and when the chunk holding it
    arrived; the message is parsed on first use, on the caller's thread."""

    __slots__ = ("raw", "arrived", "_message")

    def __init__(self, raw: bytes, arrived: float) -> None:
        self.raw = raw
        self.arrived = arrived
        self._message = None

    @property
    def message(self) -> Any:
        """The parsed JSON message."""
        if self._message is None:
            self._message = json.loads(self.raw)
        return self._message

    @property
    def method(self) -> Optional[str]:
        """The notification's method, ``None`` for a response."""
        return self.message.get("method") if isinstance(self.message, dict) else None


class RawServer:
    """Spawns ``command`` (feedvm and its flags); a context manager that closes stdin on exit."""

    def __init__(self, command: List[str]) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, bufsize=0)
        self._lines: "queue.SimpleQueue[Optional[Line]]" = queue.SimpleQueue()
        self._reader = threading.Thread(target=self._read_lines, name="raw-client-reader", daemon=True)
        self._reader.start()
        self._next_id = 0
        #: When the last request was about to be written (``time.perf_counter()``).
        self.last_sent = 0.0
        #: Notifications read while waiting for answers, oldest first.
        self.notifications: List[Line] = []

    def __enter__(self) -> "RawServer":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    @property
    def pid(self) -> int:
        """The server's process id."""
        return self.process.pid

    def _read_lines(self) -> None:
        """The reader thread: read, stamp, split; nothing else."""
        descriptor = self.process.stdout.fileno()
        pending = b""
        while True:
            try:
                chunk = os.read(descriptor, 1 << 20)
            except OSError:
                chunk = b""
            arrived = time.perf_counter()
            if not chunk:
                self._lines.put(None)
                return
            *complete, pending = (pending + chunk).split(b"\n")
            for raw in complete:
                self._lines.put(Line(raw, arrived))

    def write(self, method: str, params: Optional[Dict[str, Any]] = None) -> int:
        """Sends a request without waiting; returns its id."""
        return self.write_many([(method, params)])[0]

    def write_many(self, calls) -> List[int]:
        """Sends ``(method, params)`` requests in one write (pipelined); returns their ids."""
        ids, lines = [], []
        for method, params in calls:
            self._next_id += 1
            message: Dict[str, Any] = {"jsonrpc": "2.0", "id": self._next_id, "method": method}
            if params is not None:
                message["params"] = params
            ids.append(self._next_id)
            lines.append(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        payload = b"".join(lines)
        self.last_sent = time.perf_counter()
        self.process.stdin.write(payload)
        return ids

    def read_line(self) -> Line:
        """The next line feedvm writes (blocking)."""
        line = self._lines.get()
        if line is None:
            self._lines.put(None)  # every later read sees the end too
            raise EOFError(f"feedvm exited (status {self.process.poll()}) before answering")
        return line

    def wait_for(self, request_ids) -> Dict[int, Line]:
        """Reads until every id in ``request_ids`` is answered; keeps notifications in order."""
        waiting = set(request_ids)
        answers: Dict[int, Line] = {}
        while waiting:
            line = self.read_line()
            if line.method is not None:
                self.notifications.append(line)
                continue
            answer_id = line.message.get("id") if isinstance(line.message, dict) else None
            if answer_id in waiting:
                waiting.discard(answer_id)
                answers[answer_id] = line
        return answers

    def call(self, method: str, params: Optional[Dict[str, Any]] = None) -> Any:
        """Sends a request, waits for it and returns its result (raises on an error answer)."""
        request_id = self.write(method, params)
        answer = self.wait_for([request_id])[request_id].message
        if "error" in answer:
            raise RuntimeError(f"{method} failed: {answer['error']}")
        return answer["result"]

    def rss_bytes(self) -> int:
        """The server's resident set size now (``VmRSS`` of /proc)."""
        return _status_field(self.pid, "VmRSS")

    def peak_rss_bytes(self) -> int:
        """The server's peak resident set size so far (``VmHWM``)."""
        return _status_field(self.pid, "VmHWM")

    def close(self) -> None:
        """Closes stdin (the protocol's shutdown + exit) and waits for the process."""
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._reader.join(10)
        self.process.stdout.close()


def _status_field(pid: int, name: str) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(name + ":"):
                return int(line.split()[1]) * 1024
    raise KeyError(name)
