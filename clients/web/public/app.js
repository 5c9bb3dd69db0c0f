// The page: one feedvm session per tab, streamed from the bridge as Server-Sent Events.
// The list is a FeedMirror (the JS client's own, served at /lib/mirror.js) fed by `sections`;
// refresh controls follow `refreshStatus` as each arrives. Toasts are for errors the grid does
// not show already and for a reload that changed the list; an error with nothing on screen is
// the empty state's alone. Commands go to /api/tabs/<key>/<method>; images come from
// /image/<key>/<index>?id=<item id>&variant=: thumbnails in the grid (the full image where the
// thumbnail is far smaller than its tile), the full image in the lightbox that a tile opens.
// A feed whose hosts the user has not confirmed is not opened until they are (consent.js).

import { FeedMirror } from '/lib/mirror.js';

import { askToConfirm } from '/app/consent.js';
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
const consent = /** @type {HTMLDialogElement} */ (document.querySelector('[data-consent]'));

/** @type {{key: string, mirror: FeedMirror, input: Record<string, unknown>} | null} */
let tab = null;
let lastLoadFailed = '';
/** @type {{before: Array<{id: string}>, revision: number | null} | null} the reload whose outcome is announced */
let announcedReload = null;
/** The list at each of the last few revisions: a reload's page may be followed by the next at once. */
const recentLists = new Map();

/**
 * The longest side, in device pixels, of the thumbnails the grid asks feedvm for: what a
 * tile's photo needs at this device pixel ratio to be covered by pictures from 3:4 to 16:9
 * (4/3 of its longer side), in steps of 64 so that small layout changes reuse the cache.
 */
function thumbnailPixels() {
  const photo = /** @type {HTMLElement | null} */ (document.querySelector('[data-grid] .photo'));
  const side = Math.max(photo?.clientWidth || 290, photo?.clientHeight || 218) * (window.devicePixelRatio || 1) * 4 / 3;
  return Math.min(4096, Math.ceil(side / 64) * 64);
}

/**
 * Where the bridge serves item `index`'s image in `variant`: a tile's image (thumbnail, or the
 * full image standing in for a thumbnail too small) at the size the grid draws it (feedvm
 * resizes it), the lightbox's full image as it is.
 * @param {{id: string}} item
 * @param {number} index
 * @param {'full' | 'thumbnail'} variant
 * @param {boolean} [forTile] the image is drawn in a tile (a thumbnail always is)
 */
const imageURL = (item, index, variant, forTile = false) => `/image/${tab?.key}/${index}?${new URLSearchParams({
  id: item.id, variant, ...(variant === 'thumbnail' || forTile ? { maxPixelSize: String(thumbnailPixels()) } : {}),
})}`;

const view = new FeedView(/** @type {HTMLElement} */ (document.querySelector('[data-grid]')), {
  // The grid shows thumbnails: its tiles prefetch those at its size, never the full images.
  willDisplay: (index) => void command('willDisplay', { index, variant: 'thumbnail', maxPixelSize: thumbnailPixels() }),
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
  view.pauseLoads(); // the new input replaces the list the images would be answered from
  const answer = await command('updateInput', { input: { category } });
  if (answer.error) view.resumeLoads();
  else await reload();
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
  const reloading = { before: [...(tab?.mirror.items ?? [])], revision: /** @type {number | null} */ (null) };
  announcedReload = reloading;
  view.pauseLoads(); // images asked for now would be answered for the list the reload replaces
  const answer = await command('requestCommand', { reload: true });
  lastLoadFailed = answer.error && answer.error.code !== -32800 ? answer.error.message : '';
  showEmptyState();
  if (announcedReload !== reloading) return; // a newer reload took over
  if (answer.error) {
    announcedReload = null;
    view.resumeLoads();
  } else {
    reloading.revision = answer.result.revision;
    reloaded();
  }
}

/**
 * Once the list has the reloaded revision (its `sections` may come after the answer): the
 * tiles ask for their images again, and a toast tells when the reload changed what was on
 * screen (none for a first load or an unchanged list).
 */
function reloaded() {
  const reloading = announcedReload;
  if (!tab || !reloading || reloading.revision === null || tab.mirror.revision < reloading.revision) return;
  announcedReload = null;
  view.resumeLoads();
  const after = recentLists.get(reloading.revision);
  if (!after) return;
  const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);
  if (reloading.before.length === 0 || same(reloading.before.slice(0, after.length), after)) return;
  const known = new Set(reloading.before.map((item) => item.id));
  const added = after.filter((item) => !known.has(item.id)).length;
  toasts.show('success', added > 0 ? `${added} new item${added === 1 ? '' : 's'}` : 'Feed updated');
}

function loadMore() {
  void command('requestCommand', { reload: false });
}

/** The footer's Retry: the failed load again, with the same page (`requestCommand {retry: true}`). */
function retryLoad() {
  void command('requestCommand', { retry: true });
}

/** Why a list ended (the append load state's reason), in words; an unknown reason as it is. */
const END_REASONS = /** @type {Record<string, string>} */ ({
  hasMoreFalse: 'The API says there is no more.',
  totalReached: 'All items of the total are listed.',
  emptyPage: 'The last page was empty.',
  shortPage: 'The last page was shorter than a page.',
  noNextURL: 'The page gave no next URL.',
  noNextCursor: 'The page gave no cursor.',
  repeatedCursor: 'The next page would repeat one already loaded.',
  pageLimit: 'The page limit (maxPages) was reached.',
});

