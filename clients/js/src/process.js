// The server process's hygiene: no feedvm outlives this process, and its stderr is drained
// into a bounded tail of lines.

import process from 'node:process';

/**
 * @typedef {import('node:child_process').ChildProcess} ChildProcess
 */

/** Every live server, so that none outlives this process (see `killOrphans`). */
const liveServers = /** @type {Set<ChildProcess>} */ (new Set());
let exitHookInstalled = false;

// When this process exits, its servers must not stay behind. An orderly exit (the event loop
// ran dry, `process.exit()`) runs this hook; a death by signal does not, but then the kernel
// closes our end of the server's stdin and the server exits on that end of file (protocol
// section 1: within 2 seconds). SIGTERM rather than waiting: nobody is left to read answers.
function killOrphans() {
  for (const child of liveServers) child.kill('SIGTERM');
}

/**
 * Terminates `child` when this process exits, until `release(child)`.
 * @param {ChildProcess} child
 */
export function guardAgainstOrphan(child) {
  liveServers.add(child);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', killOrphans);
  }
}

/**
 * Forgets a child that has ended.
 * @param {ChildProcess} child
 */
export function release(child) {
  liveServers.delete(child);
}

/** The longest stderr line kept whole; the rest of a longer one is counted, not kept. */
export const MAX_STDERR_LINE = 8192;

/**
 * The last lines of a stream (the server's stderr), kept while it is drained. Memory stays
 * bounded and each byte is handled once: at most `maxLines` lines of at most `MAX_STDERR_LINE`
 * bytes each (a longer line is kept cut, saying how much was cut).
 */
export class StderrTail {
  /** @type {string[]} */
  #lines = [];
  /** @type {Uint8Array[]} */
  #partial = [];
  #partialBytes = 0;
  #cut = 0;
  #decoder = new TextDecoder();

  /** @param {number} maxLines */
  constructor(maxLines) {
    this.maxLines = maxLines;
  }

  /** The bytes held of a line not complete yet. */
  get pendingBytes() {
    return this.#partialBytes;
  }

  /**
   * Takes a chunk; returns the lines it completed.
   * @param {Uint8Array} chunk
   * @returns {string[]}
   */
  push(chunk) {
    /** @type {string[]} */
    const lines = [];
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      this.#add(chunk.subarray(start, end));
      lines.push(this.#endLine());
      start = end + 1;
    }
    if (start < chunk.length) this.#add(chunk.subarray(start));
    return lines;
  }

  /** Keeps what is left after the last line end. */
  flush() {
    if (this.#partialBytes || this.#cut) this.#endLine();
  }

  /** @param {Uint8Array} part */
  #add(part) {
    const room = MAX_STDERR_LINE - this.#partialBytes;
    if (room > 0) {
      const kept = part.slice(0, room);
      this.#partial.push(kept);
      this.#partialBytes += kept.length;
    }
    this.#cut += Math.max(0, part.length - Math.max(0, room));
  }

  #endLine() {
    const whole = new Uint8Array(this.#partialBytes);
    let offset = 0;
    for (const part of this.#partial) {
      whole.set(part, offset);
      offset += part.length;
    }
    const line = this.#decoder.decode(whole) + (this.#cut ? ` ... [${this.#cut} bytes cut]` : '');
    this.#partial = [];
    this.#partialBytes = 0;
    this.#cut = 0;
    this.keep(line);
    return line;
  }

  /**
   * Keeps one line (also the client's own notes about the server).
   * @param {string} line
   */
  keep(line) {
    this.#lines.push(line);
    if (this.#lines.length > this.maxLines) this.#lines.shift();
  }

  /** The kept lines, joined by newlines. */
  get text() {
    return this.#lines.join('\n');
  }
}
