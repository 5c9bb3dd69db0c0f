// Which hosts a feed configuration makes feedvm contact, where they are (this computer, the
// local network), and which of them the user has confirmed. A configuration can arrive in a
// link (`?source=custom&custom=…`), so the bridge opens no session whose hosts the user has not
// confirmed: the page asks first, and the source form's "Open feed" is itself the confirmation.
//
// The hosts are those the configuration names: its `baseURL` (or its source's default) and the
// hosts of the custom source's `url` and `firstURL`. Images and the pages of `next` paging come
// from URLs in the answers of those hosts; feedvm fetches them and follows redirects itself.

import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

import { InputError } from './input.mjs';

/** The base URL of a source that has one when the input names none (as feedvm has them). */
const DEFAULT_BASE_URLS = /** @type {Record<string, string>} */ ({
  gank: 'https://gank.io/api/data/',
  unsplash: 'https://api.unsplash.com/',
});

/** The custom source's members that are URL templates of the API's pages. */
const URL_TEMPLATES = ['url', 'firstURL'];

/** The most hosts one confirmation may name, and the most the bridge remembers. */
export const MAX_CONFIRMED_HOSTS = { perRequest: 16, total: 1024 };

/** How long a host name may take to resolve before it is listed without a scope. */
const LOOKUP_TIMEOUT_MS = 1500;

/** @typedef {'loopback' | 'link-local' | 'private' | null} Scope */

/** @type {Array<[Exclude<Scope, null>, BlockList]>} */
const SCOPES = [
  ['loopback', ranges([['127.0.0.0', 8, 'ipv4'], ['0.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6'], ['::', 128, 'ipv6']])],
  ['link-local', ranges([['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']])],
  ['private', ranges([['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'],
    ['100.64.0.0', 10, 'ipv4'], ['fc00::', 7, 'ipv6']])],
];

/** @param {Array<[string, number, 'ipv4' | 'ipv6']>} subnets */
function ranges(subnets) {
  const list = new BlockList();
  for (const [address, prefix, type] of subnets) list.addSubnet(address, prefix, type);
  return list;
}

/**
 * The hosts (`name[:port]`, as URLs spell them: lower case, IP addresses normalised) that
 * feedvm contacts for the pages of `input`, sorted; none for the stub source. Throws
 * `InputError` when a URL template leaves its host to a placeholder.
 * @param {Record<string, unknown>} input a validated Input
 * @returns {string[]}
 */
export function hostsOf(input) {
  const source = String(input.source ?? 'stub');
  if (source === 'stub') return [];
  const base = typeof input.baseURL === 'string' ? input.baseURL : DEFAULT_BASE_URLS[source];
  /** @type {Set<string>} */
  const hosts = new Set();
  if (base) hosts.add(hostOfTemplate(base, '', 'baseURL'));
  const custom = /** @type {Record<string, unknown> | undefined} */ (input.custom);
  for (const member of URL_TEMPLATES) {
    const template = custom?.[member];
    if (typeof template !== 'string') continue;
    const host = hostOfTemplate(template, base ?? '', `custom.${member}`);
    if (host) hosts.add(host);
  }
  hosts.delete('');
  return [...hosts].sort();
}

/**
 * The host of a URL template once `{baseURL}` (inserted as is) is in place; '' when the template
 * is no http(s) URL (feedvm refuses it). Throws when a placeholder is part of the host.
 * @param {string} template
 * @param {string} base
 * @param {string} member
 */
function hostOfTemplate(template, base, member) {
  const text = template.startsWith('{baseURL}') ? base + template.slice('{baseURL}'.length) : template;
  const authority = /^(https?:)\/\/([^/?#]*)/i.exec(text);
  if (!authority) return '';
  if (authority[2].includes('{')) throw new InputError(`${member}: its host must be written out, not left to a placeholder`);
  try {
    return new URL(`${authority[1]}//${authority[2]}/`).host;
  } catch {
    throw new InputError(`${member}: not a valid host`);
  }
}

/**
 * Where `host` is: 'loopback' (this computer), 'link-local', 'private' (the local network), or
 * null (elsewhere, or a name that does not resolve). A name counts where any of its addresses is.
 * @param {string} host
 * @returns {Promise<Scope>}
 */
export async function scopeOf(host) {
  const name = new URL(`http://${host}/`).hostname.replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  let addresses;
  if (isIP(name)) addresses = [name];
  else {
    const timeout = new Promise((resolve) => { setTimeout(resolve, LOOKUP_TIMEOUT_MS, []).unref(); });
    addresses = /** @type {string[]} */ (await Promise.race([
      lookup(name, { all: true }).then((found) => found.map((entry) => entry.address), () => []),
      timeout,
    ]));
  }
  for (const [scope, list] of SCOPES) {
    if (addresses.some((address) => list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4'))) return scope;
  }
  return null;
}

/**
 * `{host, scope}` for each of `hosts`.
 * @param {string[]} hosts
 */
export function describeHosts(hosts) {
  return Promise.all(hosts.map(async (host) => ({ host, scope: await scopeOf(host) })));
}

/**
 * A host as a confirmation may name it (`name[:port]` as URLs spell it), else null.
 * @param {unknown} text
 */
export function parseHost(text) {
  if (typeof text !== 'string' || text.length === 0 || text.length > 300 || /[/?#@\s\\]/.test(text)) return null;
  try {
    const host = new URL(`http://${text}/`).host;
    return host === text ? host : null;
  } catch {
    return null;
  }
}

/** The hosts the user has confirmed while this bridge runs. */
export class HostConsent {
  /** @type {Set<string>} */
  #confirmed = new Set();

  /**
   * Remembers `hosts` as confirmed (the oldest are forgotten past `MAX_CONFIRMED_HOSTS.total`).
   * @param {string[]} hosts
   */
  confirm(hosts) {
    for (const host of hosts) {
      this.#confirmed.delete(host);
      this.#confirmed.add(host);
    }
    for (const host of this.#confirmed) {
      if (this.#confirmed.size <= MAX_CONFIRMED_HOSTS.total) break;
      this.#confirmed.delete(host);
    }
  }

  /**
   * Those of `hosts` not confirmed yet.
   * @param {string[]} hosts
   */
  unconfirmed(hosts) {
    return hosts.filter((host) => !this.#confirmed.has(host));
  }
}
