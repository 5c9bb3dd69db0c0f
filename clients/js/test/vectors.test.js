// The shared protocol vectors (protocol/vectors/), which the server's tests and every client's
// check alike: sections.json's notifications, applied in order to a fresh FeedMirror, give each
// step's list and revision or are refused as the step says; discovery.json's files, environment
// and working directory make findBinary choose the case's binary, or fail.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { BinaryNotFound, FeedMirror, InvalidChanges, MirrorOutOfSync, findBinary, repositoryRoot } from '../index.js';

const vectors = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'protocol', 'vectors');
/** @param {string} name */
const load = (name) => JSON.parse(readFileSync(join(vectors, name), 'utf8')).cases;
const errors = { outOfSync: MirrorOutOfSync, invalidChanges: InvalidChanges };

for (const { name, steps } of load('sections.json')) {
  test(`sections: ${name}`, () => {
    const mirror = new FeedMirror('s1');
    steps.forEach((/** @type {any} */ step, /** @type {number} */ index) => {
      if (step.error) {
        assert.throws(() => mirror.apply(step.notification), /** @type {any} */ (errors)[step.error], `step ${index + 1}`);
        return;
      }
      mirror.apply(step.notification);
      assert.deepEqual([mirror.sections, mirror.revision], [step.expect, step.revision], `step ${index + 1}`);
    });
  });
}

/**
 * Lays out `files` under `root`: executable (mode 755), file (empty, 644) or dir.
 * @param {string} root
 * @param {Record<string, string>} files
 */
function layOut(root, files) {
  for (const [name, kind] of Object.entries(files)) {
    const path = join(root, name);
    if (kind === 'dir') {
      mkdirSync(path, { recursive: true });
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, kind === 'executable' ? '#!/bin/sh\n' : '');
    chmodSync(path, kind === 'executable' ? 0o755 : 0o644);
  }
}

for (const discoveryCase of load('discovery.json')) {
  test(`discovery: ${discoveryCase.name}`, () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'feedvm-js-discovery-')));
    try {
      layOut(root, discoveryCase.files ?? {});
      /** @param {string} text */
      const rooted = (text) => text.replaceAll('{root}', root);
      const env = Object.fromEntries(Object.entries(discoveryCase.env ?? {}).map(([key, value]) => [key, rooted(String(value))]));
      const client = discoveryCase.client ?? {};
      const context = {
        env, cwd: join(root, discoveryCase.cwd ?? '.'),
        clientFiles: client.files ? join(root, client.files) : join(root, 'no-client-files'),
        shipped: client.shipped ? [join(root, client.shipped)] : [],
      };
      const explicit = discoveryCase.explicit === undefined ? undefined : join(root, discoveryCase.explicit);
      if (discoveryCase.found !== undefined) {
        assert.equal(findBinary(explicit, context), join(root, discoveryCase.found));
      } else {
        assert.throws(() => findBinary(explicit, context), (error) => {
          assert.ok(error instanceof BinaryNotFound);
          for (const text of discoveryCase.error) assert.ok(error.message.includes(rooted(text)), `${rooted(text)} in ${error.message}`);
          return true;
        });
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
}

test("discovery: by default the client's own files are this checkout's, whatever the working directory", () => {
  const repo = repositoryRoot(dirname(fileURLToPath(import.meta.url)));
  assert.ok(repo !== null);
  const nowhere = realpathSync(mkdtempSync(join(tmpdir(), 'feedvm-js-nowhere-')));
  try {
    const found = findBinary(undefined, { env: { PATH: '' }, cwd: nowhere, shipped: [] });
    assert.ok(found.startsWith(join(repo, '.build')), found);
  } catch (error) {
    if (!(error instanceof BinaryNotFound)) throw error;
    assert.ok(error.message.includes(join(repo, '.build', 'release', 'feedvm')), 'unbuilt: the error names this checkout');
  } finally {
    rmSync(nowhere, { recursive: true, force: true });
  }
});
