// The client against the real feedvm: typed methods, events, errors, timeouts, shutdown.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import {
  ApplicationError, CallAborted, FeedVMClient, InvalidParams, PROTOCOL_VERSION, RequestCancelled, RpcError, RpcTimeout,
  ServerExited, UnknownSession,
} from '../index.js';
import { eventually, nextEvent, processGone, withClient } from './support.js';

const here = dirname(fileURLToPath(import.meta.url));

test('a reload sends its notifications in protocol order, before its answer', () => withClient(async (client) => {
  const { session, output } = await client.transform({ source: 'stub', category: 'iOS' });
  assert.deepEqual(output, { sections: [{ items: [] }], refreshStatus: { status: 'none' } });
  assert.deepEqual(await client.bindRefreshStatus(session), { status: 'none', refresh: { state: 'idle' }, append: { state: 'idle' } });
  /** @type {string[]} */
  const seen = [];
  client.on('notification', ({ method, params }) => {
    seen.push(method === 'refreshStatus' ? `status ${params.status}` : `${method}`);
  });
  const result = await client.requestCommand(session, true);
  assert.deepEqual(result, { revision: 1, count: 10, page: 1, hasMore: true });
  assert.deepEqual(seen, ['status beingHeaderRefresh', 'sections', 'hud', 'status endHeaderRefresh', 'status footerStatus']);
}));

test('each notification is also an event of its own name, with typed params', () => withClient(async (client) => {
  const { session } = await client.transform({ pageSize: 3 });
  /** @type {any[]} */
  const sections = [];
  /** @type {any[]} */
  const huds = [];
  client.on('sections', (params) => sections.push(params));
  const offHud = client.on('hud', (params) => huds.push(params));
  await client.requestCommand(session, true);
  offHud();
  await client.requestCommand(session, false);
  assert.equal(sections.length, 2);
  assert.deepEqual(sections[1].sections[0].items.map((/** @type {any} */ item) => item.id), ['all-1', 'all-2', 'all-3', 'all-4', 'all-5', 'all-6']);
  assert.deepEqual(huds, [{ session, style: 'success', message: 'Load successful' }]);
}));

test('images, display callbacks, input updates and dispose answer their documented results', () => withClient(async (client) => {
  const { session } = await client.transform({ source: 'stub', pageSize: 5 });
  await client.requestCommand(session, true);
  const image = await client.loadImage(session, 2);
  assert.equal(image.mimeType, 'image/png');
  assert.equal(statSync(image.path).size, image.byteCount);
  const inline = await client.loadImage(session, 2, { inline: true });
  assert.equal(Buffer.from(/** @type {string} */ (inline.data), 'base64').length, image.byteCount);
  assert.deepEqual(await client.willDisplay(session, 4), { loadMore: true, image: true, ready: false });
  assert.deepEqual(await client.cancelImage(session, 0), { cancelled: false });
  assert.deepEqual(await client.didEndDisplaying(session, 1), { cancelled: false });
  const cleared = nextEvent(client, 'sections', (params) => params.session === session, 5000);
  assert.deepEqual(await client.updateInput(session, { category: 'welfare' }), { revision: 3 });
  assert.deepEqual((await cleared).sections, [{ items: [] }]);
  assert.deepEqual(await client.ping(), {});
  assert.deepEqual(await client.dispose(session), {});
  await assert.rejects(client.dispose(session), UnknownSession);
  assert.deepEqual(await client.shutdown(), {});
}));

