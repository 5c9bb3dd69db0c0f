import Feed
import FeedModel
import FeedSources
import Images
import Foundation
import JSON
import Network
import Reactive
import RPC
import Logging
import Store

/// The feed methods of the protocol: sessions of `FeedViewModel`s, driven by requests and
/// reported through notifications (protocol/README.md, sections 6 to 8).
///
/// Handlers run on the RPC reader thread in arrival order and only enqueue work on the
/// session's serial scheduler, so one session's commands take effect in the order they arrived
/// and a slow session never holds up another, or `ping`.
public final class FeedService: Sendable {
    let configuration: FeedServiceConfiguration
    let sessions: SessionRegistry
    let imageLoader: ImageLoader
    let transport: any HTTPTransport
    let logger: Logger
    /// Every secret of every live session, replaced wherever it would appear: in log lines (the
    /// logger's redactor), errors and notifications.
    let secrets: SecretRedactor
    let networkLogger: NetworkLoggerPlugin
    let heapTrimmer = HeapTrimmer()
    /// Where sessions keep their feeds; `nil` with `storePath` unset (`--store none`).
    let store: FeedDatabase?

    /// A service with one image cache and two HTTP transports shared by all its sessions: one
    /// for pages (and token refreshes), one for images, each with its own connections, so page
    /// loads never queue behind image downloads (DESIGN.md, "The HTTP transport"). Its sessions
    /// register their secrets with `logger`'s redactor (one is made when it has none), so the
    /// same redactor serves every logger and trace that shares it.
    public init(configuration: FeedServiceConfiguration = FeedServiceConfiguration(), logger: Logger = Logger()) {
        self.configuration = configuration
        let secrets = logger.redactor ?? SecretRedactor()
        self.secrets = secrets
        let logger = logger.redacting(with: secrets)
        self.logger = logger
        // Request lines at info, headers and bodies (redacted) at trace.
        networkLogger = NetworkLoggerPlugin(logger: logger.labelled("\(logger.label) network"), verbose: logger.isEnabled(.trace))
        sessions = SessionRegistry(limit: configuration.maxSessions)
        // Page results go straight from the event thread to the session's scheduler (the
        // providers hop there first thing), one thread hop less per load.
        transport = CurlTransport(limits: configuration.pageTransportLimits, delivery: .onEventThread)
        let directory = configuration.cacheDirectory.map { URL(fileURLWithPath: $0) } ?? DiskImageCache.defaultDirectory
        let diskCache = DiskImageCache(
            directory: directory, byteLimit: configuration.diskCacheBytes, maxFileBytes: configuration.maxImageBytes, clock: configuration.cacheClock)
        if let problem = diskCache.unusableReason {
            logger.log(.warning, "image cache \(directory.path) is unusable, image loads will fail until it is fixed: \(problem)")
        }
        imageLoader = ImageLoader(
            memoryCache: MemoryImageCache(byteLimit: configuration.memoryCacheBytes), diskCache: diskCache,
            transport: SchemeRoutingTransport(live: CurlTransport(limits: configuration.imageTransportLimits)),
            maxImageBytes: configuration.maxImageBytes, maxAge: configuration.cacheMaxAge)
        store = configuration.storePath.map { path in
            FeedDatabase(
                configuration: .init(path: path, keyPath: configuration.storeKeyPath ?? FeedService.defaultStoreKeyPath, maxBytes: configuration.storeMaxBytes),
                report: { report in logger.log(.warning, "\(report)") })
        }
    }

    /// The environment of a new session: its own serial scheduler and token store, the shared
    /// loader and transport.
    func makeEnvironment(for session: String, tokens: TokenStore) -> FeedEnvironment {
        var environment = FeedEnvironment.live(
            scheduler: SerialDispatchQueueScheduler(label: "feedvm.session.\(session)"), imageLoader: imageLoader,
            transport: transport, requestTimeout: configuration.requestTimeout, defaultStubDelay: configuration.defaultStubDelay,
            plugins: [networkLogger], tokens: tokens)
        environment.store = store
        return environment
    }

    /// The server capabilities `initialize` answers with (protocol/README.md, section 4).
    public static var capabilities: JSON { ClientCapabilities.server }

    /// Adds the feed methods to `server` (every request of `MessageRegistry`, and `rpc.discover`).
    public func register(on server: RPCServer) {
        MessageRegistry.register(self, on: server)
        server.registerSynchronous(ProtocolDocument.discoverMethod) { _ in ProtocolDocument.openRPC }
        server.traceRedactor = TraceSecrets(live: secrets)
        server.onInitialize { [imageLoader] params throws(RPCError) in
            try CacheLimits(initializeParams: params)?.apply(to: imageLoader)
        }
    }
}

extension FeedService {
    /// Where images are cached when `FeedServiceConfiguration.cacheDirectory` is `nil`.
    public static var defaultCacheDirectory: String { DiskImageCache.defaultDirectory.path }
}

extension FeedService {
    /// The store file in `cacheDirectory` (or the default cache directory): `store/feeds.sqlite`.
    public static func defaultStorePath(cacheDirectory: String?) -> String {
        (cacheDirectory ?? defaultCacheDirectory) + "/store/feeds.sqlite"
    }

    /// The per-user store key's file: `$XDG_STATE_HOME/feedvm/store-key`, else
    /// `$HOME/.local/state/feedvm/store-key`; apart from the cache, so a copy of the cache folder
    /// does not carry the key that names its feeds.
    public static var defaultStoreKeyPath: String {
        UserDirectory.state().appendingPathComponent("feedvm/store-key").path
    }
}
