import RPC
import Logging

/// The parsed command line of `feedvm`; passed on to the services it wires up.
struct FeedVMOptions: Sendable {
    /// `--log-level`: how much goes to stderr.
    var logLevel: Logger.Level = .warning
    /// `--cache-dir`: where downloaded images are cached; `nil` means the service's default.
    var cacheDirectory: String?
    /// `--max-message-bytes`: the longest accepted input line.
    var maxMessageBytes: Int = 16 << 20
    /// `--stub-delay-ms`: the latency of the embedded stub source; `nil` means its default.
    var stubDelayMilliseconds: Int?
    /// `--max-sessions`: how many live sessions the process holds before `transform` is refused.
    var maxSessions: Int = 1_000
    /// `--max-body-bytes`: the largest API response body, after decoding.
    var maxBodyBytes: Int = 20 << 20
    /// `--max-image-bytes`: the largest image, after decoding.
    var maxImageBytes: Int = 20 << 20
    /// `--request-timeout-ms`: the total deadline of one HTTP request.
    var requestTimeoutMilliseconds: Int = 12_000
    /// `--max-host-connections`: connections to one host, for pages and for images each.
    var maxHostConnections: Int = 6
    /// `--max-redirects`: redirects followed for one request.
    var maxRedirects: Int = 10

    /// The accepted range of each HTTP limit flag (also in `--help`).
    enum Range {
        static let bodyBytes = 1_024...(1 << 30)
        static let requestTimeoutMilliseconds = 100...600_000
        static let hostConnections = 1...64
        static let redirects = 0...50
    }

    /// What the command line asks for.
    enum Action {
        case serve(FeedVMOptions)
        case showHelp
        case showVersion
        case listMethods
        case reject(String)
    }

    /// Reads `arguments` (without the program name); accepts `--flag value` and `--flag=value`.
    static func parse(_ arguments: [String]) -> Action {
        var options = FeedVMOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() -> String? { inlineValue ?? remaining.popFirst() }
            switch name {
            case "--help", "-h": return .showHelp
            case "--version": return .showVersion
            case "--list-methods": return .listMethods
            case "--log-level":
                guard let text = value(), let level = Logger.Level(name: text) else {
                    return .reject("--log-level takes one of: \(Logger.Level.allCases.map { "\($0)" }.joined(separator: ", "))")
                }
                options.logLevel = level
            case "--cache-dir":
                guard let text = value(), !text.isEmpty else { return .reject("--cache-dir takes a directory") }
                options.cacheDirectory = text
            case "--max-message-bytes":
                guard let text = value(), let bytes = Int(text), bytes > 0 else {
                    return .reject("--max-message-bytes takes a positive number of bytes")
                }
                options.maxMessageBytes = bytes
            case "--stub-delay-ms":
                guard let text = value(), let milliseconds = Int(text), milliseconds >= 0 else {
                    return .reject("--stub-delay-ms takes a number of milliseconds >= 0")
                }
                options.stubDelayMilliseconds = milliseconds
            case "--max-sessions":
                guard let text = value(), let count = Int(text), count > 0 else {
                    return .reject("--max-sessions takes a positive number")
                }
                options.maxSessions = count
            case "--max-body-bytes", "--max-image-bytes":
                guard let bytes = value().flatMap({ Int($0) }), Range.bodyBytes.contains(bytes) else {
                    return .reject("\(name) takes a number of bytes from \(Range.bodyBytes.lowerBound) to \(Range.bodyBytes.upperBound)")
                }
                if name == "--max-body-bytes" { options.maxBodyBytes = bytes } else { options.maxImageBytes = bytes }
            case "--request-timeout-ms":
                guard let milliseconds = value().flatMap({ Int($0) }), Range.requestTimeoutMilliseconds.contains(milliseconds) else {
                    let range = Range.requestTimeoutMilliseconds
                    return .reject("--request-timeout-ms takes a number of milliseconds from \(range.lowerBound) to \(range.upperBound)")
                }
                options.requestTimeoutMilliseconds = milliseconds
            case "--max-host-connections":
                guard let count = value().flatMap({ Int($0) }), Range.hostConnections.contains(count) else {
                    return .reject("--max-host-connections takes a number from \(Range.hostConnections.lowerBound) to \(Range.hostConnections.upperBound)")
                }
                options.maxHostConnections = count
            case "--max-redirects":
                guard let count = value().flatMap({ Int($0) }), Range.redirects.contains(count) else {
                    return .reject("--max-redirects takes a number from \(Range.redirects.lowerBound) to \(Range.redirects.upperBound)")
                }
                options.maxRedirects = count
            default:
                return .reject("unknown argument '\(argument)'")
            }
        }
        return .serve(options)
    }
}
