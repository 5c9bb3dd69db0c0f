"""Sans-IO JSON-RPC 2.0 framing shared by the sync and asyncio clients.

One JSON text per line, UTF-8, ``\\n`` terminated. This module only turns
Python values into lines and lines into :class:`Response` / :class:`Notification`
values; it never touches a pipe, so both clients share it unchanged.
"""

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Union

__all__ = ["Notification", "Response", "Incoming", "encode_request",
           "encode_notification", "decode_line", "CANCEL_METHOD"]

#: The notification that asks the server to cancel a request by id.
CANCEL_METHOD = "$/cancelRequest"


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


def _dump(message: Dict[str, Any]) -> bytes:
    # ensure_ascii keeps U+2028/2029 and every other non-ASCII code point escaped,
    # so a line never contains anything but the final newline.
    return json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"


def encode_request(request_id: int, method: str, params: Optional[Any]) -> bytes:
    """One request line; ``params`` is omitted when ``None``."""
    message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return _dump(message)


def encode_notification(method: str, params: Optional[Any]) -> bytes:
    """One notification line (no ``id``: the server never answers it)."""
    message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return _dump(message)


def encode_error(request_id: Any, code: int, message: str) -> bytes:
    """An error answer, used to refuse server-to-client requests."""
    return _dump({"jsonrpc": "2.0", "id": request_id,
                  "error": {"code": code, "message": message}})


def decode_line(line: bytes) -> List[Incoming]:
    """Decode one line (a message or a batch) into incoming values.

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
