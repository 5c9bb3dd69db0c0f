// Types of the feedvm client. The value types mirror protocol/feedvm.openrpc.json
// (components.schemas, same names); test/openrpc.test.js keeps them, the method map and the
// notification map in step with it, and `tsc -p clients/js` checks the code against them.

// -- values (components.schemas) -------------------------------------------------------------

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
  images?: { inline?: boolean };
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
  hud?: boolean;
  stubDelayMs?: number;
  successCode?: unknown;
  auth?: { token?: string; refreshURL: string; tokenPath?: string; expiredCodes?: number[] };
  custom?: Record<string, unknown>;
  [member: string]: unknown;
}

export interface FeedItem {
  id: string;
  title: string;
  imageURL: string;
  thumbnailURL?: string;
  author?: string;
  source?: string;
  publishedAt?: string;
  width?: number;
  height?: number;
}

export interface Section {
  items: FeedItem[];
  header?: string;
}

export interface Output {
  sections: Section[];
  refreshStatus: RefreshStatus;
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

export type RefreshStatusName =
  'none' | 'beingHeaderRefresh' | 'endHeaderRefresh' | 'beingFooterRefresh' | 'endFooterRefresh' | 'noMoreData' | 'footerStatus';

export interface RefreshStatus {
  status: RefreshStatusName;
  isHidden?: boolean;
  isNoMoreData?: boolean;
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
}

export interface ImageLoadFailedData {
  index: number;
  url?: string;
  status?: number;
}

export interface SchemeRefusedData {
  url?: string;
  scheme: string;
}

export interface TooManySessionsData {
  limit: number;
}

// -- methods: wire name -> params and result (openrpc `methods`) ------------------------------

export interface InitializeParams {
  clientInfo?: ClientInfo;
  capabilities?: ClientCapabilities;
}

export interface TransformParams {
  input: Input;
}

export interface RequestCommandParams {
  session: SessionId;
  reload: boolean;
}

export interface BindRefreshStatusParams {
  session: SessionId;
  header?: boolean;
  footer?: boolean;
}

export interface LoadImageParams {
  session: SessionId;
  index: number;
  inline?: boolean;
}

export interface ItemParams {
  session: SessionId;
  index: number;
}

export interface UpdateInputParams {
  session: SessionId;
  input: Input;
}

export interface SessionParams {
  session: SessionId;
}

export interface CancelRequestParams {
  id: RequestId;
}

/** The requests a client sends: params and result of each, by wire name. */
export interface FeedMethodMap {
  initialize: { params: InitializeParams; result: InitializeResult };
  ping: { params: Empty; result: Empty };
  shutdown: { params: Empty; result: Empty };
  transform: { params: TransformParams; result: TransformResult };
  requestCommand: { params: RequestCommandParams; result: LoadResult };
  bindRefreshStatus: { params: BindRefreshStatusParams; result: RefreshStatus };
  loadImage: { params: LoadImageParams; result: Image };
  cancelImage: { params: ItemParams; result: CancelImageResult };
  willDisplay: { params: ItemParams; result: WillDisplayResult };
  didEndDisplaying: { params: ItemParams; result: CancelImageResult };
  updateInput: { params: UpdateInputParams; result: UpdateInputResult };
  dispose: { params: SessionParams; result: Empty };
}

/** The notifications a client sends, by wire name. */
export interface ClientNotificationMap {
  exit: Empty;
  '$/cancelRequest': CancelRequestParams;
}

// -- notifications the server sends ---------------------------------------------------------

export interface SectionsParams {
  session: SessionId;
  revision: number;
  sections?: Section[];
  changes?: SectionChanges;
}

export interface RefreshStatusParams {
  session: SessionId;
  status: RefreshStatusName;
  isHidden?: boolean;
  isNoMoreData?: boolean;
}

export interface ImageDownloadedParams {
  session: SessionId;
  index: number;
  image: Image | null;
  error?: ErrorObject;
}

export interface HudParams {
  session: SessionId;
  style: 'success' | 'error' | 'info';
  message: string;
}

/** The notifications the server sends, by wire name. */
export interface NotificationMap {
  sections: SectionsParams;
  refreshStatus: RefreshStatusParams;
  imageDownloaded: ImageDownloadedParams;
  hud: HudParams;
}

// -- the client ------------------------------------------------------------------------------

/** Per-call options: a timeout in milliseconds and an `AbortSignal`; both send `$/cancelRequest`. */
export interface CallOptions {
  timeout?: number;
  signal?: AbortSignal;
}

export interface ClientOptions {
  /** The executable; default: `findBinary()`. */
  binary?: string;
  /** Extra command-line arguments, e.g. `['--stub-delay-ms', '50']`. */
  args?: string[];
  /** The server's environment (default: inherited). */
  env?: Record<string, string | undefined>;
  /** The server's working directory. */
  cwd?: string;
  /** The default per-call timeout in milliseconds (default: none). */
  timeout?: number;
  /** How long `close()` waits at each step before escalating, in milliseconds (default 3000). */
  closeTimeout?: number;
  /** How many stderr lines to keep for `ServerExited` (default 200). */
  stderrTailLines?: number;
}

export interface ExitStatus {
  exitCode: number | null;
  signal: string | null;
}

/** What `FeedVMClient.on` delivers, by event name. */
export interface ClientEvents extends NotificationMap {
  /** Every notification, known or not. */
  notification: { method: string; params: Record<string, unknown> };
  /** Each line the server writes to stderr. */
  stderr: string;
  /** The server process ended. */
  exit: ExitStatus;
}

/** The typed methods, over `call` and `writeRaw`. */
export class FeedMethods {
  call(method: string, params?: unknown, options?: CallOptions): Promise<any>;
  writeRaw(data: string | Uint8Array): void;
  notify(method: string, params?: unknown): void;
  cancel(id: RequestId): void;
  initialize(options?: { clientInfo?: ClientInfo; capabilities?: ClientCapabilities } & CallOptions): Promise<InitializeResult>;
  ping(options?: CallOptions): Promise<Empty>;
  transform(input: Input, options?: CallOptions): Promise<TransformResult>;
  requestCommand(session: SessionId, reload: boolean, options?: CallOptions): Promise<LoadResult>;
  bindRefreshStatus(session: SessionId, options?: { header?: boolean; footer?: boolean } & CallOptions): Promise<RefreshStatus>;
  loadImage(session: SessionId, index: number, options?: { inline?: boolean } & CallOptions): Promise<Image>;
  cancelImage(session: SessionId, index: number, options?: CallOptions): Promise<CancelImageResult>;
  willDisplay(session: SessionId, index: number, options?: CallOptions): Promise<WillDisplayResult>;
  didEndDisplaying(session: SessionId, index: number, options?: CallOptions): Promise<CancelImageResult>;
  updateInput(session: SessionId, input: Input, options?: CallOptions): Promise<UpdateInputResult>;
  dispose(session: SessionId, options?: CallOptions): Promise<Empty>;
  shutdown(options?: CallOptions): Promise<Empty>;
  exit(): void;
}

/** Spawns feedvm and speaks JSON-RPC 2.0 to it; `close()` it when done. */
export class FeedVMClient extends FeedMethods {
  constructor(options?: ClientOptions);
  readonly binary: string;
  timeout: number | undefined;
  closeTimeout: number;
  readonly pid: number | undefined;
  readonly stderrTail: string;
  readonly exited: Promise<ExitStatus>;
  on<K extends keyof ClientEvents>(event: K, listener: (value: ClientEvents[K]) => void): () => void;
  once<K extends keyof ClientEvents>(event: K, listener: (value: ClientEvents[K]) => void): () => void;
  off<K extends keyof ClientEvents>(event: K, listener: (value: ClientEvents[K]) => void): void;
  call<M extends keyof FeedMethodMap>(method: M, params: FeedMethodMap[M]['params'], options?: CallOptions): Promise<FeedMethodMap[M]['result']>;
  call(method: string, params?: unknown, options?: CallOptions): Promise<unknown>;
  send(method: string, params?: unknown): { id: number; result: Promise<any> };
  close(): Promise<number | null>;
}

// -- the mirror ------------------------------------------------------------------------------

export class MirrorOutOfSync extends Error {}
export class InvalidChanges extends Error {}
export function applySectionChanges(old: readonly FeedItem[], change: Partial<SectionItemChanges>): FeedItem[];

/** A session's sections kept from `sections` notifications; fresh: revision 0, one empty section. */
export class FeedMirror {
  constructor(session?: SessionId | null, start?: { revision?: number; sections?: readonly Section[] });
  static fromTransform(result: { session: SessionId; output: Output }): FeedMirror;
  session: SessionId | null;
  revision: number;
  sections: FeedItem[][];
  readonly items: FeedItem[];
  apply(params: SectionsParams): boolean;
  applySnapshot(revision: number, sections: readonly Section[]): void;
  applyChanges(changes: SectionChanges, revision?: number): void;
  attach(
    client: { on(event: 'sections', listener: (params: SectionsParams) => void): () => void },
    callbacks?: { onChange?: (mirror: FeedMirror) => void; onError?: (error: Error) => void },
  ): () => void;
}

// -- discovery -------------------------------------------------------------------------------

/** Explicit path, `$FEEDVM_BIN`, `PATH`, then `<repo>/.build/{release,debug}/feedvm` from `cwd` up. */
export function findBinary(explicit?: string, context?: { env?: Record<string, string | undefined>; cwd?: string }): string;
export function repositoryRoot(start?: string): string | null;

// -- errors ----------------------------------------------------------------------------------

export class FeedVMError extends Error {
  constructor(message: string);
}
export class BinaryNotFound extends FeedVMError {
  constructor(message: string, tried?: string[]);
  tried: string[];
}
/** A JSON-RPC error answer: the wire `code`, `message` and `data`. */
export class RpcError extends FeedVMError {
  static CODE: number | null;
  constructor(code: number, message: string, data?: unknown);
  code: number;
  data: unknown;
}
export class ParseError extends RpcError {}
export class InvalidRequest extends RpcError {}
export class MethodNotFound extends RpcError {}
export class InvalidParams extends RpcError {}
export class InternalError extends RpcError {}
export class RequestCancelled extends RpcError {}
export class ApplicationError extends RpcError {}
export class UnknownSession extends ApplicationError {}
export class LoadFailed extends ApplicationError {}
export class ImageLoadFailed extends ApplicationError {}
export class SchemeRefused extends ApplicationError {}
export class TooManySessions extends ApplicationError {}
export class ServerShuttingDown extends ApplicationError {}
export class RpcTimeout extends FeedVMError {
  constructor(method: string, requestId: number, timeout: number);
  method: string;
  requestId: number;
  timeout: number;
}
export class CallAborted extends FeedVMError {
  constructor(method: string, requestId: number, reason: unknown);
  method: string;
  requestId: number;
  reason: unknown;
}
export class ServerExited extends FeedVMError {
  constructor(exitCode: number | null, signal: string | null, stderrTail: string);
  exitCode: number | null;
  signal: string | null;
  stderrTail: string;
}
export function errorFromWire(error: unknown): RpcError;
