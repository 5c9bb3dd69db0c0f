"""The params of every notification feedvm sends (protocol/README.md s. 7), as ``TypedDict`` s.

``Notification.params`` is a plain dict; annotate it with these to let a type checker see the
members, e.g. ``params: TokenRefreshedParams = note.params``. They are generated from
protocol/feedvm.openrpc.json into :mod:`feedvm.protocol_types`, with every method's params and
result; ``NOTIFICATION_PARAMS`` maps each notification's method name to its type.
"""

from .protocol_types import (NOTIFICATION_PARAMS, HudParams, ImageDownloadedParams, RefreshStatusParams,
                             SectionsParams, TokenRefreshedParams)

__all__ = ["SectionsParams", "RefreshStatusParams", "ImageDownloadedParams", "HudParams",
           "TokenRefreshedParams", "NOTIFICATION_PARAMS"]
