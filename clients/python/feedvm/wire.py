"""Sans-IO JSON-RPC 2.0 framing shared by the sync and asyncio clients.

Two framings (protocol/README.md, section 1): ``"newline"``, one JSON text per
line, UTF-8, ``\\n`` terminated; and ``"content-length"``, the LSP base
protocol (``Content-Length: N\\r\\n\\r\\n`` then N bytes of JSON), which the
server detects from the first bytes and answers in kind. This module only turns
Python values into framed messages and received bytes into
:class:`Response` / :class:`Notification` values; it never touches a pipe, so
both clients share it unchanged.
"""

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Union

__all__ = ["Notification", "Response", "Incoming", "encode_request",
           "encode_notification", "decode_line", "frame", "MessageSplitter",
           "CANCEL_METHOD", "NEWLINE", "CONTENT_LENGTH", "FRAMINGS"]

#: The notification that asks the server to cancel a request by id.
CANCEL_METHOD = "$/cancelRequest"

#: One JSON text per line (the default).
NEWLINE = "newline"
#: ``Content-Length`` headers, as in the LSP base protocol.
CONTENT_LENGTH = "content-length"
#: Every framing the server speaks.
FRAMINGS = (NEWLINE, CONTENT_LENGTH)


@dataclass(frozen=True)
class Notification:
    """A server-to-client notification: ``method`` and its ``params`` object."""

    method: str
    params: Dict[str, Any] = field(default_factory=dict)

    @property
    def session(self) -> Optional[str]:
        """The ``session`` the notification is about, when it names one."""
        value = self.params.get("session")
        return value if isinstance(value, str) else None


@dataclass(frozen=True)
class Response:
    """A response to request ``id``: exactly one of ``result`` and ``error`` is meaningful."""

    id: Any
    result: Any = None
    error: Optional[Dict[str, Any]] = None


@dataclass(frozen=True)
class ServerRequest:
    """A request the server sent to the client (this client answers -32601)."""

    id: Any
    method: str


Incoming = Union[Response, Notification, ServerRequest]


def frame(body: bytes, framing: str = NEWLINE) -> bytes:
    """``body`` (one JSON text without a line end) framed for the wire."""
    if framing == CONTENT_LENGTH:
        return b"Content-Length: %d\r\n\r\n" % len(body) + body
    if framing == NEWLINE:
        return body + b"\n"
    raise ValueError(f"unknown framing {framing!r}; expected one of {FRAMINGS}")


def _dump(message: Dict[str, Any], framing: str) -> bytes:
    # ensure_ascii keeps U+2028/2029 and every other non-ASCII code point escaped,
    # so a line never contains anything but the final newline.
    return frame(json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode("ascii"), framing)


def encode_request(request_id: int, method: str, params: Optional[Any], framing: str = NEWLINE) -> bytes:
    """One framed request; ``params`` is omitted when ``None``."""
    message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return _dump(message, framing)


def encode_notification(method: str, params: Optional[Any], framing: str = NEWLINE) -> bytes:
    """One framed notification (no ``id``: the server never answers it)."""
    message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return _dump(message, framing)


def encode_error(request_id: Any, code: int, message: str, framing: str = NEWLINE) -> bytes:
    """A framed error answer, used to refuse server-to-client requests."""
    return _dump({"jsonrpc": "2.0", "id": request_id,
                  "error": {"code": code, "message": message}}, framing)


class MessageSplitter:
    """Cuts received bytes into message bodies: ``feed(chunk)`` returns the complete ones.

    ``"newline"``: every line (its ``\\n`` removed). ``"content-length"``: every body
    after a header block; header names are case-insensitive and headers other than
    ``Content-Length`` are ignored. Each byte is scanned once, so a 13 MB inline
    image costs no more than its size. ``pending`` is what is left of a partial message.
    """

    def __init__(self, framing: str = NEWLINE) -> None:
        if framing not in FRAMINGS:
            raise ValueError(f"unknown framing {framing!r}; expected one of {FRAMINGS}")
        self.framing = framing
        self._buffer = bytearray()
        self._scanned = 0
        self._body_length: Optional[int] = None

    @property
    def pending(self) -> bytes:
        """The bytes of a message not complete yet."""
        return bytes(self._buffer)

    def feed(self, data: bytes) -> List[bytes]:
        """Adds ``data``; returns every message completed by it, in order."""
        self._buffer += data
        messages: List[bytes] = []
        while True:
            body = self._next_line() if self.framing == NEWLINE else self._next_framed()
            if body is None:
                return messages
            messages.append(body)

    def _take(self, end: int, skip: int) -> bytes:
        body = bytes(self._buffer[:end])
        del self._buffer[:end + skip]
        self._scanned = 0
        return body

    def _next_line(self) -> Optional[bytes]:
        newline = self._buffer.find(b"\n", self._scanned)
        if newline < 0:
            self._scanned = len(self._buffer)
            return None
        return self._take(newline, 1)

    def _next_framed(self) -> Optional[bytes]:
        if self._body_length is None:
            end = self._buffer.find(b"\r\n\r\n", max(0, self._scanned - 3))
            if end < 0:
                self._scanned = len(self._buffer)
                return None
            self._body_length = _content_length(self._take(end, 4))
        if len(self._buffer) < self._body_length:
            return None
        length, self._body_length = self._body_length, None
        return self._take(length, 0)


def _content_length(header: bytes) -> int:
    for line in header.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value.strip())
    raise ValueError(f"no Content-Length in the header {header[:200]!r}")


def decode_line(line: bytes) -> List[Incoming]:
    """Decode one line or framed body (a message or a batch) into incoming values.

    Blank lines give nothing. Anything that is not a response, notification or
    request raises ``ValueError`` so the caller can report a protocol violation.
    """
    text = line.rstrip(b"\r\n")
    if not text.strip():
        return []
    value = json.loads(text.decode("utf-8"))
    items = value if isinstance(value, list) else [value]
    return [_classify(item) for item in items]


def _classify(item: Any) -> Incoming:
    if not isinstance(item, dict) or item.get("jsonrpc") != "2.0":
        raise ValueError(f"not a JSON-RPC 2.0 message: {item!r}")
    method = item.get("method")
    if isinstance(method, str):
        if "id" in item:
            return ServerRequest(item["id"], method)
        params = item.get("params")
        return Notification(method, params if isinstance(params, dict) else {})
    if "id" in item and ("result" in item or "error" in item):
        return Response(item["id"], item.get("result"), item.get("error"))
    raise ValueError(f"neither response nor notification: {item!r}")
