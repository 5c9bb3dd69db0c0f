// The page's controls besides the grid: HUD toasts, the category picker, pull-to-refresh on
// touch screens and the feed-source form.

import { confirmHosts, hostItems, hostsOf } from '/app/consent.js';

/** HUD messages as toasts that fade out: `[data-hud]`, `data-style` success | error | info. */
export class Toasts {
  /** @param {HTMLElement} container */
  constructor(container) {
    this.container = container;
  }

  /**
   * @param {'success' | 'error' | 'info'} style
   * @param {string} message
   */
  show(style, message) {
    // The same message again while it is still shown (a reload, then a prefetched page) stays
    // one toast, shown a little longer.
    const last = /** @type {HTMLElement | null} */ (this.container.lastElementChild);
    if (last && !last.classList.contains('leaving') && last.dataset.style === style && last.textContent === message) {
      clearTimeout(Number(last.dataset.timer));
      last.dataset.timer = String(this.#fadeLater(last, style));
      return;
    }
    const toast = document.createElement('div');
    toast.className = 'toast';
    toast.dataset.hud = '';
    toast.dataset.style = style;
    toast.textContent = message;
    this.container.append(toast);
    while (this.container.children.length > 3) this.container.firstElementChild?.remove();
    toast.dataset.timer = String(this.#fadeLater(toast, style));
  }

  /**
   * Fades `toast` out after its style's time; returns the timer.
   * @param {HTMLElement} toast
   * @param {string} style
   */
  #fadeLater(toast, style) {
    return setTimeout(() => {
      toast.classList.add('leaving');
      setTimeout(() => toast.remove(), 450);
    }, style === 'error' ? 4000 : 2500);
  }
}

/** How a few categories read in the picker (gank's "福利" is its photo category). */
const LABELS = /** @type {Record<string, string>} */ ({ all: 'All', 福利: 'Photos' });

/** Category chips; `onPick(category)` when another is chosen. */
export class CategoryPicker {
  /**
   * @param {HTMLElement} nav
   * @param {(category: string) => void} onPick
   */
  constructor(nav, onPick) {
    this.nav = nav;
    this.onPick = onPick;
    nav.addEventListener('click', (event) => {
      const chip = /** @type {HTMLElement} */ (event.target).closest('[data-category]');
      if (!(chip instanceof HTMLElement) || chip.getAttribute('aria-pressed') === 'true') return;
      this.select(chip.dataset.category ?? '');
      this.onPick(chip.dataset.category ?? '');
    });
  }

  /**
   * @param {string[]} categories
   * @param {string} current
   */
  show(categories, current) {
    const names = current && !categories.includes(current) ? [...categories, current] : categories;
    this.nav.replaceChildren(...names.map((name) => {
      const chip = document.createElement('button');
      chip.type = 'button';
      chip.className = 'chip';
      chip.dataset.category = name;
      chip.textContent = LABELS[name] ?? name;
      return chip;
    }));
    this.nav.hidden = names.length === 0;
    this.select(current);
  }

