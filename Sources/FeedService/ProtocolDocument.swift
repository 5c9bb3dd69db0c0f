import JSON

/// The protocol this service speaks: its version and its OpenRPC document.
public enum ProtocolDocument {
    /// `initialize`'s `protocolVersion` ("MAJOR.MINOR", protocol/README.md section 12).
    public static let version = "1.2"

    /// OpenRPC's service discovery method, which answers `openRPC`.
    public static let discoverMethod = "rpc.discover"

    /// protocol/feedvm.openrpc.json, compiled into the binary (SwiftPM's `.embedInCode` of the
    /// symbolic link `Sources/FeedService/Resources/feedvm.openrpc.json`): what `rpc.discover`
    /// answers. The build embeds the document as it is when built, so it cannot drift from it.
    public static let openRPC: JSON = {
        do {
            return try JSON.parse(PackageResources.feedvm_openrpc_json)
        } catch {
            // The tests parse the same bytes; a broken document never ships.
            preconditionFailure("protocol/feedvm.openrpc.json is not valid JSON: \(error)")
        }
    }()
}
