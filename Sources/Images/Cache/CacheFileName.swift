import Foundation
import Hashing
import Synchronization

/// The names of a disk cache's files. An entry's image file is `<hash>-<version>.<ext>`: the
/// SHA-256 of its key, a version new for every write (the time of the write in milliseconds,
/// then random bits, so a later write has a greater version), and the extension of its type. A
/// file is written once and never rewritten, renamed over or reused for other bytes: a name
/// seen in an answer holds those bytes until it is removed.
enum CacheFileName: Equatable {
    /// `<hash>-<version>.<ext>`.
    case image(hash: String, version: String)
    /// A file of the first cache format: the bare hash.
    case legacy
    /// A leftover of the first format's writes cut short: `<hash>.partial-<n>`.
    case partial

    private static let processSalt = UInt64.random(in: .min ... .max)
    private static let counter = Atomic<UInt64>(0)

    /// The SHA-256 of `key`, in lowercase hex.
    static func hash(_ key: String) -> String { SHA256.hexDigest(key) }

    /// The image file of version `version` of the entry `hash`, with the extension of `mimeType`.
    static func image(_ hash: String, version: String, mimeType: String) -> String {
        "\(hash)-\(version).\(fileExtension(mimeType))"
    }

    /// A new version for a write at `now`: 16 hex digits, 44 bits of milliseconds since 1970, 12
    /// bits of this process's count of versions and 8 random bits of this process, so a later
    /// write's version sorts after an earlier one's (across processes, when they are a
    /// millisecond apart); two processes that make the same name lose to `O_EXCL` and retry.
    static func newVersion(at now: Date = Date()) -> String {
        let milliseconds = UInt64(max(0, (now.timeIntervalSince1970 * 1000).rounded())) & ((1 << 44) - 1)
        let count = counter.add(1, ordering: .relaxed).newValue & 0xFFF
        let value = milliseconds << 20 | count << 8 | (processSalt & 0xFF)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// When version `version` was written (its first 44 bits, in milliseconds since 1970).
    static func writeDate(of version: String) -> Date {
        Date(timeIntervalSince1970: Double((UInt64(version, radix: 16) ?? 0) >> 20) / 1000)
    }

    /// The extension of `mimeType`: `png`, `jpg`, `gif`, `webp`, `bmp` (`img` for anything else).
    static func fileExtension(_ mimeType: String) -> String {
        switch mimeType {
        case "image/png": "png"
        case "image/jpeg": "jpg"
        case "image/gif": "gif"
        case "image/webp": "webp"
        case "image/bmp": "bmp"
        default: "img"
        }
    }

    /// What `name` is, or `nil` for a file that is not the cache's.
    init?(_ name: String) {
        let utf8 = Array(name.utf8)
        guard utf8.count >= 64, utf8[..<64].allSatisfy(Self.isLowerHex) else { return nil }
        let rest = utf8[64...]
        if rest.isEmpty {
            self = .legacy
        } else if rest.starts(with: ".partial-".utf8) {
            self = .partial
        } else if rest.first == UInt8(ascii: "-"), rest.count > 18, rest.dropFirst().prefix(16).allSatisfy(Self.isLowerHex),
            rest.dropFirst(17).first == UInt8(ascii: "."),
            ["png", "jpg", "gif", "webp", "bmp", "img"].contains(String(decoding: rest.dropFirst(18), as: UTF8.self))
        {
            self = .image(hash: String(decoding: utf8[..<64], as: UTF8.self), version: String(decoding: rest.dropFirst().prefix(16), as: UTF8.self))
        } else {
            return nil
        }
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
