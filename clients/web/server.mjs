#!/usr/bin/env node
// The web front end's bridge: serves the page and connects each browser tab to a feedvm
// session, on loopback only.
//
//   node clients/web/server.mjs [--port 8080] [--feedvm PATH] [--cache-dir DIR] [--store FILE|none]
//                               [--stub-delay-ms N] [--max-tabs N]
//
// Prints `http://127.0.0.1:<port>/` once it serves (with --port 0, the port the system chose).
// Without --feedvm the binary is found as the JavaScript client finds it (clients/js).

import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';

import { findBinary } from '../js/index.js';
import { routes } from './bridge/routes.mjs';
import { Tabs } from './bridge/tabs.mjs';

const usage = `usage: node clients/web/server.mjs [--port N (8080)] [--feedvm PATH] [--cache-dir DIR] [--store FILE|none] [--stub-delay-ms N] [--max-tabs N]`;

/** @param {string} message */
function die(message) {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

/** @param {string | undefined} text @param {string} name @param {number} max */
function integer(text, name, max) {
  const value = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || value > max) die(`--${name} takes an integer from 0 to ${max}`);
  return value;
}

let options;
try {
  options = parseArgs({
    options: {
      port: { type: 'string' }, feedvm: { type: 'string' }, 'cache-dir': { type: 'string' },
      'stub-delay-ms': { type: 'string' }, 'max-tabs': { type: 'string' }, store: { type: 'string' }, help: { type: 'boolean' },
    },
  }).values;
} catch (error) {
  die(String(error instanceof Error ? error.message : error));
}
if (options.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const port = options.port === undefined ? 8080 : integer(options.port, 'port', 65535);
const maxTabs = options['max-tabs'] === undefined ? 64 : integer(options['max-tabs'], 'max-tabs', 10000);
const cacheDir = options['cache-dir'] ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'feedvm');
mkdirSync(cacheDir, { recursive: true });
const args = ['--cache-dir', cacheDir];
if (options.store !== undefined) args.push('--store', options.store); // feedvm's feed store (default: in the cache)
if (options['stub-delay-ms'] !== undefined) args.push('--stub-delay-ms', String(integer(options['stub-delay-ms'], 'stub-delay-ms', 60000)));

let binary;
try {
  binary = findBinary(options.feedvm);
} catch (error) {
  die(String(error instanceof Error ? error.message : error));
}
const log = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);
const tabs = new Tabs({ binary, args, maxTabs, log });
await tabs.client(); // fail now, not at the first tab, when feedvm cannot start

// Requests without Host reach the guard, which refuses them as it refuses a wrong Host (421).
const server = createServer({ requestTimeout: 30000, headersTimeout: 10000, maxHeaderSize: 32 * 1024, requireHostHeader: false });
server.on('request', routes({ tabs, port: () => /** @type {import('node:net').AddressInfo} */ (server.address()).port, cacheDir, log }));
server.listen(port, '127.0.0.1', () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  process.stdout.write(`http://127.0.0.1:${address.port}/\n`);
});
server.on('error', (error) => die(`cannot listen on 127.0.0.1:${port}: ${error.message}`));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await tabs.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
