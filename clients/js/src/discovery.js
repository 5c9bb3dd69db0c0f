// Finding the feedvm executable: the rule every client shares (protocol/vectors/discovery.json).
// The first that applies wins:
//   1. an explicit path; 2. `$FEEDVM_BIN` (unset or empty: skipped) — each an error when it is
//      not an executable file, never replaced by another binary;
//   3. a binary shipped with this package (`bin/feedvm` beside `src/`);
//   4. `feedvm` on `PATH`;
//   5. `.build/release/feedvm`, then `.build/debug/feedvm`, of the nearest directory holding
//      `Package.swift` at or above this client's own files (so a checkout works from anywhere);
//   6. the same at or above the current directory.
// Only executable regular files count. When none is found, `BinaryNotFound` lists every place
// tried.

import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

import { BinaryNotFound } from './errors.js';

/** This client's own files (the folder of this module). */
const CLIENT_FILES = dirname(fileURLToPath(import.meta.url));
/** Where a package of this client ships its binary. */
const SHIPPED = join(CLIENT_FILES, '..', 'bin', 'feedvm');

/**
 * @param {string} path
 * @returns {boolean}
 */
function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The nearest directory at or above `start` that holds `Package.swift`, or `null`.
 * @param {string} [start]
 * @returns {string | null}
 */
export function repositoryRoot(start = process.cwd()) {
  for (let directory = resolve(start); ; directory = dirname(directory)) {
    try {
      if (statSync(join(directory, 'Package.swift')).isFile()) return directory;
    } catch {
      // not here: look further up
    }
    if (dirname(directory) === directory) return null;
  }
}

/**
 * The release, else debug, build of the repository at or above `start`, or `null`; what was
 * looked at goes to `tried`.
 * @param {string} start
 * @param {string[]} tried
 * @returns {string | null}
 */
function buildAbove(start, tried) {
  const root = repositoryRoot(start);
  if (root === null) {
    tried.push(`a repository (Package.swift) at or above ${start}`);
    return null;
  }
  for (const configuration of ['release', 'debug']) {
    const path = join(root, '.build', configuration, 'feedvm');
    if (isExecutableFile(path)) return path;
    tried.push(path);
  }
  return null;
}

/**
 * The path of the feedvm binary to spawn.
 * @param {string} [explicit] a path given by the caller: used as is, or an error
 * @param {{env?: Record<string, string | undefined>, cwd?: string, clientFiles?: string, shipped?: string[]}} [context]
 *   what the rule reads (for tests): the environment, the working directory, this client's
 *   own files and the binaries it ships
 * @returns {string}
 * @throws {BinaryNotFound}
 */
export function findBinary(explicit, context = {}) {
  const env = context.env ?? process.env;
  const cwd = context.cwd ?? process.cwd();
  if (explicit !== undefined) {
    if (isExecutableFile(explicit)) return explicit;
    throw new BinaryNotFound(`feedvm binary ${explicit} is not an executable file (nothing else was tried)`, [explicit]);
  }
  const fromEnv = env.FEEDVM_BIN;
  if (fromEnv) {
    if (isExecutableFile(fromEnv)) return fromEnv;
    throw new BinaryNotFound(`$FEEDVM_BIN=${fromEnv} is not an executable file (nothing else was tried)`, [fromEnv]);
  }
  /** @type {string[]} */
  const tried = ['$FEEDVM_BIN (unset)'];
  for (const shipped of context.shipped ?? [SHIPPED]) {
    if (isExecutableFile(shipped)) return shipped;
  }
  tried.push('the binary shipped with this package (none)');
  for (const directory of (env.PATH ?? '').split(delimiter)) {
    if (directory && isExecutableFile(join(directory, 'feedvm'))) return join(directory, 'feedvm');
  }
  tried.push('feedvm on PATH');
  const found = buildAbove(context.clientFiles ?? CLIENT_FILES, tried) ?? buildAbove(cwd, tried);
  if (found !== null) return found;
  throw new BinaryNotFound(
    `feedvm binary not found; build it with \`swift build -c release\` or set FEEDVM_BIN. Tried: ${tried.join('; ')}`,
    tried);
}
