"""A minimal JSON-RPC client over feedvm's pipes, for measurements the Python client's reader
thread and futures would distort: it writes request lines and reads answer lines on the calling
thread, keeping each line's raw bytes and arrival time."""

import json
import os
import subprocess
import time
from dataclasses import dataclass
from typing import Any, Dict, List, Optional


@dataclass
class Line:
    """One line feedvm wrote: its bytes (without the newline), parsed message and arrival time."""

    raw: bytes
    message: Any
    arrived: float

    @property
    def method(self) -> Optional[str]:
        """The notification's method, ``None`` for a response."""
        return self.message.get("method") if isinstance(self.message, dict) else None


class RawServer:
    """Spawns ``command`` (feedvm and its flags); a context manager that closes stdin on exit."""

    def __init__(self, command: List[str]) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, bufsize=0)
        self._reader = self.process.stdout
        self._buffer = b""
        self._next_id = 0
        #: When the last request line was written (``time.perf_counter()``).
        self.last_sent = 0.0
        #: Notifications read while waiting for other answers, oldest first.
        self.notifications: List[Line] = []

    def __enter__(self) -> "RawServer":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    @property
    def pid(self) -> int:
        """The server's process id."""
        return self.process.pid

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
        self.process.stdin.write(b"".join(lines))
        self.last_sent = time.perf_counter()
        return ids

    def read_line(self) -> Line:
        """The next line feedvm writes (blocking)."""
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                arrived = time.perf_counter()
                raw, self._buffer = self._buffer[:end], self._buffer[end + 1:]
                return Line(raw, json.loads(raw), arrived)
            chunk = os.read(self._reader.fileno(), 1 << 20)
            if not chunk:
                raise EOFError(f"feedvm exited (status {self.process.poll()}) before answering")
            self._buffer += chunk

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
        self.process.stdout.close()


def _status_field(pid: int, name: str) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(name + ":"):
                return int(line.split()[1]) * 1024
    raise KeyError(name)
