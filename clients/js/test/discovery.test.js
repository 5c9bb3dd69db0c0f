// Finding the binary: explicit path, $FEEDVM_BIN, PATH, then the repository's build from the
// current directory upwards (release before debug).
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { BinaryNotFound, findBinary, repositoryRoot } from '../index.js';

const scratch = mkdtempSync(join(tmpdir(), 'feedvm-js-discovery-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** @param {...string} parts */
function executable(...parts) {
  const path = join(scratch, ...parts);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

const repo = join(scratch, 'repo');
mkdirSync(join(repo, 'clients', 'deep'), { recursive: true });
writeFileSync(join(repo, 'Package.swift'), '// swift-tools-version:6.0\n');
const debugBuild = executable('repo', '.build', 'debug', 'feedvm');
const onPath = executable('bin', 'feedvm');
const fromEnv = executable('env', 'feedvm');
const nowhere = join(scratch, 'nowhere');
mkdirSync(nowhere);

test('an explicit path wins, and must be an executable file', () => {
  assert.equal(findBinary(onPath, { env: { FEEDVM_BIN: fromEnv }, cwd: repo }), onPath);
  assert.throws(() => findBinary(join(scratch, 'missing')), BinaryNotFound);
  assert.throws(() => findBinary(join(repo, 'Package.swift')), BinaryNotFound);
});

test('then $FEEDVM_BIN, then PATH', () => {
  assert.equal(findBinary(undefined, { env: { FEEDVM_BIN: fromEnv, PATH: join(scratch, 'bin') }, cwd: repo }), fromEnv);
  assert.equal(findBinary(undefined, { env: { PATH: `${nowhere}:${join(scratch, 'bin')}` }, cwd: repo }), onPath);
});

test("then the repository's release build, then its debug build, found from cwd upwards", () => {
  const deep = join(repo, 'clients', 'deep');
  assert.equal(repositoryRoot(deep), repo);
  assert.equal(findBinary(undefined, { env: { PATH: nowhere }, cwd: deep }), debugBuild);
  const releaseBuild = executable('repo', '.build', 'release', 'feedvm');
  assert.equal(findBinary(undefined, { env: { PATH: nowhere }, cwd: deep }), releaseBuild);
  rmSync(releaseBuild);
});

test('when nothing is found the error lists every place tried', () => {
  assert.throws(() => findBinary(undefined, { env: { FEEDVM_BIN: join(scratch, 'gone'), PATH: nowhere }, cwd: nowhere }), (e) => {
    assert.ok(e instanceof BinaryNotFound);
    assert.deepEqual(e.tried.slice(0, 2), [`$FEEDVM_BIN=${join(scratch, 'gone')} (not an executable file)`, 'feedvm on PATH']);
    assert.match(e.message, /swift build -c release/);
    return true;
  });
});
