"""The params and results of every feedvm method and notification, as ``TypedDict`` s.

GENERATED from protocol/feedvm.openrpc.json by clients/python/scripts/generate_protocol_types.py:
do not edit; run the script after changing the document (tests/test_protocol_types.py fails
until then). Optional members sit in a ``total=False`` subclass of the required ones.
"""

from typing import Any, Dict, List, Literal, Optional, TypedDict, Union
from .error_types import ErrorObject
from .input_types import Input

__all__ = [
    "SessionId", "RequestId", "Empty", "ClientInfo", "ClientCapabilitiesSections",
    "ClientCapabilitiesImages", "ClientCapabilities", "ServerCapabilitiesSections", "ImageFormat",
    "ServerCapabilitiesImages", "ServerCapabilities", "InitializeResultServerInfo",
    "InitializeResult", "FeedItem", "Section", "RefreshStatusName", "LoadError", "LoadState",
    "RefreshStatus", "Output", "TransformResult", "EndReason", "LoadResult", "Image",
    "ImageVariant", "IndexedItem", "SectionItemChangesMovedItem", "SectionItemChanges",
    "SectionChanges", "CancelImageResult", "WillDisplayResult", "UpdateInputResult",
    "OpenRPCDocument", "RetryResult", "RequestCommandResult", "SectionsAnchor", "EditResult",
    "ImageSize", "CacheLimits", "CacheInfoMemory", "CacheInfoDisk", "CacheInfo", "InitializeParams",
    "CancelRequestParams", "TransformParams", "RequestCommandParams", "BindRefreshStatusParams",
    "LoadImageParams", "CancelImageParams", "WillDisplayParams", "DidEndDisplayingParams",
    "UpdateInputParams", "DisposeParams", "ClearCacheParams", "UpdateItemParams",
    "RemoveItemParams", "SectionsParams", "RefreshStatusParams", "ImageDownloadedParams",
    "HudParams", "TokenRefreshedParams", "NewItemsParams", "METHOD_PARAMS", "METHOD_RESULTS",
    "NOTIFICATION_PARAMS",
]


#: Opaque session id.
SessionId = str


RequestId = Union[str, float, None]


class Empty(TypedDict):
    """The result of ``ping``, ``shutdown``, ``dispose``."""


class _ClientInfoRequired(TypedDict):
    name: str


class ClientInfo(_ClientInfoRequired, total=False):
    version: str


class ClientCapabilitiesSections(TypedDict, total=False):
    incremental: bool


class ClientCapabilitiesImages(TypedDict, total=False):
    inline: bool


class ClientCapabilities(TypedDict, total=False):
    sections: ClientCapabilitiesSections
    images: ClientCapabilitiesImages


class ServerCapabilitiesSections(TypedDict, total=False):
    incremental: bool


#: The format of the result: original keeps the downloaded bytes when nothing needs doing, and when
#: resized writes the original's format if it is JPEG or PNG, else PNG; png and jpeg transcode (JPEG
#: quality 85; transparency flattened onto white). GIF and BMP are decoded by no codec: when they
#: would have to be resized or transcoded they answer -32003 reason unsupportedFormat; when they
#: already fit and no other format is asked they are served as they are.
ImageFormat = Literal["original", "png", "jpeg"]


class ServerCapabilitiesImages(TypedDict, total=False):
    inline: bool
    formats: List[ImageFormat]


class ServerCapabilities(TypedDict, total=False):
    sections: ServerCapabilitiesSections
    images: ServerCapabilitiesImages
    sources: List[str]


class InitializeResultServerInfo(TypedDict):
    name: str
    version: str


class InitializeResult(TypedDict):
    """The result of ``initialize``."""
    protocolVersion: str
    serverInfo: InitializeResultServerInfo
    capabilities: ServerCapabilities


class _FeedItemRequired(TypedDict):
    id: str
    title: str


class FeedItem(_FeedItemRequired, total=False):
    """An item without an image (an article without a cover, a text post) has no imageURL. Fields a
    local edit (`updateItem`, 1.2) set beyond the nine follow them, as the front end wrote them.
    """
    imageURL: str
    thumbnailURL: str
    author: str
    source: str
    publishedAt: str
    width: int
    height: int
    extra: Dict[str, Any]


class _SectionRequired(TypedDict):
    items: List[FeedItem]


class Section(_SectionRequired, total=False):
    header: str


