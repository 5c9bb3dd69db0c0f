// The protocol's values: components.schemas of protocol/feedvm.openrpc.json, same names and
// members (test/openrpc.test.js checks them). Re-exported by index.d.ts.

export type SessionId = string;
export type RequestId = string | number | null;
export type Empty = Record<string, never>;

export interface ClientInfo {
  name: string;
  version?: string;
}

export interface ClientCapabilities {
  sections?: { incremental?: boolean };
  images?: { inline?: boolean };
}

export interface ServerCapabilities {
  sections?: { incremental?: boolean };
  images?: { inline?: boolean; formats?: ImageFormat[] };
  sources?: string[];
}

export interface InitializeResult {
  protocolVersion: string;
  serverInfo: { name: string; version: string };
  capabilities: ServerCapabilities;
}

export interface Input {
  source?: 'stub' | 'gank' | 'unsplash' | 'envelope' | 'custom';
  category?: string;
  pageSize?: number;
  baseURL?: string;
  accessKey?: string;
  total?: number;
  headers?: Record<string, string>;
  prefetchDistance?: number;
  prefetchImages?: number;
  hud?: boolean;
  stubDelayMs?: number;
  retry?: RetryPolicy;
  maxPages?: number;
  successCode?: BusinessCode;
  auth?: { token?: string; refreshURL: string; tokenPath?: string; expiredCodes?: number[] };
  custom?: CustomSource;
  staleAfterMs?: number;
  refreshIntervalMs?: number;
  autoShowNew?: boolean;
  [member: string]: unknown;
}

/** A string with request placeholders: {baseURL} {category} {page} {pageSize} {offset} {cursor} {accessKey}. */
export type Template = string;
/** A Template starting with http://, https:// or {baseURL}. */
export type URLTemplate = Template;
/** A JSON body template (an object's members written as an index signature: tsc refuses a
 * `Record` that refers to its own alias). */
export type BodyTemplate = Template | number | boolean | null | BodyTemplate[] | { [member: string]: BodyTemplate };
/** A dotted path into a JSON value (`data.children`, `images.0`), with selectors: `[-1]` (the
 * last element), `[rel=next]` (an element by a member's value), `*` (an object's values). */
export type KeyPath = string;
/** A key path, or a template over the page (`{$.path}`) and its last item (`b{$last.id}`). */
export type CursorPath = string;
export type KeyPaths = KeyPath | KeyPath[];
export type BusinessCode = string | number | boolean;
/** A value that is itself a template of the API's (`…-{width}x{height}.jpg`), filled with `fill`. */
export interface FieldPath {
  path: string;
  fill?: Record<string, string | number>;
}
/** A key path, a field template whose {placeholders} read the item (`{path}`, `{@}`) or the
 * answer (`{$.path}`), a `FieldPath`, or several tried in order. */
export type FieldPaths = string | FieldPath | (string | FieldPath)[];

export interface CustomFields {
  id: FieldPaths;
  title?: FieldPaths;
  imageURL?: FieldPaths;
  thumbnailURL?: FieldPaths;
  author?: FieldPaths;
  source?: FieldPaths;
  publishedAt?: FieldPaths;
  width?: FieldPaths;
  height?: FieldPaths;
  /** Values passed through into the item's `extra` under these names. */
  extra?: Record<string, FieldPaths>;
}

/** A Template of a detail request: also `{@}`, `{@.path}` (the listed value) and `{$.path}` (the list). */
export type DetailTemplate = string;
/** A DetailTemplate that starts with http://, https:// or {baseURL}. */
export type DetailURLTemplate = DetailTemplate;

/** One request per listed item (`{@}` is the listed value). */
export interface DetailRequest {
  url: DetailURLTemplate;
  query?: Record<string, DetailTemplate>;
  item?: KeyPath;
  concurrency?: number;
}

/** OAuth2 client credentials; the id, the secret and every token are secrets. */
export interface OAuth2ClientCredentials {
  tokenURL: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  credentials?: 'basic' | 'body';
}

/** A request budget shared by the session's page and detail requests. */
export interface RateLimit {
  requestsPerSecond: number;
  burst?: number;
}

