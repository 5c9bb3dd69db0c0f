// The protocol's methods and notifications: params and result of each, by wire name, as in
// protocol/feedvm.openrpc.json `methods` (test/openrpc.test.js checks them). Re-exported by
// index.d.ts.

import type {
  CacheInfo, CacheLimits, ClientCapabilities, ClientInfo, Empty, Image, ImageFormat, ImageSize, ImageVariant,
  InitializeResult, Input, LoadResult, LoadState,
  OpenRPCDocument, RefreshStatus, RequestCommandResult, RefreshStatusName, RequestId, Section, SectionChanges, SessionId,
  TransformResult, CancelImageResult, WillDisplayResult, UpdateInputResult, ErrorObject, EditResult, SectionsAnchor,
} from './values.js';

// -- methods: wire name -> params and result (openrpc `methods`) ------------------------------

export interface InitializeParams {
  clientInfo?: ClientInfo;
  capabilities?: ClientCapabilities;
  protocolVersion?: string;
  cache?: CacheLimits;
}

export interface TransformParams {
  input: Input;
}

export interface RequestCommandParams {
  session: SessionId;
  /** Required unless `retry` or `showNew` is true. */
  reload?: boolean;
  /** Run the failed load again with the same page (1.2). */
  retry?: boolean;
  /** Show the new items a background reload announced (1.2). */
  showNew?: boolean;
}

export interface UpdateItemParams {
  session: SessionId;
  id: string;
  fields: Record<string, unknown>;
}

export interface RemoveItemParams {
  session: SessionId;
  id: string;
}

export interface BindRefreshStatusParams {
  session: SessionId;
  header?: boolean;
  footer?: boolean;
}

export interface LoadImageParams {
  session: SessionId;
  index: number;
  inline?: boolean;
  variant?: ImageVariant;
  size?: ImageSize;
  maxPixelSize?: number;
  format?: ImageFormat;
  refresh?: boolean;
}

export interface WillDisplayParams {
  session: SessionId;
  index: number;
  variant?: ImageVariant;
  size?: ImageSize;
  maxPixelSize?: number;
  format?: ImageFormat;
}

export interface ClearCacheParams {
  memory?: boolean;
  disk?: boolean;
}

export interface ItemParams {
  session: SessionId;
  index: number;
}

export interface UpdateInputParams {
  session: SessionId;
  input: Input;
}

export interface SessionParams {
  session: SessionId;
}

export interface CancelRequestParams {
  id: RequestId;
}

/** The requests a client sends: params and result of each, by wire name. */
export interface FeedMethodMap {
  initialize: { params: InitializeParams; result: InitializeResult };
  ping: { params: Empty; result: Empty };
  'rpc.discover': { params: Empty; result: OpenRPCDocument };
  shutdown: { params: Empty; result: Empty };
  transform: { params: TransformParams; result: TransformResult };
  requestCommand: { params: RequestCommandParams; result: RequestCommandResult };
  bindRefreshStatus: { params: BindRefreshStatusParams; result: RefreshStatus };
  loadImage: { params: LoadImageParams; result: Image };
  cancelImage: { params: ItemParams; result: CancelImageResult };
  willDisplay: { params: WillDisplayParams; result: WillDisplayResult };
  didEndDisplaying: { params: ItemParams; result: CancelImageResult };
  updateInput: { params: UpdateInputParams; result: UpdateInputResult };
  dispose: { params: SessionParams; result: Empty };
  updateItem: { params: UpdateItemParams; result: EditResult };
  removeItem: { params: RemoveItemParams; result: EditResult };
  cacheInfo: { params: Empty; result: CacheInfo };
  clearCache: { params: ClearCacheParams; result: CacheInfo };
}

/** The notifications a client sends, by wire name. */
export interface ClientNotificationMap {
  exit: Empty;
  '$/cancelRequest': CancelRequestParams;
}

// -- notifications the server sends ---------------------------------------------------------

export interface SectionsParams {
  session: SessionId;
  revision: number;
  sections?: Section[];
  changes?: SectionChanges;
  anchor?: SectionsAnchor;
  stale?: boolean;
  storedAt?: number;
}

export interface RefreshStatusParams {
  session: SessionId;
  status: RefreshStatusName;
  isHidden?: boolean;
  isNoMoreData?: boolean;
  refresh?: LoadState;
  append?: LoadState;
  lastUpdated?: number;
}

export interface ImageDownloadedParams {
  session: SessionId;
  index: number;
  variant: ImageVariant;
  size?: ImageSize;
  format?: ImageFormat;
  image: Image | null;
  error?: ErrorObject;
}

export interface HudParams {
  session: SessionId;
  style: 'success' | 'error' | 'info';
  message: string;
  /** Present on a warning (style `info`): a configured key path the first page lacks (1.2). */
  warning?: true;
}

/** The envelope source renewed its token: keep it and pass it as `auth.token` next time. */
export interface TokenRefreshedParams {
  session: SessionId;
  token: string;
}

/** A background reload found new items at the top; `showNew` shows them. */
export interface NewItemsParams {
  session: SessionId;
  count: number;
  ids: string[];
}

/** The notifications the server sends, by wire name. */
export interface NotificationMap {
  sections: SectionsParams;
  refreshStatus: RefreshStatusParams;
  imageDownloaded: ImageDownloadedParams;
  hud: HudParams;
  tokenRefreshed: TokenRefreshedParams;
  newItems: NewItemsParams;
}
