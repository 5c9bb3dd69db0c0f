// `FeedVMClient`: spawns feedvm and speaks JSON-RPC 2.0 to it over its stdin/stdout.
//
//     const client = new FeedVMClient();
//     const { session } = await client.transform({ source: 'stub' });
//     client.on('sections', (params) => console.log(params.revision));
//     await client.requestCommand(session, true);
//     await client.close();
//
// The reader turns stdout lines into answers (a promise per request id) and events (one per
// notification, emitted before the answer of the request that caused it resolves). stderr is
// drained continuously so the server never blocks on its logs; its tail is kept for errors.
// Nothing the server sends stops the reader: a message that cannot be read (not JSON, nested
// deeper than the server's own limit, longer than the bound, not a JSON-RPC message) is noted in
// the stderr tail and skipped. Writes never wait (a timeout is a deadline whatever the server
// does), and refusals of the server's requests are dropped while the server is not reading.

import { spawn } from 'node:child_process';
import process from 'node:process';

import { findBinary } from './discovery.js';
import { CallAborted, RpcTimeout, ServerExited, errorFromWire } from './errors.js';
import { Emitter } from './emitter.js';
import { FeedMethods } from './methods.js';
import { StderrTail, guardAgainstOrphan, release } from './process.js';
import { LineSplitter, decodeLine, encodeError, encodeRequest, messageBound } from './wire.js';

/** Bytes waiting to be written above which refusals of the server's requests are dropped. */
const MAX_QUEUED_REPLY_BYTES = 1 << 20;

/**
 * @typedef {import('../index.js').ClientOptions} ClientOptions
 * @typedef {import('../index.js').CallOptions} CallOptions
 * @typedef {import('../index.js').ClientEvents} ClientEvents
 * @typedef {import('../index.js').ExitStatus} ExitStatus
 * @typedef {import('node:child_process').ChildProcess} ChildProcess
 * @typedef {{resolve: (value: any) => void, reject: (error: Error) => void}} Pending
 */

/**
 * Spawns `feedvm` and talks JSON-RPC 2.0 to it. Typed methods come from `FeedMethods`;
 * notifications are events (`on('sections', ...)`, `on('notification', ...)` for all).
 * @extends {FeedMethods}
 */
export class FeedVMClient extends FeedMethods {
  #events = /** @type {Emitter<ClientEvents>} */ (new Emitter());
  /** @type {Map<number, Pending>} */
  #pending = new Map();
  #nextId = 0;
  #splitter;
  #stderr;
  #droppedReplies = 0;
  #stdoutEnded = false;
  /** @type {ServerExited | null} */
  #exitError = null;
  /** @type {Promise<number | null> | null} */
  #closing = null;
  /** @type {Promise<ExitStatus>} */
  #exited;
  /** @type {ChildProcess} */
  #child;

