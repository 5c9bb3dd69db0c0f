"""What ``Client`` and ``AsyncClient`` share above their transports, written once.

:class:`FeedMethods` holds the settings, the stderr tail and the sans-IO
:class:`~feedvm.connection.Connection`, and implements everything that does not wait: sending a
request, notifications, ``$/cancelRequest``, raw writes, callbacks, dispatching what was read.
Each client adds only its way of waiting (threads or asyncio) and of running the process.

The typed methods (``ping``, ``transform``, ``request_command``, ...) are
:class:`TypedMethod` descriptors over the builders of :mod:`feedvm.requests`: one definition
serves both clients, and a type checker sees ``Client.request_command(...) -> LoadResult`` and
``AsyncClient.request_command(...) -> Coroutine[..., LoadResult]``.
"""

from __future__ import annotations

import functools
from typing import (TYPE_CHECKING, Any, Callable, Coroutine, Generic, Mapping, Optional, Sequence, TypeVar,
                    overload)

from . import requests
from .connection import Connection, Waiter
from .discovery import PathLike, find_binary
from .errors import RpcTimeout, ServerExited
from .notifications import Callback, NotificationHub
from .process import StderrTail
from .requests import PROTOCOL_VERSION, Request
from .wire import NEWLINE, message_bound

if TYPE_CHECKING:
    from typing_extensions import ParamSpec

    from .async_client import AsyncClient
    from .client import Client

    P = ParamSpec("P")
else:
    P = TypeVar("P")  # only type checkers read P (typing.ParamSpec is Python >= 3.10)

__all__ = ["FeedMethods", "TypedMethod", "PROTOCOL_VERSION"]

T = TypeVar("T")


class TypedMethod(Generic[P, T]):
    """A feedvm method on both clients, with its builder's parameters and result type ``T``.

    ``client.name(*args)`` is ``client.request(build(*args))``: the result itself on
    ``Client``, a coroutine of it on ``AsyncClient``.
    """

    def __init__(self, build: Callable[P, Request[T]]) -> None:
        self.build = build
        self.__doc__ = build.__doc__

    @overload
    def __get__(self, client: None, owner: Any) -> "TypedMethod[P, T]": ...

    @overload
    def __get__(self, client: "Client", owner: Any) -> Callable[P, T]: ...

    @overload
    def __get__(self, client: "AsyncClient", owner: Any) -> Callable[P, Coroutine[Any, Any, T]]: ...

    def __get__(self, client: Any, owner: Any) -> Any:
        if client is None:
            return self
        build = self.build

        @functools.wraps(build)
        def typed_method(*args: Any, **kwargs: Any) -> Any:
            return client.request(build(*args, **kwargs))

        return typed_method

    def __call__(self, client: Any, *args: P.args, **kwargs: P.kwargs) -> Any:
        """``Client.ping(client)``, as with any method looked up on the class."""
        return client.request(self.build(*args, **kwargs))


