"""A typed request per feedvm method, written once for both clients (sans-IO).

Each function builds the wire params of one method (checked against the generated
``<Method>Params`` type) and returns a :class:`Request` whose type parameter is the method's
result type in :mod:`feedvm.protocol_types`. ``Client`` and ``AsyncClient`` expose every one of
them as a method of the same name and parameters (see :class:`feedvm.methods.TypedMethod`):
``client.request_command(session, reload=True)`` is ``client.request(request_command(session,
True))``. Wire names and results are in protocol/README.md section 6.
"""

from dataclasses import dataclass
from typing import Any, Dict, Generic, Optional, TypeVar

from .input_types import Input
from .protocol_types import (BindRefreshStatusParams, CacheInfo, CacheLimits, CancelImageParams, CancelImageResult,
                             ClearCacheParams, ClientCapabilities, ClientInfo, DidEndDisplayingParams, DisposeParams,
                             EditResult, Empty, Image, ImageFormat, ImageSize, ImageVariant, InitializeParams,
                             InitializeResult, LoadImageParams, LoadResult, RefreshStatus, RemoveItemParams,
                             RequestCommandParams, RequestCommandResult, TransformParams, TransformResult,
                             UpdateInputParams, UpdateInputResult, UpdateItemParams, WillDisplayParams, WillDisplayResult)

__all__ = ["PROTOCOL_VERSION", "Request", "initialize", "ping", "transform", "request_command", "retry", "load_image",
           "bind_refresh_status", "update_input", "will_display", "did_end_displaying", "cancel_image",
           "dispose", "shutdown", "show_new", "update_item", "remove_item", "cache_info", "clear_cache"]

#: The protocol version this client speaks (``initialize`` sends it; protocol/README.md s. 12).
PROTOCOL_VERSION = "1.2"

T = TypeVar("T")


@dataclass(frozen=True)
class Request(Generic[T]):
    """One request: the wire ``method``, its ``params`` and the call's ``timeout``; ``T`` is its result."""

    method: str
    params: Optional[Any]
    timeout: Optional[float] = None


def initialize(client_info: Optional[ClientInfo] = None, capabilities: Optional[ClientCapabilities] = None,
               timeout: Optional[float] = None,
               protocol_version: Optional[str] = PROTOCOL_VERSION,
               cache: Optional[CacheLimits] = None) -> Request[InitializeResult]:
    """Optional handshake -> ``{protocolVersion, serverInfo, capabilities}``.

    Sends the ``protocol_version`` this client speaks (``None``: none); a server of another major
    version refuses it with :class:`~feedvm.errors.InvalidParams` whose ``data["supported"]`` is
    the version it speaks.

    ``capabilities={"sections": {"incremental": True}}`` asks for incremental ``sections``
    changes (see :mod:`feedvm.mirror`); ``{"images": {"inline": True}}`` adds base64 ``data`` to
    every image. ``cache={"memoryBytes": ..., "diskBytes": ..., "maxAge": seconds}`` sets the
    process's image cache limits (1.2).
    """
    params: InitializeParams = {}
    if client_info is not None:
        params["clientInfo"] = client_info
    if capabilities is not None:
        params["capabilities"] = capabilities
    if protocol_version is not None:
        params["protocolVersion"] = protocol_version
    if cache is not None:
        params["cache"] = cache
    return Request("initialize", params, timeout)


def ping(timeout: Optional[float] = None) -> Request[Empty]:
    """Liveness check -> ``{}``."""
    return Request("ping", {}, timeout)


def transform(input: Input, timeout: Optional[float] = None) -> Request[TransformResult]:  # noqa: A002
    """Create a session -> ``{"session": id, "output": {"sections", "refreshStatus"}}``.

    ``input`` holds ``source`` (``stub`` by default, ``gank``, ``unsplash``, ``envelope``,
    ``custom``), ``category``, ``pageSize``, ``baseURL``, ...
    """
    params: TransformParams = {"input": input}
    return Request("transform", params, timeout)


def request_command(session: str, reload: bool, timeout: Optional[float] = None) -> Request[LoadResult]:
    """Reload (``True``) or load the next page -> ``{revision, count, page, hasMore}``.

    Also ``endReason`` when ``hasMore`` is false, ``attempts`` after automatic retries,
    ``warnings`` about the source's description. Answers after the load's notifications; a load
    superseded by a reload raises :class:`~feedvm.errors.RequestCancelled`.
    """
    params: RequestCommandParams = {"session": session, "reload": reload}
    return Request("requestCommand", params, timeout)


def show_new(session: str, timeout: Optional[float] = None) -> Request[LoadResult]:
    """Show the new items a background reload announced (``newItems``) -> the load result with
    ``shown``, how many were shown (0, and nothing changes, when none wait)."""
    params: RequestCommandParams = {"session": session, "showNew": True}
    return Request("requestCommand", params, timeout)


def retry(session: str, timeout: Optional[float] = None) -> Request[RequestCommandResult]:
    """Run the failed load again with the same page (``requestCommand {retry: true}``).

    -> the load's result with ``retried: True``, or ``{"retried": False}`` when nothing had
    failed (the ``refresh`` and ``append`` load states say what failed).
    """
    params: RequestCommandParams = {"session": session, "retry": True}
    return Request("requestCommand", params, timeout)


