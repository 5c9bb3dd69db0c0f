import Images
import JSON
import RPC

/// `initialize {cache: {memoryBytes?, diskBytes?, maxAge?}}`: the image cache's limits for
/// the whole process, each in the range of its flag (protocol/README.md, section 11).
struct CacheLimits: Equatable {
    var memoryBytes: Int?
    var diskBytes: Int?
    var maxAge: Int?

    /// The `cache` member of `initialize`'s params, if any; -32602 naming a bad member.
    init?(initializeParams params: JSON?) throws(RPCError) {
        guard let cache = try RPCParams(params).nested("cache") else { return nil }
        memoryBytes = try Self.value(cache, "memoryBytes", in: 0...(16 << 30))
        diskBytes = try Self.value(cache, "diskBytes", in: 0...(1 << 40))
        maxAge = try Self.value(cache, "maxAge", in: 0...31_536_000)
    }

    private static func value(_ params: RPCParams, _ key: String, in range: ClosedRange<Int>) throws(RPCError) -> Int? {
        guard let value = try params.optionalInt(key) else { return nil }
        guard range.contains(value) else {
            throw .invalidParams("must be \(range.lowerBound)...\(range.upperBound), got \(value)", field: params.path + key)
        }
        return value
    }

    /// Applies the limits given to `loader`'s caches.
    func apply(to loader: ImageLoader) {
        loader.setLimits(memoryBytes: memoryBytes, diskBytes: diskBytes, maxAge: maxAge.map(Double.init))
    }
}
