extension Dispatcher {
    /// The registered methods, found for every message by a look at the name's length and last
    /// byte, then a comparison, instead of hashing the whole name.
    struct MethodTable: Sendable {
        private typealias Entry = (name: String, registration: Registration)

        private static let bucketCount = 64
        private var buckets = [[Entry]](repeating: [], count: bucketCount)

        /// How `method` is served, if it is; setting `nil` removes it.
        subscript(method: String) -> Registration? {
            get {
                for entry in buckets[Self.bucket(of: method)] where entry.name == method { return entry.registration }
                return nil
            }
            set {
                let bucket = Self.bucket(of: method)
                buckets[bucket].removeAll { $0.name == method }
                if let newValue { buckets[bucket].append((method, newValue)) }
            }
        }

        /// Every registered name, sorted.
        var names: [String] { buckets.flatMap { $0.map(\.name) }.sorted() }

        private static func bucket(of method: String) -> Int {
            let utf8 = method.utf8
            return (utf8.count &* 31 &+ Int(utf8.last ?? 0)) & (bucketCount - 1)
        }
    }
}
