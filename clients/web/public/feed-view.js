// The photo grid: one tile per item, keyed by item id, reconciled against the mirror's list
// after every `sections` notification. Tiles entering the viewport report `willDisplay` and
// get their thumbnail; tiles leaving report `didEndDisplaying` and abort an unfinished one.
// Items without an image are text cards. A tile is one button: it opens the item. A thumbnail
// far smaller than its tile gives way to the full image, so no tile shows a picture blown up.

import { avatar, cardColours, textGlyph } from '/app/item-style.js';

/** Screen pixels per image pixel past which a tile's thumbnail is replaced by the full image. */
const MAX_THUMBNAIL_STRETCH = 2;

export class FeedView {
  /**
   * @param {HTMLElement} grid
   * @param {{willDisplay: (index: number) => void, didEndDisplaying: (index: number) => void,
   *          imageURL: (item: {id: string}, index: number, variant: 'full' | 'thumbnail', forTile?: boolean) => string,
   *          open: (index: number) => void}} callbacks
   */
  constructor(grid, callbacks) {
    this.grid = grid;
    this.callbacks = callbacks;
    /** @type {Map<string, HTMLLIElement>} */
    this.tiles = new Map();
    /** @type {Set<HTMLLIElement>} */
    this.visible = new Set();
    /** While a reload replaces the list, no image is asked for: an answer would be for the old one. */
    this.paused = false;
    this.observer = new IntersectionObserver((entries) => this.#intersections(entries), { rootMargin: '160px 0px' });
    grid.addEventListener('click', (event) => {
      const tile = /** @type {HTMLElement} */ (event.target).closest('.tile');
      if (tile instanceof HTMLElement && tile.dataset.index !== undefined) callbacks.open(Number(tile.dataset.index));
    });
  }

  /**
   * The tile of item `id`, if shown.
   * @param {string} id
   */
  tile(id) {
    return this.tiles.get(id);
  }

  /**
   * Stops the images still loading and asks for none until `resumeLoads`: a reload is about to
   * replace the list they were asked from.
   */
  pauseLoads() {
    this.paused = true;
    for (const tile of this.visible) {
      const image = tile.querySelector('img');
      if (image && image.getAttribute('src') && !image.complete) image.removeAttribute('src');
    }
  }

  /** The reload is over: the tiles on screen ask for the images they still lack, by their new places. */
  resumeLoads() {
    this.paused = false;
    for (const tile of this.visible) {
      const image = tile.querySelector('img');
      if (image && !image.getAttribute('src')) this.#load(tile, image);
      else if (image?.complete) this.#enlarge(tile, image);
    }
  }

  /**
   * Replaces a loaded thumbnail far smaller than its tile by the full image (the thumbnail stays
   * on screen until that decodes).
   * @param {HTMLLIElement} tile
   * @param {HTMLImageElement} image
   */
  #enlarge(tile, image) {
    if (this.paused || image.dataset.larger !== 'true' || image.dataset.variant !== 'thumbnail') return;
    if (stretch(image) <= MAX_THUMBNAIL_STRETCH) return;
    image.dataset.variant = 'full';
    image.src = this.#imageURL(tile, 'full');
  }

