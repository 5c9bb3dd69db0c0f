// Errors raised by the feedvm client.
//
// Every JSON-RPC error answer becomes an `RpcError` carrying the wire `code`, `message` and
// `data`. Well-known codes get their own subclass, so callers can test
// `error instanceof UnknownSession` instead of comparing numbers; any other code in the
// application range -32099..-32000 is an `ApplicationError` (protocol/README.md section 10).

/** Base class of everything this package throws on purpose. */
export class FeedVMError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}

/** No feedvm executable was found; the message lists every place tried. */
export class BinaryNotFound extends FeedVMError {
  /**
   * @param {string} message
   * @param {string[]} tried the places looked at, in order
   */
  constructor(message, tried = []) {
    super(message);
    /** @type {string[]} */
    this.tried = tried;
  }
}

/** The server answered a request with a JSON-RPC error object. */
export class RpcError extends FeedVMError {
  /** The code this class stands for (`null` for the generic classes). */
  static CODE = /** @type {number | null} */ (null);

  /**
   * @param {number} code
   * @param {string} message
   * @param {unknown} [data]
   */
  constructor(code, message, data) {
    // `message` is the wire message as it is (for humans; programs look at `code` and `data`).
    super(message);
    /** The JSON-RPC error code. */
    this.code = code;
    /** The error's `data` member, `undefined` when absent. */
    this.data = data;
  }
}

/** -32700: the server could not parse what was sent. */
export class ParseError extends RpcError { static CODE = -32700; }
/** -32600: the message was JSON but not a valid request. */
export class InvalidRequest extends RpcError { static CODE = -32600; }
/** -32601: the server does not know the method. */
export class MethodNotFound extends RpcError { static CODE = -32601; }
/** -32602: a parameter is missing or wrong; the message names it. */
export class InvalidParams extends RpcError { static CODE = -32602; }
/** -32603: the server failed unexpectedly. */
export class InternalError extends RpcError { static CODE = -32603; }
/** -32800: cancelled (`$/cancelRequest`, a timeout, a reload, `updateInput`, `dispose`, ...). */
export class RequestCancelled extends RpcError { static CODE = -32800; }
/** A code in the application range -32099..-32000 (e.g. a failed load). */
export class ApplicationError extends RpcError {}
/** -32001: the session id is not (or no longer) known to the server. */
export class UnknownSession extends ApplicationError { static CODE = -32001; }
/** -32002: a feed page failed to load; `data` may hold `status` and `url`. */
export class LoadFailed extends ApplicationError { static CODE = -32002; }
/** -32003: an image failed to load; `data` holds `index` and maybe `url`, `status`. */
export class ImageLoadFailed extends ApplicationError { static CODE = -32003; }
/** -32004: a URL whose scheme may not be fetched; `data` holds `scheme`. */
export class SchemeRefused extends ApplicationError { static CODE = -32004; }
/** -32005: the server's session limit is reached; `data` holds `limit`. */
export class TooManySessions extends ApplicationError { static CODE = -32005; }
/** -32006: `shutdown` was called; only `ping` and `exit` still work. */
export class ServerShuttingDown extends ApplicationError { static CODE = -32006; }

/** A call did not finish in time; `$/cancelRequest` was sent for it. */
export class RpcTimeout extends FeedVMError {
  /**
   * @param {string} method
   * @param {number} requestId
   * @param {number} timeout milliseconds
   */
  constructor(method, requestId, timeout) {
    super(`${method} (id ${requestId}) timed out after ${timeout} ms; cancel sent`);
    this.method = method;
    this.requestId = requestId;
    this.timeout = timeout;
  }
}

/** The caller aborted a call through its `AbortSignal`; `$/cancelRequest` was sent for it. */
export class CallAborted extends FeedVMError {
  /**
   * @param {string} method
   * @param {number} requestId
   * @param {unknown} reason the signal's reason
   */
  constructor(method, requestId, reason) {
    super(`${method} (id ${requestId}) aborted; cancel sent`);
    this.method = method;
    this.requestId = requestId;
    this.reason = reason;
  }
}

/** The server process is gone (or never started); `stderrTail` holds its last stderr lines. */
export class ServerExited extends FeedVMError {
  /**
   * @param {number | null} exitCode
   * @param {string | null} signal
   * @param {string} stderrTail
   */
  constructor(exitCode, signal, stderrTail) {
    const how = signal ? `signal ${signal}` : `exit code ${exitCode}`;
    const tail = stderrTail.trim();
    super(`feedvm exited with ${how}${tail ? `; stderr tail:\n${tail}` : ''}`);
    this.exitCode = exitCode;
    this.signal = signal;
    this.stderrTail = stderrTail;
  }
}

/** @type {Map<number, typeof RpcError>} */
const byCode = new Map(
  [ParseError, InvalidRequest, MethodNotFound, InvalidParams, InternalError, RequestCancelled,
    UnknownSession, LoadFailed, ImageLoadFailed, SchemeRefused, TooManySessions,
    ServerShuttingDown].map((type) => [/** @type {number} */ (type.CODE), type]));

/**
 * The most specific `RpcError` for a JSON-RPC `error` member.
 * @param {unknown} error
 * @returns {RpcError}
 */
export function errorFromWire(error) {
  if (typeof error !== 'object' || error === null || Array.isArray(error)) {
    return new InternalError(-32603, `malformed error object: ${JSON.stringify(error)}`);
  }
  const { code, message, data } = /** @type {{code?: unknown, message?: unknown, data?: unknown}} */ (error);
  if (typeof code !== 'number' || !Number.isInteger(code)) {
    return new InternalError(-32603, `malformed error object: ${JSON.stringify(error)}`, error);
  }
  const text = typeof message === 'string' ? message : JSON.stringify(message);
  const type = byCode.get(code) ?? (code >= -32099 && code <= -32000 ? ApplicationError : RpcError);
  return new type(code, text, data);
}
