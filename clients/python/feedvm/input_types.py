"""The session input of feedvm (``transform``, ``updateInput``), as ``TypedDict`` s.

GENERATED from protocol/feedvm.openrpc.json by clients/python/scripts/generate_protocol_types.py:
do not edit; run the script after changing the document (tests/test_protocol_types.py fails
until then). Optional members sit in a ``total=False`` subclass of the required ones.
"""

from typing import Any, Dict, List, Literal, TypedDict, Union

__all__ = [
    "RetryOptions", "RetryPolicy", "BusinessCode", "InputAuth", "Template", "URLTemplate",
    "BodyTemplate", "KeyPath", "KeyPaths", "FieldPaths", "CustomFields", "CustomSource", "Input",
]


class RetryOptions(TypedDict, total=False):
    """The retry policy's numbers; each member optional, any other member is -32602."""
    maxAttempts: int
    baseDelayMs: int
    maxDelayMs: int


#: How transient failures (connection errors, timeouts, HTTP 408, 425, 429, 500, 502, 503, 504) of
#: page and image loads are retried: exponential backoff with full jitter (the wait before attempt
#: n+1 is drawn from 0...min(maxDelayMs, baseDelayMs * 2^(n-1))), a Retry-After (seconds or HTTP
#: date) waited instead, up to the request deadline. false: one attempt; true or absent: the
#: defaults.
RetryPolicy = Union[bool, RetryOptions]


#: A business code; "0" and 0 are the same code.
BusinessCode = Union[str, float, bool]


class _InputAuthRequired(TypedDict):
    refreshURL: str


class InputAuth(_InputAuthRequired, total=False):
    """Envelope source: the seed 004 silent token renewal. Requests carry `Authorization: Bearer
    <token>`; HTTP 401 or an envelope code in expiredCodes renews the token from refreshURL once and
    retries each request once.
    """
    token: str
    tokenPath: str
    expiredCodes: List[int]


#: A string with request placeholders {baseURL}, {category}, {page}, {pageSize}, {offset}, {cursor},
#: {accessKey}; any other {name} is rejected (-32602 naming the member).
Template = str


#: A Template that starts with http://, https:// or {baseURL}.
URLTemplate = Template


#: A JSON body template: placeholders are substituted inside strings; a string that is exactly
#: "{page}", "{pageSize}" or "{offset}" becomes a number; an object member whose string comes out
#: empty is left out.
BodyTemplate = Union[Template, float, bool, None, List[Any], Dict[str, Any]]


#: A dotted path into a JSON value (data.children, images.0); the empty path is the value itself.
KeyPath = str


#: A key path, or a non-empty array of them tried in order.
KeyPaths = Union[KeyPath, List[KeyPath]]


#: Where a FeedItem member is in an item: a key path, a field template whose {placeholders} are key
#: paths of the item (https://cdn.example.com/{logo}), or a non-empty array of them tried in order.
FieldPaths = Union[str, List[str]]


class _CustomFieldsRequired(TypedDict):
    id: FieldPaths


class CustomFields(_CustomFieldsRequired, total=False):
    """The field map of the custom source. An item without an id is dropped; one without an image is
    kept without imageURL. Relative imageURL/thumbnailURL references are resolved against the page's
    URL (after redirects, the URL the page came from).
    """
    title: FieldPaths
    imageURL: FieldPaths
    thumbnailURL: FieldPaths
    author: FieldPaths
    source: FieldPaths
    publishedAt: FieldPaths
    width: FieldPaths
    height: FieldPaths


class _CustomSourceRequired(TypedDict):
    url: URLTemplate
    fields: CustomFields


class CustomSource(_CustomSourceRequired, total=False):
    """The custom source (protocol/README.md section 5, "The custom source"): where pages are, how
    they are paged, where items and end-of-list signals sit in the answer, and how an item maps to a
    FeedItem. Unknown members are rejected (-32602).
    """
    firstURL: URLTemplate
    method: Literal["GET", "POST"]
    body: Union[Dict[str, BodyTemplate], List[BodyTemplate]]
    query: Dict[str, Template]
    headers: Dict[str, Template]
    paging: Literal["page", "offset", "cursor", "next"]
    firstPage: Literal[0, 1]
    firstCursor: str
    items: KeyPath
    total: KeyPaths
    totalHeader: str
    hasMore: KeyPath
    nextCursor: KeyPath
    nextURL: KeyPath
    linkHeader: bool
    errorFlag: KeyPath
    code: KeyPath
    successCode: BusinessCode
    message: KeyPaths


class Input(TypedDict, total=False):
    """Source-specific members (custom: URL template, key paths, field map) are allowed."""
    source: Literal["stub", "gank", "unsplash", "envelope", "custom"]
    category: str
    pageSize: int
    baseURL: str
    accessKey: str
    total: int
    headers: Dict[str, str]
    prefetchDistance: int
    hud: bool
    stubDelayMs: int
    retry: RetryPolicy
    maxPages: int
    successCode: BusinessCode
    auth: InputAuth
    custom: CustomSource
    staleAfterMs: int
    refreshIntervalMs: int
    autoShowNew: bool
