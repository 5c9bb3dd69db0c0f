// How an item looks without its picture, shared by the grid and the lightbox: an avatar colour
// per author, a pair of soft colours per text card.

const AVATAR_COLOURS = ['#6366f1', '#ec4899', '#f59e0b', '#10b981', '#0ea5e9', '#8b5cf6', '#ef4444', '#14b8a6'];
const CARD_COLOURS = [['#c7d2fe', '#fbcfe8'], ['#bbf7d0', '#bae6fd'], ['#fde68a', '#fecaca'], ['#ddd6fe', '#a5f3fc'], ['#fed7aa', '#fbcfe8']];

/** @param {string} text */
function hash(text) {
  let value = 0;
  for (const char of text) value = (value * 31 + /** @type {number} */ (char.codePointAt(0))) >>> 0;
  return value;
}

/**
 * The two colours of item `id`'s text card.
 * @param {string} id
 */
export function cardColours(id) {
  return CARD_COLOURS[hash(id) % CARD_COLOURS.length];
}

/**
 * A round badge with `author`'s initial, on their colour.
 * @param {string} author
 */
export function avatar(author) {
  const badge = document.createElement('span');
  badge.className = 'avatar';
  badge.textContent = author.slice(0, 1).toUpperCase();
  badge.style.setProperty('--avatar', AVATAR_COLOURS[hash(author) % AVATAR_COLOURS.length]);
  return badge;
}

/** The small "text" mark in a text card's corner: a few lines of a page. */
export function textGlyph() {
  const namespace = 'http://www.w3.org/2000/svg';
  const glyph = document.createElementNS(namespace, 'svg');
  glyph.setAttribute('viewBox', '0 0 24 24');
  glyph.setAttribute('aria-hidden', 'true');
  glyph.classList.add('text-glyph');
  const lines = document.createElementNS(namespace, 'path');
  lines.setAttribute('d', 'M4 6h16M4 11h16M4 16h10');
  glyph.append(lines);
  return glyph;
}
