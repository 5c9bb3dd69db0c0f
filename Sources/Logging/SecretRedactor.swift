import Foundation
import Locking
import Synchronization

/// Replaces every secret it knows with `REDACTED`, wherever the secret appears: the one
/// mechanism that keeps secrets out of log lines (at every level), error messages,
/// notifications and traces.
///
/// Holders register the values they were given and remove them when done (a feed session its
/// access key, header values and tokens, for as long as it lives); a value registered twice stays
/// until both removed it. Secrets are found by value, not by the name they travel under, and in
/// the forms they take on their way into a request or a message: as written, percent-encoded
/// (upper- or lower-case hex, `+` for a space) and JSON-escaped (also ASCII-only, as Python
/// writes it).
///
/// Values shorter than `minimumLength` bytes are too common to replace inside text (a header
/// `uid: 1` would blank every digit 1); `redact(value:)` still hides one when it stands alone.
///
/// ```swift
/// let secrets = SecretRedactor()
/// secrets.insert("AK-9f3c2e71")
/// secrets.redact("GET https://api.test/v1/AK-9f3c2e71/items")  // "GET https://api.test/v1/REDACTED/items"
/// ```
public final class SecretRedactor: Sendable {
    /// What replaces a secret.
    public static let placeholder = "REDACTED"
    /// The shortest value replaced inside text, in UTF-8 bytes.
    public static let minimumLength = 6

    private struct State {
        var counts: [String: Int] = [:]
        var current = Snapshot(patterns: [])

        mutating func rebuild() {
            current = Snapshot(patterns: counts.keys.filter { $0.utf8.count >= SecretRedactor.minimumLength }.flatMap(SecretRedactor.forms(of:)))
        }
    }

    private let state = Locked(State())
    /// Whether the current snapshot has a pattern, read without the lock.
    private let hasPatterns = Atomic<Bool>(false)

    /// A redactor that knows no secret yet.
    public init() {}

    /// Registers `secret` (ignored when empty).
    public func insert(_ secret: String) {
        guard !secret.isEmpty else { return }
        state.withLock { state in
            state.counts[secret, default: 0] += 1
            if state.counts[secret] == 1 { state.rebuild() }
            hasPatterns.store(!state.current.isEmpty, ordering: .releasing)
        }
    }

    /// Withdraws one registration of `secret`; it is forgotten when none is left.
    public func remove(_ secret: String) {
        state.withLock { state in
            guard let count = state.counts[secret] else { return }
            state.counts[secret] = count > 1 ? count - 1 : nil
            if count == 1 { state.rebuild() }
            hasPatterns.store(!state.current.isEmpty, ordering: .releasing)
        }
    }

    /// Whether no secret is registered (then `redact` returns its input unchanged).
    public var isEmpty: Bool { state.withLock { $0.counts.isEmpty } }

    /// The secrets registered now, for redacting many texts in a row (the strings of one message)
    /// with one look at the registry.
    public func snapshot() -> Snapshot { state.withLock { $0.current } }

    /// The secrets registered now, or `nil` when there is nothing to replace: then told without
    /// taking the lock (most messages of most sessions).
    public func snapshotIfAny() -> Snapshot? {
        guard hasPatterns.load(ordering: .acquiring) else { return nil }
        let current = snapshot()
        return current.isEmpty ? nil : current
    }

    /// `text` with every form of every registered secret replaced by the placeholder.
    public func redact(_ text: String) -> String { snapshot().redact(text) }

    /// `bytes` (UTF-8 text, e.g. a protocol line on its way into a trace) with every form of
    /// every registered secret replaced by the placeholder.
    public func redact(bytes: [UInt8]) -> [UInt8] { snapshot().redact(bytes: bytes) }

    /// A value that stands alone (a header's value): the placeholder when it is a registered
    /// secret, whatever its length, else the value with the secrets inside it replaced.
    public func redact(value: String) -> String {
        if state.withLock({ $0.counts[value] != nil }) { return Self.placeholder }
        return redact(value)
    }

    /// The registered secrets at one moment, in every form, ready to be found in text.
    public struct Snapshot: Sendable {
        /// Every form of every secret long enough, longest first.
        private let patterns: [[UInt8]]
        /// A bit per pair of bytes that begins a pattern: a cheap test that rules out almost
        /// every position of a text before any pattern is compared.
        private let openings: [UInt64]

