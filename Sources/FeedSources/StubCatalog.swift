import FeedModel
import ImageCodecs

/// The embedded, deterministic catalog of the `stub` source: the same category, total and page
/// always give the same items, and every item's image is a real PNG generated on demand under
/// `stub://images/...`: a generated scene (`StubArtwork`) whose size and content derive from the
/// category and position. Each item's `thumbnailURL` is the same scene at half the size (the
/// picture is drawn from the URL's path; `w` and `h` only scale it).
public struct StubCatalog: Sendable, Equatable {
    /// The categories the catalog has, as in the seeds.
    public static let categories = ["all", "Android", "iOS", "welfare"]
    /// The base URL of the stubbed feed endpoint.
    public static let baseURL = "stub://feed/"
    /// The default number of items per category; not a multiple of 10, so the last page is short.
    public static let defaultTotal = 95

    /// Items per category.
    public var total: Int

    /// A catalog of `total` items per category.
    public init(total: Int = StubCatalog.defaultTotal) {
        self.total = total
    }

    /// The `position`th item (from 0) of `category`.
    public func item(category: String, position: Int) -> FeedItem {
        let (width, height) = Self.imageSize(position)
        let number = position + 1
        let picture = "stub://images/\(category)/\(number).png"
        return FeedItem(
            id: "\(category)-\(number)", title: "\(category) #\(number)",
            imageURL: "\(picture)?w=\(width)&h=\(height)", thumbnailURL: "\(picture)?w=\(width / 2)&h=\(height / 2)",
            author: ["Ada", "Grace", "Linus", "Margaret", "Ken"][position % 5], source: "stub",
            publishedAt: "2017-\(String(format2: position % 12 + 1))-\(String(format2: position % 28 + 1))T08:00:00Z",
            width: width, height: height)
    }

    /// The page `request` asks for: the items from `index * pageSize` on, and whether more
    /// follow (an empty page ends the list).
    public func page(for request: PageRequest) -> FeedPage {
        let start = request.index * request.pageSize
        let end = min(start + request.pageSize, total)
        let items = start < end ? (start..<end).map { item(category: request.category, position: $0) } : []
        guard !items.isEmpty else { return FeedPage(items: [], hasMore: false, endReason: .emptyPage) }
        let hasMore = end < total
        return FeedPage(items: items, hasMore: hasMore, endReason: hasMore ? nil : .totalReached)
    }

    /// The PNG of a `stub://images/<category>/<n>.png?w=&h=` URL, or `nil` for other URLs.
    public static func imageData(for url: String) -> [UInt8]? {
        guard url.hasPrefix("stub://images/") else { return nil }
        let rest = url.dropFirst("stub://images/".count)
        let parts = rest.split(separator: "?", maxSplits: 1)
        var width = 64, height = 64
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                guard kv.count == 2, let value = Int(kv[1]), (1...2048).contains(value) else { return nil }
                if kv[0] == "w" { width = value } else if kv[0] == "h" { height = value }
            }
        }
        return StubArtwork.png(seed: CRC32.checksum(parts[0].utf8), width: width, height: height)
    }

    /// Even sizes from 192 x 128 to 510 x 382, so the thumbnail has the picture's proportions.
    private static func imageSize(_ position: Int) -> (Int, Int) {
        (2 * (96 + position * 37 % 160), 2 * (64 + position * 53 % 128))
    }
}

extension String {
    fileprivate init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
