import Feed
import Images
import JSON
import RPC

extension FeedImage {
    /// An Image (protocol/README.md section 5) without its bytes: `{"url", "mimeType", "width",
    /// "height", "byteCount", "path"}`; `path` is left out (never `null`) when there is no file,
    /// which a service's loader, having a disk cache, never answers.
    var wireJSON: JSON {
        var object = JSONObject()
        object.appendUnchecked(key: "url", value: .string(url))
        object.appendUnchecked(key: "mimeType", value: .string(info.mimeType))
        object.appendUnchecked(key: "width", value: .int(Int64(info.width)))
        object.appendUnchecked(key: "height", value: .int(Int64(info.height)))
        object.appendUnchecked(key: "byteCount", value: .int(Int64(info.byteCount)))
        if let path { object.appendUnchecked(key: "path", value: .string(path)) }
        return .object(object)
    }

    /// The image's bytes as the base64 `data` member of the object at `path`, encoded only as
    /// the message is written: every message carrying one image shares its bytes.
    func inlineData(at path: [String] = []) -> Attachment {
        Attachment(path: path + ["data"], bytes: data)
    }
}