  /** @param {string} category */
  select(category) {
    for (const chip of this.nav.querySelectorAll('[data-category]')) {
      chip.setAttribute('aria-pressed', String(/** @type {HTMLElement} */ (chip).dataset.category === category));
    }
  }
}

/**
 * Pull-down to refresh on touch screens: dragging down from the top of the page past a
 * threshold runs `onRefresh` (the same header refresh as the reload button).
 * @param {HTMLElement} indicator
 * @param {() => void} onRefresh
 */
export function enablePullToRefresh(indicator, onRefresh) {
  const threshold = 72;
  let startY = -1;
  let pulled = 0;
  const place = (/** @type {number} */ distance) => {
    indicator.style.setProperty('opacity', String(Math.min(distance / threshold, 1)));
    indicator.style.setProperty('transform', `translateY(${Math.min(distance, threshold * 1.4) - 48}px)`);
    indicator.classList.toggle('ready', distance >= threshold);
  };
  window.addEventListener('touchstart', (event) => {
    startY = window.scrollY <= 0 && event.touches.length === 1 ? event.touches[0].clientY : -1;
    pulled = 0;
  }, { passive: true });
  window.addEventListener('touchmove', (event) => {
    if (startY < 0) return;
    pulled = Math.max(0, (event.touches[0].clientY - startY) * 0.6);
    place(pulled);
  }, { passive: true });
  window.addEventListener('touchend', () => {
    if (startY >= 0 && pulled >= threshold) onRefresh();
    startY = -1;
    pulled = 0;
    indicator.style.setProperty('transition', 'transform 0.25s ease, opacity 0.25s ease');
    place(0);
    setTimeout(() => indicator.style.removeProperty('transition'), 260);
  });
}

/**
 * The feed-source form: fills itself from the current query, shows the fields the chosen
 * source uses and the hosts the feed it describes will contact, and opens that feed (a new
 * query: a new session). Opening it confirms those hosts: the form showed them.
 * @param {HTMLDialogElement} dialog
 * @param {URLSearchParams} query
 */
export function enableSettings(dialog, query) {
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector('form'));
  const error = /** @type {HTMLElement} */ (dialog.querySelector('[data-form-error]'));
  const hostList = /** @type {HTMLElement} */ (dialog.querySelector('[data-form-hosts]'));
  const source = /** @type {HTMLSelectElement} */ (form.elements.namedItem('source'));
  const showFields = () => {
    for (const label of form.querySelectorAll('[data-for]')) {
      /** @type {HTMLElement} */ (label).hidden = !(label.getAttribute('data-for') ?? '').split(' ').includes(source.value);
    }
  };
  /** The query of the feed the form describes, or null (and the error shown) when it has none. */
  const described = () => {
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      const text = String(value).trim();
      const used = form.querySelector(`[name="${name}"]`)?.closest('label')?.hidden !== true;
      if (text && used) next.set(name, text);
    }
    const custom = next.get('custom');
    if (custom) {
      try {
        next.set('custom', JSON.stringify(JSON.parse(custom)));
      } catch {
        return null;
      }
    }
    return next;
  };
  let shown = 0;
  const showHosts = async () => {
    const turn = ++shown;
    const next = described();
    const answer = next ? await hostsOf(next) : { error: 'The custom config is not valid JSON.' };
    if (turn !== shown) return; // the form changed meanwhile
    const title = document.createElement('span');
    const list = document.createElement('ul');
    list.className = 'host-list';
    if (answer.error) title.textContent = answer.error;
    else if (answer.hosts?.length) {
      title.textContent = 'Contacts';
      list.append(...hostItems(answer.hosts));
    } else title.textContent = 'Works offline: contacts no host.';
    hostList.dataset.invalid = String(Boolean(answer.error));
    hostList.replaceChildren(title, ...(list.children.length ? [list] : []));
  };
  let typing = 0;
  form.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(showHosts, 250);
  });
  for (const name of ['source', 'baseURL', 'accessKey', 'category', 'pageSize', 'custom']) {
    const field = /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
    const value = query.get(name);
    if (value !== null) field.value = name === 'custom' ? pretty(value) : value;
  }
  showFields();
  source.addEventListener('change', () => {
    showFields();
    void showHosts();
  });
  document.querySelector('[data-action="settings"]')?.addEventListener('click', () => {
    error.hidden = true;
    dialog.showModal();
    void showHosts();
  });
  dialog.querySelector('[data-action="cancel-settings"]')?.addEventListener('click', () => dialog.close());
  const fail = (/** @type {string} */ message) => {
    error.textContent = message;
    error.hidden = false;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const next = described();
    if (!next) return fail('The custom config is not valid JSON.');
    const answer = await hostsOf(next);
    if (answer.error || !answer.hosts) return fail(answer.error ?? 'The bridge did not answer.');
    const failure = await confirmHosts(answer.hosts);
    if (failure) return fail(failure);
    window.location.search = next.toString();
  });
}

/** @param {string} json */
function pretty(json) {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}
