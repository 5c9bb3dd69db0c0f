// The page: one feedvm session per tab, streamed from the bridge as Server-Sent Events.
// The list is a FeedMirror (the JS client's own, served at /lib/mirror.js) fed by `sections`;
// refresh controls follow `refreshStatus` as each arrives; `hud` becomes a toast. Commands go
// to /api/tabs/<key>/<method>; images come from /image/<key>/<index>?id=<item id>&variant=:
// thumbnails in the grid, the full image in the lightbox that a tile opens.

import { FeedMirror } from '/lib/mirror.js';

import { CategoryPicker, Toasts, enablePullToRefresh, enableSettings } from '/app/controls.js';
import { FeedView } from '/app/feed-view.js';
import { Lightbox } from '/app/lightbox.js';
import { NewItemsPill, StaleBanner, notePlace } from '/app/living.js';

const query = new URLSearchParams(window.location.search);
const feed = /** @type {HTMLElement} */ (document.querySelector('[data-feed]'));
const empty = /** @type {HTMLElement} */ (document.querySelector('[data-empty]'));
const toasts = new Toasts(/** @type {HTMLElement} */ (document.querySelector('[data-toasts]')));
const staleBanner = new StaleBanner(/** @type {HTMLElement} */ (document.querySelector('[data-stale]')));
const newItemsPill = new NewItemsPill(/** @type {HTMLButtonElement} */ (document.querySelector('[data-new-items]')), async () => {
  const answer = await command('requestCommand', { showNew: true });
  if (!answer.error) window.scrollTo({ top: 0, behavior: 'smooth' });
});

/** @type {{key: string, mirror: FeedMirror, input: Record<string, unknown>} | null} */
let tab = null;
let lastLoadFailed = '';

/**
 * Where the bridge serves item `index`'s image in `variant`.
 * @param {{id: string}} item
 * @param {number} index
 * @param {'full' | 'thumbnail'} variant
 */
const imageURL = (item, index, variant) => `/image/${tab?.key}/${index}?${new URLSearchParams({ id: item.id, variant })}`;

const view = new FeedView(/** @type {HTMLElement} */ (document.querySelector('[data-grid]')), {
  // The grid shows thumbnails: its tiles prefetch those, never the full images.
  willDisplay: (index) => void command('willDisplay', { index, variant: 'thumbnail' }),
  didEndDisplaying: (index) => void command('didEndDisplaying', { index }),
  imageURL,
  open: (index) => lightbox.open(index),
});

const lightbox = new Lightbox(/** @type {HTMLDialogElement} */ (document.querySelector('[data-lightbox]')), {
  items: () => tab?.mirror.items ?? [],
  imageURL,
  willDisplay: (index) => void command('willDisplay', { index, variant: 'full' }),
  tile: (id) => view.tile(id),
});

const picker = new CategoryPicker(/** @type {HTMLElement} */ (document.querySelector('[data-categories]')), async (category) => {
  if (!tab) return;
  query.set('category', category);
  window.history.replaceState(null, '', `?${query}`);
  window.scrollTo({ top: 0 });
  const answer = await command('updateInput', { input: { category } });
  if (!answer.error) await reload();
});

/**
 * Sends a command of this tab's session; resolves `{result}` or `{error}` (never rejects:
 * a failed load is reported by its `hud` notification, races with a newer list are normal).
 * @param {string} method
 * @param {Record<string, unknown>} params
 * @returns {Promise<{result?: any, error?: {code?: number, message: string}}>}
 */
