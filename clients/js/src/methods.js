// The typed feedvm methods, written once over `call` and `writeRaw`. Each method only builds
// the wire params (protocol/README.md section 6) and delegates; the last argument of each is
// `CallOptions` (`timeout` in ms, `signal`), for some merged with the method's optional params.

import { CANCEL_METHOD, encodeNotification } from './wire.js';

/** The protocol version this client speaks (protocol/README.md section 12). */
export const PROTOCOL_VERSION = '1.2';

/**
 * @typedef {import('../index.js').CallOptions} CallOptions
 * @typedef {import('../index.js').FeedMethodMap} FeedMethodMap
 * @typedef {import('../index.js').Input} Input
 * @typedef {import('../index.js').ClientInfo} ClientInfo
 * @typedef {import('../index.js').ClientCapabilities} ClientCapabilities
 * @typedef {import('../index.js').RequestId} RequestId
 * @typedef {import('../index.js').ImageVariant} ImageVariant
 * @typedef {import('../index.js').ImageSize} ImageSize
 * @typedef {import('../index.js').ImageFormat} ImageFormat
 * @typedef {import('../index.js').CacheLimits} CacheLimits
 * @typedef {{size?: ImageSize, maxPixelSize?: number, format?: ImageFormat}} ImageOptions
 */

/**
 * @template {keyof FeedMethodMap} M
 * @typedef {Promise<FeedMethodMap[M]['result']>} ResultOf
 */

/** Typed wrappers around `call`; subclasses implement `call` and `writeRaw`. */
export class FeedMethods {
  /**
   * Sends a request and resolves with its result (implemented by the client).
   * @param {string} method
   * @param {unknown} [params]
   * @param {CallOptions} [options]
   * @returns {Promise<any>}
   */
  call(method, params, options) {
    throw new Error(`${this.constructor.name} does not implement call(${method})`);
  }

  /**
   * Writes text to the server's stdin as it is (implemented by the client).
   * @param {string | Uint8Array} data
   */
  writeRaw(data) {
    throw new Error(`${this.constructor.name} does not implement writeRaw`);
  }

  /**
   * Sends a notification (never answered).
   * @param {string} method
   * @param {unknown} [params]
   */
  notify(method, params) {
    this.writeRaw(encodeNotification(method, params));
  }

  /**
   * Sends `$/cancelRequest` for `id`; that call then rejects with `RequestCancelled`.
   * @param {RequestId} id
   */
  cancel(id) {
    this.notify(CANCEL_METHOD, { id });
  }

  /**
   * Optional handshake. `capabilities: {sections: {incremental: true}}` asks for incremental
   * `sections` (see `FeedMirror`); `{images: {inline: true}}` adds base64 `data` to images.
   * Sends the `protocolVersion` this client speaks (`null`: none); a server of another major
   * version refuses it with `InvalidParams` whose `data.supported` names its own. `cache:
   * {memoryBytes, diskBytes, maxAge}` sets the process's image cache limits (1.2).
   * @param {{clientInfo?: ClientInfo, capabilities?: ClientCapabilities, protocolVersion?: string | null, cache?: CacheLimits} & CallOptions} [options]
   * @returns {ResultOf<'initialize'>}
   */
  initialize(options = {}) {
    const { clientInfo, capabilities, protocolVersion = PROTOCOL_VERSION, cache, ...callOptions } = options;
    /** @type {FeedMethodMap['initialize']['params']} */
    const params = {};
    if (clientInfo !== undefined) params.clientInfo = clientInfo;
    if (capabilities !== undefined) params.capabilities = capabilities;
    if (protocolVersion !== null) params.protocolVersion = protocolVersion;
    if (cache !== undefined) params.cache = cache;
    return this.call('initialize', params, callOptions);
  }

  /**
   * Liveness check: resolves `{}`, even while the server is busy.
   * @param {CallOptions} [options]
   * @returns {ResultOf<'ping'>}
   */
  ping(options) {
    return this.call('ping', {}, options);
  }

