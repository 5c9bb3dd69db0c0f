#if canImport(Glibc)
import Glibc
#endif

/// A file-system failure around the store: the operation, the path, and the system's words for
/// the cause (e.g. "Permission denied").
public struct StoreFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done, e.g. "create the key file".
    public let operation: String
    /// The file or directory concerned.
    public let path: String
    /// The `errno` value, or 0 when the cause is in `detail`.
    public let code: Int32
    /// The cause when it is not an `errno` value.
    public let detail: String?

    /// An error for `operation` on `path` that failed with `code` (or for `detail`).
    public init(operation: String, path: String, code: Int32, detail: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.detail = detail
    }

    public var description: String { "could not \(operation) \(path): \(detail ?? String(cString: strerror(code)))" }
}
