// The detail view: one item over the grid, in a modal <dialog>. An image item shows its
// thumbnail at once (the grid already has it) and the full image over it once loaded; a text
// item shows its text. ←/→ (or a swipe) step through the list, Esc or the close button close
// it, and focus returns to the item's tile. Showing an item reports `willDisplay` for it, so
// stepping towards the end of the list loads the next page as scrolling does.

import { byline } from '/app/feed-view.js';
import { cardColours } from '/app/item-style.js';

/** How far past its own size a small full image is enlarged to fill the screen. */
const MAX_ZOOM = 2.5;
/** A text item's card: 4:3, at most this wide. */
const TEXT_CARD = { width: 720, height: 540 };

export class Lightbox {
  /**
   * @param {HTMLDialogElement} dialog
   * @param {{items: () => Array<{id: string, title: string, imageURL?: string, author?: string,
   *            publishedAt?: string, width?: number, height?: number, source?: string}>,
   *          imageURL: (item: {id: string}, index: number, variant: 'full' | 'thumbnail') => string,
   *          willDisplay: (index: number) => void,
   *          tile: (id: string) => HTMLElement | undefined}} feed
   */
  constructor(dialog, feed) {
    this.dialog = dialog;
    this.feed = feed;
    this.index = -1;
    /** Whether the full image of the item shown failed once already. */
    this.retried = false;
    this.figure = /** @type {HTMLElement} */ (dialog.querySelector('[data-lightbox-figure]'));
    this.placeholder = /** @type {HTMLImageElement} */ (dialog.querySelector('[data-lightbox-placeholder]'));
    this.full = /** @type {HTMLImageElement} */ (dialog.querySelector('[data-lightbox-image]'));
    this.text = /** @type {HTMLElement} */ (dialog.querySelector('[data-lightbox-text]'));
    this.full.addEventListener('load', () => {
      this.dialog.dataset.loaded = 'true';
      this.#fit();
    });
    this.full.addEventListener('error', () => this.#fullFailed());
    dialog.querySelector('[data-action="close-lightbox"]')?.addEventListener('click', () => dialog.close());
    dialog.querySelector('[data-action="previous"]')?.addEventListener('click', () => this.step(-1));
    dialog.querySelector('[data-action="next"]')?.addEventListener('click', () => this.step(1));
    dialog.addEventListener('keydown', (event) => {
      const delta = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (delta === undefined) return;
      event.preventDefault();
      this.step(delta);
    });
    // A click on the dark surround (not on the picture, the text or a control) closes.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog || /** @type {HTMLElement} */ (event.target).matches('[data-lightbox-stage]')) dialog.close();
    });
    dialog.addEventListener('close', () => this.#closed());
    enableSwipe(dialog, (delta) => this.step(delta));
    window.addEventListener('resize', () => { if (dialog.open) this.#fit(); });
  }

  /**
   * Opens item `index` of the list.
   * @param {number} index
   */
  open(index) {
    if (!this.dialog.open) this.dialog.showModal();
    this.#show(index);
  }

  /**
   * Shows the item `delta` places away, if the list has one.
   * @param {number} delta
   */
  step(delta) {
    const next = this.index + delta;
    if (next >= 0 && next < this.feed.items().length) this.#show(next);
  }

  /** Follows a changed list: the item shown keeps its place, or the view closes with it gone. */
  sync() {
    if (!this.dialog.open) return;
    const id = this.dialog.dataset.shownItem;
    const index = this.feed.items().findIndex((item) => item.id === id);
    if (index < 0) this.dialog.close();
    else {
      this.index = index;
      this.#updateControls();
    }
  }

  /** @param {number} index */
  #show(index) {
    const item = this.feed.items()[index];
    if (!item) return;
    this.index = index;
    this.retried = false;
    this.dialog.dataset.shownItem = item.id;
    this.dialog.dataset.kind = item.imageURL ? 'image' : 'text';
    this.dialog.dataset.loaded = 'false';
    delete this.dialog.dataset.failed;
    if (item.imageURL) {
      this.placeholder.src = this.feed.imageURL(item, index, 'thumbnail');
      this.full.src = this.feed.imageURL(item, index, 'full');
      this.full.alt = item.title;
    } else {
      this.placeholder.removeAttribute('src');
      this.full.removeAttribute('src');
      const [from, to] = cardColours(item.id);
      this.text.style.setProperty('--card-from', from);
      this.text.style.setProperty('--card-to', to);
      /** @type {HTMLElement} */ (this.text.querySelector('p')).textContent = item.title;
    }
    /** @type {HTMLElement} */ (this.dialog.querySelector('[data-lightbox-title]')).textContent = item.title;
    /** @type {HTMLElement} */ (this.dialog.querySelector('[data-lightbox-byline]')).replaceChildren(byline(item));
    const size = item.width && item.height ? `${item.width} × ${item.height}` : '';
    /** @type {HTMLElement} */ (this.dialog.querySelector('[data-lightbox-meta]')).textContent = [size, item.source].filter(Boolean).join(' · ');
    this.#updateControls();
    this.#fit();
    this.feed.willDisplay(index);
  }

  #updateControls() {
    const count = this.feed.items().length;
    /** @type {HTMLButtonElement} */ (this.dialog.querySelector('[data-action="previous"]')).disabled = this.index <= 0;
    /** @type {HTMLButtonElement} */ (this.dialog.querySelector('[data-action="next"]')).disabled = this.index >= count - 1;
    /** @type {HTMLElement} */ (this.dialog.querySelector('[data-lightbox-position]')).textContent = `${this.index + 1} of ${count}`;
  }

