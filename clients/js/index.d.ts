// Types of the feedvm client. The wire types mirror protocol/feedvm.openrpc.json: the values
// (components.schemas, same names) in types/values.d.ts, the method and notification maps in
// types/methods.d.ts; test/openrpc.test.js keeps them in step with it, and `tsc -p clients/js`
// checks the code against them.

export * from './types/values.js';
export * from './types/methods.js';

import type {
  CacheInfo, CacheLimits, ClientCapabilities, ClientInfo, Empty, FeedItem, Image, ImageFormat, ImageSize, ImageVariant,
  InitializeResult, Input, LoadResult,
  OpenRPCDocument, Output, RefreshStatus, RequestCommandResult, RequestId, Section, SectionChanges, SectionItemChanges, SessionId,
  TransformResult, CancelImageResult, WillDisplayResult, UpdateInputResult, EditResult,
} from './types/values.js';
import type { FeedMethodMap, NotificationMap, SectionsParams } from './types/methods.js';

// -- the client ------------------------------------------------------------------------------

/** The protocol version this client speaks; `initialize` sends it unless told otherwise. */
export const PROTOCOL_VERSION: string;

/** The size and format `loadImage` and `willDisplay` ask for (1.2): `size` or `maxPixelSize`. */
export interface ImageOptions {
  size?: ImageSize;
  maxPixelSize?: number;
  format?: ImageFormat;
}

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
  /** The longest message read from the server (default: `messageBound(args)`); a longer one is skipped and noted in the stderr tail. */
  maxMessageBytes?: number;
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
  initialize(
    options?: { clientInfo?: ClientInfo; capabilities?: ClientCapabilities; protocolVersion?: string | null; cache?: CacheLimits } & CallOptions,
  ): Promise<InitializeResult>;
  ping(options?: CallOptions): Promise<Empty>;
  discover(options?: CallOptions): Promise<OpenRPCDocument>;
  transform(input: Input, options?: CallOptions): Promise<TransformResult>;
  requestCommand(session: SessionId, reload: boolean, options?: CallOptions): Promise<LoadResult>;
  /** Runs the failed load again with the same page; `{retried: false}` when nothing had failed. */
  retry(session: SessionId, options?: CallOptions): Promise<RequestCommandResult>;
  showNew(session: SessionId, options?: CallOptions): Promise<LoadResult>;
  updateItem(session: SessionId, id: string, fields: Record<string, unknown>, options?: CallOptions): Promise<EditResult>;
  removeItem(session: SessionId, id: string, options?: CallOptions): Promise<EditResult>;
  bindRefreshStatus(session: SessionId, options?: { header?: boolean; footer?: boolean } & CallOptions): Promise<RefreshStatus>;
  loadImage(
    session: SessionId, index: number,
    options?: { inline?: boolean; variant?: ImageVariant; refresh?: boolean } & ImageOptions & CallOptions,
  ): Promise<Image>;
  cancelImage(session: SessionId, index: number, options?: CallOptions): Promise<CancelImageResult>;
  willDisplay(session: SessionId, index: number, options?: { variant?: ImageVariant } & ImageOptions & CallOptions): Promise<WillDisplayResult>;
  didEndDisplaying(session: SessionId, index: number, options?: CallOptions): Promise<CancelImageResult>;
  updateInput(session: SessionId, input: Input, options?: CallOptions): Promise<UpdateInputResult>;
  dispose(session: SessionId, options?: CallOptions): Promise<Empty>;
  cacheInfo(options?: CallOptions): Promise<CacheInfo>;
  clearCache(options?: { memory?: boolean; disk?: boolean } & CallOptions): Promise<CacheInfo>;
  shutdown(options?: CallOptions): Promise<Empty>;
  exit(): void;
}

/** Spawns feedvm and speaks JSON-RPC 2.0 to it; `close()` it when done. */
export class FeedVMClient extends FeedMethods {
  constructor(options?: ClientOptions);
  readonly binary: string;
  timeout: number | undefined;
  closeTimeout: number;
  readonly maxMessageBytes: number;
  /** Bytes written to the server and not yet taken by it. */
  readonly queuedBytes: number;
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
export function findBinary(explicit?: string, context?: { env?: Record<string, string | undefined>; cwd?: string; clientFiles?: string; shipped?: string[] }): string;
export function repositoryRoot(start?: string): string | null;
/** The longest message a server started with `args` may send: 64 MiB, or more when `--max-image-bytes` or `--max-message-bytes` allow it. */
export function messageBound(args?: readonly string[]): number;

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
