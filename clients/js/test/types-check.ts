// Compiled by `tsc -p clients/js` only (never run): the JSDoc-typed code must satisfy the
// declarations in index.d.ts, member by member, and the declarations must be usable.
import * as declared from '../index.js';
import { FeedVMClient } from '../src/client.js';
import { FeedMethods } from '../src/methods.js';
import { FeedMirror, applySectionChanges } from '../src/mirror.js';
import { findBinary, repositoryRoot } from '../src/discovery.js';
import * as errors from '../src/errors.js';

// Constructors and static members of the code, checked against the declared ones.
const clientClass: typeof declared.FeedVMClient = FeedVMClient;
const methodsClass: typeof declared.FeedMethods = FeedMethods;
const mirrorClass: typeof declared.FeedMirror = FeedMirror;
const applyChanges: typeof declared.applySectionChanges = applySectionChanges;
const find: typeof declared.findBinary = findBinary;
const root: typeof declared.repositoryRoot = repositoryRoot;
const fromWire: typeof declared.errorFromWire = errors.errorFromWire;
const errorClasses: [
  typeof declared.RpcError, typeof declared.UnknownSession, typeof declared.LoadFailed,
  typeof declared.RpcTimeout, typeof declared.CallAborted, typeof declared.ServerExited,
  typeof declared.BinaryNotFound,
] = [errors.RpcError, errors.UnknownSession, errors.LoadFailed, errors.RpcTimeout,
  errors.CallAborted, errors.ServerExited, errors.BinaryNotFound];

// Instances of the code, checked against the declared instance types.
declare const client: FeedVMClient;
const declaredClient: declared.FeedVMClient = client;
declare const mirror: FeedMirror;
const declaredMirror: declared.FeedMirror = mirror;

// The declarations give precise types to a caller.
async function usage(c: declared.FeedVMClient): Promise<number> {
  const { session, output } = await c.transform({ source: 'stub', category: 'iOS' });
  const status: declared.RefreshStatusName = output.refreshStatus.status;
  const load: declared.LoadResult = await c.requestCommand(session, true, { timeout: 1000 });
  const image: declared.Image = await c.loadImage(session, 0, { inline: true });
  const viaCall: declared.WillDisplayResult = await c.call('willDisplay', { session, index: 0 });
  const unsubscribe = c.on('hud', (params) => { const style: 'success' | 'error' | 'info' = params.style; void style; });
  unsubscribe();
  const m = declared.FeedMirror.fromTransform({ session, output });
  m.attach(c);
  void status; void image; void viaCall;
  return load.count + m.items.length;
}

export { clientClass, methodsClass, mirrorClass, applyChanges, find, root, fromWire, errorClasses, declaredClient, declaredMirror, usage };