  /**
   * The OpenRPC document of the protocol the server speaks (`rpc.discover`).
   * @param {CallOptions} [options]
   * @returns {ResultOf<'rpc.discover'>}
   */
  discover(options) {
    return this.call('rpc.discover', {}, options);
  }

  /**
   * Creates a session: `{session, output: {sections, refreshStatus}}` (revision 0). Nothing
   * loads until `requestCommand` or `willDisplay`.
   * @param {Input} input `source` (`stub` by default), `category`, `pageSize`, `baseURL`, ...
   * @param {CallOptions} [options]
   * @returns {ResultOf<'transform'>}
   */
  transform(input, options) {
    return this.call('transform', { input }, options);
  }

  /**
   * Reloads (`true`: the pull-down refresh) or loads the next page (`false`); resolves when
   * the load ends, after its notifications: `{revision, count, page, hasMore}`.
   * @param {string} session
   * @param {boolean} reload
   * @param {CallOptions} [options]
   * @returns {Promise<import('../types/values.js').LoadResult>}
   */
  requestCommand(session, reload, options) {
    return /** @type {Promise<import('../types/values.js').LoadResult>} */ (this.call('requestCommand', { session, reload }, options));
  }

  /**
   * Runs the failed load again with the same page (`requestCommand {retry: true}`): the load's
   * result with `retried: true`, or `{retried: false}` when nothing had failed (the `refresh`
   * and `append` load states of `refreshStatus` say what failed).
   * @param {string} session
   * @param {CallOptions} [options]
   * @returns {ResultOf<'requestCommand'>}
   */
  retry(session, options) {
    return this.call('requestCommand', { session, retry: true }, options);
  }

  /**
   * Shows the new items a background reload announced (`newItems`): resolves with the load
   * result and `shown`, how many were shown (0, and nothing changes, when none wait).
   * @param {string} session
   * @param {CallOptions} [options]
   * @returns {Promise<import('../types/values.js').LoadResult>}
   */
  showNew(session, options) {
    return this.call('requestCommand', { session, showNew: true }, options);
  }

  /**
   * A local edit: sets `fields` on item `id` (the nine known fields by name, `null` clears one;
   * any other name is an extra field of the item). Sent as an incremental change, applied to
   * later pages and reloads, kept in the store. Resolves with `{revision, found}`.
   * @param {string} session
   * @param {string} id
   * @param {Record<string, unknown>} fields
   * @param {CallOptions} [options]
   * @returns {ResultOf<'updateItem'>}
   */
  updateItem(session, id, fields, options) {
    return this.call('updateItem', { session, id, fields }, options);
  }

  /**
   * A local edit: hides item `id` for good. Resolves with `{revision, found}`.
   * @param {string} session
   * @param {string} id
   * @param {CallOptions} [options]
   * @returns {ResultOf<'removeItem'>}
   */
  removeItem(session, id, options) {
    return this.call('removeItem', { session, id }, options);
  }

  /**
   * Binds the front end's refresh controls (both by default): resolves with the latest
   * status; `refreshStatus` events follow.
   * @param {string} session
   * @param {{header?: boolean, footer?: boolean} & CallOptions} [options]
   * @returns {ResultOf<'bindRefreshStatus'>}
   */
  bindRefreshStatus(session, options = {}) {
    const { header = true, footer = true, ...callOptions } = options;
    return this.call('bindRefreshStatus', { session, header, footer }, callOptions);
  }

  /**
   * Loads item `index`'s image (caches first): `{url, mimeType, width, height, byteCount,
   * path, data?}`, after an `imageDownloaded` event. `inline` adds base64 `data`;
   * `variant: 'thumbnail'` loads the item's `thumbnailURL` (its `imageURL` when it has none).
   * `size: {maxWidth, maxHeight}` or `maxPixelSize` resizes to fit (aspect ratio kept, never
   * enlarged), `format` is `'original'`, `'png'` or `'jpeg'`, `refresh` downloads again (1.2).
   * @param {string} session
   * @param {number} index
   * @param {{inline?: boolean, variant?: ImageVariant, refresh?: boolean} & ImageOptions & CallOptions} [options]
   * @returns {ResultOf<'loadImage'>}
   */
  loadImage(session, index, options = {}) {
    const { inline, variant, size, maxPixelSize, format, refresh, ...callOptions } = options;
    /** @type {FeedMethodMap['loadImage']['params']} */
    const params = { session, index };
    if (inline !== undefined) params.inline = inline;
    if (variant !== undefined) params.variant = variant;
    if (size !== undefined) params.size = size;
    if (maxPixelSize !== undefined) params.maxPixelSize = maxPixelSize;
    if (format !== undefined) params.format = format;
    if (refresh !== undefined) params.refresh = refresh;
    return this.call('loadImage', params, callOptions);
  }