  /** @param {ClientOptions} [options] */
  constructor(options = {}) {
    super();
    /** The path of the spawned executable. */
    this.binary = findBinary(options.binary);
    /** The default per-call timeout in milliseconds (`undefined`: wait forever). */
    this.timeout = options.timeout;
    /** How long `close()` waits at each step (end of stdin, SIGTERM) before escalating, in ms. */
    this.closeTimeout = options.closeTimeout ?? 3000;
    this.#stderr = new StderrTail(options.stderrTailLines ?? 200);
    /** The longest message read from the server; a longer one is skipped and noted. */
    this.maxMessageBytes = options.maxMessageBytes ?? messageBound(options.args ?? []);
    this.#splitter = new LineSplitter({ maxBytes: this.maxMessageBytes, onError: (problem) => this.#note(problem) });
    this.#child = spawn(this.binary, options.args ?? [], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: options.env ?? process.env,
      cwd: options.cwd,
    });
    guardAgainstOrphan(this.#child);
    const { stdin, stdout, stderr } = this.#child;
    if (!stdin || !stdout || !stderr) throw new Error('spawn gave no stdio pipes');
    stdin.on('error', () => {}); // EPIPE once the server is gone: reported through `exited`
    stdout.on('data', (/** @type {Uint8Array} */ chunk) => this.#readLines(this.#splitter.push(chunk)));
    stdout.on('end', () => {
      this.#stdoutEnded = true;
      this.#readLines(this.#splitter.flush());
    });
    stderr.on('data', (/** @type {Uint8Array} */ chunk) => this.#readStderr(chunk));
    this.#exited = new Promise((resolve) => {
      const child = this.#child;
      child.on('error', () => {
        if (child.pid === undefined) this.#finish({ exitCode: null, signal: null }, resolve);
      });
      child.on('close', (code, signal) => this.#finish({ exitCode: code, signal }, resolve));
      // 'close' waits for the pipes, which a child of the server may hold open: after the exit,
      // give the reader closeTimeout to read what was written, then fail what is pending.
      child.on('exit', (code, signal) => {
        if (this.#stdoutEnded) return;
        const timer = /** @type {{unref?: () => void}} */ (/** @type {unknown} */ (
          setTimeout(() => this.#finish({ exitCode: code, signal }, resolve), this.closeTimeout)));
        timer.unref?.(); // Node's timers: this one alone keeps no program running
      });
    });
  }

  /** The server's process id (`undefined` if it could not be started). */
  get pid() {
    return this.#child.pid;
  }

  /** The last lines the server wrote to stderr. */
  get stderrTail() {
    return this.#stderr.text;
  }

  /** Bytes written to the server and not yet taken by it. */
  get queuedBytes() {
    return this.#child.stdin?.writableLength ?? 0;
  }

  /** Resolves once the server process has ended and its pipes are closed. */
  get exited() {
    return this.#exited;
  }

  // -- events ------------------------------------------------------------------------------

  /**
   * Calls `listener` for every `event`; returns a function that unsubscribes it. Events: each
   * notification by its method (`sections`, `refreshStatus`, `imageDownloaded`, `hud`), every
   * notification as `notification`, each stderr line as `stderr`, and `exit`.
   * @template {keyof ClientEvents} K
   * @param {K} event
   * @param {(value: ClientEvents[K]) => void} listener
   * @returns {() => void}
   */
  on(event, listener) {
    return this.#events.on(event, listener);
  }

  /**
   * Like `on`, for the next `event` only.
   * @template {keyof ClientEvents} K
   * @param {K} event
   * @param {(value: ClientEvents[K]) => void} listener
   * @returns {() => void}
   */
  once(event, listener) {
    return this.#events.once(event, listener);
  }

  /**
   * Removes a listener added with `on`.
   * @template {keyof ClientEvents} K
   * @param {K} event
   * @param {(value: ClientEvents[K]) => void} listener
   */
  off(event, listener) {
    this.#events.off(event, listener);
  }

  // -- requests ----------------------------------------------------------------------------

  /**
   * Sends `method` and resolves with its result. Rejects with the matching `RpcError`
   * subclass on an error answer, `RpcTimeout` (after sending `$/cancelRequest`) when
   * `timeout` ms pass, `CallAborted` (also after the cancel) when `signal` aborts, and
   * `ServerExited` when the process is gone.
   * @param {string} method
   * @param {unknown} [params]
   * @param {CallOptions} [options]
   * @returns {Promise<any>}
   */
  call(method, params, options = {}) {
    const { id, result } = this.send(method, params);
    const limit = options.timeout ?? this.timeout;
    const signal = options.signal;
    if (limit === undefined && signal === undefined) return result;
    return new Promise((resolve, reject) => {
      /** @type {ReturnType<typeof setTimeout> | undefined} */
      let timer;
      const giveUp = (/** @type {Error} */ error) => {
        cleanUp();
        this.#pending.delete(id);
        this.#cancelQuietly(id);
        reject(error);
      };
      const onAbort = () => giveUp(new CallAborted(method, id, signal?.reason));
      const cleanUp = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      if (limit !== undefined) timer = setTimeout(() => giveUp(new RpcTimeout(method, id, limit)), limit);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort);
      result.then((value) => { cleanUp(); resolve(value); }, (error) => { cleanUp(); reject(error); });
    });
  }

  /**
   * Sends a request without a timeout: its id (for `cancel`) and the promise of its result.
   * @param {string} method
   * @param {unknown} [params]
   * @returns {{id: number, result: Promise<any>}}
   */
  send(method, params) {
    const id = ++this.#nextId;
    const result = new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    try {
      this.writeRaw(encodeRequest(id, method, params));
    } catch (error) {
      this.#pending.delete(id);
      return { id, result: Promise.reject(error) };
    }
    return { id, result };
  }

  /**
   * Writes text as it is (for protocol tests: malformed lines, batches).
   * @param {string | Uint8Array} data
   */
  writeRaw(data) {
    const stdin = this.#child.stdin;
    if (this.#exitError || this.#closing || !stdin || stdin.destroyed || stdin.writableEnded) {
      throw this.#exitError ?? new ServerExited(null, null, this.stderrTail);
    }
    stdin.write(data);
  }

  /** @param {number} id */
  #cancelQuietly(id) {
    try {
      this.cancel(id);
    } catch {
      // the server is gone: nothing left to cancel
    }
  }

  // -- reading -----------------------------------------------------------------------------

  /**
   * A note of the client's own about the server, kept in the stderr tail.
   * @param {string} problem
   */
  #note(problem) {
    const line = `feedvm client: ${problem}`;
    this.#stderr.keep(line);
    this.#events.emit('stderr', line);
  }

  /** @param {string[]} lines */
  #readLines(lines) {
    for (const line of lines) {
      let messages;
      try {
        messages = decodeLine(line);
      } catch (error) {
        this.#note(`unreadable message from server skipped: ${error}`);
        continue;
      }
      for (const message of messages) {
        try {
          this.#dispatch(message);
        } catch (error) {
          this.#note(`message from server skipped: ${error}`);
        }
      }
    }
  }

  /** @param {import('./wire.js').Incoming} message */
  #dispatch(message) {
    if (message.kind === 'notification') {
      const { method, params } = message;
      this.#events.emit(/** @type {any} */ (method), params);
      this.#events.emit('notification', { method, params });
    } else if (message.kind === 'response') {
      const pending = typeof message.id === 'number' ? this.#pending.get(message.id) : undefined;
      if (!pending) return; // the answer to a call we gave up on (timed out, aborted)
      this.#pending.delete(/** @type {number} */ (message.id));
      if (message.error !== undefined) pending.reject(errorFromWire(message.error));
      else pending.resolve(message.result);
    } else {
      this.#refuse(message.id, message.method);
    }
  }

  /**
   * Answers a request the server sent with -32601: the client serves no methods.
   * @param {unknown} id
   * @param {string} method
   */
  #refuse(id, method) {
    if (this.queuedBytes > MAX_QUEUED_REPLY_BYTES) {
      if (++this.#droppedReplies === 1) {
        this.#note(`the server is not reading; replies to its requests are dropped while more than ${MAX_QUEUED_REPLY_BYTES} bytes wait to be written`);
      }
      return;
    }
    try {
      this.writeRaw(encodeError(id, -32601, `client has no method ${method}`));
    } catch {
      // gone meanwhile
    }
  }

  /** @param {Uint8Array} chunk */
  #readStderr(chunk) {
    for (const line of this.#stderr.push(chunk)) this.#events.emit('stderr', line);
  }

  /**
   * @param {ExitStatus} status
   * @param {(status: ExitStatus) => void} resolve
   */
  #finish(status, resolve) {
    if (this.#exitError) return;
    release(this.#child);
    this.#stderr.flush();
    this.#exitError = new ServerExited(status.exitCode, status.signal, this.stderrTail);
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const { reject } of pending) reject(this.#exitError);
    resolve(status);
    this.#events.emit('exit', status);
  }

  // -- shutdown ----------------------------------------------------------------------------

  /**
   * Stops the server: ends its stdin (an orderly shutdown), then after `closeTimeout` ms sends
   * SIGTERM, then SIGKILL. Idempotent. Pending calls reject with `ServerExited`.
   * @returns {Promise<number | null>} the exit code (`null` when ended by a signal)
   */
  close() {
    this.#closing ??= (async () => {
      this.#child.stdin?.end();
      for (const signal of /** @type {const} */ (['SIGTERM', 'SIGKILL'])) {
        if (await this.#exitedWithin(this.closeTimeout)) break;
        this.#child.kill(signal);
      }
      return (await this.#exited).exitCode;
    })();
    return this.#closing;
  }

  /** @param {number} milliseconds */
  async #exitedWithin(milliseconds) {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const late = new Promise((resolve) => { timer = setTimeout(() => resolve(false), milliseconds); });
    const done = await Promise.race([this.#exited.then(() => true), late]);
    clearTimeout(timer);
    return done;
  }
}