/** The custom source (protocol/README.md section 5); unknown members are refused. */
export interface CustomSource {
  url: URLTemplate;
  firstURL?: URLTemplate;
  method?: 'GET' | 'POST';
  body?: Record<string, BodyTemplate> | BodyTemplate[];
  query?: Record<string, Template>;
  headers?: Record<string, Template>;
  paging?: 'page' | 'offset' | 'cursor' | 'next' | 'query' | 'none';
  firstPage?: 0 | 1;
  firstCursor?: string;
  items?: KeyPath;
  total?: KeyPaths;
  totalHeader?: string;
  hasMore?: KeyPath;
  nextCursor?: CursorPath;
  nextCursorHeader?: string;
  nextURL?: CursorPath;
  nextQuery?: KeyPath;
  linkHeader?: boolean;
  errorFlag?: KeyPath;
  code?: KeyPath;
  successCode?: BusinessCode;
  message?: KeyPaths;
  fields: CustomFields;
  detail?: DetailRequest;
  oauth2?: OAuth2ClientCredentials;
  rateLimit?: RateLimit;
}

/** An item without `imageURL` has no image (draw it as text); `thumbnailURL` is the grid's rendition. */
export interface FeedItem {
  id: string;
  title: string;
  imageURL?: string;
  thumbnailURL?: string;
  author?: string;
  source?: string;
  publishedAt?: string;
  width?: number;
  height?: number;
  /** Values the source passes through by name (`fields.extra`), as the API wrote them. */
  extra?: Record<string, unknown>;
  /** Fields a local edit (`updateItem`) set beyond the nine. */
  [extra: string]: unknown;
}

export interface Section {
  items: FeedItem[];
  header?: string;
}

export interface Output {
  sections: Section[];
  refreshStatus: RefreshStatus;
  /** Present (true) when `sections` is the feed's stored list; a reload follows the answer. */
  stale?: boolean;
  /** With `stale`: when the stored list was fetched, in milliseconds since 1970. */
  storedAt?: number;
}

export interface TransformResult {
  session: SessionId;
  output: Output;
}

export interface LoadResult {
  revision: number;
  count: number;
  page: number;
  hasMore: boolean;
  /** Present when the load dropped items whose id was already listed: how many. */
  duplicatesDropped?: number;
  /** Why the list ended, when `hasMore` is false and the source said (1.2). */
  endReason?: EndReason;
  /** The attempts the load took, when more than one (1.2). */
  attempts?: number;
  /** A configured key path the first page lacks, and the like (1.2). */
  warnings?: string[];
  /** `true` in the answer to `retry` (1.2). */
  retried?: boolean;
  /** For `showNew`: how many new items it showed. */
  shown?: number;
}

/** The answer to `retry` when nothing had failed. */
export interface RetryResult {
  retried: false;
}

/** What `requestCommand` answers: a load's result, or `{retried: false}` to a retry with nothing failed. */
export type RequestCommandResult = LoadResult | RetryResult;

/** Why a list ended (an open set: show an unknown reason as it is). */
export type EndReason = 'hasMoreFalse' | 'totalReached' | 'emptyPage' | 'shortPage' | 'noNextURL' | 'noNextCursor' | 'repeatedCursor' | 'pageLimit';

/** How transient failures are retried: `false` one attempt, `true` the defaults (3, 250 ms, 5 s). */
export type RetryPolicy = boolean | RetryOptions;

