import Feed
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JSON
import Network
import Reactive
import RPC
import Logging

/// The feed methods of the protocol: sessions of `FeedViewModel`s, driven by requests and
/// reported through notifications (protocol/README.md, sections 6 to 8).
///
/// Handlers run on the RPC reader thread in arrival order and only enqueue work on the
/// session's serial scheduler, so one session's commands take effect in the order they arrived
/// and a slow session never holds up another, or `ping`.
public final class FeedService: Sendable {
    /// The method names this service adds to the server.
    public enum Method {
        public static let transform = "transform"
        public static let requestCommand = "requestCommand"
        public static let loadImage = "loadImage"
        public static let bindRefreshStatus = "bindRefreshStatus"
        public static let updateInput = "updateInput"
        public static let willDisplay = "willDisplay"
        public static let didEndDisplaying = "didEndDisplaying"
        public static let cancelImage = "cancelImage"
        public static let dispose = "dispose"
    }

    let configuration: FeedServiceConfiguration
    let sessions: SessionRegistry
    let imageLoader: ImageLoader
    let transport: any HTTPTransport
    let logger: Logger
    let networkLogger: NetworkLoggerPlugin
    let heapTrimmer = HeapTrimmer()

    /// A service with one image cache and one HTTP transport shared by all its sessions.
    public init(configuration: FeedServiceConfiguration = FeedServiceConfiguration(), logger: Logger = Logger()) {
        self.configuration = configuration
        self.logger = logger
        // Request lines at info, headers and bodies (redacted) at trace.
        networkLogger = NetworkLoggerPlugin(logger: logger.labelled("\(logger.label) network"), verbose: logger.isEnabled(.trace))
        sessions = SessionRegistry(limit: configuration.maxSessions)
        let transport = LazyTransport { URLSessionTransport(configuration: FeedService.sessionConfiguration) }
        self.transport = transport
        var diskCache: DiskImageCache?
        do {
            let directory = configuration.cacheDirectory.map { URL(fileURLWithPath: $0) } ?? DiskImageCache.defaultDirectory
            diskCache = try DiskImageCache(directory: directory, byteLimit: configuration.diskCacheBytes)
        } catch {
            logger.log(.warning, "image disk cache unavailable, using memory only: \(error)")
        }
        imageLoader = ImageLoader(
            memoryCache: MemoryImageCache(byteLimit: configuration.memoryCacheBytes), diskCache: diskCache,
            transport: SchemeRoutingTransport(live: transport))
    }

    /// The HTTP session's configuration: no cookie jar and no URL cache, which the feed APIs do
    /// not use and which cost a cookie parse and a cache lookup on every image.
    static var sessionConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        return configuration
    }

    /// The server capabilities `initialize` answers with (protocol/README.md, section 4).
    public static var capabilities: JSON { ClientCapabilities.server }

    /// Adds the feed methods to `server` and advertises the service's capabilities.
    public func register(on server: RPCServer) {
        server.register(Method.transform) { [self] params, context in
            answer(context) { () throws(RPCError) in try transform(params, server: server) }
        }
        server.register(Method.requestCommand) { [self] params, context in requestCommand(params, context) }
        server.register(Method.loadImage) { [self] params, context in loadImage(params, context) }
        server.register(Method.bindRefreshStatus) { [self] params, context in bindRefreshStatus(params, context) }
        server.register(Method.updateInput) { [self] params, context in updateInput(params, context) }
        server.register(Method.willDisplay) { [self] params, context in willDisplay(params, context) }
        server.register(Method.didEndDisplaying) { [self] params, context in cancelImage(params, context) }
        server.register(Method.cancelImage) { [self] params, context in cancelImage(params, context) }
        server.register(Method.dispose) { [self] params, context in dispose(params, context) }
        server.traceRedactor = InputSecretRedactor()
    }

    /// Runs a handler body that answers at once, turning a thrown error into the answer.
    func answer(_ context: RequestContext, _ body: () throws(RPCError) -> JSON) {
        do {
            context.succeed(try body())
        } catch {
            context.fail(error)
        }
    }

    /// Runs a handler body that answers later, answering a thrown error at once.
    func attempt(_ context: RequestContext, _ body: () throws(RPCError) -> Void) {
        do {
            try body()
        } catch {
            context.fail(error)
        }
    }

    /// The environment of a new session: its own serial scheduler, the shared loader and transport.
    func makeEnvironment(for session: String) -> FeedEnvironment {
        .live(
            scheduler: SerialDispatchQueueScheduler(label: "feedvm.session.\(session)"), imageLoader: imageLoader,
            transport: transport, defaultStubDelay: configuration.defaultStubDelay, plugins: [networkLogger])
    }
}
