// One feedvm for the bridge, one session per browser tab. A tab lives as long as its event
// stream (Server-Sent Events): the stream carries the session's notifications in the order
// feedvm sent them, and closing it (the tab went away) disposes the session.

import { randomBytes } from 'node:crypto';

import { FeedMirror, FeedVMClient } from '../../js/index.js';

/** The notifications a page draws from; `imageDownloaded` stays here (images come by URL). */
const FORWARDED = new Set(['sections', 'refreshStatus', 'hud', 'newItems']);
/** How many notifications of a session not yet registered are kept (its `transform` is answering). */
const EARLY_LIMIT = 256;

/** A browser tab: its unguessable key, its feedvm session, its stream, a copy of its list. */
export class Tab {
  /**
   * @param {string} session
   * @param {import('node:http').ServerResponse} stream
   * @param {{revision: number, sections: any[]}} [start] revision 0 as `transform` answered it
   *   (a stored list, with the feed store)
   */
  constructor(session, stream, start) {
    /** The id the page uses in URLs; never feedvm's (guessable) session id. */
    this.key = randomBytes(16).toString('hex');
    this.session = session;
    this.stream = stream;
    /** The bridge's copy of the list, to resolve image requests to items. */
    this.mirror = new FeedMirror(session, start);
    /** Events held until the page has its `session` event (`start`), in order. */
    /** @type {Array<[string, unknown]> | null} */
    this.held = [];
  }

  /**
   * Sends one event down the stream (JSON never holds a raw newline: one `data:` line); until
   * `start`, the session's notifications wait (a stored list's reload may already be sending).
   * @param {string} event
   * @param {unknown} data
   */
  send(event, data) {
    if (this.held && event !== 'session' && event !== 'fatal') {
      this.held.push([event, data]);
      return;
    }
    if (!this.stream.writableEnded) this.stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /**
   * Sends the `session` event, then the notifications that came before it.
   * @param {unknown} session
   */
  start(session) {
    const held = this.held ?? [];
    this.held = null;
    this.send('session', session);
    for (const [event, data] of held) this.send(event, data);
  }
}

/** The tabs of one bridge over one feedvm process, restarted when it dies. */
export class Tabs {
  /** @type {FeedVMClient | null} */
  #client = null;
  /** @type {Promise<FeedVMClient> | null} the client being started (shared by concurrent tabs) */
  #starting = null;
  /** @type {Map<string, Tab>} */
  #byKey = new Map();
  /** @type {Map<string, Tab>} */
  #bySession = new Map();
  /** Notifications of sessions whose `transform` answer is still on its way to `open`. */
  /** @type {Map<string, Array<[string, Record<string, unknown>]>>} */
  #early = new Map();

  /**
   * @param {{binary?: string, args: string[], maxTabs: number, log: (line: string) => void}} options
   */
  constructor(options) {
    this.options = options;
  }

  /** The running feedvm, started (with incremental sections) when needed. */
  client() {
    if (this.#client) return Promise.resolve(this.#client);
    this.#starting ??= this.#start().finally(() => { this.#starting = null; });
    return this.#starting;
  }

  async #start() {
    const client = new FeedVMClient({ binary: this.options.binary, args: this.options.args, timeout: 120000 });
    client.on('stderr', (line) => this.options.log(`feedvm: ${line}`));
    client.on('notification', ({ method, params }) => this.#route(method, params));
    client.on('exit', (status) => this.#serverExited(client, status));
    try {
      await client.initialize({ clientInfo: { name: 'feedvm-web', version: '0.1.0' }, capabilities: { sections: { incremental: true } } });
    } catch (error) {
      await client.close();
      throw error;
    }
    this.#client = client;
    return client;
  }

  /**
   * Creates the session of a new tab streaming to `stream`; throws feedvm's error, or an
   * Error when there are too many tabs.
   * @param {Record<string, unknown>} input
   * @param {import('node:http').ServerResponse} stream
   */
  async open(input, stream) {
    if (this.#byKey.size >= this.options.maxTabs) throw new Error(`too many tabs (${this.options.maxTabs}); close one`);
    const client = await this.client();
    const { session, output } = await client.transform(input);
    const tab = new Tab(session, stream, { revision: 0, sections: output.sections });
    this.#byKey.set(tab.key, tab);
    this.#bySession.set(session, tab);
    // A stored list's reload starts as `transform` is answered: what it sent meanwhile follows.
    const early = this.#early.get(session) ?? [];
    this.#early.delete(session);
    for (const [method, params] of early) this.#route(method, params);
    await client.bindRefreshStatus(session);
    return { tab, output };
  }

  /** @param {string} key */
  get(key) {
    return this.#byKey.get(key);
  }

  /**
   * Forgets a tab and disposes its session.
   * @param {Tab} tab
   */
  async close(tab) {
    if (!this.#byKey.delete(tab.key)) return;
    this.#bySession.delete(tab.session);
    if (!tab.stream.writableEnded) tab.stream.end();
    await this.#client?.dispose(tab.session).catch(() => {});
  }

  /** Ends every tab and the feedvm process. */
  async stop() {
    for (const tab of [...this.#byKey.values()]) await this.close(tab);
    const client = this.#client;
    this.#client = null;
    await client?.close();
  }

  /**
   * @param {string} method
   * @param {Record<string, unknown>} params
   */
  #route(method, params) {
    const tab = this.#bySession.get(String(params.session));
    if (!FORWARDED.has(method)) return;
    if (!tab) {
      const early = this.#early.get(String(params.session)) ?? [];
      if (early.length < EARLY_LIMIT) this.#early.set(String(params.session), [...early, [method, params]]);
      return;
    }
    if (method === 'sections') {
      try {
        tab.mirror.apply(/** @type {any} */ (params));
      } catch (error) {
        this.options.log(`tab ${tab.key}: ${error}; the page will reconnect`);
        tab.send('fatal', { message: 'lost track of the list; reloading' });
        void this.close(tab);
        return;
      }
    }
    tab.send(method, params);
  }

  /**
   * @param {FeedVMClient} client
   * @param {{exitCode: number | null, signal: string | null}} status
   */
  #serverExited(client, status) {
    if (this.#client !== client) return;
    this.#client = null;
    this.options.log(`feedvm exited (${status.signal ?? status.exitCode}); it restarts with the next tab`);
    for (const tab of [...this.#byKey.values()]) {
      tab.send('fatal', { message: 'the feed engine stopped; reload the page' });
      this.#byKey.delete(tab.key);
      this.#bySession.delete(tab.session);
      tab.stream.end();
    }
  }
}
