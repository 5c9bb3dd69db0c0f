/// A failure below HTTP (no connection, no name, no TLS, a connection lost midway), in words
/// that never carry the URL, so messages built from it cannot leak a secret.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libcurl's `CURLcode` for it.
    public let code: Int
    /// What happened, e.g. "could not connect to the server".
    public let description: String

    /// A failure with curl's `code` described as `description`.
    public init(code: Int, description: String) {
        self.code = code
        self.description = description
    }
}
