import Feed
import JSON
import RPC

extension ImageDownload {
    /// The members of an `imageDownloaded` notification after `session`: `"index"`, `"variant"`,
    /// the `"size"` (`{"maxWidth"?, "maxHeight"?}`) and `"format"` asked for when they were,
    /// then `"image"`, an Image without its bytes, or `null` and `"error": {"code", "message"}`
    /// as the failed `loadImage` is answered.
    func appendWireMembers(to object: inout JSONObject) {
        object.appendUnchecked(key: "index", value: .int(Int64(index)))
        object.appendUnchecked(key: "variant", value: .string(variant.rawValue))
        if options.hasSize {
            var size = JSONObject()
            if let maxWidth = options.maxWidth { size.appendUnchecked(key: "maxWidth", value: .int(Int64(maxWidth))) }
            if let maxHeight = options.maxHeight { size.appendUnchecked(key: "maxHeight", value: .int(Int64(maxHeight))) }
            object.appendUnchecked(key: "size", value: .object(size))
        }
        if options.format != .original { object.appendUnchecked(key: "format", value: .string(options.format.rawValue)) }
        switch result {
        case .success(let image):
            object.appendUnchecked(key: "image", value: image.wireJSON)
        case .failure(let error):
            let answer = RPCError.imageFailed(error, index: index)
            object.appendUnchecked(key: "image", value: .null)
            object.appendUnchecked(key: "error", value: ["code": .int(Int64(answer.code)), "message": .string(answer.message)])
        }
    }
}