        init(patterns: [[UInt8]]) {
            self.patterns = Set(patterns).sorted { $0.count > $1.count }
            var openings = [UInt64](repeating: 0, count: patterns.isEmpty ? 0 : 1 << 10)
            for pattern in self.patterns {
                let pair = Int(pattern[0]) << 8 | Int(pattern[1])
                openings[pair >> 6] |= 1 << UInt64(pair & 63)
            }
            self.openings = openings
        }

        /// Whether there is nothing to replace.
        public var isEmpty: Bool { patterns.isEmpty }

        /// `text` with every form of every secret replaced by the placeholder.
        public func redact(_ text: String) -> String { replacingSecrets(in: text) ?? text }

        /// `text` with every form of every secret replaced, or `nil` when it holds none.
        public func replacingSecrets(in text: String) -> String? {
            guard !patterns.isEmpty, text.utf8.count >= SecretRedactor.minimumLength else { return nil }
            var contiguous = text
            return contiguous.withUTF8 { replacing(in: $0) }.map { String(decoding: $0, as: UTF8.self) }
        }

        /// `bytes` with every form of every secret replaced by the placeholder.
        public func redact(bytes: [UInt8]) -> [UInt8] {
            guard !patterns.isEmpty else { return bytes }
            return bytes.withUnsafeBufferPointer { replacing(in: $0) } ?? bytes
        }

        /// The replaced bytes, or `nil` when no secret occurs in `bytes`.
        private func replacing(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            var output: [UInt8]?
            var index = 0
            var copiedUpTo = 0
            while index + 1 < bytes.count {
                let pair = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                guard openings[pair >> 6] & (1 << UInt64(pair & 63)) != 0,
                    let length = patterns.first(where: { SecretRedactor.matches($0, bytes, at: index) })?.count
                else {
                    index += 1
                    continue
                }
                if output == nil { output = []; output!.reserveCapacity(bytes.count) }
                output!.append(contentsOf: bytes[copiedUpTo..<index])
                output!.append(contentsOf: SecretRedactor.placeholder.utf8)
                index += length
                copiedUpTo = index
            }
            guard var output else { return nil }
            output.append(contentsOf: bytes[copiedUpTo...])
            return output
        }
    }

    private static func matches(_ pattern: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset + pattern.count <= bytes.count else { return false }
        for position in 0..<pattern.count where bytes[offset + position] != pattern[position] { return false }
        return true
    }

    /// `secret` as written, percent-encoded (RFC 3986 unreserved kept; upper- and lower-case hex;
    /// `+` for a space as forms write it) and JSON-escaped (as written, and ASCII-only).
    public static func forms(of secret: String) -> [[UInt8]] {
        let raw = Array(secret.utf8)
        var upper: [UInt8] = [], lower: [UInt8] = [], form: [UInt8] = []
        for byte in raw {
            if isUnreserved(byte) {
                upper.append(byte); lower.append(byte); form.append(byte)
                continue
            }
            upper += [UInt8(ascii: "%"), hex(byte >> 4, upper: true), hex(byte & 0x0F, upper: true)]
            lower += [UInt8(ascii: "%"), hex(byte >> 4, upper: false), hex(byte & 0x0F, upper: false)]
            form += byte == UInt8(ascii: " ") ? [UInt8(ascii: "+")] : Array(upper.suffix(3))
        }
        return [raw, upper, lower, form, jsonEscaped(secret, asciiOnly: false), jsonEscaped(secret, asciiOnly: true)]
    }

    private static func jsonEscaped(_ secret: String, asciiOnly: Bool) -> [UInt8] {
        var escaped = ""
        for scalar in secret.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (asciiOnly && scalar.value > 0x7F):
                for unit in String(scalar).utf16 {
                    let digits = String(unit, radix: 16)
                    escaped += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                }
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return Array(escaped.utf8)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hex(_ nibble: UInt8, upper: Bool) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : (upper ? UInt8(ascii: "A") : UInt8(ascii: "a")) + nibble - 10
    }
}
