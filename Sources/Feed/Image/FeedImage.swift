import Foundation
import JSON

/// A loaded image: what it is, where it is cached, and its bytes.
public struct FeedImage: Sendable, Equatable {
    /// The URL it was loaded from.
    public var url: String
    /// What its bytes are.
    public var info: ImageInfo
    /// The disk cache file, when the image is on disk.
    public var path: String?
    /// The encoded bytes.
    public var data: Data

    /// An image.
    public init(url: String, info: ImageInfo, path: String?, data: Data) {
        self.url = url
        self.info = info
        self.path = path
        self.data = data
    }

    /// `{"url", "mimeType", "width", "height", "byteCount", "path", "data"?}`; `data` is base64
    /// and only present when `inline`; `path` is left out (never `null`) when there is no file.
    public func json(inline: Bool) -> JSON {
        var object = JSONObject()
        object.appendUnchecked(key: "url", value: .string(url))
        object.appendUnchecked(key: "mimeType", value: .string(info.mimeType))
        object.appendUnchecked(key: "width", value: .int(Int64(info.width)))
        object.appendUnchecked(key: "height", value: .int(Int64(info.height)))
        object.appendUnchecked(key: "byteCount", value: .int(Int64(info.byteCount)))
        // `path` is always present for images of a service (its loader has a disk cache).
        if let path { object.appendUnchecked(key: "path", value: .string(path)) }
        if inline { object.appendUnchecked(key: "data", value: .string(data.base64EncodedString())) }
        return .object(object)
    }
}
