// Validating what a page may ask feedvm for: the members of an `Input` (protocol section 5),
// typed and bounded, from a query string (`?source=&category=`) or a JSON object. feedvm
// validates again; this keeps nonsense and oversized values from ever reaching it.

/** The categories offered by the picker, per source (others take any category by name). */
export const CATEGORIES = {
  stub: ['all', 'Android', 'iOS', 'welfare'],
  gank: ['all', 'Android', 'iOS', '福利'],
};

const SOURCES = ['stub', 'gank', 'unsplash', 'envelope', 'custom'];
const INTEGERS = {
  pageSize: [1, 100], total: [0, 100000], stubDelayMs: [0, 60000], prefetchDistance: [0, 100],
  staleAfterMs: [0, 31622400000], refreshIntervalMs: [0, 86400000],
};
const MAX_CUSTOM_BYTES = 8 * 1024;

/** A member that cannot be accepted; the message names it. */
export class InputError extends Error {}

/**
 * The Input described by `raw` (strings from a query, or JSON values); unknown members are
 * left out. Throws `InputError` naming the first bad member.
 * @param {Record<string, unknown>} raw
 * @returns {Record<string, unknown>}
 */
export function validateInput(raw) {
  /** @type {Record<string, unknown>} */
  const input = {};
  if (raw.source !== undefined) {
    if (!SOURCES.includes(String(raw.source))) throw new InputError(`source must be one of ${SOURCES.join(', ')}`);
    input.source = String(raw.source);
  }
  if (raw.category !== undefined) {
    const category = String(raw.category);
    if (!/^[\p{L}\p{N} _.+-]{1,64}$/u.test(category)) throw new InputError('category: 1 to 64 letters, digits, spaces or _.+-');
    input.category = category;
  }
  for (const [name, [min, max]] of Object.entries(INTEGERS)) {
    if (raw[name] === undefined || raw[name] === '') continue;
    const value = Number(raw[name]);
    if (!Number.isInteger(value) || value < min || value > max) throw new InputError(`${name}: an integer from ${min} to ${max}`);
    input[name] = value;
  }
  if (raw.baseURL !== undefined && raw.baseURL !== '') input.baseURL = httpURL(String(raw.baseURL));
  if (raw.accessKey !== undefined && raw.accessKey !== '') {
    const key = String(raw.accessKey);
    if (key.length > 256 || /[\r\n]/.test(key)) throw new InputError('accessKey: at most 256 characters on one line');
    input.accessKey = key;
  }
  if (raw.hud !== undefined) {
    if (![true, false, 'true', 'false'].includes(/** @type {any} */ (raw.hud))) throw new InputError('hud: true or false');
    input.hud = raw.hud === true || raw.hud === 'true';
  }
  if (raw.custom !== undefined && raw.custom !== '') input.custom = customConfig(raw.custom);
  return input;
}

/** @param {string} text */
function httpURL(text) {
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new InputError('baseURL: not a URL');
  }
  if (text.length > 2048 || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InputError('baseURL: an http or https URL of at most 2048 characters');
  }
  return text;
}

/** @param {unknown} value a JSON text (from a query) or an object */
function customConfig(value) {
  let config = value;
  if (typeof value === 'string') {
    if (value.length > MAX_CUSTOM_BYTES) throw new InputError(`custom: at most ${MAX_CUSTOM_BYTES} bytes`);
    try {
      config = JSON.parse(value);
    } catch {
      throw new InputError('custom: not valid JSON');
    }
  } else if (JSON.stringify(value).length > MAX_CUSTOM_BYTES) {
    throw new InputError(`custom: at most ${MAX_CUSTOM_BYTES} bytes`);
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) throw new InputError('custom: a JSON object');
  return config;
}

/**
 * The Input of a query string.
 * @param {URLSearchParams} query
 */
export function inputFromQuery(query) {
  return validateInput(Object.fromEntries(query.entries()));
}