test('a thumbnail is its own load of the item\'s thumbnailURL, reported with its variant', () => withClient(async (client) => {
  const { session } = await client.transform({ source: 'stub', pageSize: 10 });
  /** @type {import('../index.js').ImageDownloadedParams[]} */
  const reports = [];
  client.on('imageDownloaded', (params) => reports.push(params));
  const listed = nextEvent(client, 'sections', () => true, 5000);
  await client.requestCommand(session, true);
  const item = /** @type {import('../index.js').FeedItem} */ ((await listed).sections[0].items[1]);
  const thumbnail = await client.loadImage(session, 1, { variant: 'thumbnail' });
  assert.equal(thumbnail.url, item.thumbnailURL);
  assert.deepEqual([thumbnail.width, thumbnail.height], [Number(item.width) / 2, Number(item.height) / 2]);
  assert.equal((await client.loadImage(session, 1)).url, item.imageURL);
  assert.deepEqual(reports.map((report) => report.variant), ['thumbnail', 'full']);
  assert.deepEqual(await client.willDisplay(session, 2, { variant: 'thumbnail' }), { loadMore: false, image: true, ready: false });
  assert.equal(reports.at(-1)?.variant, 'thumbnail');
  const refused = await client.loadImage(session, 1, { variant: /** @type {any} */ ('poster') }).then(() => null, (e) => e);
  assert.ok(refused instanceof InvalidParams && /** @type {any} */ (refused.data).field === 'variant', String(refused));
}));

test('an image at a size and format, then the caches reported and cleared (1.2)', () => withClient(async (client) => {
  const { session } = await client.transform({ source: 'stub', pageSize: 5, prefetchImages: 0 });
  await client.requestCommand(session, true);
  const original = await client.loadImage(session, 0);
  const small = await client.loadImage(session, 0, { maxPixelSize: 48, format: 'jpeg' });
  assert.equal(small.mimeType, 'image/jpeg');
  assert.ok(small.path.endsWith('.jpg'), small.path);
  assert.equal(Math.max(small.width, small.height), 48);
  assert.ok(Math.abs(small.width / small.height - original.width / original.height) < 0.05, 'the aspect ratio is kept');
  const boxed = await client.loadImage(session, 0, { size: { maxWidth: 40 } });
  assert.deepEqual([boxed.mimeType, boxed.width], ['image/png', 40]);
  assert.deepEqual(await client.willDisplay(session, 0, { maxPixelSize: 48, format: 'jpeg' }), { loadMore: false, image: false, ready: true });
  const info = await client.cacheInfo();
  assert.deepEqual([info.memory.entries, info.disk.entries], [3, 3]);
  const cleared = await client.clearCache({ memory: true, disk: true });
  assert.deepEqual([cleared.memory.entries, cleared.disk.entries, cleared.disk.bytes], [0, 0, 0]);
}));

test('initialize sends the protocol version; discover answers the OpenRPC document', () => withClient(async (client) => {
  assert.equal((await client.initialize()).protocolVersion, PROTOCOL_VERSION);
  const refused = await client.initialize({ protocolVersion: '2.0' }).then(() => null, (e) => e);
  assert.ok(refused instanceof InvalidParams && /** @type {any} */ (refused.data).supported === PROTOCOL_VERSION, String(refused));
  const document = await client.discover();
  assert.equal(document.openrpc.split('.')[0], '1');
  assert.ok(document.methods.some((method) => /** @type {{name: string}} */ (method).name === 'loadImage'));
}));

test('an error answer is an RpcError subclass carrying code, message and data', () => withClient(async (client) => {
  const error = await client.requestCommand('no-such-session', true).then(() => null, (e) => e);
  assert.ok(error instanceof UnknownSession && error instanceof ApplicationError && error instanceof RpcError);
  assert.equal(error.code, -32001);
  assert.match(error.message, /no-such-session/);
  assert.deepEqual(error.data, { session: 'no-such-session' });
  const invalid = await client.transform({ pageSize: 0 }).then(() => null, (e) => e);
  assert.ok(invalid instanceof InvalidParams);
  assert.equal(invalid.code, -32602);
  assert.match(invalid.message, /pageSize/);
}));

