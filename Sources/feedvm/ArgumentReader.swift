/// A command line that cannot be served: the message `feedvm` prints before exiting with status 2.
struct UsageError: Error, Equatable {
    /// What is wrong, naming the flag (e.g. "--max-sessions takes an integer from 1 to 100000, got '0'").
    let message: String
}

/// Reads `--flag value` and `--flag=value` arguments one at a time, with typed values checked
/// against their documented ranges, so that no flag ever reaches the server out of range.
///
/// ```swift
/// var reader = ArgumentReader(["--max-sessions", "3"])
/// while let flag = reader.nextFlag() {
///     if flag == "--max-sessions" { sessions = try reader.integer(in: FeedVMOptions.Range.maxSessions) }
/// }
/// ```
struct ArgumentReader {
    private let arguments: [String]
    private var remaining: ArraySlice<String>
    private var flagStart = 0
    private var flag = ""
    private var inlineValue: String?

    /// A reader over `arguments` (without the program name).
    init(_ arguments: [String]) {
        self.arguments = arguments
        remaining = arguments[...]
    }

    /// The arguments the current flag took so far: itself and the values read for it.
    var currentArguments: ArraySlice<String> { arguments[flagStart..<remaining.startIndex] }

    /// The next flag's name (`--flag` of `--flag=value` too), or `nil` at the end.
    mutating func nextFlag() -> String? {
        flagStart = remaining.startIndex
        guard let argument = remaining.popFirst() else { return nil }
        flag = argument
        inlineValue = nil
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            flag = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        return flag
    }

    /// The current flag's value as text; `expected` describes it for the error message.
    mutating func text(expected: String) throws(UsageError) -> String {
        guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty else {
            throw UsageError(message: "\(flag) takes \(expected)")
        }
        inlineValue = nil
        return value
    }

    /// The current flag's value as a decimal integer within `range` (no sign other than `-`, no
    /// fraction, no exponent); anything else is a `UsageError` naming the flag and the range.
    mutating func integer(in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let expected = "an integer from \(range.lowerBound) to \(range.upperBound)"
        let text = try text(expected: expected)
        let isDecimal = text.utf8.enumerated().allSatisfy { offset, byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (offset == 0 && byte == UInt8(ascii: "-") && text.utf8.count > 1)
        }
        guard isDecimal, let value = Int(text), range.contains(value) else {
            throw UsageError(message: "\(flag) takes \(expected), got '\(text)'")
        }
        return value
    }
}
