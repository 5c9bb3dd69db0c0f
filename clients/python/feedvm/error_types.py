"""The ``error`` member of feedvm's error responses and its ``data`` per code, as ``TypedDict`` s.

GENERATED from protocol/feedvm.openrpc.json by clients/python/scripts/generate_protocol_types.py:
do not edit; run the script after changing the document (tests/test_protocol_types.py fails
until then). Optional members sit in a ``total=False`` subclass of the required ones.
"""

from typing import Any, Dict, Literal, TypedDict

__all__ = [
    "ParseErrorData", "InvalidRequestData", "MethodNotFoundData", "InternalErrorData",
    "UnknownSessionData", "LoadFailedData", "ImageLoadFailedData", "SchemeRefusedData",
    "TooManySessionsData", "CancelledData", "InvalidParamsData", "ErrorObject", "RpcError",
    "ERROR_DATA",
]


class ParseErrorData(TypedDict):
    """The ``data`` of error -32700 (Parse error)."""
    reason: str


class InvalidRequestData(TypedDict, total=False):
    """The ``data`` of error -32600 (Invalid request)."""
    reason: str


class MethodNotFoundData(TypedDict):
    """The ``data`` of error -32601 (Method not found)."""
    method: str


class InternalErrorData(TypedDict, total=False):
    """The ``data`` of error -32603 (Internal error)."""
    reason: str


class UnknownSessionData(TypedDict):
    """The ``data`` of error -32001 (Unknown session)."""
    session: str


class LoadFailedData(TypedDict, total=False):
    """The ``data`` of error -32002 (Load failed)."""
    status: int
    url: str
    reason: Literal["timedOut", "bodyTooLarge", "malformedResponse", "tooManyRedirects",
                    "connectionFailed", "transportUnavailable"]


class _ImageLoadFailedDataRequired(TypedDict):
    index: int


class ImageLoadFailedData(_ImageLoadFailedDataRequired, total=False):
    """The ``data`` of error -32003 (Image load failed)."""
    url: str
    status: int
    reason: Literal["timedOut", "bodyTooLarge", "malformedResponse", "tooManyRedirects",
                    "connectionFailed", "transportUnavailable", "notAnImage", "cacheUnavailable",
                    "noImage", "decoderUnavailable", "unsupportedFormat", "imageTooLarge",
                    "truncatedImage", "corruptImage", "outOfMemory", "encodingFailed"]
    library: str
    package: str


class _SchemeRefusedDataRequired(TypedDict):
    scheme: str


class SchemeRefusedData(_SchemeRefusedDataRequired, total=False):
    """The ``data`` of error -32004 (URL scheme refused)."""
    url: str


class TooManySessionsData(TypedDict):
    """The ``data`` of error -32005 (Too many sessions)."""
    limit: int


class CancelledData(TypedDict):
    """The ``data`` of error -32800 (Request cancelled)."""
    reason: Literal["clientCancelled", "superseded", "inputChanged", "disposed", "imageCancelled",
                    "shutdown"]


class InvalidParamsData(TypedDict, total=False):
    """The ``data`` of error -32602 (Invalid params)."""
    field: str
    reason: str
    supported: str


class _ErrorObjectRequired(TypedDict):
    code: int
    message: str


class ErrorObject(_ErrorObjectRequired, total=False):
    data: Any


#: The `error` member of every error response; `data` depends on `code` (README section 10).
RpcError = ErrorObject


#: The type of the ``data`` of each error code that has one.
ERROR_DATA: Dict[int, Any] = {
    -32700: ParseErrorData,
    -32600: InvalidRequestData,
    -32601: MethodNotFoundData,
    -32603: InternalErrorData,
    -32001: UnknownSessionData,
    -32002: LoadFailedData,
    -32003: ImageLoadFailedData,
    -32004: SchemeRefusedData,
    -32005: TooManySessionsData,
    -32800: CancelledData,
    -32602: InvalidParamsData,
}
