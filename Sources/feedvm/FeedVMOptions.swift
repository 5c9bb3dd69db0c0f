import RPC
import Logging

/// The parsed command line of `feedvm`; passed on to the services it wires up.
struct FeedVMOptions: Sendable {
    /// The documented range of every numeric flag (`--help`, protocol/README.md section 11).
    /// A value outside it is refused with exit status 2 before anything is served.
    enum Range {
        /// `--max-message-bytes`: 1 KiB to 1 GiB.
        static let maxMessageBytes = 1_024...(1 << 30)
        /// `--stub-delay-ms`: up to a minute, as the input's `stubDelayMs`.
        static let stubDelayMilliseconds = 0...60_000
        /// `--max-sessions`.
        static let maxSessions = 1...100_000
    }

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
        var reader = ArgumentReader(arguments)
        do throws(UsageError) {
            while let flag = reader.nextFlag() {
                switch flag {
                case "--help", "-h": return .showHelp
                case "--version": return .showVersion
                case "--list-methods": return .listMethods
                case "--log-level":
                    let names = Logger.Level.allCases.map { "\($0)" }.joined(separator: ", ")
                    let text = try reader.text(expected: "one of: \(names)")
                    guard let level = Logger.Level(name: text) else { throw UsageError(message: "--log-level takes one of: \(names), got '\(text)'") }
                    options.logLevel = level
                case "--cache-dir": options.cacheDirectory = try reader.text(expected: "a directory")
                case "--max-message-bytes": options.maxMessageBytes = try reader.integer(in: Range.maxMessageBytes)
                case "--stub-delay-ms": options.stubDelayMilliseconds = try reader.integer(in: Range.stubDelayMilliseconds)
                case "--max-sessions": options.maxSessions = try reader.integer(in: Range.maxSessions)
                default: throw UsageError(message: "unknown argument '\(flag)'")
                }
            }
        } catch {
            return .reject(error.message)
        }
        return .serve(options)
    }
}
