import Logging

/// Keeps a feed's secrets out of the text the store writes, reversibly: every form of every
/// secret (as written, percent-encoded, JSON-escaped; see `SecretRedactor.forms(of:)`) becomes a
/// marker naming the form, and reading puts the form back. An API that echoes an access key into
/// its next URL or image URLs therefore stores neither, and the list reads back exactly.
///
/// Markers are `U+0001 <number> U+0002`; a U+0001 already in the text is stored as
/// `U+0001 - U+0002`, so every stored text reads back as it was written. As the redactor does,
/// secrets shorter than `SecretRedactor.minimumLength` bytes are left alone: too common to mean
/// anything inside text.
public struct SecretMask: Sendable {
    private let forms: [[UInt8]]
    private static let open: UInt8 = 1
    private static let close: UInt8 = 2
    private static let escape: UInt8 = UInt8(ascii: "-")

    /// A mask for `secrets` (their order does not matter).
    public init(secrets: [String]) {
        let distinct = Set(secrets.filter { $0.utf8.count >= SecretRedactor.minimumLength }.flatMap(SecretRedactor.forms(of:)))
        // Longest first, so a secret that contains another is masked whole; ties by bytes, so
        // every process numbers the forms of the same secrets alike.
        forms = distinct.filter { !$0.contains(Self.open) && !$0.contains(Self.close) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
    }

    /// Whether the mask changes nothing (no secret long enough).
    public var isEmpty: Bool { forms.isEmpty }

    /// `text` as stored: its secrets replaced by markers.
    public func mask(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(Self.open) || forms.contains(where: { contains(bytes, $0) }) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var offset = 0
        scan: while offset < bytes.count {
            if bytes[offset] == Self.open {
                output += [Self.open, Self.escape, Self.close]
                offset += 1
                continue
            }
            for (number, form) in forms.enumerated() where matches(bytes, form, at: offset) {
                output.append(Self.open)
                output += Array(String(number).utf8)
                output.append(Self.close)
                offset += form.count
                continue scan
            }
            output.append(bytes[offset])
            offset += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A stored text as it was before `mask`.
    public func unmask(_ stored: String) -> String {
        guard stored.utf8.contains(Self.open) else { return stored }
        let bytes = Array(stored.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var offset = 0
        while offset < bytes.count {
            guard bytes[offset] == Self.open, let end = bytes[offset...].firstIndex(of: Self.close) else {
                output.append(bytes[offset])
                offset += 1
                continue
            }
            let marker = bytes[(offset + 1)..<end]
            if marker.elementsEqual([Self.escape]) {
                output.append(Self.open)
            } else if let number = Int(String(decoding: marker, as: UTF8.self)), forms.indices.contains(number) {
                output += forms[number]
            }
            offset = end + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func contains(_ bytes: [UInt8], _ form: [UInt8]) -> Bool {
        guard let first = form.first, bytes.count >= form.count else { return false }
        var offset = 0
        while offset + form.count <= bytes.count {
            if bytes[offset] == first && matches(bytes, form, at: offset) { return true }
            offset += 1
        }
        return false
    }

    private func matches(_ bytes: [UInt8], _ form: [UInt8], at offset: Int) -> Bool {
        guard offset + form.count <= bytes.count else { return false }
        for index in 0..<form.count where bytes[offset + index] != form[index] { return false }
        return true
    }
}
