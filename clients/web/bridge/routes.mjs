// The bridge's HTTP routes:
//   GET  /                          the page (public/index.html); also /app/<file>, /lib/mirror.js
//   GET  /api/events?<input>        a tab: Server-Sent Events of its session, disposed on close;
//                                  `confirm` instead while the input's hosts are not confirmed
//   GET  /api/hosts?<input>         the hosts that input makes feedvm contact, and where they are
//   POST /api/hosts                 {hosts}: the user confirmed them
//   POST /api/tabs/<key>/<method>   a command of that tab's session, answered {result} | {error}
//   GET  /image/<key>/<index>?id=&variant=&maxPixelSize=   item <index>'s image (full or
//                                  thumbnail, resized to fit maxPixelSize), from feedvm's cache only
// Every request passes `checkOrigin` first; nothing else is served.

import { readFile, realpath } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { CallAborted, RpcError } from '../../js/index.js';
import { Refusal, checkOrigin, readJSONBody } from './guard.mjs';
import { HostConsent, MAX_CONFIRMED_HOSTS, describeHosts, hostsOf, parseHost } from './hosts.mjs';
import { CATEGORIES, InputError, inputFromQuery, validateInput } from './input.mjs';

/** @typedef {import('../../js/index.js').ImageVariant} ImageVariant */

const here = dirname(fileURLToPath(import.meta.url));
const PUBLIC = join(here, '..', 'public');

/** The files served, by URL path: nothing outside this table is ever read. */
const STATIC = new Map([
  ['/', [join(PUBLIC, 'index.html'), 'text/html; charset=utf-8']],
  ['/app/app.js', [join(PUBLIC, 'app.js'), 'text/javascript; charset=utf-8']],
  ['/app/feed-view.js', [join(PUBLIC, 'feed-view.js'), 'text/javascript; charset=utf-8']],
  ['/app/controls.js', [join(PUBLIC, 'controls.js'), 'text/javascript; charset=utf-8']],
  ['/app/lightbox.js', [join(PUBLIC, 'lightbox.js'), 'text/javascript; charset=utf-8']],
  ['/app/consent.js', [join(PUBLIC, 'consent.js'), 'text/javascript; charset=utf-8']],
  ['/app/living.js', [join(PUBLIC, 'living.js'), 'text/javascript; charset=utf-8']],
  ['/app/living.css', [join(PUBLIC, 'living.css'), 'text/css; charset=utf-8']],
  ['/app/item-style.js', [join(PUBLIC, 'item-style.js'), 'text/javascript; charset=utf-8']],
  ['/app/style.css', [join(PUBLIC, 'style.css'), 'text/css; charset=utf-8']],
  ['/app/controls.css', [join(PUBLIC, 'controls.css'), 'text/css; charset=utf-8']],
  ['/app/lightbox.css', [join(PUBLIC, 'lightbox.css'), 'text/css; charset=utf-8']],
  ['/app/icon.svg', [join(PUBLIC, 'icon.svg'), 'image/svg+xml']],
  ['/lib/mirror.js', [join(here, '..', '..', 'js', 'src', 'mirror.js'), 'text/javascript; charset=utf-8']],
]);

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);
const COMMANDS = new Set(['requestCommand', 'willDisplay', 'didEndDisplaying', 'updateInput']);
/** The renditions of an item's image (protocol section 6, `loadImage`'s `variant`). */
const VARIANTS = new Set(['full', 'thumbnail']);
/** The largest `maxPixelSize` a page may ask for. */
const MAX_PIXEL_SIZE = 8192;

/**
 * A `maxPixelSize` the page sent (a string of the query, or a number of a command), checked.
 * @param {unknown} value
 * @returns {number | undefined}
 */