  /**
   * Asks for the image of `tile` in the variant it shows.
   * @param {HTMLLIElement} tile
   * @param {HTMLImageElement} image
   */
  #load(tile, image) {
    if (this.paused) return;
    delete tile.dataset.failed;
    image.src = this.#imageURL(tile, image.dataset.variant === 'full' ? 'full' : 'thumbnail');
  }

  /** Removes every tile (a new session). */
  clear() {
    this.paused = false;
    for (const tile of this.tiles.values()) this.#remove(tile);
    this.tiles.clear();
    this.visible.clear();
  }

  /**
   * Makes the grid show `items`, in order, reusing the tiles of items it already shows.
   * @param {Array<{id: string, title: string, imageURL?: string, author?: string, publishedAt?: string}>} items
   */
  render(items) {
    /** @type {Map<string, HTMLLIElement>} */
    const next = new Map();
    /** @type {HTMLLIElement[]} */
    const created = [];
    items.forEach((item, index) => {
      let tile = this.tiles.get(item.id);
      if (!tile || tile.dataset.signature !== signature(item)) {
        if (tile) this.#remove(tile);
        tile = this.#create(item);
        created.push(tile);
      }
      tile.dataset.index = String(index);
      next.set(item.id, tile);
    });
    for (const [id, tile] of this.tiles) if (next.get(id) !== tile) this.#remove(tile);
    let position = 0;
    for (const tile of next.values()) {
      const current = this.grid.children[position];
      if (current !== tile) this.grid.insertBefore(tile, current ?? null);
      position += 1;
    }
    this.tiles = next;
    for (const tile of created) this.observer.observe(tile);
  }

  /** @param {{id: string, title: string, imageURL?: string, thumbnailURL?: string, author?: string, publishedAt?: string}} item */
  #create(item) {
    const tile = document.createElement('li');
    tile.className = 'tile';
    tile.dataset.itemId = item.id;
    tile.dataset.signature = signature(item);
    // The whole tile is one control: a button stretched over it (CSS), named after the item.
    const open = document.createElement('button');
    open.type = 'button';
    open.className = 'tile-open';
    open.setAttribute('aria-label', `Open “${item.title}”`);
    const photo = document.createElement('figure');
    photo.className = 'photo';
    if (item.imageURL) {
      const image = document.createElement('img');
      image.alt = item.title;
      image.decoding = 'async';
      // The variant the tile shows: the thumbnail, unless it proved far too small for the tile.
      image.dataset.variant = 'thumbnail';
      if (item.thumbnailURL && item.thumbnailURL !== item.imageURL) image.dataset.larger = 'true';
      image.addEventListener('load', () => {
        tile.dataset.loaded = 'true';
        this.#enlarge(tile, image);
      });
      image.addEventListener('error', () => {
        if (!image.getAttribute('src')) return;
        if (image.dataset.variant === 'full') {
          image.dataset.variant = 'thumbnail-only'; // the full image failed: keep the thumbnail
          image.removeAttribute('src');
          this.#load(tile, image);
        } else tile.dataset.failed = 'true';
      });
      photo.append(image);
    } else {
      tile.classList.add('text-card');
      const [from, to] = cardColours(item.id);
      photo.style.setProperty('--card-from', from);
      photo.style.setProperty('--card-to', to);
      const text = document.createElement('p');
      text.textContent = item.title;
      photo.append(textGlyph(), text);
    }
    const caption = document.createElement('div');
    caption.className = 'caption';
    const title = document.createElement('h2');
    title.className = 'title';
    title.textContent = item.title;
    title.title = item.title;
    caption.append(title, byline(item));
    tile.append(photo, caption, open);
    return tile;
  }

  /**
   * Where the bridge serves the image of `tile`'s item in `variant`.
   * @param {HTMLLIElement} tile
   * @param {'full' | 'thumbnail'} variant
   */
  #imageURL(tile, variant) {
    return this.callbacks.imageURL({ id: String(tile.dataset.itemId) }, Number(tile.dataset.index), variant, true);
  }

  /** @param {HTMLLIElement} tile */
  #remove(tile) {
    this.observer.unobserve(tile);
    this.visible.delete(tile);
    tile.querySelector('img')?.removeAttribute('src'); // aborts a download still running
    tile.remove();
  }

  /** @param {IntersectionObserverEntry[]} entries */
  #intersections(entries) {
    for (const entry of entries) {
      const tile = /** @type {HTMLLIElement} */ (entry.target);
      const index = Number(tile.dataset.index);
      if (entry.isIntersecting && !this.visible.has(tile)) {
        this.visible.add(tile);
        this.callbacks.willDisplay(index);
        const image = tile.querySelector('img');
        if (image && !image.getAttribute('src')) this.#load(tile, image);
      } else if (!entry.isIntersecting && this.visible.has(tile)) {
        this.visible.delete(tile);
        const image = tile.querySelector('img');
        if (image && !image.complete) image.removeAttribute('src');
        this.callbacks.didEndDisplaying(index);
      }
    }
  }
}

/**
 * The author's initial on a colour of their own, then "author · date" (the date alone, or the
 * source, when the item names no author).
 * @param {{author?: string, publishedAt?: string, source?: string}} item
 */
export function byline(item) {
  const line = document.createElement('p');
  line.className = 'byline';
  const credit = document.createElement('span');
  const date = (item.publishedAt ?? '').slice(0, 10);
  credit.textContent = [item.author, date].filter(Boolean).join(' · ') || item.source || '';
  if (item.author) line.append(avatar(item.author));
  line.append(credit);
  return line;
}

/**
 * How many screen pixels one pixel of `image` covers in its tile (the image covers the tile).
 * @param {HTMLImageElement} image
 */
function stretch(image) {
  const box = image.getBoundingClientRect();
  if (!image.naturalWidth || !image.naturalHeight) return 0;
  return Math.max(box.width / image.naturalWidth, box.height / image.naturalHeight) * window.devicePixelRatio;
}

/** What a tile shows of an item: a changed item gets a new tile. */
function signature(/** @type {object} */ item) {
  return JSON.stringify(item);
}
