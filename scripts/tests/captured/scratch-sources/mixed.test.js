const test = require('node:test');
const assert = require('node:assert');
test('passes', () => { assert.strictEqual(1 + 1, 2); });
test('also passes', () => { assert.ok(true); });
test('skipped', { skip: 'no browser' }, () => {});
test('todo', { todo: true }, () => {});
test('fails', () => { assert.strictEqual(1, 2); });
test.describe('group', () => { test.it('nested passes', () => {}); test.it('nested fails', () => { throw new Error('boom'); }); });
