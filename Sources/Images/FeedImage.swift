import Foundation
import ImageCodecs

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
}
