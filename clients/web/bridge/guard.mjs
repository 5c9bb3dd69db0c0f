// The bridge spawns processes on behalf of a browser, so every request must come from its own
// page: loopback peers only, the Host header naming this server (DNS rebinding), no foreign
// Origin, no cross-site fetch metadata, bounded bodies of JSON only.

/** The most a POST body may hold; every command's params fit in far less. */
export const MAX_BODY_BYTES = 16 * 1024;

const LOOPBACK_PEERS = new Set(['127.0.0.1', '::ffff:127.0.0.1', '::1']);

/** A request refused with an HTTP status, a short reason and any headers the status needs. */
export class Refusal extends Error {
  /** @param {number} status @param {string} reason @param {Record<string, string>} [headers] */
  constructor(status, reason, headers = {}) {
    super(reason);
    this.status = status;
    this.headers = headers;
  }
}

/**
 * Checks where a request comes from; throws `Refusal` otherwise.
 * @param {import('node:http').IncomingMessage} request
 * @param {number} port the port this server listens on
 * @param {{navigation?: boolean}} [options] `navigation`: a page a user may open by hand
 */
export function checkOrigin(request, port, options = {}) {
  if (!LOOPBACK_PEERS.has(request.socket.remoteAddress ?? '')) throw new Refusal(403, 'loopback clients only');
  const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (request.headers.host === undefined) throw new Refusal(421, 'no Host header');
  if (!allowedHosts.includes(String(request.headers.host ?? '').toLowerCase())) {
    throw new Refusal(421, 'unexpected Host header');
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedHosts.some((host) => origin === `http://${host}`)) {
    throw new Refusal(403, 'foreign Origin');
  }
  const site = request.headers['sec-fetch-site'];
  const allowedSites = options.navigation ? ['same-origin', 'none'] : ['same-origin'];
  if (site !== undefined && !allowedSites.includes(String(site))) throw new Refusal(403, 'cross-site request');
  if (request.method === 'POST' && origin === undefined) throw new Refusal(403, 'POST without Origin');
}

/**
 * The JSON body of a POST, at most `MAX_BODY_BYTES`; throws `Refusal` otherwise.
 * @param {import('node:http').IncomingMessage} request
 * @returns {Promise<unknown>}
 */
export async function readJSONBody(request) {
  const type = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new Refusal(415, 'JSON bodies only');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new Refusal(413, 'body too large');
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Refusal(413, 'body too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refusal(400, 'malformed JSON');
  }
}
