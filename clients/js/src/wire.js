// Sans-IO JSON-RPC 2.0 framing: one JSON text per line, UTF-8, `\n` terminated
// (protocol/README.md section 1). This module turns values into lines and bytes into messages;
// it never touches a pipe.

/** The notification that asks the server to cancel a request by id. */
export const CANCEL_METHOD = '$/cancelRequest';

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
  const value = JSON.parse(text);
  return (Array.isArray(value) ? value : [value]).map(classify);
}

/**
 * @param {unknown} value
 * @returns {Incoming}
 */
function classify(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`not a JSON-RPC 2.0 message: ${JSON.stringify(value)}`);
  }
  const message = /** @type {Record<string, unknown>} */ (value);
  if (message.jsonrpc !== '2.0') throw new TypeError(`not a JSON-RPC 2.0 message: ${JSON.stringify(value)}`);
  if (typeof message.method === 'string') {
    if ('id' in message) return { kind: 'request', id: message.id, method: message.method };
    const params = message.params;
    const isObject = typeof params === 'object' && params !== null && !Array.isArray(params);
    return { kind: 'notification', method: message.method, params: isObject ? /** @type {Record<string, unknown>} */ (params) : {} };
  }
  if ('id' in message && ('result' in message || 'error' in message)) {
    return { kind: 'response', id: message.id, result: message.result, error: message.error };
  }
  throw new TypeError(`neither response nor notification: ${JSON.stringify(value)}`);
}

/**
 * Splits a byte stream into lines on the byte 0x0A only (never on U+2028/U+2029, which JSON
 * strings may hold), decoding each whole line as UTF-8.
 */
export class LineSplitter {
  /** @type {Uint8Array[]} */
  #pending = [];
  #decoder = new TextDecoder('utf-8');

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
      this.#pending.push(chunk.subarray(start, end));
      lines.push(this.#takePending());
      start = end + 1;
    }
    if (start < chunk.length) this.#pending.push(chunk.slice(start));
    return lines;
  }

  /** What is left after the last `\n` (a final line without a line end), then empty. */
  flush() {
    return this.#pending.length ? [this.#takePending()] : [];
  }

  #takePending() {
    const parts = this.#pending;
    this.#pending = [];
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
