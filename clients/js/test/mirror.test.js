// FeedMirror: applying snapshots and incremental changes (protocol/README.md section 9), and
// following a real session with and without the incremental capability.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { FeedMirror, InvalidChanges, MirrorOutOfSync, applySectionChanges } from '../index.js';
import { withClient } from './support.js';

/** @param {string[]} ids */
const items = (ids) => ids.map((id) => ({ id, title: id, imageURL: `stub://${id}` }));
/** @param {{id: string}[]} list */
const ids = (list) => list.map((item) => item.id);

test('a fresh mirror is a fresh session: revision 0, one empty section, ready for the first page', () => {
  const mirror = new FeedMirror('s1');
  assert.equal(mirror.revision, 0);
  assert.deepEqual(mirror.sections, [[]]);
  const first = items(['a', 'b']);
  mirror.apply({ session: 's1', revision: 1, changes: { baseRevision: 0, sections: [{ section: 0, count: 2, deleted: [], inserted: first.map((item, index) => ({ index, item })), moved: [], updated: [] }] } });
  assert.equal(mirror.revision, 1);
  assert.deepEqual(ids(mirror.items), ['a', 'b']);
});

test("the protocol's example: deletes and move sources in old indices, inserts and targets in new ones", () => {
  const old = items(['i0', 'i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7', 'i8', 'i9', 'i10']);
  const fresh = { id: 'new', title: 'new', imageURL: 'stub://new' };
  const changed = { id: 'i6', title: 'changed', imageURL: 'stub://i6' };
  const result = applySectionChanges(old, {
    deleted: [0, 4], inserted: [{ index: 9, item: fresh }], moved: [{ from: 7, to: 2 }], updated: [{ index: 5, item: changed }],
  });
  assert.deepEqual(ids(result), ['i1', 'i2', 'i7', 'i3', 'i5', 'i6', 'i8', 'i9', 'i10', 'new']);
  assert.equal(result[5].title, 'changed');
});

test('a change based on another revision is refused and leaves the copy as it was', () => {
  const mirror = new FeedMirror('s1', { revision: 3, sections: [{ items: items(['a']) }] });
  assert.throws(() => mirror.applyChanges({ baseRevision: 2, sections: [{ section: 0, count: 1, deleted: [], inserted: [], moved: [], updated: [] }] }), MirrorOutOfSync);
  assert.equal(mirror.revision, 3);
  assert.deepEqual(ids(mirror.items), ['a']);
});

test('bad indices and a wrong count are refused atomically', () => {
  const mirror = new FeedMirror(null, { revision: 1, sections: [{ items: items(['a', 'b']) }] });
  const bad = { section: 0, count: 1, deleted: [5], inserted: [], moved: [], updated: [] };
  assert.throws(() => mirror.applyChanges({ baseRevision: 1, sections: [bad] }), InvalidChanges);
  const miscounted = { section: 0, count: 3, deleted: [0], inserted: [], moved: [], updated: [] };
  assert.throws(() => mirror.applyChanges({ baseRevision: 1, sections: [miscounted] }), InvalidChanges);
  assert.deepEqual(ids(mirror.items), ['a', 'b']);
  assert.equal(mirror.revision, 1);
});

test("another session's notification is ignored; a snapshot replaces everything", () => {
  const mirror = new FeedMirror('s1');
  assert.equal(mirror.apply({ session: 's2', revision: 1, sections: [{ items: items(['x']) }] }), false);
  assert.equal(mirror.apply({ session: 's1', revision: 4, sections: [{ items: items(['y', 'z']) }, { items: [] }] }), true);
  assert.equal(mirror.revision, 4);
  assert.deepEqual(mirror.sections.map(ids), [['y', 'z'], []]);
});

test('an incremental mirror follows a real session exactly as full snapshots do', () => withClient(async (client) => {
  await client.initialize({ capabilities: { sections: { incremental: true } } });
  const incremental = await client.transform({ source: 'stub', pageSize: 7, total: 30 });
  const mirror = FeedMirror.fromTransform(incremental);
  /** @type {Error[]} */
  const errors = [];
  let changes = 0;
  mirror.attach(client, { onError: (error) => errors.push(error) });
  client.on('sections', (params) => { if (params.changes) changes += 1; });
  await client.initialize({ capabilities: { sections: { incremental: false } } });
  const full = await client.transform({ source: 'stub', pageSize: 7, total: 30 });
  const snapshot = FeedMirror.fromTransform(full);
  snapshot.attach(client);
  const steps = [
    /** @param {string} s */ (s) => client.requestCommand(s, true),
    /** @param {string} s */ (s) => client.requestCommand(s, false),
    /** @param {string} s */ (s) => client.requestCommand(s, false),
    /** @param {string} s */ (s) => client.requestCommand(s, true),
    /** @param {string} s */ (s) => client.updateInput(s, { category: 'iOS' }),
    /** @param {string} s */ (s) => client.requestCommand(s, true),
    /** @param {string} s */ (s) => client.requestCommand(s, false),
  ];
  for (const step of steps) {
    await step(incremental.session);
    await step(full.session);
    assert.deepEqual(mirror.items, snapshot.items);
    assert.equal(mirror.revision, snapshot.revision);
  }
  assert.deepEqual(errors, []);
  assert.ok(changes >= 4, `only ${changes} incremental notifications`);
  assert.deepEqual(ids(mirror.items).slice(0, 2), ['iOS-1', 'iOS-2']);
  assert.equal(mirror.items.length, 14);
}));
