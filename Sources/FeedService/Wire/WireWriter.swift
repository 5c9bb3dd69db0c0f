import JSON
import Logging

/// Writes a result's JSON text straight into its answer (through the answer's `JSONTextBuffer`),
/// with every secret replaced in its string values (member names are kept, as
/// `SecretRedactor.redact(json:)` does).
///
/// ```swift
/// writer.beginObject()
/// writer.member("found", found)
/// writer.member("revision", revision)
/// writer.endObject()
/// ```
struct WireWriter {
    /// The answer's text so far, up to where the result goes.
    private(set) var text: JSONTextBuffer
    /// The secrets to replace; `nil` when there are none, so nothing is looked at.
    private let secrets: SecretRedactor.Snapshot?
    /// A value was written since the last `{`, `[` or member name: the next one needs a comma.
    private var needsComma = false

    /// A writer appending to `text`, replacing `secrets`.
    init(text: consuming JSONTextBuffer, secrets: SecretRedactor.Snapshot?) {
        self.text = text
        self.secrets = secrets.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Writes `value`'s result into `text` (an answer's), replacing `secrets`.
    static func write(_ value: some WireEncodable, secrets: SecretRedactor.Snapshot?, into text: inout JSONTextBuffer) {
        var writer = WireWriter(text: consume text, secrets: secrets)
        value.encode(into: &writer)
        text = writer.text
    }

    // MARK: - Structure

    /// Opens an object.
    mutating func beginObject() {
        separate()
        text.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the innermost object.
    mutating func endObject() {
        text.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array.
    mutating func beginArray() {
        separate()
        text.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the innermost array.
    mutating func endArray() {
        text.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member's name; its value follows. `name` is plain ASCII that needs no escape.
    mutating func name(_ name: StaticString) {
        text.appendMemberName(name, afterComma: needsComma)
        needsComma = false
    }

    // MARK: - Values

    /// Writes `true` or `false`.
    mutating func value(_ value: Bool) {
        separate()
        text.append(value ? StaticString("true") : StaticString("false"))
        needsComma = true
    }

    /// Writes an integer.
    mutating func value(_ value: Int) {
        separate()
        text.appendInteger(Int64(value))
        needsComma = true
    }

    /// Writes a string, its secrets replaced.
    mutating func value(_ value: String) {
        separate()
        text.appendString(secrets?.replacingSecrets(in: value) ?? value)
        needsComma = true
    }

    /// Writes a JSON value, the secrets in its strings replaced.
    mutating func value(_ value: JSON) {
        separate()
        if let secrets {
            text.append(json: SecretRedactor.redact(value, with: secrets))
        } else {
            text.append(json: value)
        }
        needsComma = true
    }

    /// Writes the member `name: value`.
    mutating func member(_ name: StaticString, _ value: Bool) {
        self.name(name)
        self.value(value)
    }

    /// Writes the member `name: value`.
    mutating func member(_ name: StaticString, _ value: Int) {
        self.name(name)
        self.value(value)
    }

    /// Writes the member `name: value`.
    mutating func member(_ name: StaticString, _ value: String) {
        self.name(name)
        self.value(value)
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { text.append(UInt8(ascii: ",")) }
    }
}
