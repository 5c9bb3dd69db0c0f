// `FeedMirror`: a local copy of one session's sections, kept from `sections` notifications,
// full snapshots or incremental `changes` (protocol/README.md section 9). No imports: the web
// front end loads this very file in the browser.
//
// A fresh mirror is a fresh session: revision 0, one empty section (what `transform`
// answers), so the first page, sent as `changes` based on revision 0, applies to it.
//
// Applying one section's changes to its old items, as UICollectionView batch updates:
//   1. remove the items at `deleted` and at every `moved[].from` (old indices), keeping each
//      moved item aside;
//   2. place each `inserted[].item` at its `index` and each moved item at its `to` (new
//      indices); the remaining items fill the other slots in their old order;
//   3. replace the item at each `updated[].index` (new indices).

/**
 * @typedef {import('../index.js').FeedItem} FeedItem
 * @typedef {import('../index.js').Section} Section
 * @typedef {import('../index.js').SectionItemChanges} SectionItemChanges
 * @typedef {import('../index.js').SectionChanges} SectionChanges
 * @typedef {import('../index.js').SectionsParams} SectionsParams
 * @typedef {import('../index.js').Output} Output
 */

/** A change's `baseRevision` is not the mirror's revision: a change was missed. */
export class MirrorOutOfSync extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'MirrorOutOfSync';
  }
}

/** A change set's indices do not describe a valid edit of the old list. */
export class InvalidChanges extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'InvalidChanges';
  }
}

/**
 * The new items of one section (steps 1-3 above); throws `InvalidChanges` on bad indices.
 * @param {readonly FeedItem[]} old
 * @param {Partial<SectionItemChanges>} change
 * @returns {FeedItem[]}
 */
export function applySectionChanges(old, change) {
  const deleted = change.deleted ?? [];
  const inserted = change.inserted ?? [];
  const moved = change.moved ?? [];
  const updated = change.updated ?? [];
  const describe = () => JSON.stringify({ deleted, inserted: inserted.map((i) => i.index), moved, updated: updated.map((u) => u.index) });
  const removed = new Set([...deleted, ...moved.map((move) => move.from)]);
  if (removed.size !== deleted.length + moved.length || [...removed].some((i) => !(i >= 0 && i < old.length))) {
    throw new InvalidChanges(`bad deleted/moved indices for ${old.length} old items: ${describe()}`);
  }
  const size = old.length - deleted.length + inserted.length;
  /** @type {(FeedItem | undefined)[]} */
  const slots = new Array(size).fill(undefined);
  const filled = new Array(size).fill(false);
  /** @param {number} index @param {FeedItem} item */
  const place = (index, item) => {
    if (!(index >= 0 && index < size) || filled[index]) {
      throw new InvalidChanges(`bad destination index ${index} (new size ${size}): ${describe()}`);
    }
    slots[index] = item;
    filled[index] = true;
  };
  for (const move of moved) place(move.to, old[move.from]);
  for (const insert of inserted) place(insert.index, insert.item);
  const kept = old.filter((_, position) => !removed.has(position));
  let next = 0;
  for (let position = 0; position < size; position += 1) {
    if (!filled[position]) slots[position] = kept[next++];
  }
  for (const update of updated) {
    if (!(update.index >= 0 && update.index < size)) {
      throw new InvalidChanges(`bad update index ${update.index} (new size ${size}): ${describe()}`);
    }
    slots[update.index] = update.item;
  }
  return /** @type {FeedItem[]} */ (slots);
}

/** Keeps `sections` (one item array per section) and `revision` in step with the server. */
export class FeedMirror {
  /**
   * A mirror of a fresh session (revision 0, one empty section), or of `session` at a known
   * point: `new FeedMirror(id, {revision, sections})`.
   * @param {string | null} [session] the session followed; `null` accepts any
   * @param {{revision?: number, sections?: readonly Section[]}} [start]
   */
  constructor(session = null, start = {}) {
    /** The session followed (`null`: every notification applies). */
    this.session = session;
    /** The revision of the copy: 0 at `transform`, +1 per `sections` notification. */
    this.revision = start.revision ?? 0;
    /** @type {FeedItem[][]} the items of each section */
    this.sections = (start.sections ?? [{ items: [] }]).map((section) => [...section.items]);
  }

  /**
   * A mirror starting from `transform`'s result (`output` is revision 0).
   * @param {{session: string, output: Output}} result
   */
  static fromTransform(result) {
    return new FeedMirror(result.session, { revision: 0, sections: result.output.sections });
  }

  /** All items, sections concatenated (the usual single-section feed). */
  get items() {
    return this.sections.flat();
  }

  /**
   * Applies a `sections` notification's params; `false` when it is another session's.
   * Throws `MirrorOutOfSync` (the copy is left as it was) when a change was missed.
   * @param {SectionsParams} params
   * @returns {boolean}
   */
  apply(params) {
    if (this.session !== null && params.session !== this.session) return false;
    if (params.changes !== undefined) this.applyChanges(params.changes, params.revision);
    else if (params.sections !== undefined) this.applySnapshot(params.revision, params.sections);
    else throw new InvalidChanges('a sections notification without sections nor changes');
    return true;
  }

  /**
   * Replaces everything with a full snapshot.
   * @param {number} revision
   * @param {readonly Section[]} sections
   */
  applySnapshot(revision, sections) {
    this.sections = sections.map((section) => [...section.items]);
    this.revision = revision;
  }

  /**
   * Applies incremental changes; atomic (nothing changes when it throws).
   * @param {SectionChanges} changes
   * @param {number} [revision] the revision after them (default: `baseRevision + 1`)
   */
  applyChanges(changes, revision = changes.baseRevision + 1) {
    if (changes.baseRevision !== this.revision) {
      throw new MirrorOutOfSync(`changes based on revision ${changes.baseRevision}, mirror is at ${this.revision}`);
    }
    const sections = changes.sections.map((change, k) => {
      const items = applySectionChanges(this.sections[k] ?? [], change);
      if (change.count !== undefined && change.count !== items.length) {
        throw new InvalidChanges(`section ${k} has ${items.length} items, the server counts ${change.count}`);
      }
      return items;
    });
    this.sections = sections;
    this.revision = revision;
  }

  /**
   * Follows `client`'s `sections` events; returns the unsubscribe function. `onChange` runs
   * after each applied notification; `onError` gets a `MirrorOutOfSync` or `InvalidChanges`
   * (by default it is thrown, surfacing as an uncaught exception).
   * @param {{on(event: 'sections', listener: (params: SectionsParams) => void): () => void}} client
   * @param {{onChange?: (mirror: FeedMirror) => void, onError?: (error: Error) => void}} [callbacks]
   * @returns {() => void}
   */
  attach(client, callbacks = {}) {
    return client.on('sections', (params) => {
      let applied;
      try {
        applied = this.apply(params);
      } catch (error) {
        if (!callbacks.onError) throw error;
        callbacks.onError(/** @type {Error} */ (error));
        return;
      }
      if (applied) callbacks.onChange?.(this);
    });
  }
}