RefreshStatusName = Literal["none", "beingHeaderRefresh", "endHeaderRefresh", "beingFooterRefresh",
                            "endFooterRefresh", "noMoreData", "footerStatus"]


class _LoadErrorRequired(TypedDict):
    code: int
    message: str


class LoadError(_LoadErrorRequired, total=False):
    """A failed attempt, as the failed requestCommand is answered: its code (-32002, or -32004 for a
    refused URL), message and data members.
    """
    status: int
    url: str
    reason: str
    scheme: str


class _LoadStateRequired(TypedDict):
    state: Literal["idle", "loading", "error", "endOfList"]


class LoadState(_LoadStateRequired, total=False):
    """The state of one load type (Android Paging's LoadState). idle: no load of this type runs and
    the last one succeeded. loading: attempt `attempt` runs; while it waits after a transient
    failure, retryInMs is the wait and lastError the failure before it. error: the last load of this
    type failed (it stays until the next load of the type starts; a successful reload clears an
    append error): the error's code, message and data members, retryable (a transient failure: a
    Retry action makes sense) and attempts. endOfList (append only): no next page, and why.
    """
    attempt: int
    retryInMs: int
    lastError: LoadError
    code: int
    message: str
    status: int
    url: str
    reason: str
    scheme: str
    retryable: bool
    attempts: int


class _RefreshStatusRequired(TypedDict):
    status: RefreshStatusName


class RefreshStatus(_RefreshStatusRequired, total=False):
    """The result of ``bindRefreshStatus``."""
    isHidden: bool
    isNoMoreData: bool
    refresh: LoadState
    append: LoadState
    lastUpdated: int


class _OutputRequired(TypedDict):
    sections: List[Section]
    refreshStatus: RefreshStatus


class Output(_OutputRequired, total=False):
    stale: bool
    storedAt: int


class TransformResult(TypedDict):
    """The result of ``transform``."""
    session: SessionId
    output: Output


#: Why the list has no next page: hasMoreFalse (the has-more flag was false), totalReached (the
#: items reached the total), emptyPage (no items), shortPage (fewer items than the page size),
#: noNextURL (next-URL or Link paging: no next URL), noNextCursor (cursor paging: no cursor),
#: repeatedCursor (the next URL or cursor names a page already loaded), pageLimit (input.maxPages
#: pages were loaded). An open set: clients show unknown reasons as they are.
EndReason = Literal["hasMoreFalse", "totalReached", "emptyPage", "shortPage", "noNextURL",
                    "noNextCursor", "repeatedCursor", "pageLimit"]


class _LoadResultRequired(TypedDict):
    revision: int
    count: int
    page: int
    hasMore: bool


class LoadResult(_LoadResultRequired, total=False):
    duplicatesDropped: int
    endReason: EndReason
    attempts: int
    warnings: List[str]
    retried: bool
    shown: int


class _ImageRequired(TypedDict):
    url: str
    mimeType: Literal["image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp"]
    width: int
    height: int
    byteCount: int
    path: str


class Image(_ImageRequired, total=False):
    """The result of ``loadImage``."""
    data: str


#: Which rendition of an item's image: full loads imageURL; thumbnail loads thumbnailURL, or
#: imageURL when the item has no thumbnailURL. An item without imageURL has no image in either
#: variant.
ImageVariant = Literal["full", "thumbnail"]


class IndexedItem(TypedDict):
    index: int
    item: FeedItem


SectionItemChangesMovedItem = TypedDict("SectionItemChangesMovedItem", {"from": int, "to": int})


class SectionItemChanges(TypedDict):
    section: int
    count: int
    deleted: List[int]
    inserted: List[IndexedItem]
    moved: List[SectionItemChangesMovedItem]
    updated: List[IndexedItem]


class SectionChanges(TypedDict):
    baseRevision: int
    sections: List[SectionItemChanges]


class CancelImageResult(TypedDict):
    """The result of ``cancelImage``, ``didEndDisplaying``."""
    cancelled: bool


class WillDisplayResult(TypedDict):
    """The result of ``willDisplay``."""
    loadMore: bool
    image: bool
    ready: bool


class UpdateInputResult(TypedDict):
    """The result of ``updateInput``."""
    revision: int


class _OpenRPCDocumentRequired(TypedDict):
    openrpc: str
    info: Dict[str, Any]
    methods: List[Any]


