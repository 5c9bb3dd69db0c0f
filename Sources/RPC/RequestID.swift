import JSON

/// The `id` of a request: a string, a number or null, echoed back exactly in its response.
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
    /// The id as it was parsed.
    public let json: JSON

    /// An id from a JSON value; `nil` for booleans, arrays and objects, which JSON-RPC forbids.
    public init?(_ json: JSON) {
        switch json {
        case .string, .int, .double, .null: self.json = json
        case .bool, .array, .object: return nil
        }
    }

    /// An integer id.
    public init(_ value: Int64) { json = .int(value) }

    /// A string id.
    public init(_ value: String) { json = .string(value) }

    /// The null id, used for answers to messages whose id could not be read.
    public static let null = RequestID(json: .null)

    private init(json: JSON) { self.json = json }

    /// Appends the id's JSON encoding to `output`.
    @inline(__always)
    func encode(into output: inout [UInt8]) { json.serialize(into: &output) }

    public var description: String { json.jsonString }
}
