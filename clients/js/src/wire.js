// Sans-IO JSON-RPC 2.0 framing: one JSON text per line, UTF-8, `\n` terminated
// (protocol/README.md section 1). This module turns values into lines and bytes into messages;
// it never touches a pipe.

/** The notification that asks the server to cancel a request by id. */
export const CANCEL_METHOD = '$/cancelRequest';

/**
 * The longest message read unless told otherwise: the server's bound on its pending output
 * (protocol/README.md section 11), which also holds an image at the default image cap (20 MiB)
 * inline as base64.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** How deep a message may nest (the server's own limit); a deeper one is skipped unread. */
export const MAX_DEPTH = 512;

/**
 * The longest message a server started with `args` may send: at least
 * `DEFAULT_MAX_MESSAGE_BYTES`, more when `--max-image-bytes` lets an inline image (base64: 4/3
 * of its bytes) or `--max-message-bytes` lets a message grow beyond it.
 * @param {readonly string[]} [args]
 * @returns {number}
 */
export function messageBound(args = []) {
  let bound = DEFAULT_MAX_MESSAGE_BYTES;
  for (let i = 0; i + 1 < args.length; i++) {
    if (!/^[0-9]+$/.test(args[i + 1])) continue;
    const value = Number(args[i + 1]);
    if (args[i] === '--max-image-bytes') bound = Math.max(bound, Math.floor(value * 4 / 3) + (1 << 20));
    if (args[i] === '--max-message-bytes') bound = Math.max(bound, value);
  }
  return bound;
}

/**
 * @typedef {{kind: 'response', id: unknown, result?: unknown, error?: unknown}} Response
 * @typedef {{kind: 'notification', method: string, params: Record<string, unknown>}} Notification
 * @typedef {{kind: 'request', id: unknown, method: string}} ServerRequest
 * @typedef {Response | Notification | ServerRequest} Incoming
 */

/**
 * One request line; `params` is left out when `undefined`.
 * @param {number} id
 * @param {string} method
 * @param {unknown} [params]
 */
export function encodeRequest(id, method, params) {
  return `${JSON.stringify(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params })}\n`;
}

/**
 * One notification line (no `id`: never answered).
 * @param {string} method
 * @param {unknown} [params]
 */
export function encodeNotification(method, params) {
  return `${JSON.stringify(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params })}\n`;
}

/**
 * An error answer, used to refuse requests the server sends (the client serves no methods).
 * @param {unknown} id
 * @param {number} code
 * @param {string} message
 */
export function encodeError(id, code, message) {
  return `${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`;
}

/**
 * Decodes one line (a message or a batch). Blank lines give nothing; anything that is not a
 * response, notification or request throws, so the caller can report the violation.
 * @param {string} line
 * @returns {Incoming[]}
 */
export function decodeLine(line) {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (text.trim() === '') return [];
  if (nestsDeeperThan(text, MAX_DEPTH)) throw new RangeError(`nested more than ${MAX_DEPTH} deep`);
  const value = JSON.parse(text);
  return (Array.isArray(value) ? value : [value]).map(classify);
}

/**
 * Whether `text`'s arrays and objects nest deeper than `limit` (brackets inside strings do not
 * count); strings are skipped whole, so a long string costs one search.
 * @param {string} text
 * @param {number} limit
 */
function nestsDeeperThan(text, limit) {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      let end = i;
      do end = text.indexOf('"', end + 1); while (end !== -1 && isEscaped(text, end));
      if (end === -1) return false;
      i = end;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * Whether the quote at `index` is escaped (an odd number of backslashes before it).
 * @param {string} text
 * @param {number} index
 */
function isEscaped(text, index) {
  let backslashes = 0;
  while (text.charCodeAt(index - 1 - backslashes) === 0x5c) backslashes++;
  return backslashes % 2 === 1;
}

/**
 * A value in an error message, cut to 200 characters.
 * @param {unknown} value
 */
function abridged(value) {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= 200 ? text : `${text.slice(0, 200)}... (${text.length} characters)`;
}

/**
 * @param {unknown} value
 * @returns {Incoming}
 */
function classify(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`not a JSON-RPC 2.0 message: ${abridged(value)}`);
  }
  const message = /** @type {Record<string, unknown>} */ (value);
  if (message.jsonrpc !== '2.0') throw new TypeError(`not a JSON-RPC 2.0 message: ${abridged(value)}`);
  if (typeof message.method === 'string') {
    if ('id' in message) return { kind: 'request', id: message.id, method: message.method };
    const params = message.params;
    const isObject = typeof params === 'object' && params !== null && !Array.isArray(params);
    return { kind: 'notification', method: message.method, params: isObject ? /** @type {Record<string, unknown>} */ (params) : {} };
  }
  if ('id' in message && ('result' in message || 'error' in message)) {
    return { kind: 'response', id: message.id, result: message.result, error: message.error };
  }
  throw new TypeError(`neither response nor notification: ${abridged(value)}`);
}

/**
 * Splits a byte stream into lines on the byte 0x0A only (never on U+2028/U+2029, which JSON
 * strings may hold), decoding each whole line as UTF-8. A line longer than `maxBytes` is dropped
 * as it arrives (never held, never made a string) and reported once to `onError`.
 */
export class LineSplitter {
  /** @type {Uint8Array[]} */
  #pending = [];
  #pendingBytes = 0;
  /** Bytes of an over-long line dropped so far, or -1. */
  #skipping = -1;
  #decoder = new TextDecoder('utf-8');
  #maxBytes;
  #onError;

  /** @param {{maxBytes?: number, onError?: (problem: string) => void}} [options] */
  constructor(options = {}) {
    this.#maxBytes = options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.#onError = options.onError ?? (() => {});
  }

  /** The bytes held of a line not complete yet. */
  get pendingBytes() {
    return this.#pendingBytes;
  }

  /**
   * The complete lines `chunk` finishes, without their `\n`.
   * @param {Uint8Array} chunk
   * @returns {string[]}
   */
  push(chunk) {
    /** @type {string[]} */
    const lines = [];
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      this.#add(chunk.subarray(start, end));
      const line = this.#takePending();
      if (line !== null) lines.push(line);
      start = end + 1;
    }
    if (start < chunk.length) this.#add(chunk.slice(start));
    return lines;
  }

  /** What is left after the last `\n` (a final line without a line end), then empty. */
  flush() {
    if (!this.#pending.length && this.#skipping < 0) return [];
    const line = this.#takePending();
    return line === null ? [] : [line];
  }

  /** @param {Uint8Array} part */
  #add(part) {
    if (this.#skipping >= 0) {
      this.#skipping += part.length;
      return;
    }
    this.#pending.push(part);
    this.#pendingBytes += part.length;
    if (this.#pendingBytes > this.#maxBytes) {
      this.#skipping = this.#pendingBytes;
      this.#pending = [];
      this.#pendingBytes = 0;
    }
  }

  /** @returns {string | null} the line, or null when it was over the bound */
  #takePending() {
    const parts = this.#pending;
    this.#pending = [];
    this.#pendingBytes = 0;
    if (this.#skipping >= 0) {
      this.#onError(`a message of ${this.#skipping} bytes or more skipped: over the bound of ${this.#maxBytes} bytes (maxMessageBytes)`);
      this.#skipping = -1;
      return null;
    }
    if (parts.length === 1) return this.#decoder.decode(parts[0]);
    const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      whole.set(part, offset);
      offset += part.length;
    }
    return this.#decoder.decode(whole);
  }
}