class OpenRPCDocument(_OpenRPCDocumentRequired, total=False):
    """The result of ``rpc.discover``."""
    components: Dict[str, Any]


class RetryResult(TypedDict):
    """The answer to requestCommand {retry: true} when nothing had failed."""
    retried: Literal[False]


#: The result of ``requestCommand``.
RequestCommandResult = Union[LoadResult, RetryResult]


class SectionsAnchor(TypedDict):
    """1.2. Where the row the reader was looking at went: scroll it to where it was to keep the
    place.
    """
    id: str
    index: int


class EditResult(TypedDict):
    """The result of ``updateItem``, ``removeItem``."""
    revision: int
    found: bool


class ImageSize(TypedDict, total=False):
    """The box an image is drawn in, in pixels: the result keeps the original's aspect ratio, fits
    the box and is never larger than the original (no upscaling). A side left out is not limited.
    """
    maxWidth: int
    maxHeight: int


class CacheLimits(TypedDict, total=False):
    """The process's image cache limits (initialize cache): each member given replaces the current
    value (lowering a limit evicts at once).
    """
    memoryBytes: int
    diskBytes: int
    maxAge: int


class CacheInfoMemory(TypedDict):
    entries: int
    bytes: int
    limit: int


class CacheInfoDisk(TypedDict):
    entries: int
    bytes: int
    limit: int
    directory: str
    indexed: bool


class CacheInfo(TypedDict):
    """The result of ``cacheInfo``, ``clearCache``."""
    memory: CacheInfoMemory
    disk: CacheInfoDisk
    maxAge: int


class InitializeParams(TypedDict, total=False):
    """The params of ``initialize``: Optional handshake: exchange capabilities and the protocol
    version.
    """
    clientInfo: ClientInfo
    capabilities: ClientCapabilities
    protocolVersion: str
    cache: CacheLimits


class CancelRequestParams(TypedDict):
    """The params of ``$/cancelRequest``: Cancel a running request; it is answered -32800."""
    id: RequestId


class TransformParams(TypedDict):
    """The params of ``transform``: Create a session (a view model) from an input."""
    input: Input


class _RequestCommandParamsRequired(TypedDict):
    session: SessionId


class RequestCommandParams(_RequestCommandParamsRequired, total=False):
    """The params of ``requestCommand``: Reload (first page) or load more (next page); answered when
    the load ends.
    """
    reload: bool
    retry: bool
    showNew: bool


class _BindRefreshStatusParamsRequired(TypedDict):
    session: SessionId


class BindRefreshStatusParams(_BindRefreshStatusParamsRequired, total=False):
    """The params of ``bindRefreshStatus``: Bind the front end's refresh controls; returns the
    latest status with the load states.
    """
    header: bool
    footer: bool


class _LoadImageParamsRequired(TypedDict):
    session: SessionId
    index: int


class LoadImageParams(_LoadImageParamsRequired, total=False):
    """The params of ``loadImage``: Load an item's image or its thumbnail at a size and format
    (cache first); sends imageDownloaded, then answers.
    """
    inline: bool
    variant: ImageVariant
    size: ImageSize
    maxPixelSize: int
    format: ImageFormat
    refresh: bool


class CancelImageParams(TypedDict):
    """The params of ``cancelImage``: Cancel this session's pending image loads of an item, of
    either variant.
    """
    session: SessionId
    index: int


class _WillDisplayParamsRequired(TypedDict):
    session: SessionId
    index: int


class WillDisplayParams(_WillDisplayParamsRequired, total=False):
    """The params of ``willDisplay``: The front end is about to show an item: prefetch the next
    page, load the item's image (the variant, size and format named, the full original by default)
    if it has one, and prefetch the next prefetchImages rows' images at low priority.
    """
    variant: ImageVariant
    size: ImageSize
    maxPixelSize: int
    format: ImageFormat


class DidEndDisplayingParams(TypedDict):
    """The params of ``didEndDisplaying``: An item left the screen: cancel its pending image loads
    (both variants).
    """
    session: SessionId
    index: int


class UpdateInputParams(TypedDict):
    """The params of ``updateInput``: Change a live session's input (category switch): cancel loads,
    clear the list, reset paging.
    """
    session: SessionId
    input: Input


class DisposeParams(TypedDict):
    """The params of ``dispose``: Release a session; its in-flight requests are answered -32800."""
    session: SessionId