class FeedMethods:
    """The settings, the connection and the non-blocking half of a client; see the module doc.

    Parameters are those of :class:`feedvm.Client`.
    """

    def __init__(self, binary: Optional[PathLike] = None, args: Sequence[str] = (),
                 env: Optional[Mapping[str, str]] = None, timeout: Optional[float] = None,
                 close_timeout: float = 3.0, stderr_tail_lines: int = 200, framing: str = NEWLINE,
                 max_message_bytes: Optional[int] = None) -> None:
        self.stderr_tail = StderrTail(stderr_tail_lines)
        #: The longest message read from the server; a longer one is skipped and logged.
        self.max_message_bytes = max_message_bytes or message_bound(args)
        self._connection: "Connection[Any]" = Connection(  # refuses an unknown framing before spawning
            framing, NotificationHub(), self._log, self.max_message_bytes)
        #: How messages are framed on the wire: ``"newline"`` or ``"content-length"``.
        self.framing = framing
        self.binary = find_binary(binary)
        self.args = list(args)
        self.env = dict(env) if env is not None else None
        self.default_timeout = timeout
        self.close_timeout = close_timeout

    # -- what each transport provides ----------------------------------------------------------

    def _write(self, data: bytes) -> None:
        """Write bytes to the server's stdin, or raise :class:`~feedvm.errors.ServerExited`."""
        raise NotImplementedError

    def _returncode(self) -> Optional[int]:
        """The server's exit status, ``None`` while it runs."""
        raise NotImplementedError

    def _write_request(self, request_id: int, data: bytes) -> None:
        """Write request ``request_id``; a transport that queues may later withdraw it."""
        self._write(data)

    def _withdraw(self, request_id: int) -> bool:
        """Take back request ``request_id`` if it is not written yet; ``True`` when taken back."""
        return False

    def _write_reply(self, data: bytes) -> None:
        """Write what the client answers on its own (refusals); never blocks, may drop."""
        self._write_quietly(data)

    def _log(self, line: str) -> None:
        """A note of the client's own about the server, kept in the stderr tail."""
        self.stderr_tail.feed(line.encode("utf-8", "replace"))

    # -- sending --------------------------------------------------------------------------------

    def _send(self, method: str, params: Optional[Any], waiter: Waiter) -> int:
        """Registers ``waiter`` and writes the request; returns its id."""
        request_id, data = self._connection.request(method, params, waiter)
        try:
            self._write_request(request_id, data)
        except ServerExited:
            self._connection.forget(request_id)
            raise
        return request_id

    def _timed_out(self, method: str, request_id: int, limit: Optional[float]) -> RpcTimeout:
        """Stops waiting for ``request_id``, tells the server (unless the request never left), and
        returns the error to raise. Never blocks: the deadline holds whatever the server does."""
        cancel = self._connection.abandon(request_id)
        if not self._withdraw(request_id):
            self._write_quietly(cancel)
        return RpcTimeout(method, request_id, float(limit or 0))

    def _limit(self, timeout: Optional[float]) -> Optional[float]:
        return self.default_timeout if timeout is None else timeout

    def _write_quietly(self, data: bytes) -> None:
        try:
            self._write(data)
        except ServerExited:
            pass

    def notify(self, method: str, params: Optional[Any] = None) -> None:
        """Send a notification (never answered)."""
        self._write(self._connection.notification(method, params))

    def cancel(self, request_id: int) -> None:
        """Send ``$/cancelRequest`` for ``request_id``; its call then raises ``RequestCancelled``."""
        self._write(self._connection.cancel(request_id))

    def write_raw(self, data: bytes) -> None:
        """Write bytes as they are, unframed (for protocol tests: malformed lines, batches)."""
        self._write(data)

    # -- receiving ------------------------------------------------------------------------------

    def on(self, method: str, callback: Callback) -> Callable[[], None]:
        """Call ``callback(notification)`` for each ``method`` notification (``"*"``: all).

        Callbacks run where the client reads (the reader thread, or the event loop), in arrival
        order: keep them short. Returns a function that unsubscribes.
        """
        return self._connection.hub.on(method, callback)

    def _received(self, data: bytes) -> None:
        """Dispatches what the server sent; answers its requests (-32601). Never raises."""
        try:
            replies = self._connection.receive(data)
        except Exception as error:  # noqa: BLE001 - the reader must outlive anything it reads
            self._log(f"feedvm client: what the server sent was skipped: {type(error).__name__}: {error}")
            return
        for reply in replies:
            self._write_reply(reply)

    def _exit_error(self) -> ServerExited:
        return self._connection.server_exited(self._returncode(), self.stderr_tail.text())

    def _output_ended(self) -> None:
        """stdout is closed or the process is gone: every waiting call fails with the exit error;
        iterators end. Idempotent."""
        self._connection.close(self._exit_error())

    # -- the typed methods (feedvm.requests) --------------------------------------------------

    initialize = TypedMethod(requests.initialize)
    ping = TypedMethod(requests.ping)
    transform = TypedMethod(requests.transform)
    request_command = TypedMethod(requests.request_command)
    retry = TypedMethod(requests.retry)
    load_image = TypedMethod(requests.load_image)
    bind_refresh_status = TypedMethod(requests.bind_refresh_status)
    update_input = TypedMethod(requests.update_input)
    will_display = TypedMethod(requests.will_display)
    did_end_displaying = TypedMethod(requests.did_end_displaying)
    cancel_image = TypedMethod(requests.cancel_image)
    dispose = TypedMethod(requests.dispose)
    shutdown = TypedMethod(requests.shutdown)
    show_new = TypedMethod(requests.show_new)
    update_item = TypedMethod(requests.update_item)
    remove_item = TypedMethod(requests.remove_item)
    cache_info = TypedMethod(requests.cache_info)
    clear_cache = TypedMethod(requests.clear_cache)
