/// Appends a message's many small pieces of JSON text (literals, single bytes, integers) to an
/// array through a buffer on the stack, copied to the array in one append when done.
///
/// An array append costs about a hundred instructions whatever its size, where a copy into the
/// buffer costs a few: a message written as a dozen pieces costs one append instead of a dozen.
/// Text the writers of `JSONWriter` make (escaped strings, doubles, whole values) goes to the
/// array directly, after the buffered bytes.
///
/// ```swift
/// JSONTextBuffer.appending(to: &line) { text in
///     text.append("{\"id\":")
///     text.appendInteger(7)
///     text.append(UInt8(ascii: "}"))
/// }
/// ```
///
/// Its members are inlinable: a piece costs a few instructions only where the caller's
/// compiler sees the buffer's fields.
public struct JSONTextBuffer {
    /// The array appended to (swapped in for the duration of `appending`).
    @usableFromInline var output: [UInt8]
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    @usableFromInline var count = 0

    @inlinable
    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        output = []
        self.base = base
        self.capacity = capacity
    }

    /// Runs `body` with a buffer whose text ends up appended to `output`, in order.
    @inlinable
    public static func appending(to output: inout [UInt8], _ body: (inout JSONTextBuffer) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { scratch in
            var text = JSONTextBuffer(base: scratch.baseAddress!, capacity: scratch.count)
            swap(&text.output, &output)
            body(&text)
            text.flush()
            swap(&text.output, &output)
        }
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if count == capacity { flush() }
        base[count] = byte
        count &+= 1
    }

    /// Appends a member's name, `"name":`, after a comma when `isAfterComma`; the caller vouches
    /// that `name` is plain ASCII that needs no escape. Room is made once for all its bytes.
    @inlinable @inline(__always)
    public mutating func appendMemberName(_ name: StaticString, afterComma isAfterComma: Bool) {
        let length = name.utf8CodeUnitCount
        if capacity - count < length &+ 4 {
            flush()
            guard length &+ 4 <= capacity else { return appendLongMemberName(name, afterComma: isAfterComma) }
        }
        var position = count
        if isAfterComma {
            base[position] = UInt8(ascii: ",")
            position &+= 1
        }
        base[position] = UInt8(ascii: "\"")
        (base + (position &+ 1)).update(from: name.utf8Start, count: length)
        position &+= length &+ 1
        base[position] = UInt8(ascii: "\"")
        base[position &+ 1] = UInt8(ascii: ":")
        count = position &+ 2
    }

    /// `appendMemberName` for a name longer than the buffer.
    @usableFromInline
    mutating func appendLongMemberName(_ name: StaticString, afterComma isAfterComma: Bool) {
        appendToOutput { output in
            if isAfterComma { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\""))
            JSONWriter.appendLiteral(name, to: &output)
            output.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        }
    }

    /// Appends the bytes of `literal` as they are; the caller vouches that they are valid JSON
    /// in place (`{"jsonrpc":"2.0","id":`, a member name with its quotes).
    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        let length = literal.utf8CodeUnitCount
        guard length <= capacity - count else { return appendToOutput { JSONWriter.appendLiteral(literal, to: &$0) } }
        (base + count).update(from: literal.utf8Start, count: length)
        count &+= length
    }

    /// Appends `value` in decimal.
    @inlinable
    public mutating func appendInteger(_ value: Int64) {
        guard capacity - count >= 20 else { return appendToOutput { JSONWriter.appendInteger(value, to: &$0) } }
        var magnitude = value.magnitude
        var digits = 1
        var limit: UInt64 = 10
        while digits < 20 && magnitude >= limit {
            digits += 1
            limit = limit.multipliedReportingOverflow(by: 10).partialValue
        }
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var position = count + digits
        count = position
        repeat {
            position -= 1
            base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// Appends `value` as a quoted JSON string (see `JSONWriter.appendString`).
    @inlinable
    public mutating func appendString(_ value: String) {
        appendToOutput { JSONWriter.appendString(value, to: &$0) }
    }

    /// Appends `value`'s JSON text.
    @inlinable
    public mutating func append(json value: JSON) {
        appendToOutput { value.serialize(into: &$0) }
    }

    /// Runs `write` on the array itself, after the buffered bytes.
    @inlinable
    public mutating func appendToOutput(_ write: (inout [UInt8]) -> Void) {
        flush()
        write(&output)
    }

    /// Moves the buffered bytes to the array.
    @usableFromInline
    mutating func flush() {
        guard count > 0 else { return }
        output.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        count = 0
    }
}
