@testable import Network

extension CurlTransport {
    /// A transport with the default limits as `change` adjusts them.
    static func with(_ change: (inout Limits) -> Void) -> CurlTransport {
        var limits = Limits()
        change(&limits)
        return CurlTransport(limits: limits)
    }
}