  /**
   * Cancels this session's pending image load of item `index`: `{cancelled}`.
   * @param {string} session
   * @param {number} index
   * @param {CallOptions} [options]
   * @returns {ResultOf<'cancelImage'>}
   */
  cancelImage(session, index, options) {
    return this.call('cancelImage', { session, index }, options);
  }

  /**
   * Item `index` is about to be shown: prefetches the next page near the end, the item's
   * image (the full one, or `variant`, at `size`/`maxPixelSize` and `format`) and the next
   * `prefetchImages` rows' images. Resolves `{loadMore, image, ready}` once both ended
   * (`ready`: the image was already cached).
   * @param {string} session
   * @param {number} index
   * @param {{variant?: ImageVariant} & ImageOptions & CallOptions} [options]
   * @returns {ResultOf<'willDisplay'>}
   */
  willDisplay(session, index, options = {}) {
    const { variant, size, maxPixelSize, format, ...callOptions } = options;
    /** @type {FeedMethodMap['willDisplay']['params']} */
    const params = { session, index };
    if (variant !== undefined) params.variant = variant;
    if (size !== undefined) params.size = size;
    if (maxPixelSize !== undefined) params.maxPixelSize = maxPixelSize;
    if (format !== undefined) params.format = format;
    return this.call('willDisplay', params, callOptions);
  }

  /**
   * Item `index` left the screen: cancels its pending image load, as `cancelImage`.
   * @param {string} session
   * @param {number} index
   * @param {CallOptions} [options]
   * @returns {ResultOf<'didEndDisplaying'>}
   */
  didEndDisplaying(session, index, options) {
    return this.call('didEndDisplaying', { session, index }, options);
  }

  /**
   * Replaces the members given of a live session's input (e.g. `{category}`): cancels its
   * loads and clears the list. Resolves `{revision}`.
   * @param {string} session
   * @param {Input} input
   * @param {CallOptions} [options]
   * @returns {ResultOf<'updateInput'>}
   */
  updateInput(session, input, options) {
    return this.call('updateInput', { session, input }, options);
  }

  /**
   * Ends a session: resolves `{}`; its id is unknown afterwards.
   * @param {string} session
   * @param {CallOptions} [options]
   * @returns {ResultOf<'dispose'>}
   */
  dispose(session, options) {
    return this.call('dispose', { session }, options);
  }

  /**
   * What the process's image caches hold and may hold: `{memory, disk, maxAge}` (1.2).
   * @param {CallOptions} [options]
   * @returns {ResultOf<'cacheInfo'>}
   */
  cacheInfo(options) {
    return this.call('cacheInfo', {}, options);
  }

  /**
   * Empties the memory and/or disk image cache (both by default); resolves as `cacheInfo` (1.2).
   * @param {{memory?: boolean, disk?: boolean} & CallOptions} [options]
   * @returns {ResultOf<'clearCache'>}
   */
  clearCache(options = {}) {
    const { memory = true, disk = true, ...callOptions } = options;
    return this.call('clearCache', { memory, disk }, callOptions);
  }

  /**
   * Answers in-flight requests, then refuses all but `ping` and `exit`: resolves `{}`.
   * @param {CallOptions} [options]
   * @returns {ResultOf<'shutdown'>}
   */
  shutdown(options) {
    return this.call('shutdown', undefined, options);
  }

  /** Sends the `exit` notification: the server exits with status 0. */
  exit() {
    this.notify('exit');
  }
}