/** The retry policy's numbers (defaults 3 attempts, 250 ms, 5000 ms). */
export interface RetryOptions {
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** A failed attempt, with the members of the error its `requestCommand` was answered with. */
export interface LoadError {
  code: number;
  message: string;
  status?: number;
  url?: string;
  reason?: string;
  scheme?: string;
}

/**
 * The state of the reload (`refresh`) or the load-more (`append`), as Android Paging's
 * `LoadState` (1.2): `idle`; `loading` attempt `attempt` (waiting `retryInMs` after `lastError`
 * before it); `error` with the error's members, `retryable` and `attempts`; `endOfList` with its
 * `reason` (append only).
 */
export interface LoadState {
  state: 'idle' | 'loading' | 'error' | 'endOfList';
  attempt?: number;
  retryInMs?: number;
  lastError?: LoadError;
  code?: number;
  message?: string;
  status?: number;
  url?: string;
  reason?: string;
  scheme?: string;
  retryable?: boolean;
  attempts?: number;
}

/** Where the row the reader was looking at went after a reload that kept the place. */
export interface SectionsAnchor {
  id: string;
  index: number;
}

export interface EditResult {
  revision: number;
  found: boolean;
}

export interface Image {
  url: string;
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/bmp';
  width: number;
  height: number;
  byteCount: number;
  path: string;
  data?: string;
}

/** Which rendition `loadImage`/`willDisplay` load: `thumbnail` falls back to the full image. */
export type ImageVariant = 'full' | 'thumbnail';

/** The box an image is drawn in (pixels): the aspect ratio is kept, never enlarged. */
export interface ImageSize {
  maxWidth?: number;
  maxHeight?: number;
}

/** The format `loadImage`/`willDisplay` ask for: `original` (default), `png` or `jpeg`. */
export type ImageFormat = 'original' | 'png' | 'jpeg';

/** The process's image cache limits (`initialize {cache}`). */
export interface CacheLimits {
  memoryBytes?: number;
  diskBytes?: number;
  maxAge?: number;
}

/** What the image caches hold and may hold (`cacheInfo`, `clearCache`). */
export interface CacheInfo {
  memory: { entries: number; bytes: number; limit: number };
  disk: { entries: number; bytes: number; limit: number; directory: string; indexed: boolean };
  maxAge: number;
}

export type RefreshStatusName =
  'none' | 'beingHeaderRefresh' | 'endHeaderRefresh' | 'beingFooterRefresh' | 'endFooterRefresh' | 'noMoreData' | 'footerStatus';

export interface RefreshStatus {
  status: RefreshStatusName;
  isHidden?: boolean;
  isNoMoreData?: boolean;
  /** The reload's load state (1.2; not in `transform`'s output). */
  refresh?: LoadState;
  /** The load-more's load state (1.2; not in `transform`'s output). */
  append?: LoadState;
  /** When the last reload succeeded, in milliseconds since 1970. */
  lastUpdated?: number;
}

export interface IndexedItem {
  index: number;
  item: FeedItem;
}

export interface SectionItemChanges {
  section: number;
  count: number;
  deleted: number[];
  inserted: IndexedItem[];
  moved: { from: number; to: number }[];
  updated: IndexedItem[];
}

export interface SectionChanges {
  baseRevision: number;
  sections: SectionItemChanges[];
}

export interface CancelImageResult {
  cancelled: boolean;
}

export interface WillDisplayResult {
  loadMore: boolean;
  image: boolean;
  ready: boolean;
}

export interface UpdateInputResult {
  revision: number;
}

export interface ErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface ParseErrorData {
  reason: string;
}

export interface InvalidRequestData {
  reason?: string;
}

export interface MethodNotFoundData {
  method: string;
}

export interface InvalidParamsData {
  field?: string;
  reason?: string;
  supported?: string;
}

export interface InternalErrorData {
  reason?: string;
}

export interface CancelledData {
  reason: 'clientCancelled' | 'superseded' | 'inputChanged' | 'disposed' | 'imageCancelled' | 'shutdown';
}

export interface UnknownSessionData {
  session: string;
}

export interface LoadFailedData {
  status?: number;
  url?: string;
  reason?: 'timedOut' | 'bodyTooLarge' | 'malformedResponse' | 'tooManyRedirects' | 'connectionFailed' | 'transportUnavailable';
}

export interface ImageLoadFailedData {
  index: number;
  url?: string;
  status?: number;
  reason?: 'timedOut' | 'bodyTooLarge' | 'malformedResponse' | 'tooManyRedirects' | 'connectionFailed' | 'transportUnavailable'
    | 'notAnImage' | 'cacheUnavailable' | 'noImage' | 'decoderUnavailable' | 'unsupportedFormat' | 'imageTooLarge'
    | 'truncatedImage' | 'corruptImage' | 'outOfMemory' | 'encodingFailed';
  library?: string;
  package?: string;
}

export interface SchemeRefusedData {
  url?: string;
  scheme: string;
}

export interface TooManySessionsData {
  limit: number;
}

/** What `rpc.discover` answers: protocol/feedvm.openrpc.json as compiled into the server. */
export interface OpenRPCDocument {
  openrpc: string;
  info: Record<string, unknown>;
  methods: unknown[];
  components?: Record<string, unknown>;
}
