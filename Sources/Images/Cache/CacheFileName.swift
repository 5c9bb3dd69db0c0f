import Hashing

/// The names of a disk cache's files. An entry is two files named after the SHA-256 of its
/// key: its record, `<hash>.meta`, and its image, `<hash>-<version>.<ext>`, where the version
/// is new for every write, so an image file is written once and never rewritten, renamed over
/// or reused for other bytes: a name seen in an answer holds those bytes until it is removed.
enum CacheFileName: Equatable {
    /// `<hash>.meta`.
    case record(hash: String)
    /// `<hash>-<version>.<ext>`.
    case image(hash: String, version: String)
    /// A record being written: `<hash>.meta.partial-<n>`.
    case partial
    /// A file of the cache's first format: the bare hash.
    case legacy

    /// The SHA-256 of `key`, in lowercase hex.
    static func hash(_ key: String) -> String { SHA256.hexDigest(key) }

    /// The record file of the entry whose key hashes to `hash`.
    static func record(_ hash: String) -> String { hash + ".meta" }

    /// The image file of version `version` of the entry `hash`, with the extension of `mimeType`.
    static func image(_ hash: String, version: String, mimeType: String) -> String {
        "\(hash)-\(version).\(fileExtension(mimeType))"
    }

    /// A new version name: 16 random hex digits.
    static func newVersion() -> String {
        let value = UInt64.random(in: .min ... .max)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
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
        let hash = String(decoding: utf8[..<64], as: UTF8.self)
        let rest = utf8[64...]
        if rest.isEmpty {
            self = .legacy
        } else if rest.elementsEqual(".meta".utf8) {
            self = .record(hash: hash)
        } else if rest.starts(with: ".meta.partial-".utf8) {
            self = .partial
        } else if rest.first == UInt8(ascii: "-"), rest.count > 18, rest.dropFirst().prefix(16).allSatisfy(Self.isLowerHex),
            rest.dropFirst(17).first == UInt8(ascii: "."),
            ["png", "jpg", "gif", "webp", "bmp", "img"].contains(String(decoding: rest.dropFirst(18), as: UTF8.self))
        {
            self = .image(hash: hash, version: String(decoding: rest.dropFirst().prefix(16), as: UTF8.self))
        } else {
            return nil
        }
    }

    /// Whether `name` is the image file of entry `hash` (a record naming anything else is refused).
    static func isImage(_ name: String, of hash: String) -> Bool {
        if case .image(hash, _)? = CacheFileName(name) { return true }
        return false
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
