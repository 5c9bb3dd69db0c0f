"""``Outbox``: the one thread that writes to the server, so that no caller ever blocks on it.

A server that stops reading fills the pipe, and a write then blocks until it reads again,
perhaps never. If callers wrote themselves, a call's timeout could not fire while its request
was being written, and the reader, refusing the server's requests, would block too. So callers
only queue bytes here and a writer thread writes them in order: a call waits on its future with
its deadline whatever the pipe does, and a request still queued when its caller gives up is
simply withdrawn (the server never sees it, so no ``$/cancelRequest`` is needed).

What the client writes on its own (refusals of the server's requests) is dropped, and logged,
while more than ``max_queued_bytes`` wait: a server that floods requests and never reads cannot
make the client's memory grow.
"""

import collections
import threading
from typing import IO, Callable, Deque, Optional, Tuple

__all__ = ["Outbox", "OutboxClosed"]


class OutboxClosed(Exception):
    """The server's stdin is closed (it exited, or ``close()`` was called)."""


class Outbox:
    """A FIFO of byte strings written to ``stream`` by one daemon thread.

    :param stream: the server's stdin; only the writer thread touches it, and closes it.
    :param on_broken: called once, from the writer thread, when a write fails (the server is gone).
    :param log: called with a line for each message dropped.
    """

    def __init__(self, stream: IO[bytes], on_broken: Callable[[], None] = lambda: None,
                 log: Callable[[str], None] = lambda line: None, max_queued_bytes: int = 1 << 20) -> None:
        self._stream = stream
        self._on_broken = on_broken
        self._log = log
        self._max_queued_bytes = max_queued_bytes
        self._queue: Deque[Tuple[Optional[int], bytes]] = collections.deque()
        self._queued_bytes = 0
        self._changed = threading.Condition()
        self._closing = False
        self._broken = False
        self._dropped = 0
        self._thread = threading.Thread(target=self._run, name="feedvm-writer", daemon=True)
        self._thread.start()

    def put(self, data: bytes, key: Optional[int] = None) -> None:
        """Queue ``data`` (a request under ``key``, its id, so that it can be withdrawn).

        :raises OutboxClosed: the stream is closed or broken; nothing was queued.
        """
        with self._changed:
            if self._closing or self._broken:
                raise OutboxClosed()
            self._queue.append((key, data))
            self._queued_bytes += len(data)
            self._changed.notify()

    def put_droppable(self, data: bytes) -> None:
        """Queue ``data`` unless the queue is over its bound (then drop it, and log the first drop)."""
        with self._changed:
            if self._closing or self._broken:
                return
            if self._queued_bytes > self._max_queued_bytes:
                self._dropped += 1
                if self._dropped == 1:
                    self._log(f"feedvm client: the server is not reading; replies to its requests are dropped "
                              f"while more than {self._max_queued_bytes} bytes wait to be written")
                return
            self._queue.append((None, data))
            self._queued_bytes += len(data)
            self._changed.notify()

    def withdraw(self, key: int) -> bool:
        """Remove the queued request ``key``; ``False`` when it was written (or is being written)."""
        with self._changed:
            for position, (queued_key, data) in enumerate(self._queue):
                if queued_key == key:
                    del self._queue[position]
                    self._queued_bytes -= len(data)
                    return True
        return False

    def close(self) -> None:
        """Write what is queued, then close the stream (from the writer thread); returns at once."""
        with self._changed:
            self._closing = True
            self._changed.notify()

    def join(self, timeout: Optional[float]) -> None:
        """Wait up to ``timeout`` seconds for the writer thread to end."""
        self._thread.join(timeout)

    def _next(self) -> Optional[bytes]:
        with self._changed:
            while not self._queue and not self._closing:
                self._changed.wait()
            if not self._queue:
                return None
            _, data = self._queue.popleft()
            self._queued_bytes -= len(data)
            return data

    def _run(self) -> None:
        try:
            while True:
                data = self._next()
                if data is None:
                    break
                self._stream.write(data)
                self._stream.flush()
        except (OSError, ValueError):
            with self._changed:
                self._broken = True
                self._queue.clear()
                self._queued_bytes = 0
            self._on_broken()
        finally:
            try:
                self._stream.close()
            except (OSError, ValueError):
                pass