function pixelSize(value) {
  if (value === undefined || value === null) return undefined;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PIXEL_SIZE) throw new Refusal(400, `maxPixelSize must be 1...${MAX_PIXEL_SIZE}`);
  return size;
}
const MAX_INDEX = 1_000_000;
/** Input members that choose the hosts a session contacts: a tab keeps its own (a new page gets others). */
const HOST_MEMBERS = ['source', 'baseURL', 'custom'];

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
};

/**
 * @typedef {{tabs: import('./tabs.mjs').Tabs, port: () => number, cacheDir: string, log: (line: string) => void}} BridgeOptions
 * @typedef {BridgeOptions & {consent: HostConsent}} Bridge
 */

/**
 * The request handler of a bridge listening on `port`.
 * @param {BridgeOptions} options
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void}
 */
export function routes(options) {
  const bridge = { ...options, consent: new HostConsent() };
  return (request, response) => {
    handle(bridge, request, response).catch((error) => {
      const status = error instanceof Refusal ? error.status : 500;
      if (!(error instanceof Refusal)) bridge.log(`${request.method} ${request.url}: ${error?.stack ?? error}`);
      if (response.headersSent) return response.destroy();
      send(response, status, 'text/plain; charset=utf-8', `${error instanceof Refusal ? error.message : 'internal error'}\n`,
        'no-store', error instanceof Refusal ? error.headers : {});
    });
  };
}

/**
 * @param {Bridge} bridge
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
async function handle(bridge, request, response) {
  const url = new URL(request.url ?? '/', 'http://bridge.invalid');
  const file = STATIC.get(url.pathname);
  checkOrigin(request, bridge.port(), { navigation: url.pathname === '/' });
  if (request.method === 'POST' && url.pathname === '/api/hosts') return confirmHosts(bridge, request, response);
  if (request.method === 'POST') {
    const command = /^\/api\/tabs\/([0-9a-f]{32})\/(\w+)$/.exec(url.pathname);
    if (!command) throw new Refusal(404, 'no such command route');
    return runCommand(bridge, command[1], command[2], request, response);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') throw new Refusal(405, 'GET or POST only');
  if (file) return send(response, 200, file[1], await readFile(file[0]), 'no-cache');
  if (url.pathname === '/api/events') {
    // A HEAD would hold a tab slot open with nothing to read it.
    if (request.method !== 'GET') throw new Refusal(405, 'GET only', { Allow: 'GET' });
    return openTab(bridge, url.searchParams, request, response);
  }
  if (url.pathname === '/api/hosts') return listHosts(url.searchParams, response);
  const image = /^\/image\/([0-9a-f]{32})\/(\d{1,7})$/.exec(url.pathname);
  if (image) {
    const variant = url.searchParams.get('variant') ?? 'full';
    if (!VARIANTS.has(variant)) throw new Refusal(400, 'variant must be full or thumbnail');
    return sendImage(bridge, {
      key: image[1], index: Number(image[2]), id: url.searchParams.get('id'), variant: /** @type {ImageVariant} */ (variant),
      maxPixelSize: pixelSize(url.searchParams.get('maxPixelSize')),
    }, response);
  }
  throw new Refusal(404, 'not found');
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} type
 * @param {string | Buffer} body
 * @param {string} [cache]
 * @param {Record<string, string>} [headers]
 */
function send(response, status, type, body, cache = 'no-store', headers = {}) {
  response.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'Content-Type': type, 'Cache-Control': cache, 'Content-Length': Buffer.byteLength(body) });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

