// The photo grid: one tile per item, keyed by item id, reconciled against the mirror's list
// after every `sections` notification. Tiles entering the viewport report `willDisplay` and
// get their image; tiles leaving report `didEndDisplaying` and abort an unfinished image.

const AVATAR_COLOURS = ['#6366f1', '#ec4899', '#f59e0b', '#10b981', '#0ea5e9', '#8b5cf6', '#ef4444', '#14b8a6'];
const CARD_COLOURS = [['#c7d2fe', '#fbcfe8'], ['#bbf7d0', '#bae6fd'], ['#fde68a', '#fecaca'], ['#ddd6fe', '#a5f3fc'], ['#fed7aa', '#fbcfe8']];

/** @param {string} text */
function hash(text) {
  let value = 0;
  for (const char of text) value = (value * 31 + char.codePointAt(0)) >>> 0;
  return value;
}

export class FeedView {
  /**
   * @param {HTMLElement} grid
   * @param {{willDisplay: (index: number) => void, didEndDisplaying: (index: number) => void,
   *          imageURL: (item: object, index: number) => string}} callbacks
   */
  constructor(grid, callbacks) {
    this.grid = grid;
    this.callbacks = callbacks;
    /** @type {Map<string, HTMLLIElement>} */
    this.tiles = new Map();
    /** @type {Set<HTMLLIElement>} */
    this.visible = new Set();
    this.observer = new IntersectionObserver((entries) => this.#intersections(entries), { rootMargin: '160px 0px' });
  }

  /** Removes every tile (a new session). */
  clear() {
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

  /** @param {{id: string, title: string, imageURL?: string, author?: string, publishedAt?: string}} item */
  #create(item) {
    const tile = document.createElement('li');
    tile.className = 'tile';
    tile.dataset.itemId = item.id;
    tile.dataset.signature = signature(item);
    const photo = document.createElement('figure');
    photo.className = 'photo';
    if (item.imageURL) {
      const image = document.createElement('img');
      image.alt = item.title;
      image.decoding = 'async';
      image.addEventListener('load', () => { tile.dataset.loaded = 'true'; });
      image.addEventListener('error', () => { if (image.getAttribute('src')) tile.dataset.failed = 'true'; });
      photo.append(image);
    } else {
      tile.classList.add('text-card');
      const [from, to] = CARD_COLOURS[hash(item.id) % CARD_COLOURS.length];
      photo.style.setProperty('--card-from', from);
      photo.style.setProperty('--card-to', to);
      const text = document.createElement('p');
      text.textContent = item.title;
      photo.append(text);
    }
    const caption = document.createElement('div');
    caption.className = 'caption';
    const title = document.createElement('h3');
    title.className = 'title';
    title.textContent = item.title;
    title.title = item.title;
    const byline = document.createElement('p');
    byline.className = 'byline';
    const author = item.author ?? 'Unknown';
    const avatar = document.createElement('span');
    avatar.className = 'avatar';
    avatar.textContent = author.slice(0, 1).toUpperCase();
    avatar.style.setProperty('--avatar', AVATAR_COLOURS[hash(author) % AVATAR_COLOURS.length]);
    const credit = document.createElement('span');
    const date = (item.publishedAt ?? '').slice(0, 10);
    credit.textContent = date ? `${author} · ${date}` : author;
    byline.append(avatar, credit);
    caption.append(title, byline);
    tile.append(photo, caption);
    return tile;
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
        if (image && !image.getAttribute('src')) {
          delete tile.dataset.failed;
          image.src = this.callbacks.imageURL({ id: tile.dataset.itemId }, index);
        }
      } else if (!entry.isIntersecting && this.visible.has(tile)) {
        this.visible.delete(tile);
        const image = tile.querySelector('img');
        if (image && !image.complete) image.removeAttribute('src');
        this.callbacks.didEndDisplaying(index);
      }
    }
  }
}

/** What a tile shows of an item: a changed item gets a new tile. */
function signature(/** @type {object} */ item) {
  return JSON.stringify(item);
}
