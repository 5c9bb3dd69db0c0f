import Feed
import FeedModel
import JSON
import RPC

extension RPCParams {
    /// A required item index: a JSON integer >= 0 (`1.5`, `"1"` and `-1` are -32602).
    func index(_ key: String) throws(RPCError) -> Int {
        let index = try int(key)
        guard index >= 0 else { throw .invalidParams("must be an index >= 0, got \(index)", field: path + key) }
        return index
    }

    /// An optional image variant, `"full"` (the default) or `"thumbnail"`.
    func imageVariant(_ key: String) throws(RPCError) -> ImageVariant {
        try optional(key, expected: #""full" or "thumbnail""#) { $0.stringValue.flatMap(ImageVariant.init(rawValue:)) } ?? .full
    }

    /// A required object's members.
    func members(_ key: String) throws(RPCError) -> JSONObject {
        try required(key, expected: "an object") { $0.objectValue }
    }
}