class ClearCacheParams(TypedDict, total=False):
    """The params of ``clearCache``: Empty the memory and/or disk image cache; answers cacheInfo
    afterwards.
    """
    memory: bool
    disk: bool


class UpdateItemParams(TypedDict):
    """The params of ``updateItem``: 1.2. A local edit: set fields on an item; sent as an
    incremental change and kept.
    """
    session: SessionId
    id: str
    fields: Dict[str, Any]


class RemoveItemParams(TypedDict):
    """The params of ``removeItem``: 1.2. A local edit: hide an item for good; sent as an
    incremental change and kept.
    """
    session: SessionId
    id: str


class _SectionsParamsRequired(TypedDict):
    session: SessionId
    revision: int


class SectionsParams(_SectionsParamsRequired, total=False):
    """The params of ``sections``: The session's list changed: a full snapshot or incremental
    changes.
    """
    sections: List[Section]
    changes: SectionChanges
    anchor: SectionsAnchor
    stale: bool
    storedAt: int


class _RefreshStatusParamsRequired(TypedDict):
    session: SessionId
    status: RefreshStatusName


class RefreshStatusParams(_RefreshStatusParamsRequired, total=False):
    """The params of ``refreshStatus``: A bound refresh control's status changed."""
    isHidden: bool
    isNoMoreData: bool
    refresh: LoadState
    append: LoadState
    lastUpdated: int


class _ImageDownloadedParamsRequired(TypedDict):
    session: SessionId
    index: int
    variant: ImageVariant
    image: Optional[Image]


class ImageDownloadedParams(_ImageDownloadedParamsRequired, total=False):
    """The params of ``imageDownloaded``: An image load ended (success: image; failure: null and
    error); variant says which rendition.
    """
    size: ImageSize
    format: ImageFormat
    error: ErrorObject


class _HudParamsRequired(TypedDict):
    session: SessionId
    style: Literal["success", "error", "info"]
    message: str


class HudParams(_HudParamsRequired, total=False):
    """The params of ``hud``: A HUD message (the seeds' SVProgressHUD)."""
    warning: Literal[True]


class TokenRefreshedParams(TypedDict):
    """The params of ``tokenRefreshed``: The envelope token the session just renewed, for the front
    end to keep (seed 004's UserDefaults).
    """
    session: SessionId
    token: str


class NewItemsParams(TypedDict):
    """The params of ``newItems``: 1.2. A background reload found new items at the top; the list
    waits for requestCommand {showNew: true}.
    """
    session: SessionId
    count: int
    ids: List[str]


#: The params type of each client-to-server method that takes params.
METHOD_PARAMS: Dict[str, Any] = {
    "initialize": InitializeParams,
    "$/cancelRequest": CancelRequestParams,
    "transform": TransformParams,
    "requestCommand": RequestCommandParams,
    "bindRefreshStatus": BindRefreshStatusParams,
    "loadImage": LoadImageParams,
    "cancelImage": CancelImageParams,
    "willDisplay": WillDisplayParams,
    "didEndDisplaying": DidEndDisplayingParams,
    "updateInput": UpdateInputParams,
    "dispose": DisposeParams,
    "clearCache": ClearCacheParams,
    "updateItem": UpdateItemParams,
    "removeItem": RemoveItemParams,
}

#: The result type of each request.
METHOD_RESULTS: Dict[str, Any] = {
    "initialize": InitializeResult,
    "ping": Empty,
    "rpc.discover": OpenRPCDocument,
    "shutdown": Empty,
    "transform": TransformResult,
    "requestCommand": RequestCommandResult,
    "bindRefreshStatus": RefreshStatus,
    "loadImage": Image,
    "cancelImage": CancelImageResult,
    "willDisplay": WillDisplayResult,
    "didEndDisplaying": CancelImageResult,
    "updateInput": UpdateInputResult,
    "dispose": Empty,
    "cacheInfo": CacheInfo,
    "clearCache": CacheInfo,
    "updateItem": EditResult,
    "removeItem": EditResult,
}

#: The params type of each server-to-client notification.
NOTIFICATION_PARAMS: Dict[str, Any] = {
    "sections": SectionsParams,
    "refreshStatus": RefreshStatusParams,
    "imageDownloaded": ImageDownloadedParams,
    "hud": HudParams,
    "tokenRefreshed": TokenRefreshedParams,
    "newItems": NewItemsParams,
}