/**
 * A tab's event stream. Problems are reported as a `fatal` event on a 200 stream: an
 * EventSource hides the body of an error status from the page.
 * @param {Bridge} bridge
 * @param {URLSearchParams} query
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
async function openTab(bridge, query, request, response) {
  response.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
  response.write('retry: 2000\n\n');
  const fail = (/** @type {string} */ message) => {
    response.write(`event: fatal\ndata: ${JSON.stringify({ message })}\n\n`);
    response.end();
  };
  let input;
  let hosts;
  try {
    input = inputFromQuery(query);
    hosts = hostsOf(input);
  } catch (error) {
    if (error instanceof InputError) return fail(error.message);
    throw error;
  }
  // Nothing is fetched for a configuration whose hosts the user has not confirmed: the page asks.
  const unconfirmed = bridge.consent.unconfirmed(hosts);
  if (unconfirmed.length > 0) {
    response.write(`event: confirm\ndata: ${JSON.stringify({ hosts: await describeHosts(unconfirmed) })}\n\n`);
    return response.end();
  }
  let opened;
  try {
    opened = await bridge.tabs.open(input, response);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const { tab, output } = opened;
  if (response.destroyed) return bridge.tabs.close(tab);
  response.on('close', () => void bridge.tabs.close(tab)); // the tab went away (or the bridge stops)
  const source = String(input.source ?? 'stub');
  tab.start({ key: tab.key, input, output, categories: CATEGORIES[/** @type {'stub'} */ (source)] ?? [] });
  const heartbeat = setInterval(() => { if (!response.writableEnded) response.write(': keep-alive\n\n'); }, 20000);
  response.on('close', () => clearInterval(heartbeat));
}

/**
 * The hosts the input of `query` makes feedvm contact: `{hosts: [{host, scope}]}`.
 * @param {URLSearchParams} query
 * @param {import('node:http').ServerResponse} response
 */
async function listHosts(query, response) {
  let hosts;
  try {
    hosts = hostsOf(inputFromQuery(query));
  } catch (error) {
    if (error instanceof InputError) throw new Refusal(400, error.message);
    throw error;
  }
  send(response, 200, 'application/json', JSON.stringify({ hosts: await describeHosts(hosts) }));
}

/**
 * The user confirmed the hosts of a body `{hosts: [string]}` (as `/api/hosts` lists them).
 * @param {Bridge} bridge
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
async function confirmHosts(bridge, request, response) {
  const body = /** @type {{hosts?: unknown}} */ (await readJSONBody(request));
  const listed = body?.hosts;
  if (!Array.isArray(listed) || listed.length > MAX_CONFIRMED_HOSTS.perRequest) {
    throw new Refusal(400, `hosts: an array of at most ${MAX_CONFIRMED_HOSTS.perRequest} hosts`);
  }
  const hosts = listed.map(parseHost);
  if (hosts.some((host) => host === null)) throw new Refusal(400, 'hosts: each a host[:port] as /api/hosts lists it');
  bridge.consent.confirm(/** @type {string[]} */ (hosts));
  send(response, 200, 'application/json', JSON.stringify({ confirmed: hosts }));
}

