import Feed
import FeedModel
import Images
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

    /// The size and format an image is asked at: `size: {maxWidth?, maxHeight?}` or
    /// `maxPixelSize` (not both), each side 1...65,535, and `format: "original" | "png" |
    /// "jpeg"`; the original when none is given.
    func imageOptions() throws(RPCError) -> ImageOptions {
        let format = try optional("format", expected: #""original", "png" or "jpeg""#) { $0.stringValue.flatMap(ImageOptions.Format.init(rawValue:)) }
            ?? .original
        let pixelSize = try optionalSide("maxPixelSize")
        guard let size = try nested("size") else {
            return pixelSize.map { .maxPixelSize($0, format: format) } ?? ImageOptions(format: format)
        }
        guard pixelSize == nil else { throw .invalidParams("must not be given with size: one or the other", field: path + "maxPixelSize") }
        return ImageOptions(maxWidth: try size.optionalSide("maxWidth"), maxHeight: try size.optionalSide("maxHeight"), format: format)
    }

    /// An optional side of an image box, in pixels: 1...65,535.
    private func optionalSide(_ key: String) throws(RPCError) -> Int? {
        guard let side = try optionalInt(key) else { return nil }
        guard (1...65_535).contains(side) else { throw .invalidParams("must be 1...65535 pixels, got \(side)", field: path + key) }
        return side
    }

    /// A required object's members.
    func members(_ key: String) throws(RPCError) -> JSONObject {
        try required(key, expected: "an object") { $0.objectValue }
    }
}
