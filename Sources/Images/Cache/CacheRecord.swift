import Foundation

/// What a disk cache file's extended attribute says about its image: its freshness and, for a
/// processed image, the version of the original it was made from. Plain text, one `name value`
/// per line after a first line naming the format; it holds neither the URL nor the key, which
/// may carry secrets. What the image is (type, size) is read from its bytes.
struct CacheRecord: Equatable {
    static let signature = "feedvm-image-cache 2"

    var freshness: ImageFreshness
    var originVersion: String?

    /// The record as the attribute holds it.
    var data: Data {
        var lines = [Self.signature, "expires \(freshness.expires.timeIntervalSince1970)"]
        if let etag = freshness.etag { lines.append("etag \(etag)") }
        if let lastModified = freshness.lastModified { lines.append("last-modified \(lastModified)") }
        if let originVersion { lines.append("origin \(originVersion)") }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The record in `data`, or `nil` when it is not one (another format, no expiry).
    init?(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(Self.signature) else { return nil }
        var values: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let space = line.firstIndex(of: " ") else { continue }
            values[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        guard let expires = values["expires"].flatMap(TimeInterval.init) else { return nil }
        freshness = ImageFreshness(expires: Date(timeIntervalSince1970: expires), etag: values["etag"], lastModified: values["last-modified"])
        originVersion = values["origin"]
    }

    init(freshness: ImageFreshness, originVersion: String?) {
        self.freshness = freshness
        self.originVersion = originVersion
    }
}