  /**
   * Sizes the picture to the stage: as large as fits, at most `MAX_ZOOM` times its own size
   * (the full image's once loaded, the item's until then); a text card at most `TEXT_CARD`.
   */
  #fit() {
    const item = this.feed.items()[this.index];
    const stage = /** @type {HTMLElement} */ (this.dialog.querySelector('[data-lightbox-stage]'));
    const isText = this.dialog.dataset.kind === 'text';
    const loaded = this.dialog.dataset.loaded === 'true';
    const width = isText ? TEXT_CARD.width : (loaded && this.full.naturalWidth) || item?.width || 4;
    const height = isText ? TEXT_CARD.height : (loaded && this.full.naturalHeight) || item?.height || 3;
    const style = getComputedStyle(stage);
    const room = {
      width: stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      height: stage.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
    };
    const scale = Math.min(room.width / width, room.height / height, isText ? 1 : MAX_ZOOM);
    this.figure.style.setProperty('width', `${Math.max(1, Math.floor(width * scale))}px`);
    this.figure.style.setProperty('height', `${Math.max(1, Math.floor(height * scale))}px`);
  }

  /** The full image did not come: once more (a grid tile leaving may have cancelled it), then say so. */
  #fullFailed() {
    if (!this.full.getAttribute('src') || !this.dialog.open) return;
    if (!this.retried) {
      this.retried = true;
      const source = this.full.src;
      this.full.removeAttribute('src');
      setTimeout(() => { if (this.dialog.open && !this.full.getAttribute('src')) this.full.src = source; }, 300);
      return;
    }
    this.dialog.dataset.failed = 'true';
  }

  #closed() {
    this.full.removeAttribute('src'); // stops a download still running
    this.placeholder.removeAttribute('src');
    const open = this.feed.tile(this.dialog.dataset.shownItem ?? '')?.querySelector('.tile-open');
    if (open instanceof HTMLElement) open.focus();
    this.index = -1;
    delete this.dialog.dataset.shownItem;
  }
}

/**
 * Horizontal swipes on touch screens: `onSwipe(+1)` to the left (next), `-1` to the right.
 * @param {HTMLElement} surface
 * @param {(delta: number) => void} onSwipe
 */
function enableSwipe(surface, onSwipe) {
  let startX = 0;
  let startY = 0;
  surface.addEventListener('touchstart', (event) => {
    startX = event.touches[0].clientX;
    startY = event.touches[0].clientY;
  }, { passive: true });
  surface.addEventListener('touchend', (event) => {
    const dx = event.changedTouches[0].clientX - startX;
    const dy = event.changedTouches[0].clientY - startY;
    if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) onSwipe(dx < 0 ? 1 : -1);
  });
}
