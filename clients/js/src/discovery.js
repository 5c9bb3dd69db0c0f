// Finding the feedvm executable, in this order: an explicit path, `$FEEDVM_BIN`, `feedvm` on
// `PATH`, then the repository's `.build/release/feedvm` and `.build/debug/feedvm`, the
// repository being the nearest directory at or above the current directory that holds
// `Package.swift`. When none exists, `BinaryNotFound` lists every place tried.

import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import process from 'node:process';

import { BinaryNotFound } from './errors.js';

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
 * The path of the feedvm binary to spawn.
 * @param {string} [explicit] a path given by the caller: used as is, or an error
 * @param {{env?: Record<string, string | undefined>, cwd?: string}} [context]
 * @returns {string}
 * @throws {BinaryNotFound}
 */
export function findBinary(explicit, context = {}) {
  const env = context.env ?? process.env;
  const cwd = context.cwd ?? process.cwd();
  if (explicit !== undefined) {
    if (isExecutableFile(explicit)) return explicit;
    throw new BinaryNotFound(`feedvm binary not found or not executable: ${explicit}`, [explicit]);
  }
  /** @type {string[]} */
  const tried = [];
  const fromEnv = env.FEEDVM_BIN;
  if (fromEnv) {
    if (isExecutableFile(fromEnv)) return fromEnv;
    tried.push(`$FEEDVM_BIN=${fromEnv} (not an executable file)`);
  } else {
    tried.push('$FEEDVM_BIN (unset)');
  }
  for (const directory of (env.PATH ?? '').split(delimiter)) {
    if (directory && isExecutableFile(join(directory, 'feedvm'))) return join(directory, 'feedvm');
  }
  tried.push('feedvm on PATH');
  const root = repositoryRoot(cwd);
  if (root !== null) {
    for (const configuration of ['release', 'debug']) {
      const path = join(root, '.build', configuration, 'feedvm');
      if (isExecutableFile(path)) return path;
      tried.push(path);
    }
  } else {
    tried.push(`a repository (Package.swift) at or above ${cwd}`);
  }
  throw new BinaryNotFound(
    `feedvm binary not found; build it with \`swift build -c release\` or set FEEDVM_BIN. Tried: ${tried.join('; ')}`,
    tried);
}
