// The client against a server that breaks the protocol (test/fixtures/misbehaving-server.js).
// The rules (protocol/RELIABILITY.md, the clients' lines): a bad message is logged and skipped,
// never fatal; a timeout is a deadline whatever the server does; the server exiting fails every
// pending call with ServerExited; a message over the bound is skipped with a clear error; the
// stderr tail stays bounded and costs linear time.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import process from 'node:process';
import { test } from 'node:test';

import { FeedVMClient, RpcTimeout, ServerExited, messageBound } from '../index.js';
import { LineSplitter } from '../src/wire.js';
import { MAX_STDERR_LINE, StderrTail } from '../src/process.js';

const SERVER = fileURLToPath(new URL('./fixtures/misbehaving-server.js', import.meta.url));

/**
 * @param {string} mode
 * @param {(string | number)[]} args
 * @param {import('../index.js').ClientOptions} [options]
 */
function misbehaving(mode, args = [], options = {}) {
  return new FeedVMClient({ binary: process.execPath, args: [SERVER, mode, ...args.map(String)], closeTimeout: 500, ...options });
}

/**
 * Runs `body(client)` and closes the client afterwards.
 * @param {FeedVMClient} client
 * @param {(client: FeedVMClient) => Promise<void>} body
 */
async function using(client, body) {
  try {
    await body(client);
  } finally {
    await client.close();
  }
}

for (const mode of ['deep', 'junk']) {
  test(`a bad message (${mode}) is logged and skipped, and the next one read`, () => using(misbehaving(mode, [], { timeout: 20000 }), async (client) => {
    assert.deepEqual(await client.call('ping'), { pong: 1 });
    assert.deepEqual(await client.call('ping'), { pong: 2 }, 'the reader lives on after a bad message');
    assert.match(client.stderrTail, /feedvm client:/);
  }));
}

test('a message over the bound is skipped with a clear error', () => using(misbehaving('long-line', [3 << 20], { timeout: 20000, maxMessageBytes: 1 << 20 }), async (client) => {
  assert.deepEqual(await client.call('ping'), { pong: 1 });
  assert.match(client.stderrTail, /message of \d+ bytes or more skipped: over the bound of 1048576 bytes/);
}));

test("the bound follows the server's limits", () => {
  assert.equal(messageBound([]), 64 << 20);
  assert.ok(messageBound(['--max-image-bytes', String(100 << 20)]) > (100 << 20) * 4 / 3);
  assert.ok(messageBound(['--max-message-bytes', String(200 << 20)]) >= 200 << 20);
});

test('the line splitter never holds more than the bound plus one chunk', () => {
  /** @type {string[]} */
  const problems = [];
  const splitter = new LineSplitter({ maxBytes: 1000, onError: (problem) => problems.push(problem) });
  for (let i = 0; i < 100; i++) {
    assert.deepEqual(splitter.push(new Uint8Array(999).fill(0x78)), []);
    assert.ok(splitter.pendingBytes <= 1000 + 999);
  }
  assert.deepEqual(splitter.push(new TextEncoder().encode('x\n{"a":1}\n')), ['{"a":1}']);
  assert.equal(problems.length, 1);
});

test('a call with a timeout ends on time while the server floods and never reads', () => using(misbehaving('flood'), async (client) => {
  const started = Date.now();
  await assert.rejects(client.call('ping', undefined, { timeout: 3000 }), RpcTimeout);
  assert.ok(Date.now() - started < 3000 + 5000, 'the deadline held');
  assert.ok(client.queuedBytes < 4 << 20, `refusals are dropped, not queued without end (${client.queuedBytes} bytes queued)`);
}));

test('a killed server fails a call without timeout', () => using(misbehaving('silent'), async (client) => {
  const { result } = client.send('ping');
  process.kill(/** @type {number} */ (client.pid), 'SIGKILL');
  await assert.rejects(result, ServerExited);
}));

test('a server that exits fails pending calls even while a child holds its stdout', () => using(misbehaving('orphan'), async (client) => {
  await assert.rejects(client.call('ping', undefined, { timeout: 30000 }), (error) => error instanceof ServerExited && error.exitCode === 7);
  for (const [, pid] of client.stderrTail.matchAll(/orphan pid (\d+)/g)) {
    try { process.kill(Number(pid), 'SIGKILL'); } catch { /* gone */ }
  }
}));

test('a huge stderr line is kept cut to the line bound', () => using(misbehaving('long-stderr', [20 << 20], { timeout: 20000 }), async (client) => {
  assert.deepEqual(await client.call('ping'), { pong: 1 });
  const lines = client.stderrTail.split('\n');
  assert.ok(Math.max(...lines.map((line) => line.length)) <= MAX_STDERR_LINE + 100);
  assert.match(lines[0], /bytes cut/);
}));

test('the stderr tail holds at most the line bound of a line however it is cut', () => {
  const tail = new StderrTail(3);
  const chunk = new Uint8Array(65536).fill(0x65);
  for (let i = 0; i < 200; i++) {
    tail.push(chunk);
    assert.ok(tail.pendingBytes <= MAX_STDERR_LINE, 'a long line is not concatenated chunk after chunk');
  }
  tail.push(new TextEncoder().encode('\nshort\nlast'));
  tail.flush();
  assert.deepEqual(tail.text.split('\n'), [`${'e'.repeat(MAX_STDERR_LINE)} ... [${200 * 65536 - MAX_STDERR_LINE} bytes cut]`, 'short', 'last']);
});
