import FeedModel
import JSON

extension FeedItem {
    /// The columns an item is written to, after `feed`, `position` and `page`.
    static let columns = "id, title, image_url, thumbnail_url, author, source, published_at, width, height, extra"

    /// The item's column values, its text masked by `mask`.
    func values(masked mask: SecretMask) -> [any SQLiteBindable] {
        let extraText = extra.map { JSON.object($0).jsonString }
        return [
            mask.mask(id), mask.mask(title), imageURL.map(mask.mask), thumbnailURL.map(mask.mask), author.map(mask.mask),
            source.map(mask.mask), publishedAt.map(mask.mask), width, height, extraText.map(mask.mask),
        ]
    }

    /// The item in `row`, whose columns from `first` on are `columns`, unmasked by `mask`.
    init(row: SQLiteRow, from first: Int32, unmasking mask: SecretMask) {
        func text(_ offset: Int32) -> String? { row.text(first + offset).map(mask.unmask) }
        self.init(
            id: text(0) ?? "", title: text(1) ?? "", imageURL: text(2), thumbnailURL: text(3), author: text(4), source: text(5),
            publishedAt: text(6), width: row.optionalInt(first + 7), height: row.optionalInt(first + 8),
            extra: text(9).flatMap { try? JSON.parse($0).objectValue })
    }
}