/**
 * @param {Bridge} bridge
 * @param {string} key
 * @param {string} method
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
async function runCommand(bridge, key, method, request, response) {
  if (!COMMANDS.has(method)) throw new Refusal(404, 'no such command');
  const body = await readJSONBody(request);
  const tab = bridge.tabs.get(key);
  if (!tab) throw new Refusal(404, 'no such tab');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Refusal(400, 'params must be an object');
  const params = /** @type {Record<string, unknown>} */ (body);
  const client = await bridge.tabs.client();
  /** @type {Promise<unknown>} */
  let call;
  if (method === 'requestCommand' && params.retry === true) {
    call = client.retry(tab.session);
  } else if (method === 'requestCommand' && params.showNew === true) {
    call = client.showNew(tab.session);
  } else if (method === 'requestCommand') {
    if (typeof params.reload !== 'boolean') throw new Refusal(400, 'reload must be a boolean (or retry or showNew true)');
    call = client.requestCommand(tab.session, params.reload);
  } else if (method === 'updateInput') {
    let input;
    try {
      input = validateInput(/** @type {Record<string, unknown>} */ (params.input ?? {}));
    } catch (error) {
      throw new Refusal(400, String(error instanceof Error ? error.message : error));
    }
    const moved = HOST_MEMBERS.find((member) => input[member] !== undefined);
    if (moved) throw new Refusal(400, `${moved} chooses the hosts a feed contacts: open it in a new page`);
    call = client.updateInput(tab.session, input);
  } else {
    const index = params.index;
    if (!Number.isInteger(index) || /** @type {number} */ (index) < 0 || /** @type {number} */ (index) > MAX_INDEX) throw new Refusal(400, 'index must be a small non-negative integer');
    if (params.variant !== undefined && (method !== 'willDisplay' || !VARIANTS.has(String(params.variant)))) {
      throw new Refusal(400, 'variant must be full or thumbnail, for willDisplay');
    }
    if (params.maxPixelSize !== undefined && method !== 'willDisplay') throw new Refusal(400, 'maxPixelSize is for willDisplay');
    call = method === 'willDisplay'
      ? client.willDisplay(tab.session, /** @type {number} */ (index), {
        variant: /** @type {ImageVariant | undefined} */ (params.variant), maxPixelSize: pixelSize(params.maxPixelSize),
      })
      : client.didEndDisplaying(tab.session, /** @type {number} */ (index));
  }
  // Errors travel in the body (like JSON-RPC itself): a failed load is an answer, not a fault.
  const answer = await call.then((result) => ({ result }), (error) => {
    if (error instanceof RpcError) return { error: { code: error.code, message: error.message, data: error.data } };
    throw error;
  });
  send(response, 200, 'application/json', JSON.stringify(answer));
}

/**
 * The `variant` of item `index`'s image (or, when the list moved meanwhile, of item `id`
 * wherever it is now), resized by feedvm to fit `maxPixelSize` when given, read from feedvm's
 * cache directory and nowhere else. A page that stops
 * waiting (a tile scrolled away, the lightbox closed) withdraws the load (`$/cancelRequest`).
 * @param {Bridge} bridge
 * @param {{key: string, index: number, id: string | null, variant: ImageVariant, maxPixelSize?: number}} wanted
 * @param {import('node:http').ServerResponse} response
 */
async function sendImage(bridge, { key, index, id, variant, maxPixelSize }, response) {
  const tab = bridge.tabs.get(key);
  if (!tab) throw new Refusal(404, 'no such tab');
  const items = tab.mirror.items;
  const position = items[index]?.id === id ? index : items.findIndex((item) => item.id === id);
  if (position < 0 || !items[position].imageURL) throw new Refusal(410, 'no such item in the list');
  const client = await bridge.tabs.client();
  const abandoned = new AbortController();
  response.on('close', () => { if (!response.writableEnded) abandoned.abort(); });
  const load = (/** @type {boolean} */ inline) => client.loadImage(tab.session, position, { variant, inline, maxPixelSize, signal: abandoned.signal });
  let image;
  let bytes;
  try {
    image = await load(false);
    if (!IMAGE_TYPES.has(image.mimeType)) throw new Refusal(502, 'not an image type the page shows');
    // Evicted (or elsewhere) between the answer and the read: ask for the bytes themselves.
    bytes = await readCached(bridge.cacheDir, image.path) ?? Buffer.from((await load(true)).data ?? '', 'base64');
  } catch (error) {
    if (error instanceof CallAborted) return; // nobody waits for the answer any more
    if (!(error instanceof RpcError)) throw error;
    throw new Refusal(error.code === -32800 ? 503 : 502, `image not loaded: ${error.message}`);
  }
  send(response, 200, image.mimeType, bytes, 'private, max-age=3600');
}

/**
 * The bytes of `path` when it lies inside `cacheDir`, else `null`.
 * @param {string} cacheDir
 * @param {string} path
 */
async function readCached(cacheDir, path) {
  try {
    const [root, file] = await Promise.all([realpath(cacheDir), realpath(path)]);
    return file.startsWith(root + sep) ? await readFile(file) : null;
  } catch {
    return null;
  }
}