for (const [name, cancelWith] of /** @type {const} */ ([['a timeout', 'timeout'], ['an AbortSignal', 'signal']])) {
  test(`${name} rejects the call and sends $/cancelRequest, which stops the load`, () => withClient(async (client) => {
    const { session } = await client.transform({ source: 'stub', stubDelayMs: 60000 });
    await client.bindRefreshStatus(session);
    const ended = nextEvent(client, 'refreshStatus', (params) => params.status === 'endHeaderRefresh', 20000);
    const controller = new AbortController();
    const call = client.requestCommand(session, true, cancelWith === 'timeout' ? { timeout: 100 } : { signal: controller.signal });
    if (cancelWith === 'signal') setTimeout(() => controller.abort(), 100);
    await assert.rejects(call, cancelWith === 'timeout' ? RpcTimeout : CallAborted);
    // The server only ends a 60 s load early if the cancel reached it.
    await ended;
    assert.deepEqual(await client.requestCommand(session, false, { timeout: 100 }).catch((e) => e.constructor), RpcTimeout);
  }));
}

test('$/cancelRequest by id answers the cancelled call with RequestCancelled', () => withClient(async (client) => {
  const { session } = await client.transform({ stubDelayMs: 60000 });
  const { id, result } = client.send('requestCommand', { session, reload: true });
  client.cancel(id);
  const error = await result.then(() => null, (e) => e);
  assert.ok(error instanceof RequestCancelled);
  assert.deepEqual(error.data, { reason: 'clientCancelled' });
}));

test('close() ends the server, fails pending calls and refuses new ones', async () => {
  const client = new FeedVMClient({ args: ['--stub-delay-ms', '60000'] });
  const { session } = await client.transform({});
  const pending = client.requestCommand(session, true).then(() => null, (error) => error);
  const exitEvent = new Promise((resolve) => client.on('exit', resolve));
  assert.equal(await client.close(), 0);
  const error = await pending;
  assert.ok(error instanceof RequestCancelled || error instanceof ServerExited, String(error));
  assert.deepEqual(await exitEvent, { exitCode: 0, signal: null });
  assert.ok(processGone(/** @type {number} */ (client.pid)));
  await assert.rejects(client.ping(), ServerExited);
  assert.equal(await client.close(), 0); // idempotent
});

test('a server that dies reports its exit code and stderr tail to pending calls', async () => {
  const client = new FeedVMClient({ args: ['--no-such-flag'] });
  const error = await client.ping().then(() => null, (e) => e);
  assert.ok(error instanceof ServerExited, String(error));
  assert.equal(error.exitCode, 2);
  assert.match(error.stderrTail, /no-such-flag|Usage/);
  await client.close();
});

for (const [name, how] of /** @type {const} */ ([['is killed with SIGKILL', 'kill'], ['exits without close()', 'exit']])) {
  test(`no feedvm outlives a parent that ${name}`, async () => {
    const parent = spawn(process.execPath, [join(here, 'fixtures', 'parent.mjs'), how], { stdio: ['pipe', 'pipe', 'inherit'] });
    const pid = await new Promise((resolve, reject) => {
      parent.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
      parent.once('exit', (code) => reject(new Error(`parent exited early (${code})`)));
    });
    assert.ok(pid > 0 && !processGone(pid), 'the server runs');
    if (how === 'kill') parent.kill('SIGKILL');
    else parent.stdin.write('exit\n');
    // Generous: the server exits on end of stdin within 2 s (protocol section 1).
    assert.ok(await eventually(() => processGone(pid), 15000), `feedvm ${pid} still runs`);
  });
}

test('the load states and retry are typed members of the client', () => withClient(async (client) => {
  const { session } = await client.transform({ total: 15, maxPages: 5, retry: { maxAttempts: 2 } });
  /** @type {import('../index.js').LoadState[]} */
  const appends = [];
  client.on('refreshStatus', (params) => { if (params.append) appends.push(params.append); });
  await client.bindRefreshStatus(session);
  assert.deepEqual(await client.retry(session), { retried: false });
  await client.requestCommand(session, true);
  const last = await client.requestCommand(session, false);
  assert.equal(last.endReason, 'totalReached');
  assert.deepEqual(appends.at(-1), { state: 'endOfList', reason: 'totalReached' });
  const status = await client.bindRefreshStatus(session);
  assert.equal(typeof status.lastUpdated, 'number');
}));
