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

/** The last lines of a stream (the server's stderr), kept while it is drained. */
export class StderrTail {
  /** @type {string[]} */
  #lines = [];
  #partial = '';
  #decoder = new TextDecoder();

  /** @param {number} maxLines */
  constructor(maxLines) {
    this.maxLines = maxLines;
  }

  /**
   * Takes a chunk; returns the lines it completed.
   * @param {Uint8Array} chunk
   * @returns {string[]}
   */
  push(chunk) {
    const lines = (this.#partial + this.#decoder.decode(chunk, { stream: true })).split('\n');
    this.#partial = /** @type {string} */ (lines.pop());
    for (const line of lines) this.keep(line);
    return lines;
  }

  /** Keeps what is left after the last line end. */
  flush() {
    if (this.#partial) this.keep(this.#partial);
    this.#partial = '';
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
