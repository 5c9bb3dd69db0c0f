"""The params of every notification feedvm sends, as ``TypedDict`` s (protocol/README.md s. 7).

``Notification.params`` is a plain dict; annotate it with these to let a type checker see the
members, e.g. ``params: TokenRefreshedParams = note.params``. ``NOTIFICATION_PARAMS`` maps each
notification's method name to its type (checked against protocol/feedvm.openrpc.json by the
tests).
"""

from typing import Any, Dict, List, Optional, Type, TypedDict

__all__ = ["SectionsParams", "RefreshStatusParams", "ImageDownloadedParams", "HudParams",
           "TokenRefreshedParams", "NOTIFICATION_PARAMS"]


class _SessionParams(TypedDict):
    session: str


class _SectionsRequired(_SessionParams):
    revision: int


class SectionsParams(_SectionsRequired, total=False):
    """``sections``: a full snapshot (``sections``) or, for incremental clients, ``changes``."""

    sections: List[Dict[str, Any]]
    changes: Dict[str, Any]


class _RefreshStatusRequired(_SessionParams):
    status: str


class RefreshStatusParams(_RefreshStatusRequired, total=False):
    """``refreshStatus``, flat; ``isHidden``/``isNoMoreData`` exactly with ``footerStatus``."""

    isHidden: bool
    isNoMoreData: bool


class _ImageDownloadedRequired(_SessionParams):
    index: int
    variant: str
    image: Optional[Dict[str, Any]]


class ImageDownloadedParams(_ImageDownloadedRequired, total=False):
    """``imageDownloaded``: the ``variant`` (``"full"`` or ``"thumbnail"``) and the image, or
    ``None`` and the ``error`` ``{code, message}``."""

    error: Dict[str, Any]


class HudParams(_SessionParams):
    """``hud``: ``style`` is ``success``, ``error`` or ``info``."""

    style: str
    message: str


class TokenRefreshedParams(_SessionParams):
    """``tokenRefreshed``: the envelope token the session renewed; persist it and pass it as
    ``auth.token`` next time (the session itself keeps using it)."""

    token: str


NOTIFICATION_PARAMS: Dict[str, Type[Any]] = {
    "sections": SectionsParams,
    "refreshStatus": RefreshStatusParams,
    "imageDownloaded": ImageDownloadedParams,
    "hud": HudParams,
    "tokenRefreshed": TokenRefreshedParams,
}
