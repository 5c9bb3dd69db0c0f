import FeedSources
import Images
import Network

extension SchemeRoutingTransport {
    /// A router that answers `stub://` URLs with the stub catalog's images and sends every
    /// other URL over `live`.
    public init(live: any HTTPTransport) {
        self.init(stub: StubCatalog.imageTransport, live: live)
    }
}
