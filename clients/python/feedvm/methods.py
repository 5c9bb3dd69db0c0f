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
from .wire import NEWLINE

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
                 close_timeout: float = 3.0, stderr_tail_lines: int = 200, framing: str = NEWLINE) -> None:
        self.stderr_tail = StderrTail(stderr_tail_lines)
        self._connection: "Connection[Any]" = Connection(  # refuses an unknown framing before spawning
            framing, NotificationHub(), lambda line: self.stderr_tail.feed(line.encode()))
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

    # -- sending --------------------------------------------------------------------------------

    def _send(self, method: str, params: Optional[Any], waiter: Waiter) -> int:
        """Registers ``waiter`` and writes the request; returns its id."""
        request_id, data = self._connection.request(method, params, waiter)
        try:
            self._write(data)
        except ServerExited:
            self._connection.forget(request_id)
            raise
        return request_id

    def _timed_out(self, method: str, request_id: int, limit: Optional[float]) -> RpcTimeout:
        """Stops waiting for ``request_id``, tells the server, and returns the error to raise."""
        self._write_quietly(self._connection.abandon(request_id))
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
        """Dispatches what the server sent; answers its requests (-32601)."""
        for reply in self._connection.receive(data):
            self._write_quietly(reply)

    def _exit_error(self) -> ServerExited:
        return self._connection.server_exited(self._returncode(), self.stderr_tail.text())

    def _output_ended(self) -> None:
        """stdout is closed: every waiting call fails with the exit error; iterators end."""
        self._connection.close(self._exit_error())

    # -- the typed methods (feedvm.requests) --------------------------------------------------

    initialize = TypedMethod(requests.initialize)
    ping = TypedMethod(requests.ping)
    transform = TypedMethod(requests.transform)
    request_command = TypedMethod(requests.request_command)
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
