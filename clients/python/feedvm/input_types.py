"""The session input of feedvm (``transform``, ``updateInput``), as ``TypedDict`` s.

GENERATED from protocol/feedvm.openrpc.json by clients/python/scripts/generate_protocol_types.py:
do not edit; run the script after changing the document (tests/test_protocol_types.py fails
until then). Optional members sit in a ``total=False`` subclass of the required ones.
"""

from typing import Any, Dict, List, Literal, TypedDict, Union

__all__ = [
    "RetryOptions", "RetryPolicy", "BusinessCode", "InputAuth", "Template", "URLTemplate",
    "BodyTemplate", "KeyPath", "KeyPaths", "CursorPath", "FieldPath", "FieldPaths", "CustomFields",
    "DetailTemplate", "DetailURLTemplate", "DetailRequest", "OAuth2ClientCredentials", "RateLimit",
    "CustomSource", "Input",
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
#: {accessKey}; any other {name} is rejected (-32602 naming the member). At most 8192 bytes and 64
#: placeholders.
Template = str


#: A Template that starts with http://, https:// or {baseURL}.
URLTemplate = Template


#: A JSON body template: placeholders are substituted inside strings; a string that is exactly
#: "{page}", "{pageSize}" or "{offset}" becomes a number; an object member whose string comes out
#: empty is left out.
BodyTemplate = Union[Template, float, bool, None, List[Any], Dict[str, Any]]


#: A dotted path into a JSON value (data.children, images.0); the empty path is the value itself.
#: Selectors: [-1] (the last element; [N] counts from the start, [-N] from the end), [key=value]
#: (the first element whose member key reads as value, e.g. links[rel=next].href), * (an object's
#: values in order, e.g. query.pages.*). @ names the value being read and $ the whole answer (@.id,
#: $.config.iiif_url).
KeyPath = str


#: A key path, or a non-empty array of them tried in order.
KeyPaths = Union[KeyPath, List[KeyPath]]


#: A KeyPath, or a template whose placeholders read the page: {path} or {$.path} (the answer),
#: {$last.path} (the last element of the item array), e.g. b{$last.id}. What it reads is a cursor
#: when it is a string or a number; absent, null, false, 0 and "" mean there is no next page.
CursorPath = str


class _FieldPathRequired(TypedDict):
    path: str


class FieldPath(_FieldPathRequired, total=False):
    """A key path or field template whose value is itself a template of the API's (Twitch's
    …-{width}x{height}.jpg), filled with fill; for imageURL and thumbnailURL the size a front end
    asks for fills {width} and {height}.
    """
    fill: Dict[str, Union[str, int]]


#: Where a FeedItem member is in an item: a key path, a field template whose {placeholders} read the
#: item ({path}, {@.path}, {@}) or the whole answer ({$.path}), a FieldPath object, or a non-empty
#: array of them tried in order.
FieldPaths = Union[str, FieldPath, List[Union[str, FieldPath]]]


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
    extra: Dict[str, FieldPaths]


#: A Template of a detail request: the request placeholders, and {@} (the listed value, e.g. an id),
#: {@.path} (a member of a listed object), {$.path} (the list's answer).
DetailTemplate = str


#: A DetailTemplate that starts with http://, https:// or {baseURL}.
DetailURLTemplate = DetailTemplate


class _DetailRequestRequired(TypedDict):
    url: DetailURLTemplate


class DetailRequest(_DetailRequestRequired, total=False):
    """One GET per listed item, for lists of ids (Hacker News, The Met): at most concurrency at a
    time, items in list order, fields mapping the detail answer; a failed detail leaves its item out
    with a warning.
    """
    query: Dict[str, DetailTemplate]
    item: KeyPath
    concurrency: int


class _OAuth2ClientCredentialsRequired(TypedDict):
    tokenURL: str
    clientId: str
    clientSecret: str


class OAuth2ClientCredentials(_OAuth2ClientCredentialsRequired, total=False):
    """OAuth2 client credentials (RFC 6749 section 4.4): the bearer token is fetched from tokenURL
    on first use and again before it expires or after a 401. clientId, clientSecret and every token
    are secrets.
    """
    scope: str
    credentials: Literal["basic", "body"]


class _RateLimitRequired(TypedDict):
    requestsPerSecond: float


class RateLimit(_RateLimitRequired, total=False):
    """A token bucket shared by the session's page and detail requests, kept across updateInput."""
    burst: int


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
    paging: Literal["page", "offset", "cursor", "next", "query", "none"]
    firstPage: Literal[0, 1]
    firstCursor: str
    items: KeyPath
    total: KeyPaths
    totalHeader: str
    hasMore: KeyPath
    nextCursor: CursorPath
    nextCursorHeader: str
    nextURL: CursorPath
    nextQuery: KeyPath
    linkHeader: bool
    errorFlag: KeyPath
    code: KeyPath
    successCode: BusinessCode
    message: KeyPaths
    detail: DetailRequest
    oauth2: OAuth2ClientCredentials
    rateLimit: RateLimit


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
    prefetchImages: int