/**
 * Follows the load states of a status (protocol 1.2): `data-refresh-state`, `data-append-state`
 * and `data-end-reason` on the feed; a failed load-more's message in the footer beside Retry;
 * the attempt of a retried one; why the list ended as the end line's tooltip; when the list
 * was last reloaded as the reload button's tooltip.
 * @param {{refresh?: {state: string, attempt?: number}, append?: {state: string, attempt?: number,
 *   message?: string, retryable?: boolean, attempts?: number, reason?: string}, lastUpdated?: number}} status
 */
function applyLoadStates(status) {
  const { refresh, append } = status;
  if (refresh) feed.dataset.refreshState = refresh.state;
  if (!append) return;
  feed.dataset.appendState = append.state;
  feed.dataset.endReason = append.state === 'endOfList' ? (append.reason ?? '') : '';
  const error = /** @type {HTMLElement} */ (feed.querySelector('[data-footer-error]'));
  error.textContent = append.state === 'error'
    ? `Couldn’t load more: ${append.message ?? 'failed'}${append.retryable === false ? ' (retrying may not help)' : ''}`
    : '';
  const loading = /** @type {HTMLElement} */ (feed.querySelector('.footer-loading'));
  loading.textContent = append.state === 'loading' && (append.attempt ?? 1) > 1 ? `Loading more… (attempt ${append.attempt})` : 'Loading more…';
  const end = /** @type {HTMLElement} */ (feed.querySelector('[data-footer-end]'));
  end.title = append.state === 'endOfList' && append.reason ? (END_REASONS[append.reason] ?? append.reason) : '';
  if (status.lastUpdated) {
    document.querySelector('[data-action="reload"]')?.setAttribute('title', `Reload (updated ${new Date(status.lastUpdated).toLocaleTimeString()})`);
  }
}

/**
 * Follows one `refreshStatus` notification: `data-refresh-status` is set at once for every
 * status (tests and CSS follow each state), and the derived flags drive the spinners.
 * @param {{status: string, isHidden?: boolean, isNoMoreData?: boolean, refresh?: any, append?: any, lastUpdated?: number}} status
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
  applyLoadStates(status);
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

/**
 * The feed is not open (an error, or hosts the user declined): the empty state says why, once.
 * @param {string} title
 * @param {string} message
 */
function showClosed(title, message) {
  lastLoadFailed = message;
  feed.dataset.footerHidden = 'true';
  empty.hidden = false;
  /** @type {HTMLElement} */ (empty.querySelector('[data-empty-title]')).textContent = title;
  /** @type {HTMLElement} */ (empty.querySelector('[data-empty-detail]')).textContent = message;
}

/** @param {MessageEvent} event */
const data = (event) => JSON.parse(event.data);

function connect() {
  const events = new EventSource(`/api/events?${query}`);
  events.addEventListener('session', (event) => {
    const { key, input, output, categories } = data(event);
    tab = { key, input, mirror: new FeedMirror(null, { revision: 0, sections: output.sections }) };
    recentLists.clear();
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
    /** @type {HTMLElement} */ (document.querySelector('[data-feed-title]')).textContent = document.title;
    void reload();
  });
  events.addEventListener('sections', (event) => {
    if (!tab) return;
    const params = data(event);
    // A reload that keeps the place: the row the reader looked at stays where it was.
    const place = notePlace((id) => view.tile(id), view.tiles.values(), params.anchor?.id);
    tab.mirror.apply(params);
    recentLists.set(tab.mirror.revision, tab.mirror.items);
    for (const revision of recentLists.keys()) if (recentLists.size > 8) recentLists.delete(revision);
    view.render(tab.mirror.items);
    place.restore();
    staleBanner.update(params);
    lightbox.sync();
    showEmptyState();
    reloaded();
  });
  events.addEventListener('refreshStatus', (event) => {
    applyStatus(data(event));
    showEmptyState();
  });
  events.addEventListener('newItems', (event) => newItemsPill.announce(data(event).count));
  events.addEventListener('hud', (event) => {
    const { style, message } = data(event);
    // A page that arrived shows itself; a failure with nothing on screen is the empty state's.
    if (style === 'success') return;
    if (style === 'error' && (tab?.mirror.items.length ?? 0) === 0) {
      lastLoadFailed = message;
      showEmptyState();
      return;
    }
    toasts.show(style, message);
  });
  // Leaving the page ends its session at once (and keeps the page fit for the back/forward cache).
  window.addEventListener('pagehide', () => {
    view.pauseLoads(); // no image may wait on a session about to end
    events.close();
  });
  events.addEventListener('fatal', (event) => {
    events.close();
    tab = null;
    lightbox.sync();
    showClosed('Couldn’t open the feed', data(event).message);
  });
  // The feed's hosts are not confirmed: nothing was fetched; ask, then open it or say why not.
  events.addEventListener('confirm', async (event) => {
    events.close();
    const { hosts } = data(event);
    if (await askToConfirm(consent, hosts)) connect();
    else showClosed('Feed not opened', `You did not allow this feed to contact ${hosts.map((/** @type {{host: string}} */ entry) => entry.host).join(', ')}.`);
  });
}

window.addEventListener('pageshow', (event) => { if (event.persisted) window.location.reload(); });
document.querySelector('[data-action="reload"]')?.addEventListener('click', () => void reload());
// After a fatal error there is no session left to reload: start a new one.
document.querySelector('[data-action="retry"]')?.addEventListener('click', () => (tab ? void reload() : window.location.reload()));
document.querySelector('[data-action="load-more"]')?.addEventListener('click', loadMore);
document.querySelector('[data-action="retry-load"]')?.addEventListener('click', retryLoad);
enablePullToRefresh(/** @type {HTMLElement} */ (document.querySelector('[data-pull]')), () => void reload());
enableSettings(/** @type {HTMLDialogElement} */ (document.querySelector('[data-settings]')), query);
connect();