async function command(method, params) {
  if (!tab) return { error: { message: 'not connected' } };
  try {
    const response = await fetch(`/api/tabs/${tab.key}/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(params),
    });
    return response.ok ? await response.json() : { error: { message: (await response.text()).trim() } };
  } catch (error) {
    return { error: { message: String(error) } };
  }
}

/** The header refresh: the reload control, pull-down, "Try again". */
async function reload() {
  newItemsPill.hide(); // a reload shows whatever a background one found
  const answer = await command('requestCommand', { reload: true });
  lastLoadFailed = answer.error && answer.error.code !== -32800 ? answer.error.message : '';
  showEmptyState();
}

function loadMore() {
  void command('requestCommand', { reload: false });
}

/**
 * Follows one `refreshStatus` notification: `data-refresh-status` is set at once for every
 * status (tests and CSS follow each state), and the derived flags drive the spinners.
 * @param {{status: string, isHidden?: boolean, isNoMoreData?: boolean}} status
 */
function applyStatus(status) {
  feed.dataset.refreshStatus = status.status;
  switch (status.status) {
    case 'beingHeaderRefresh': feed.dataset.headerLoading = 'true'; break;
    case 'endHeaderRefresh': feed.dataset.headerLoading = 'false'; break;
    case 'beingFooterRefresh': feed.dataset.footerLoading = 'true'; break;
    case 'endFooterRefresh': feed.dataset.footerLoading = 'false'; break;
    case 'noMoreData': feed.dataset.footerLoading = 'false'; feed.dataset.noMoreData = 'true'; break;
    case 'footerStatus':
      feed.dataset.noMoreData = String(Boolean(status.isNoMoreData));
      feed.dataset.footerHidden = String(Boolean(status.isHidden));
      break;
    default: break;
  }
  feed.setAttribute('aria-busy', String(feed.dataset.headerLoading === 'true' || feed.dataset.footerLoading === 'true'));
}

function showEmptyState() {
  const isEmpty = (tab?.mirror.items.length ?? 0) === 0;
  const loading = feed.dataset.headerLoading === 'true';
  empty.hidden = !isEmpty || loading || !tab;
  const title = /** @type {HTMLElement} */ (empty.querySelector('[data-empty-title]'));
  const detail = /** @type {HTMLElement} */ (empty.querySelector('[data-empty-detail]'));
  title.textContent = lastLoadFailed ? 'Couldn’t load the feed' : 'Nothing here yet';
  detail.textContent = lastLoadFailed || 'This feed has no items.';
}

/** @param {string} message */
function showFatal(message) {
  lastLoadFailed = message;
  feed.dataset.footerHidden = 'true';
  empty.hidden = false;
  /** @type {HTMLElement} */ (empty.querySelector('[data-empty-title]')).textContent = 'Couldn’t open the feed';
  /** @type {HTMLElement} */ (empty.querySelector('[data-empty-detail]')).textContent = message;
  toasts.show('error', message);
}

/** @param {MessageEvent} event */
const data = (event) => JSON.parse(event.data);

function connect() {
  const events = new EventSource(`/api/events?${query}`);
  events.addEventListener('session', (event) => {
    const { key, input, output, categories } = data(event);
    tab = { key, input, mirror: new FeedMirror(null, { revision: 0, sections: output.sections }) };
    view.clear();
    view.render(tab.mirror.items); // a saved list shows at once, offline too
    lightbox.sync();
    lastLoadFailed = '';
    applyStatus(output.refreshStatus);
    staleBanner.update(output);
    newItemsPill.hide();
    const source = String(input.source ?? 'stub');
    /** @type {HTMLElement} */ (document.querySelector('[data-source-badge]')).textContent = source;
    picker.show(categories, String(input.category ?? (categories.length ? 'all' : '')));
    document.title = `FeedVM · ${source}${input.category ? ` · ${input.category}` : ''}`;
    void reload();
  });
  events.addEventListener('sections', (event) => {
    if (!tab) return;
    const params = data(event);
    // A reload that keeps the place: the row the reader looked at stays where it was.
    const place = notePlace((id) => view.tile(id), view.tiles.values(), params.anchor?.id);
    tab.mirror.apply(params);
    view.render(tab.mirror.items);
    place.restore();
    staleBanner.update(params);
    lightbox.sync();
    showEmptyState();
  });
  events.addEventListener('refreshStatus', (event) => {
    applyStatus(data(event));
    showEmptyState();
  });
  events.addEventListener('newItems', (event) => newItemsPill.announce(data(event).count));
  events.addEventListener('hud', (event) => {
    const { style, message } = data(event);
    toasts.show(style, message);
  });
  // Leaving the page ends its session at once (and keeps the page fit for the back/forward cache).
  window.addEventListener('pagehide', () => events.close());
  window.addEventListener('pageshow', (event) => { if (event.persisted) window.location.reload(); });
  events.addEventListener('fatal', (event) => {
    events.close();
    tab = null;
    lightbox.sync();
    showFatal(data(event).message);
  });
}

document.querySelector('[data-action="reload"]')?.addEventListener('click', () => void reload());
// After a fatal error there is no session left to reload: start a new one.
document.querySelector('[data-action="retry"]')?.addEventListener('click', () => (tab ? void reload() : window.location.reload()));
document.querySelector('[data-action="load-more"]')?.addEventListener('click', loadMore);
enablePullToRefresh(/** @type {HTMLElement} */ (document.querySelector('[data-pull]')), () => void reload());
enableSettings(/** @type {HTMLDialogElement} */ (document.querySelector('[data-settings]')), query);
connect();
