import Foundation
import ImageCodecs

/// What a disk cache entry's small record file (`<key hash>.meta`) says: which file holds the
/// image and what it is, its freshness and its version. Plain text, one `name value` per line
/// after a first line naming the format; it holds neither the URL nor the key, which may carry
/// secrets.
struct CacheRecord: Equatable {
    static let signature = "feedvm-image-cache 1"
    /// The largest record read: a record is a few hundred bytes.
    static let maxBytes = 8192

    /// The image file's name in the cache directory.
    var file: String
    var info: ImageInfo
    var freshness: ImageFreshness
    var version: String
    var originVersion: String?

    /// The record as its file holds it.
    var text: String {
        var lines = [
            Self.signature, "file \(file)", "mime \(info.mimeType)", "size \(info.width) \(info.height)", "bytes \(info.byteCount)",
            "expires \(freshness.expires.timeIntervalSince1970)", "version \(version)",
        ]
        if let etag = freshness.etag { lines.append("etag \(etag)") }
        if let lastModified = freshness.lastModified { lines.append("last-modified \(lastModified)") }
        if let originVersion { lines.append("origin \(originVersion)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The record in `data`, or `nil` when it is not one (another format, a missing part).
    init?(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(Self.signature) else { return nil }
        var values: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let space = line.firstIndex(of: " ") else { continue }
            values[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        let size = values["size"]?.split(separator: " ").compactMap { Int($0) } ?? []
        guard let file = values["file"], let mime = values["mime"], size.count == 2, size.allSatisfy({ $0 >= 0 }),
            let bytes = values["bytes"].flatMap(Int.init), bytes >= 0,
            let expires = values["expires"].flatMap(TimeInterval.init), let version = values["version"]
        else { return nil }
        self.file = file
        info = ImageInfo(mimeType: mime, width: size[0], height: size[1], byteCount: bytes)
        freshness = ImageFreshness(expires: Date(timeIntervalSince1970: expires), etag: values["etag"], lastModified: values["last-modified"])
        self.version = version
        originVersion = values["origin"]
    }

    init(file: String, info: ImageInfo, freshness: ImageFreshness, version: String, originVersion: String?) {
        self.file = file
        self.info = info
        self.freshness = freshness
        self.version = version
        self.originVersion = originVersion
    }
}
