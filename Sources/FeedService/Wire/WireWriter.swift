import JSON
import Logging

/// Writes a result's JSON text straight into its answer, with every secret replaced in its
/// string values (member names are kept, as `SecretRedactor.redact(json:)` does).
///
/// ```swift
/// writer.beginObject()
/// writer.member("found", found)
/// writer.member("revision", revision)
/// writer.endObject()
/// ```
struct WireWriter {
    /// The text written so far (the answer's, up to where the result goes).
    var bytes: [UInt8]
    /// The secrets to replace; `nil` when there are none, so nothing is looked at.
    private let secrets: SecretRedactor.Snapshot?
    /// A value was written since the last `{`, `[` or member name: the next one needs a comma.
    private var needsComma = false

    /// A writer appending to `bytes`, replacing `secrets`.
    init(bytes: [UInt8] = [], secrets: SecretRedactor.Snapshot?) {
        self.bytes = bytes
        self.secrets = secrets.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Writes `value`'s result into `output` (an answer's text), replacing `secrets`.
    static func write(_ value: some WireEncodable, secrets: SecretRedactor.Snapshot?, into output: inout [UInt8]) {
        var writer = WireWriter(secrets: secrets)
        swap(&writer.bytes, &output)
        value.encode(into: &writer)
        swap(&writer.bytes, &output)
    }

    // MARK: - Structure

    /// Opens an object.
    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the innermost object.
    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array.
    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the innermost array.
    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member's name; its value follows. `name` is plain ASCII that needs no escape.
    mutating func name(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        JSONWriter.appendLiteral(name, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: - Values

    /// Writes `true` or `false`.
    mutating func value(_ value: Bool) {
        separate()
        JSONWriter.appendLiteral(value ? "true" : "false", to: &bytes)
        needsComma = true
    }

    /// Writes an integer.
    mutating func value(_ value: Int) {
        separate()
        JSONWriter.appendInteger(Int64(value), to: &bytes)
        needsComma = true
    }

    /// Writes a string, its secrets replaced.
    mutating func value(_ value: String) {
        separate()
        JSONWriter.appendString(secrets?.replacingSecrets(in: value) ?? value, to: &bytes)
        needsComma = true
    }

    /// Writes a JSON value, the secrets in its strings replaced.
    mutating func value(_ value: JSON) {
        separate()
        if let secrets {
            SecretRedactor.redact(value, with: secrets).serialize(into: &bytes)
        } else {
            value.serialize(into: &bytes)
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
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}
