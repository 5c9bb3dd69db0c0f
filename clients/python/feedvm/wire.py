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
from itertools import accumulate
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

__all__ = ["Notification", "Response", "Incoming", "encode_request",
           "encode_notification", "decode_line", "frame", "MessageSplitter", "message_bound",
           "DEFAULT_MAX_MESSAGE_BYTES",
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


#: The longest message a client reads unless told otherwise: the server's bound on its pending
#: output (protocol/README.md section 11), which also holds an image at the default image cap
#: (20 MiB) inline as base64.
DEFAULT_MAX_MESSAGE_BYTES = 64 << 20
#: How deep a message may nest (the server's own limit); a deeper one is skipped unread.
MAX_DEPTH = 512
#: The longest header section of a framed message (the server's own limit).
MAX_HEADER_BYTES = 8192
_HEADER_START = b"content-length:"


def message_bound(args: Sequence[str] = ()) -> int:
    """The longest message a server started with ``args`` may send.

    At least :data:`DEFAULT_MAX_MESSAGE_BYTES`; more when ``--max-image-bytes`` lets an inline
    image (base64: 4/3 of its bytes) or ``--max-message-bytes`` lets a message grow beyond it.
    """
    bound = DEFAULT_MAX_MESSAGE_BYTES
    values = list(args)
    for position, flag in enumerate(values[:-1]):
        if not values[position + 1].isdigit():
            continue
        number = int(values[position + 1])
        if flag == "--max-image-bytes":
            bound = max(bound, number * 4 // 3 + (1 << 20))
        elif flag == "--max-message-bytes":
            bound = max(bound, number)
    return bound


class MessageSplitter:
    """Cuts received bytes into message bodies: ``feed(chunk)`` returns the complete ones.

    ``"newline"``: every line (its ``\\n`` removed). ``"content-length"``: every body
    after a header section; header names are case-insensitive and headers other than
    ``Content-Length`` are ignored. Each byte is scanned once, so a 13 MB inline
    image costs no more than its size. ``pending`` is what is left of a partial message.

    Nothing the server sends stops the splitter: a message longer than ``max_message_bytes`` is
    dropped as it arrives (never held), a header section without a readable ``Content-Length``
    or over :data:`MAX_HEADER_BYTES` is dropped up to the next ``Content-Length:``; each is
    reported once to ``on_error`` and the next message is read.
    """

    def __init__(self, framing: str = NEWLINE, max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
                 on_error: Callable[[str], None] = lambda message: None) -> None:
        if framing not in FRAMINGS:
            raise ValueError(f"unknown framing {framing!r}; expected one of {FRAMINGS}")
        self.framing = framing
        self.max_message_bytes = max_message_bytes
        self._on_error = on_error
        self._buffer = bytearray()
        self._scanned = 0
        self._body_length: Optional[int] = None
        self._skipping: Optional[int] = None  # bytes of an over-long line dropped so far
        self._skip_body = 0  # bytes of an over-long framed body still to drop
        self._resync = False  # after a bad header: drop bytes up to the next Content-Length:

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

    def _over_bound(self, size: int) -> None:
        self._on_error(f"a message of {size} bytes or more skipped: over the bound of "
                       f"{self.max_message_bytes} bytes (max_message_bytes)")

    def _next_line(self) -> Optional[bytes]:
        while True:
            newline = self._buffer.find(b"\n", self._scanned)
            if self._skipping is not None:
                if newline < 0:
                    self._skipping += len(self._buffer)
                    self._buffer.clear()
                    return None
                self._over_bound(self._skipping + newline)
                self._skipping = None
                self._take(newline, 1)
                continue
            if newline < 0:
                if len(self._buffer) > self.max_message_bytes:
                    self._skipping = len(self._buffer)
                    self._buffer.clear()
                    self._scanned = 0
                else:
                    self._scanned = len(self._buffer)
                return None
            if newline > self.max_message_bytes:
                self._over_bound(newline)
                self._take(newline, 1)
                continue
            return self._take(newline, 1)

    def _next_framed(self) -> Optional[bytes]:
        while True:
            if self._skip_body:
                dropped = min(self._skip_body, len(self._buffer))
                del self._buffer[:dropped]
                self._skip_body -= dropped
                if self._skip_body:
                    return None
            if self._resync and not self._find_next_header():
                return None
            if self._body_length is None:
                while self._buffer.startswith(b"\r\n"):  # blank lines between messages
                    del self._buffer[:2]
                    self._scanned = 0
                end = self._buffer.find(b"\r\n\r\n", max(0, self._scanned - 3))
                if end < 0 or end > MAX_HEADER_BYTES:
                    if end > MAX_HEADER_BYTES or len(self._buffer) > MAX_HEADER_BYTES:
                        self._bad_header(f"a header section over {MAX_HEADER_BYTES} bytes")
                        continue
                    self._scanned = len(self._buffer)
                    return None
                header = self._take(end, 4)
                try:
                    length = _content_length(header)
                except ValueError as error:
                    self._bad_header(str(error))
                    continue
                if length > self.max_message_bytes:
                    self._over_bound(length)
                    self._skip_body = length
                    continue
                self._body_length = length
            if len(self._buffer) < self._body_length:
                return None
            length, self._body_length = self._body_length, None
            return self._take(length, 0)

    def _bad_header(self, reason: str) -> None:
        self._on_error(f"unreadable header skipped to the next Content-Length: {reason}")
        del self._buffer[:1]  # at least one byte, so the same header is never read twice
        self._scanned = 0
        self._resync = True

    def _find_next_header(self) -> bool:
        start = bytes(self._buffer).lower().find(_HEADER_START)
        if start < 0:
            del self._buffer[:max(0, len(self._buffer) - len(_HEADER_START) + 1)]
            return False
        del self._buffer[:start]
        self._resync = False
        self._scanned = 0
        return True


def _content_length(header: bytes) -> int:
    length: Optional[int] = None
    for line in header.split(b"\r\n"):
        name, colon, value = line.partition(b":")
        if not colon:
            raise ValueError(f"a header line without a colon: {line[:100]!r}")
        if name.strip().lower() == b"content-length":
            text = value.strip()
            if not text.isdigit():
                raise ValueError(f"Content-Length is not a number: {text[:100]!r}")
            length = int(text)
    if length is None:
        raise ValueError(f"no Content-Length in the header {header[:200]!r}")
    return length


def decode_line(line: bytes) -> List[Incoming]:
    """Decode one line or framed body (a message or a batch) into incoming values.

    Blank lines give nothing. Anything that is not a response, notification or
    request raises ``ValueError`` so the caller can report a protocol violation.
    """
    text = line.rstrip(b"\r\n")
    if not text.strip():
        return []
    if text.count(b"[") + text.count(b"{") > MAX_DEPTH and _depth(text) > MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} deep")
    value = json.loads(text.decode("utf-8"))
    items = value if isinstance(value, list) else [value]
    return [_classify(item) for item in items]


_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[]{}")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _depth(text: bytes) -> int:
    """How deep ``text``'s arrays and objects nest; brackets inside strings do not count.

    Escaped backslashes, then escaped quotes, are removed, so every quote left opens or closes a
    string; what lies outside strings is every other piece between quotes.
    """
    outside = b"".join(text.replace(b"\\\\", b"").replace(b'\\"', b"").split(b'"')[::2])
    return max(accumulate(map(_STEP.__getitem__, outside.translate(None, _NOT_BRACKETS)), initial=0))


def _classify(item: Any) -> Incoming:
    if not isinstance(item, dict) or item.get("jsonrpc") != "2.0":
        raise ValueError(f"not a JSON-RPC 2.0 message: {_abridged(item)}")
    method = item.get("method")
    if isinstance(method, str):
        if "id" in item:
            return ServerRequest(item["id"], method)
        params = item.get("params")
        return Notification(method, params if isinstance(params, dict) else {})
    if "id" in item and ("result" in item or "error" in item):
        return Response(item["id"], item.get("result"), item.get("error"))
    raise ValueError(f"neither response nor notification: {_abridged(item)}")


def _abridged(item: Any) -> str:
    text = repr(item)
    return text if len(text) <= 200 else f"{text[:200]}... ({len(text)} characters)"
