"""Delivering server notifications to callbacks and to a consuming buffer.

Every notification is (1) passed to the callbacks registered with
``on(method, callback)`` and (2) appended to a bounded buffer that
``notifications(method=None, timeout=0)`` consumes in arrival order. The
reader publishes a request's notifications before it resolves that request, so
when a call returns, everything the server sent before the answer is already
buffered.
"""

import collections
import logging
import threading
import time
from typing import Callable, Deque, Dict, Iterator, List, Optional

from .wire import Notification

__all__ = ["NotificationHub", "Callback"]

Callback = Callable[[Notification], None]
_log = logging.getLogger("feedvm")

#: ``on(ANY, cb)`` receives every notification.
ANY = "*"


class NotificationHub:
    """Callbacks per method plus a consuming buffer; thread-safe."""

    def __init__(self, max_buffered: int = 100_000) -> None:
        self._callbacks: Dict[str, List[Callback]] = collections.defaultdict(list)
        self._buffer: Deque[Notification] = collections.deque(maxlen=max_buffered)
        self._changed = threading.Condition()
        self._closed = False
        self._wakeups: List[Callable[[], None]] = []

    def on(self, method: str, callback: Callback) -> Callable[[], None]:
        """Register ``callback`` for ``method`` (``"*"`` for all); returns an unsubscribe function."""
        with self._changed:
            self._callbacks[method].append(callback)

        def unsubscribe() -> None:
            with self._changed:
                if callback in self._callbacks[method]:
                    self._callbacks[method].remove(callback)

        return unsubscribe

    def add_wakeup(self, wakeup: Callable[[], None]) -> Callable[[], None]:
        """Call ``wakeup()`` after every publish and on close (used by the asyncio client)."""
        with self._changed:
            self._wakeups.append(wakeup)

        def remove() -> None:
            with self._changed:
                if wakeup in self._wakeups:
                    self._wakeups.remove(wakeup)

        return remove

    def publish(self, notification: Notification) -> None:
        """Buffer ``notification`` and run its callbacks (a failing callback is logged)."""
        with self._changed:
            self._buffer.append(notification)
            callbacks = list(self._callbacks.get(notification.method, ())) + list(
                self._callbacks.get(ANY, ()))
            wakeups = list(self._wakeups)
            self._changed.notify_all()
        for callback in callbacks:
            try:
                callback(notification)
            except Exception:  # a user's bug must not kill the reader
                _log.exception("feedvm notification callback failed for %s", notification.method)
        for wakeup in wakeups:
            wakeup()

    def close(self) -> None:
        """Stop waiting iterators once the buffer is drained."""
        with self._changed:
            self._closed = True
            wakeups = list(self._wakeups)
            self._changed.notify_all()
        for wakeup in wakeups:
            wakeup()

    @property
    def closed(self) -> bool:
        """Whether no more notifications can arrive."""
        return self._closed

    def take(self, method: Optional[str]) -> Optional[Notification]:
        """Remove and return the oldest buffered notification of ``method`` (any when ``None``)."""
        with self._changed:
            return self._take_locked(method)

    def _take_locked(self, method: Optional[str]) -> Optional[Notification]:
        for position, notification in enumerate(self._buffer):
            if method is None or notification.method == method:
                del self._buffer[position]
                return notification
        return None

    def iterate(self, method: Optional[str], timeout: Optional[float]) -> Iterator[Notification]:
        """Yield buffered then incoming notifications of ``method``.

        Stops when none arrives within ``timeout`` seconds of the previous one
        (``None`` waits forever; ``0`` drains what is buffered) or when the
        server is gone and the buffer holds no more.
        """
        while True:
            with self._changed:
                deadline = None if timeout is None else time.monotonic() + timeout
                while True:
                    found = self._take_locked(method)
                    if found is not None or self._closed:
                        break
                    remaining = None if deadline is None else deadline - time.monotonic()
                    if remaining is not None and remaining <= 0:
                        break
                    self._changed.wait(remaining)
            if found is None:
                return
            yield found
