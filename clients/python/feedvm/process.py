"""Spawning the server so that it can never outlive its parent.

On Linux the child asks the kernel, between ``fork`` and ``exec``, for
``SIGKILL`` when its parent dies (``prctl(PR_SET_PDEATHSIG)`` through ctypes).
That covers the cases ``close()`` cannot: the Python process killed with
``SIGKILL``, a crash, an ``os._exit``. SIGKILL rather than SIGTERM because no
one is left to read the answers. Caveat from the kernel: "parent" means the
*thread* that spawned the child, so create clients on a thread that lives as long
as they do (the main thread, or the event loop's thread for ``AsyncClient``).
Elsewhere the hook is a no-op and ``close()`` is the only guard.
"""

import collections
import ctypes
import ctypes.util
import os
import signal
import sys
import threading
from typing import Callable, Deque, List, Optional, Protocol

__all__ = ["death_signal_hook", "MAX_STDERR_LINE", "StderrTail", "server_command", "stop_steps"]

_PR_SET_PDEATHSIG = 1


def death_signal_hook() -> Optional[Callable[[], None]]:
    """A ``preexec_fn`` that ties the child's life to this process (Linux), else ``None``."""
    if not sys.platform.startswith("linux"):
        return None
    libc_name = ctypes.util.find_library("c") or "libc.so.6"
    try:
        libc = ctypes.CDLL(libc_name, use_errno=True)
    except OSError:
        return None
    parent = os.getpid()

    def hook() -> None:
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        # The parent may have died between fork and prctl: then nobody would signal us.
        if os.getppid() != parent:
            os._exit(1)

    return hook


def server_command(binary: str, args: List[str]) -> List[str]:
    """The argv used to spawn the server."""
    return [binary, *args]


#: The longest stderr line kept whole; the rest of a longer one is counted, not kept.
MAX_STDERR_LINE = 8192


class StderrTail:
    """The last lines the server wrote to stderr, kept while the stream is drained.

    The server must never block writing logs, so a reader consumes stderr for as
    long as it is open; only the tail is kept, for :class:`~feedvm.errors.ServerExited`.
    Memory stays bounded and each byte is handled once: at most ``max_lines`` lines of at most
    :data:`MAX_STDERR_LINE` bytes each (a longer line is kept cut, saying how much was cut).
    """

    def __init__(self, max_lines: int = 200) -> None:
        self._lines: Deque[str] = collections.deque(maxlen=max_lines)
        self._lock = threading.Lock()
        self._listeners: List[Callable[[str], None]] = []
        self._partial = bytearray()
        self._cut = 0  # bytes of the current line beyond MAX_STDERR_LINE

    def feed_chunk(self, chunk: bytes) -> None:
        """Record the lines ``chunk`` completes (stderr read in pieces of any size)."""
        start = 0
        while True:
            newline = chunk.find(b"\n", start)
            end = len(chunk) if newline < 0 else newline
            room = MAX_STDERR_LINE - len(self._partial)
            self._partial += chunk[start:start + max(0, min(room, end - start))]
            self._cut += max(0, end - start - max(0, room))
            if newline < 0:
                return
            self._end_line()
            start = newline + 1

    def flush(self) -> None:
        """Record what is left after the last line end."""
        if self._partial or self._cut:
            self._end_line()

    def _end_line(self) -> None:
        line, cut = bytes(self._partial), self._cut
        self._partial, self._cut = bytearray(), 0
        self.feed(line + (b" ... [%d bytes cut]" % cut if cut else b""))

    def feed(self, raw: bytes) -> None:
        """Record one raw stderr line."""
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        with self._lock:
            self._lines.append(line)
            listeners = list(self._listeners)
        for listener in listeners:
            listener(line)

    def add_listener(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(line)`` for every later stderr line (e.g. to echo logs)."""
        with self._lock:
            self._listeners.append(listener)

    def text(self) -> str:
        """The kept lines joined by newlines."""
        with self._lock:
            return "\n".join(self._lines)


class _Stoppable(Protocol):
    def terminate(self) -> None: ...

    def kill(self) -> None: ...


def stop_steps(process: _Stoppable) -> List[Callable[[], None]]:
    """What ``close()`` does in turn, waiting ``close_timeout`` after each until the server is
    gone: nothing more (its stdin is closed already), SIGTERM, SIGKILL."""

    def sending(signal_process: Callable[[], None]) -> Callable[[], None]:
        def step() -> None:
            try:
                signal_process()
            except ProcessLookupError:
                pass  # it exited meanwhile

        return step

    return [lambda: None, sending(process.terminate), sending(process.kill)]
