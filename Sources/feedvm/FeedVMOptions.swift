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
    /// `--framing`: how messages are delimited; `nil` (`auto`) detects it from the first bytes.
    var framing: Framing?

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
            case "--framing":
                guard let text = value() else { return .reject(framingUsage) }
                if text == "auto" {
                    options.framing = nil
                } else if let framing = Framing(rawValue: text) {
                    options.framing = framing
                } else {
                    return .reject(framingUsage)
                }
            case "--stdio":
                break  // editors pass it to LSP-style servers; stdio is the only transport
            case "--max-sessions":
                guard let text = value(), let count = Int(text), count > 0 else {
                    return .reject("--max-sessions takes a positive number")
                }
                options.maxSessions = count
            default:
                return .reject("unknown argument '\(argument)'")
            }
        }
        return .serve(options)
    }

    private static let framingUsage = "--framing takes one of: auto, newline, content-length"
}
