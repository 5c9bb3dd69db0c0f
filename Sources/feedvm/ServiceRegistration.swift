import RPC

/// The one place where the feed methods join the built-in ones (`ping`, `initialize`,
/// `shutdown`, `exit`, `$/cancelRequest`).
///
/// The FeedService layer registers its handlers here, e.g.
/// `FeedService.register(on: server, cacheDirectory: options.cacheDirectory, ...)`.
func registerServices(on server: RPCServer, options: FeedVMOptions) {
    _ = (server, options)
}
