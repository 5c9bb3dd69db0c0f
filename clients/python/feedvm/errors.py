"""Exceptions raised by the feedvm clients.

Every JSON-RPC error answer becomes an :class:`RpcError` carrying the wire
``code``, ``message`` and ``data``. Well-known codes get their own subclass so
callers can ``except UnknownSession`` instead of comparing numbers; any other
code in the application range -32099..-32000 is an :class:`ApplicationError`.
"""

from typing import Any, Dict, Optional, Type

__all__ = [
    "FeedVMError",
    "BinaryNotFound",
    "RpcError",
    "ParseError",
    "InvalidRequest",
    "MethodNotFound",
    "InvalidParams",
    "InternalError",
    "RequestCancelled",
    "ApplicationError",
    "UnknownSession",
    "LoadFailed",
    "ImageLoadFailed",
    "SchemeRefused",
    "TooManySessions",
    "ServerShuttingDown",
    "RpcTimeout",
    "ServerExited",
    "error_from_wire",
]


class FeedVMError(Exception):
    """Base class of everything this package raises on purpose."""


class BinaryNotFound(FeedVMError, FileNotFoundError):
    """No ``feedvm`` executable was found; the message lists every place tried."""


class RpcError(FeedVMError):
    """The server answered a request with a JSON-RPC error object."""

    #: The code this class stands for (``None`` for the generic class).
    CODE: Optional[int] = None

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(f"[{code}] {message}")
        self.code = code
        self.message = message
        self.data = data


class ParseError(RpcError):
    """-32700: the server could not parse what was sent."""

    CODE = -32700


class InvalidRequest(RpcError):
    """-32600: the message was JSON but not a valid request."""

    CODE = -32600


class MethodNotFound(RpcError):
    """-32601: the server does not know the method."""

    CODE = -32601


class InvalidParams(RpcError):
    """-32602: a parameter is missing or wrong; the message names it."""

    CODE = -32602


class InternalError(RpcError):
    """-32603: the server failed unexpectedly."""

    CODE = -32603


class RequestCancelled(RpcError):
    """-32800: the request was cancelled (``$/cancelRequest``) or superseded by a reload."""

    CODE = -32800


class ApplicationError(RpcError):
    """A code in the application range -32099..-32000 (e.g. a failed load)."""


class UnknownSession(ApplicationError):
    """-32001: the session id is not (or no longer) known to the server."""

    CODE = -32001


class LoadFailed(ApplicationError):
    """-32002: a feed page failed to load; ``data`` may hold ``status``, ``url`` and ``reason``
    (``timedOut``, ``bodyTooLarge``, ``malformedResponse``, ... protocol/README.md section 10)."""

    CODE = -32002


class ImageLoadFailed(ApplicationError):
    """-32003: an image failed to load; ``data`` holds ``index`` and maybe ``url``, ``status``,
    ``reason`` (also ``notAnImage``, ``cacheUnavailable``)."""

    CODE = -32003


class SchemeRefused(ApplicationError):
    """-32004: a URL whose scheme may not be fetched; ``data`` holds ``scheme``."""

    CODE = -32004


class TooManySessions(ApplicationError):
    """-32005: the server's session limit is reached; ``data`` holds ``limit``."""

    CODE = -32005


class ServerShuttingDown(ApplicationError):
    """-32006: ``shutdown`` was called; only ``ping`` and ``exit`` still work."""

    CODE = -32006


class RpcTimeout(FeedVMError, TimeoutError):
    """A call did not finish in time; ``$/cancelRequest`` was sent for it."""

    def __init__(self, method: str, request_id: int, timeout: float) -> None:
        super().__init__(f"{method} (id {request_id}) timed out after {timeout:g}s; cancel sent")
        self.method = method
        self.request_id = request_id
        self.timeout = timeout


class ServerExited(FeedVMError):
    """The server process is gone; ``stderr_tail`` holds its last stderr lines."""

    def __init__(self, returncode: Optional[int], stderr_tail: str) -> None:
        tail = stderr_tail.strip()
        detail = f"; stderr tail:\n{tail}" if tail else ""
        super().__init__(f"feedvm exited with return code {returncode}{detail}")
        self.returncode = returncode
        self.stderr_tail = stderr_tail


_BY_CODE: Dict[int, Type[RpcError]] = {
    cls.CODE: cls
    for cls in (ParseError, InvalidRequest, MethodNotFound, InvalidParams,
                InternalError, RequestCancelled, UnknownSession, LoadFailed,
                ImageLoadFailed, SchemeRefused, TooManySessions, ServerShuttingDown)
    if cls.CODE is not None
}


def error_from_wire(error: Any) -> RpcError:
    """Turn a JSON-RPC ``error`` member into the most specific :class:`RpcError`."""
    if not isinstance(error, dict):
        return InternalError(-32603, f"malformed error object: {error!r}")
    code = error.get("code")
    message = error.get("message")
    if not isinstance(code, int) or isinstance(code, bool):
        return InternalError(-32603, f"malformed error object: {error!r}", error)
    text = message if isinstance(message, str) else repr(message)
    cls = _BY_CODE.get(code)
    if cls is None:
        cls = ApplicationError if -32099 <= code <= -32000 else RpcError
    return cls(code, text, error.get("data"))
