"""Python client for feedvm, the headless MVVM engine for paged image feeds.

- :class:`Client` / :class:`AsyncClient` spawn ``feedvm`` and speak its
  JSON-RPC 2.0, one message per line or (``framing="content-length"``) with
  LSP base-protocol headers (see the project's ``protocol/``).
- :class:`FeedMirror` keeps a local copy of a session's sections.
- ``python -m feedvm.fixtures`` serves fake gank / Unsplash / envelope / cursor
  APIs with real images; ``python -m feedvm.demo`` is a tkinter front end.
"""

from .async_client import AsyncClient
from .client import Client
from .discovery import find_binary
from .errors import (ApplicationError, BinaryNotFound, FeedVMError, ImageLoadFailed,
                     InternalError, InvalidParams, InvalidRequest, LoadFailed, MethodNotFound,
                     ParseError, RequestCancelled, RpcError, RpcTimeout, SchemeRefused,
                     ServerExited, ServerShuttingDown, TooManySessions, UnknownSession)
from .mirror import FeedMirror, InvalidChanges, MirrorOutOfSync
from .notification_types import (NOTIFICATION_PARAMS, HudParams, ImageDownloadedParams,
                                  RefreshStatusParams, SectionsParams, TokenRefreshedParams)
from .wire import CONTENT_LENGTH, FRAMINGS, NEWLINE, Notification, message_bound

__version__ = "0.1.0"

__all__ = [
    "Client", "AsyncClient", "find_binary", "Notification", "FeedMirror",
    "NOTIFICATION_PARAMS", "SectionsParams", "RefreshStatusParams", "ImageDownloadedParams",
    "HudParams", "TokenRefreshedParams", "NEWLINE", "CONTENT_LENGTH", "FRAMINGS", "message_bound",
    "MirrorOutOfSync", "InvalidChanges",
    "FeedVMError", "BinaryNotFound", "RpcError", "ParseError", "InvalidRequest",
    "MethodNotFound", "InvalidParams", "InternalError", "RequestCancelled",
    "ApplicationError", "UnknownSession", "LoadFailed", "ImageLoadFailed", "SchemeRefused",
    "TooManySessions", "ServerShuttingDown", "RpcTimeout", "ServerExited",
]
