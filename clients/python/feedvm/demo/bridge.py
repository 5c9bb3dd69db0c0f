"""Moving work between feedvm's threads and Tk's single thread.

Tk may only be touched from the thread running ``mainloop``. Calls that block
(``requestCommand`` answers when its load ends) run on a small pool; their
results and every notification are queued as events and handed to the window
by :meth:`ClientBridge.drain`, which the window calls from ``after``.
"""

import queue
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, List, Optional

from ..client import Client
from ..errors import FeedVMError

__all__ = ["ClientBridge", "Event"]


@dataclass(frozen=True)
class Event:
    """Something for the Tk thread: a notification, a call's result or its error."""

    kind: str  # "notification" | "result" | "error"
    tag: str
    value: Any


class ClientBridge:
    """Runs client calls off the Tk thread and queues what comes back."""

    def __init__(self, client: Client, workers: int = 4) -> None:
        self.client = client
        self._events: "queue.Queue[Event]" = queue.Queue()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="feedvm-demo")
        client.on("*", lambda note: self._events.put(Event("notification", note.method, note)))

    def submit(self, tag: str, call: Callable[[], Any]) -> None:
        """Run ``call`` on the pool; its result or error comes back tagged ``tag``."""

        def run() -> None:
            try:
                self._events.put(Event("result", tag, call()))
            except FeedVMError as error:
                self._events.put(Event("error", tag, error))

        self._pool.submit(run)

    def drain(self, limit: int = 200) -> List[Event]:
        """Up to ``limit`` queued events, oldest first, without waiting."""
        events: List[Event] = []
        while len(events) < limit:
            try:
                events.append(self._events.get_nowait())
            except queue.Empty:
                break
        return events

    def close(self) -> Optional[int]:
        """Stop the server, then the pool (its calls fail fast once the server is gone)."""
        code = self.client.close()
        self._pool.shutdown(wait=True, cancel_futures=True)
        return code
