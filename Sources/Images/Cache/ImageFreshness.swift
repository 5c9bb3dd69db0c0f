import Foundation

/// How long a cached image may be used without asking its server, and how to ask: what
/// `Cache-Control: max-age`, `ETag` and `Last-Modified` said when it was downloaded (RFC 9111).
public struct ImageFreshness: Sendable, Equatable {
    /// Until when the image is fresh; from then on it is revalidated before use.
    public var expires: Date
    /// The `ETag` to send as `If-None-Match`.
    public var etag: String?
    /// The `Last-Modified` date to send as `If-Modified-Since`, as the server wrote it.
    public var lastModified: String?

    /// Freshness with every part given.
    public init(expires: Date, etag: String? = nil, lastModified: String? = nil) {
        self.expires = expires
        self.etag = etag
        self.lastModified = lastModified
    }

    /// What the response `headers` received at `now` say, capped by `maxAge` seconds: fresh for
    /// `Cache-Control: max-age` (at most `maxAge`), for `maxAge` when it has none, and not at all
    /// for `no-cache` or `no-store` (every use revalidates). Validators with a line break are
    /// dropped: they could not be sent back.
    public init(headers: [String: String], receivedAt now: Date, maxAge: TimeInterval) {
        let directives = CacheControl(header(headers, "Cache-Control"))
        var lifetime = maxAge
        if directives.noCache || directives.noStore {
            lifetime = 0
        } else if let maxAgeDirective = directives.maxAge {
            lifetime = min(maxAge, maxAgeDirective)
        }
        // A response that was already `Age` seconds old when it arrived has that much less left.
        if let age = header(headers, "Age").flatMap({ TimeInterval($0.trimmingCharacters(in: .whitespaces)) }), age > 0 {
            lifetime = max(0, lifetime - age)
        }
        self.init(
            expires: now.addingTimeInterval(max(0, lifetime)),
            etag: Self.validator(header(headers, "ETag")),
            lastModified: Self.validator(header(headers, "Last-Modified")))
    }

    /// Whether the image may be used at `now` without asking the server.
    public func isFresh(at now: Date) -> Bool { now < expires }

    /// This freshness after a `304 Not Modified` whose `headers` arrived at `now`: a new
    /// lifetime, and any validator the answer repeats or updates (RFC 9111, 4.3.4).
    public func renewed(by headers: [String: String], at now: Date, maxAge: TimeInterval) -> ImageFreshness {
        let update = ImageFreshness(headers: headers, receivedAt: now, maxAge: maxAge)
        return ImageFreshness(expires: update.expires, etag: update.etag ?? etag, lastModified: update.lastModified ?? lastModified)
    }

    /// The headers that make a request conditional on this version (empty without validators).
    public var conditionalHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    private static func validator(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty,
            !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }), value.utf8.count <= 1024
        else { return nil }
        return value
    }
}

/// The value of header `name`, compared ignoring ASCII case as HTTP compares field names (byte
/// by byte: Foundation's `caseInsensitiveCompare` is locale-aware and far slower).
private func header(_ headers: [String: String], _ name: String) -> String? {
    if let exact = headers[name] { return exact }
    let wanted = Array(name.utf8)
    return headers.first { key, _ in
        key.utf8.count == wanted.count && zip(key.utf8, wanted).allSatisfy { a, b in a == b || (a | 0x20 == b | 0x20 && (0x61...0x7A).contains(a | 0x20)) }
    }?.value
}

/// The directives of a `Cache-Control` header that decide an image's lifetime.
struct CacheControl: Equatable {
    /// `max-age=N`, in seconds.
    var maxAge: TimeInterval?
    /// `no-cache`: every use revalidates.
    var noCache = false
    /// `no-store`: kept anyway (every answer names a file), but revalidated at every use.
    var noStore = false

    /// The directives of `value` (comma-separated, case-insensitive names, quoted values allowed);
    /// unknown directives and malformed numbers are ignored.
    init(_ value: String?) {
        guard let value else { return }
        for part in value.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = pieces.first?.lowercased() else { continue }
            switch name {
            case "max-age":
                let number = pieces.count > 1 ? pieces[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : ""
                if let seconds = Int64(number), seconds >= 0 { maxAge = TimeInterval(seconds) }
            case "no-cache": noCache = true
            case "no-store": noStore = true
            default: continue
            }
        }
    }
}
