// Feeds that live (protocol 1.2): the banner of a saved feed shown before (or instead of) a
// reload, the pill of new items a background reload found, and the reader's place kept
// across a change of the list.

/** "Offline — saved feed from 10:32" while the list is a stored one no reload confirmed. */
export class StaleBanner {
  /** @param {HTMLElement} element */
  constructor(element) {
    this.element = element;
  }

  /**
   * Follows the `stale`/`storedAt` members of a `transform` output or a `sections` notification.
   * @param {{stale?: boolean, storedAt?: number}} state
   */
  update(state) {
    if (state.stale && typeof state.storedAt === 'number') {
      const time = new Date(state.storedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
      this.element.textContent = `Offline — saved feed from ${time}`;
      this.element.dataset.storedAt = String(state.storedAt);
      this.element.hidden = false;
    } else {
      this.element.hidden = true;
    }
  }
}

/** "↑ 3 new posts": a background reload's new items, shown when the reader asks. */
export class NewItemsPill {
  /**
   * @param {HTMLButtonElement} element
   * @param {() => void} show what a click does (`requestCommand {showNew: true}`)
   */
  constructor(element, show) {
    this.element = element;
    element.addEventListener('click', () => {
      this.hide();
      show();
    });
  }

  /** @param {number} count */
  announce(count) {
    this.element.textContent = `↑ ${count} new ${count === 1 ? 'post' : 'posts'}`;
    this.element.dataset.count = String(count);
    this.element.hidden = false;
  }

  hide() {
    this.element.hidden = true;
  }
}

/**
 * Notes where the row the reader looks at is, so that after the list changed it can be put
 * back at the same place on screen: the server's `anchor` when the change has one, else the
 * first tile in view. `restore()` scrolls by however far that tile moved.
 * @param {(id: string) => HTMLElement | undefined} tile the tile of an item id
 * @param {Iterable<HTMLElement>} tiles the tiles in list order
 * @param {string | undefined} anchor the item id the server names
 * @returns {{restore: () => void}}
 */
export function notePlace(tile, tiles, anchor) {
  let id = anchor && tile(anchor) ? anchor : undefined;
  if (!id) {
    for (const candidate of tiles) {
      if (candidate.getBoundingClientRect().bottom > 0) {
        id = candidate.dataset.itemId;
        break;
      }
    }
  }
  const before = id ? tile(id)?.getBoundingClientRect().top : undefined;
  return {
    restore() {
      const after = id ? tile(id)?.getBoundingClientRect().top : undefined;
      if (before !== undefined && after !== undefined && Math.abs(after - before) >= 1) window.scrollBy(0, after - before);
    },
  };
}
