"""The sans-IO JSON-RPC protocol core that both clients drive.

:class:`Connection` holds what a client must remember between bytes: the framing, the next
request id, the waiter of every request not answered yet, and whether the server is gone. It
never touches a pipe, a thread or an event loop: a transport writes the bytes its methods return
and hands it the bytes it reads (:meth:`Connection.receive`), which settles waiters, publishes
notifications and returns what must be written back. :class:`~feedvm.client.Client` drives it
from threads, :class:`~feedvm.async_client.AsyncClient` from asyncio (as MCP's python-sdk keeps
its ``ClientSession`` apart from the transports).

A waiter is anything with ``done``, ``set_result`` and ``set_exception``:
``concurrent.futures.Future`` and ``asyncio.Future`` both are. The connection settles each at
most once and never one already done (e.g. cancelled by its caller).
"""

import itertools
import threading
from typing import Any, Callable, Dict, Generic, List, Optional, Protocol, Tuple, TypeVar

from .errors import ServerExited, error_from_wire
from .notifications import NotificationHub
from .wire import (CANCEL_METHOD, DEFAULT_MAX_MESSAGE_BYTES, NEWLINE, Incoming, MessageSplitter, Notification,
                   Response, ServerRequest, decode_line, encode_error, encode_notification, encode_request)

__all__ = ["Connection", "Waiter"]


class Waiter(Protocol):
    """The future of one request's result."""

    def done(self) -> bool: ...

    def set_result(self, result: Any) -> None: ...

    def set_exception(self, exception: BaseException) -> None: ...


W = TypeVar("W", bound=Waiter)


class Connection(Generic[W]):
    """Request ids, waiters, dispatch and framing of one client connection; thread-safe, no I/O.

    :param framing: ``"newline"`` or ``"content-length"`` (``ValueError`` for anything else).
    :param hub: where notifications go (callbacks and the consuming buffer).
    :param log: called with a line for each message from the server that cannot be read.
    :param max_message_bytes: the longest message read; a longer one is skipped and logged.
    """

    def __init__(self, framing: str = NEWLINE, hub: Optional[NotificationHub] = None,
                 log: Callable[[str], None] = lambda line: None,
                 max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES) -> None:
        self._splitter = MessageSplitter(framing, max_message_bytes,
                                         lambda problem: log(f"feedvm client: {problem}"))
        self.framing = framing
        self.hub = hub if hub is not None else NotificationHub()
        self._log = log
        self._ids = itertools.count(1)
        self._waiters: Dict[int, W] = {}
        self._lock = threading.Lock()
        self._exited: Optional[ServerExited] = None

    # -- what the client sends --------------------------------------------------------------

    def request(self, method: str, params: Optional[Any], waiter: W) -> Tuple[int, bytes]:
        """Registers ``waiter`` under a new id; returns the id and the framed request to write.

        Raises the :class:`~feedvm.errors.ServerExited` of a server known to be gone.
        """
        with self._lock:
            if self._exited is not None:
                raise self._exited
            request_id = next(self._ids)
            self._waiters[request_id] = waiter
        return request_id, encode_request(request_id, method, params, self.framing)

    def notification(self, method: str, params: Optional[Any] = None) -> bytes:
        """A framed notification (never answered)."""
        return encode_notification(method, params, self.framing)

    def cancel(self, request_id: int) -> bytes:
        """The framed ``$/cancelRequest`` for ``request_id``; its waiter stays (the server answers -32800)."""
        return self.notification(CANCEL_METHOD, {"id": request_id})

    def abandon(self, request_id: int) -> bytes:
        """Forgets ``request_id`` (its caller stopped waiting; a late answer is dropped) and returns
        the ``$/cancelRequest`` that tells the server."""
        self.forget(request_id)
        return self.cancel(request_id)

    def forget(self, request_id: int) -> None:
        """Drops the waiter of ``request_id`` without settling it (e.g. its request was never written)."""
        with self._lock:
            self._waiters.pop(request_id, None)

    # -- what the server sends ----------------------------------------------------------------

    def receive(self, data: bytes) -> List[bytes]:
        """Dispatches every message ``data`` completes, in order; returns the framed replies to write.

        Notifications go to the hub, answers settle their waiters (errors as
        :class:`~feedvm.errors.RpcError` subclasses), and a request from the server gets a
        -32601 reply: this client serves no methods. Nothing the server sends raises: an
        unreadable message (not JSON, nested too deep, over the bound, a bad header, not a
        JSON-RPC message) is logged and skipped, and the next one is read.
        """
        replies: List[bytes] = []
        for body in self._splitter.feed(data):
            try:
                messages = decode_line(body)
            except (ValueError, RecursionError) as error:
                self._log(f"feedvm client: unreadable message from server skipped: {error}")
                continue
            for message in messages:
                try:
                    reply = self._dispatch(message)
                except Exception as error:  # noqa: BLE001 - whatever a message holds, read the next
                    self._log(f"feedvm client: message from server skipped: {type(error).__name__}: {error}")
                    continue
                if reply is not None:
                    replies.append(reply)
        return replies

    def _dispatch(self, message: Incoming) -> Optional[bytes]:
        if isinstance(message, Notification):
            self.hub.publish(message)
        elif isinstance(message, Response):
            self._settle(message)
        elif isinstance(message, ServerRequest):
            return encode_error(message.id, -32601, f"client has no method {message.method}", self.framing)
        return None

    def _settle(self, response: Response) -> None:
        with self._lock:
            waiter = self._waiters.pop(response.id, None) if isinstance(response.id, int) else None
        if waiter is None or waiter.done():
            return  # an answer to a request its caller gave up on
        if response.error is not None:
            waiter.set_exception(error_from_wire(response.error))
        else:
            waiter.set_result(response.result)

    # -- the end --------------------------------------------------------------------------------

    def server_exited(self, returncode: Optional[int], stderr_tail: str) -> ServerExited:
        """The error every later request raises; kept once the exit code is known."""
        with self._lock:
            if self._exited is None or self._exited.returncode is None:
                self._exited = ServerExited(returncode, stderr_tail)
            return self._exited

    def close(self, error: ServerExited) -> None:
        """The server's output ended: fails every waiting request with ``error``, ends the hub."""
        with self._lock:
            self._exited = self._exited or error
            waiters = list(self._waiters.values())
            self._waiters.clear()
        for waiter in waiters:
            if not waiter.done():
                waiter.set_exception(error)
        self.hub.close()
