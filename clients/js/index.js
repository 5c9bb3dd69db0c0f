// The feedvm client for Node >= 18: zero dependencies, ES modules. Types: index.d.ts.
export { FeedVMClient } from './src/client.js';
export { FeedMethods, PROTOCOL_VERSION } from './src/methods.js';
export { FeedMirror, MirrorOutOfSync, InvalidChanges, applySectionChanges } from './src/mirror.js';
export { findBinary, repositoryRoot } from './src/discovery.js';
export { messageBound } from './src/wire.js';
export {
  FeedVMError, BinaryNotFound, RpcError, ParseError, InvalidRequest, MethodNotFound, InvalidParams,
  InternalError, RequestCancelled, ApplicationError, UnknownSession, LoadFailed, ImageLoadFailed,
  SchemeRefused, TooManySessions, ServerShuttingDown, RpcTimeout, CallAborted, ServerExited,
  errorFromWire,
} from './src/errors.js';
