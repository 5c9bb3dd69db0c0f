"""The typed feedvm methods, written once for both clients.

Each method only builds the wire params and delegates to ``call``; with
``Client`` it returns the result dict, with ``AsyncClient`` an awaitable of it.
Wire names: ``initialize``, ``ping``, ``transform``, ``requestCommand``,
``loadImage``, ``bindRefreshStatus``, ``updateInput``, ``willDisplay``,
``didEndDisplaying``, ``cancelImage``, ``dispose``, ``shutdown`` (protocol/README.md).
"""

from typing import Any, Dict, Generic, Literal, Optional, TypeVar

from .errors import ServerExited
from .wire import CANCEL_METHOD, NEWLINE, MessageSplitter, decode_line, encode_error, encode_notification

__all__ = ["FeedMethods", "PROTOCOL_VERSION"]

#: The protocol version this client speaks (``initialize`` sends it; protocol/README.md s. 12).
PROTOCOL_VERSION = "1.1"

R = TypeVar("R")
#: Which rendition of an item's image ``load_image``/``will_display`` ask for.
ImageVariant = Literal["full", "thumbnail"]
JSONObject = Dict[str, Any]


class FeedMethods(Generic[R]):
    """Typed wrappers around ``call``; ``R`` is what ``call`` returns."""

    #: How messages are framed on the wire: ``"newline"`` or ``"content-length"``.
    framing: str = NEWLINE

    def call(self, method: str, params: Optional[Any] = None,
             timeout: Optional[float] = None) -> R:
        """Send a request and return its result (implemented by each client)."""
        raise NotImplementedError

    def _write(self, line: bytes) -> None:
        """Write one encoded line to the server's stdin (implemented by each client)."""
        raise NotImplementedError

    _splitter: MessageSplitter
    stderr_tail: Any

    def _dispatch(self, message: Any) -> None:
        """Handle one decoded message (implemented by each client)."""
        raise NotImplementedError

    def _receive(self, chunk: bytes) -> None:
        """Decode and dispatch every message ``chunk`` completes; an unreadable one is logged."""
        for raw in self._splitter.feed(chunk):
            try:
                incoming = decode_line(raw)
            except ValueError as error:
                self.stderr_tail.feed(f"feedvm client: unreadable message from server: {error}".encode())
                continue
            for message in incoming:
                self._dispatch(message)

    def notify(self, method: str, params: Optional[Any] = None) -> None:
        """Send a notification (never answered)."""
        self._write(encode_notification(method, params, self.framing))

    def cancel(self, request_id: int) -> None:
        """Send ``$/cancelRequest`` for ``request_id``; its call then raises ``RequestCancelled``."""
        self.notify(CANCEL_METHOD, {"id": request_id})

    def _refuse(self, request_id: Any, method: str) -> None:
        """Answer a request the server sent us with -32601: the client serves no methods."""
        try:
            self._write(encode_error(request_id, -32601, f"client has no method {method}", self.framing))
        except ServerExited:
            pass

    def write_raw(self, data: bytes) -> None:
        """Write bytes as they are, unframed (for protocol tests: malformed lines, batches)."""
        self._write(data)

    def initialize(self, client_info: Optional[JSONObject] = None,
                   capabilities: Optional[JSONObject] = None,
                   timeout: Optional[float] = None,
                   protocol_version: Optional[str] = PROTOCOL_VERSION) -> R:
        """Optional handshake -> ``{protocolVersion, serverInfo, capabilities}``.

        Sends the ``protocol_version`` this client speaks (``None``: none); a server of
        another major version refuses it with :class:`~feedvm.errors.InvalidParams` whose
        ``data["supported"]`` is the version it speaks.

        ``capabilities={"sections": {"incremental": True}}`` asks for incremental
        ``sections`` changes (see :mod:`feedvm.mirror`); ``{"images": {"inline": True}}``
        adds base64 ``data`` to every image.
        """
        params: JSONObject = {}
        if client_info is not None:
            params["clientInfo"] = client_info
        if capabilities is not None:
            params["capabilities"] = capabilities
        if protocol_version is not None:
            params["protocolVersion"] = protocol_version
        return self.call("initialize", params, timeout)

    def ping(self, timeout: Optional[float] = None) -> R:
        """Liveness check -> ``{}``."""
        return self.call("ping", {}, timeout)

    def transform(self, input: JSONObject, timeout: Optional[float] = None) -> R:  # noqa: A002
        """Create a session -> ``{"session": id, "output": {"sections", "refreshStatus"}}``.

        ``input`` holds ``source`` (``stub`` by default, ``gank``, ``unsplash``,
        ``envelope``, ``custom``), ``category``, ``pageSize``, ``baseURL``, ...
        """
        return self.call("transform", {"input": input}, timeout)

    def request_command(self, session: str, reload: bool,
                        timeout: Optional[float] = None) -> R:
        """Reload (``True``) or load the next page -> ``{revision, count, page, hasMore}``.

        Answers after the load's notifications; a load superseded by a reload
        raises :class:`~feedvm.errors.RequestCancelled`.
        """
        return self.call("requestCommand", {"session": session, "reload": reload}, timeout)

    def load_image(self, session: str, index: int, inline: bool = False,
                   timeout: Optional[float] = None, variant: Optional[ImageVariant] = None) -> R:
        """Download (or take from cache) item ``index``'s image.

        -> ``{url, mimeType, width, height, byteCount, path, data?}``; ``data``
        (base64) only when ``inline``. ``variant="thumbnail"`` loads the item's
        ``thumbnailURL`` (its ``imageURL`` when it has none) instead of the full image.
        An item without ``imageURL`` raises ``ImageLoadFailed`` with
        ``data["reason"] == "noImage"``.
        """
        params: JSONObject = {"session": session, "index": index}
        if inline:
            params["inline"] = True
        if variant is not None:
            params["variant"] = variant
        return self.call("loadImage", params, timeout)

    def bind_refresh_status(self, session: str, header: bool = True, footer: bool = True,
                            timeout: Optional[float] = None) -> R:
        """Subscribe to ``refreshStatus`` notifications -> the current status, flat."""
        return self.call("bindRefreshStatus",
                         {"session": session, "header": header, "footer": footer}, timeout)

    def update_input(self, session: str, input: JSONObject,  # noqa: A002
                     timeout: Optional[float] = None) -> R:
        """Change a live session's input (e.g. switch category)."""
        return self.call("updateInput", {"session": session, "input": input}, timeout)

    def will_display(self, session: str, index: int, timeout: Optional[float] = None,
                     variant: Optional[ImageVariant] = None) -> R:
        """Row ``index`` is about to be shown -> ``{"loadMore": bool, "image": bool}``.

        Near the end of the list this starts (or joins) a load-more; the row's image
        (the full one, or ``variant``) in no cache starts loading. Answers once both ended.
        """
        params: JSONObject = {"session": session, "index": index}
        if variant is not None:
            params["variant"] = variant
        return self.call("willDisplay", params, timeout)

    def did_end_displaying(self, session: str, index: int,
                           timeout: Optional[float] = None) -> R:
        """Row ``index`` left the screen -> ``{"cancelled": bool}`` (as ``cancel_image``)."""
        return self.call("didEndDisplaying", {"session": session, "index": index}, timeout)

    def cancel_image(self, session: str, index: int, timeout: Optional[float] = None) -> R:
        """Cancel a pending image load of row ``index`` -> ``{"cancelled": bool}``."""
        return self.call("cancelImage", {"session": session, "index": index}, timeout)

    def dispose(self, session: str, timeout: Optional[float] = None) -> R:
        """End a session -> ``{}``; its id is unknown afterwards."""
        return self.call("dispose", {"session": session}, timeout)

    def shutdown(self, timeout: Optional[float] = None) -> R:
        """Finish in-flight requests -> ``{}``; afterwards only ``ping`` works."""
        return self.call("shutdown", None, timeout)
