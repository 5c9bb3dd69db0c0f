import FeedService
import RPC

/// The one place where the feed methods join the built-in ones (`ping`, `initialize`,
/// `shutdown`, `exit`, `$/cancelRequest`).
func registerServices(on server: RPCServer, options: FeedVMOptions) {
    var configuration = FeedServiceConfiguration()
    configuration.cacheDirectory = options.cacheDirectory
    configuration.maxSessions = options.maxSessions
    configuration.maxBodyBytes = options.maxBodyBytes
    configuration.maxImageBytes = options.maxImageBytes
    configuration.requestTimeout = Double(options.requestTimeoutMilliseconds) / 1000
    configuration.maxHostConnections = options.maxHostConnections
    configuration.maxRedirects = options.maxRedirects
    configuration.memoryCacheBytes = options.memoryCacheBytes
    configuration.diskCacheBytes = options.diskCacheBytes
    configuration.cacheMaxAge = Double(options.cacheMaxAge)
    if options.storePath != "none" {
        configuration.storePath = options.storePath ?? FeedService.defaultStorePath(cacheDirectory: options.cacheDirectory)
    }
    configuration.storeMaxBytes = Int64(options.storeMaxMegabytes) << 20
    if let milliseconds = options.stubDelayMilliseconds { configuration.defaultStubDelay = Double(milliseconds) / 1000 }
    FeedService(configuration: configuration, logger: server.logger).register(on: server)
}