def load_image(session: str, index: int, inline: bool = False, timeout: Optional[float] = None,
               variant: Optional[ImageVariant] = None, size: Optional[ImageSize] = None,
               max_pixel_size: Optional[int] = None, format: Optional[ImageFormat] = None,  # noqa: A002
               refresh: bool = False) -> Request[Image]:
    """Download (or take from cache) item ``index``'s image.

    -> ``{url, mimeType, width, height, byteCount, path, data?}``; ``data`` (base64) only when
    ``inline``. ``variant="thumbnail"`` loads the item's ``thumbnailURL`` (its ``imageURL`` when
    it has none) instead of the full image. An item without ``imageURL`` raises
    ``ImageLoadFailed`` with ``data["reason"] == "noImage"``.

    ``size={"maxWidth": w, "maxHeight": h}`` (either may be left out) or ``max_pixel_size=n``
    resizes to fit (aspect ratio kept, never enlarged); ``format`` is ``"original"`` (default),
    ``"png"`` or ``"jpeg"``; ``refresh=True`` downloads the original again (1.2).
    """
    params: LoadImageParams = {"session": session, "index": index}
    if inline:
        params["inline"] = True
    if variant is not None:
        params["variant"] = variant
    _add_image_options(params, size, max_pixel_size, format)
    if refresh:
        params["refresh"] = True
    return Request("loadImage", params, timeout)


def _add_image_options(params: Any, size: Optional[ImageSize], max_pixel_size: Optional[int],
                       format: Optional[ImageFormat]) -> None:  # noqa: A002
    if size is not None:
        params["size"] = size
    if max_pixel_size is not None:
        params["maxPixelSize"] = max_pixel_size
    if format is not None:
        params["format"] = format


def bind_refresh_status(session: str, header: bool = True, footer: bool = True,
                        timeout: Optional[float] = None) -> Request[RefreshStatus]:
    """Subscribe to ``refreshStatus`` notifications -> the current status, flat."""
    params: BindRefreshStatusParams = {"session": session, "header": header, "footer": footer}
    return Request("bindRefreshStatus", params, timeout)


def update_input(session: str, input: Input,  # noqa: A002
                 timeout: Optional[float] = None) -> Request[UpdateInputResult]:
    """Change a live session's input (e.g. switch category) -> ``{"revision": n}``."""
    params: UpdateInputParams = {"session": session, "input": input}
    return Request("updateInput", params, timeout)


def will_display(session: str, index: int, timeout: Optional[float] = None,
                 variant: Optional[ImageVariant] = None, size: Optional[ImageSize] = None,
                 max_pixel_size: Optional[int] = None,
                 format: Optional[ImageFormat] = None) -> Request[WillDisplayResult]:  # noqa: A002
    """Row ``index`` is about to be shown -> ``{"loadMore": bool, "image": bool, "ready": bool}``.

    Near the end of the list this starts (or joins) a load-more; the row's image (the full one,
    or ``variant``, at ``size``/``max_pixel_size`` and ``format`` as ``load_image`` takes them)
    in no cache starts loading, and the next ``prefetchImages`` rows' images are prefetched.
    Answers once both ended; ``ready`` says the image was already cached.
    """
    params: WillDisplayParams = {"session": session, "index": index}
    if variant is not None:
        params["variant"] = variant
    _add_image_options(params, size, max_pixel_size, format)
    return Request("willDisplay", params, timeout)


def did_end_displaying(session: str, index: int, timeout: Optional[float] = None) -> Request[CancelImageResult]:
    """Row ``index`` left the screen -> ``{"cancelled": bool}`` (as ``cancel_image``)."""
    params: DidEndDisplayingParams = {"session": session, "index": index}
    return Request("didEndDisplaying", params, timeout)


def cancel_image(session: str, index: int, timeout: Optional[float] = None) -> Request[CancelImageResult]:
    """Cancel a pending image load of row ``index`` -> ``{"cancelled": bool}``."""
    params: CancelImageParams = {"session": session, "index": index}
    return Request("cancelImage", params, timeout)


def dispose(session: str, timeout: Optional[float] = None) -> Request[Empty]:
    """End a session -> ``{}``; its id is unknown afterwards."""
    params: DisposeParams = {"session": session}
    return Request("dispose", params, timeout)


def update_item(session: str, id: str, fields: Dict[str, Any],  # noqa: A002
                timeout: Optional[float] = None) -> Request[EditResult]:
    """A local edit: set ``fields`` on item ``id`` -> ``{"revision", "found"}``.

    ``title``, ``imageURL``, ``thumbnailURL``, ``author``, ``source``, ``publishedAt``, ``width``
    and ``height`` by name (``None`` clears one); any other name becomes an extra field of the
    item. Sent as an incremental change, applied to later pages and reloads, kept in the store.
    """
    params: UpdateItemParams = {"session": session, "id": id, "fields": fields}
    return Request("updateItem", params, timeout)


def remove_item(session: str, id: str, timeout: Optional[float] = None) -> Request[EditResult]:  # noqa: A002
    """A local edit: hide item ``id`` for good -> ``{"revision", "found"}``."""
    params: RemoveItemParams = {"session": session, "id": id}
    return Request("removeItem", params, timeout)
def cache_info(timeout: Optional[float] = None) -> Request[CacheInfo]:
    """The image caches -> ``{"memory": {entries, bytes, limit}, "disk": {entries, bytes, limit,
    directory, indexed}, "maxAge"}`` (1.2)."""
    return Request("cacheInfo", {}, timeout)


def clear_cache(memory: bool = True, disk: bool = True, timeout: Optional[float] = None) -> Request[CacheInfo]:
    """Empty the memory and/or disk image cache -> ``cacheInfo`` afterwards (1.2)."""
    params: ClearCacheParams = {"memory": memory, "disk": disk}
    return Request("clearCache", params, timeout)


def shutdown(timeout: Optional[float] = None) -> Request[Empty]:
    """Finish in-flight requests -> ``{}``; afterwards only ``ping`` works."""
    return Request("shutdown", None, timeout)
