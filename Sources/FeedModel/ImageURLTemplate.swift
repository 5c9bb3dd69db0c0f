/// An image URL an API gives as a template of its own (Twitch's `…-{width}x{height}.jpg`, a
/// CDN's or IIIF server's URL pattern), with the values that fill it when no size is asked for.
///
/// `{width}` and `{height}` take the size a front end asks for, when it asks for one; every
/// other placeholder takes its fill. When only one side is asked for and both sides have
/// numeric fills, the other side keeps the fills' aspect ratio (640x360 asked 320 wide gives
/// 320x180).
public struct ImageURLTemplate: Sendable, Hashable {
    /// The URL as the API wrote it.
    public let template: Template
    /// The value of each placeholder when no size is asked for.
    public let fills: [String: String]

    /// The placeholder that takes the width asked for.
    public static let widthPlaceholder = "width"
    /// The placeholder that takes the height asked for.
    public static let heightPlaceholder = "height"

    /// A template of `url` with `fills`, or `nil` when `url` has no placeholder.
    public init?(url: String, fills: [String: String]) {
        let template = Template(url)
        guard template.hasPlaceholders else { return nil }
        self.template = template
        self.fills = fills
    }

    /// The URL for a box of at most `maxWidth` x `maxHeight` pixels (either may be `nil`), or
    /// `nil` when a placeholder has neither a fill nor a size.
    public func url(maxWidth: Int? = nil, maxHeight: Int? = nil) -> String? {
        var values = fills
        let defaultWidth = fills[Self.widthPlaceholder].flatMap { Int($0) }
        let defaultHeight = fills[Self.heightPlaceholder].flatMap { Int($0) }
        switch (maxWidth, maxHeight) {
        case let (width?, height?):
            values[Self.widthPlaceholder] = String(width)
            values[Self.heightPlaceholder] = String(height)
        case let (width?, nil):
            values[Self.widthPlaceholder] = String(width)
            if let defaultWidth, let defaultHeight, defaultWidth > 0 {
                values[Self.heightPlaceholder] = String(max(1, (width * defaultHeight + defaultWidth / 2) / defaultWidth))
            }
        case let (nil, height?):
            values[Self.heightPlaceholder] = String(height)
            if let defaultWidth, let defaultHeight, defaultHeight > 0 {
                values[Self.widthPlaceholder] = String(max(1, (height * defaultWidth + defaultHeight / 2) / defaultHeight))
            }
        case (nil, nil):
            break
        }
        return template.rendered { values[String($0)] }
    }
}
