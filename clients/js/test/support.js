// Shared by the tests: a client on the real binary with a private image cache.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { FeedVMClient } from '../index.js';

/**
 * Runs `body(client)` with a client on the real feedvm (`$FEEDVM_BIN` or the repository's
 * build), closing it and removing its cache directory afterwards.
 * @template T
 * @param {(client: FeedVMClient) => Promise<T>} body
 * @param {{args?: string[], timeout?: number}} [options]
 * @returns {Promise<T>}
 */
export async function withClient(body, options = {}) {
  const cache = mkdtempSync(join(tmpdir(), 'feedvm-js-test-'));
  const client = new FeedVMClient({ args: ['--cache-dir', cache, ...(options.args ?? [])], timeout: options.timeout ?? 30000 });
  try {
    return await body(client);
  } finally {
    await client.close();
    rmSync(cache, { recursive: true, force: true });
  }
}

/**
 * Resolves with the first `event` that `predicate` accepts, or rejects after `ms`.
 * @param {FeedVMClient} client
 * @param {any} event
 * @param {(value: any) => boolean} predicate
 * @param {number} ms
 */
export function nextEvent(client, event, predicate, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { off(); reject(new Error(`no matching ${event} within ${ms} ms`)); }, ms);
    const off = client.on(event, (value) => {
      if (!predicate(value)) return;
      clearTimeout(timer);
      off();
      resolve(value);
    });
  });
}

/**
 * Whether process `pid` is gone (or a zombie nobody reaped yet: it runs no more).
 * @param {number} pid
 */
export function processGone(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.split(') ')[1]?.startsWith('Z') ?? false;
  } catch {
    return true;
  }
}

/**
 * Polls `condition` every 50 ms until it holds or `ms` pass; returns whether it held.
 * @param {() => boolean} condition
 * @param {number} ms
 */
export async function eventually(condition, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}
