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
        /// `--max-body-bytes` and `--max-image-bytes`: 1 KiB to 1 GiB.
        static let bodyBytes = 1_024...(1 << 30)
        /// `--request-timeout-ms`: 0.1 s to 10 minutes.
        static let requestTimeoutMilliseconds = 100...600_000
        /// `--max-host-connections`.
        static let hostConnections = 1...64
        /// `--max-redirects`.
        static let redirects = 0...50
        /// `--memory-cache-bytes`: none to 16 GiB.
        static let memoryCacheBytes = 0...(16 << 30)
        /// `--disk-cache-bytes`: none to 1 TiB.
        static let diskCacheBytes = 0...(1 << 40)
        /// `--cache-max-age`: seconds, up to a year.
        static let cacheMaxAge = 0...31_536_000
        /// `--store-max-mb`: 1 MB to 1 TB.
        static let storeMegabytes = 1...1_000_000
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
    /// `--memory-cache-bytes`: the image memory cache's limit.
    var memoryCacheBytes: Int = 64 << 20
    /// `--disk-cache-bytes`: the image disk cache's limit.
    var diskCacheBytes: Int = 256 << 20
    /// `--cache-max-age`: the longest an image stays fresh, in seconds, whatever its server says.
    var cacheMaxAge: Int = 604_800
    /// `--store`: the feed store's file; `nil` means `store/feeds.sqlite` in the cache
    /// directory, `"none"` stores nothing.
    var storePath: String?
    /// `--store-max-mb`: the bound on the store file's size, in megabytes.
    var storeMaxMegabytes = 64
    /// `--framing`: how messages are delimited; `nil` (`auto`) detects it from the first bytes.
    var framing: Framing?
    /// `--trace`: the file every message read and written is appended to, as a transcript.
    var traceFile: String?
    /// The arguments a replay of the trace needs (those that change what the server answers).
    var replayArguments: [String] = []

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
                case "--max-body-bytes": options.maxBodyBytes = try reader.integer(in: Range.bodyBytes)
                case "--max-image-bytes": options.maxImageBytes = try reader.integer(in: Range.bodyBytes)
                case "--request-timeout-ms": options.requestTimeoutMilliseconds = try reader.integer(in: Range.requestTimeoutMilliseconds)
                case "--max-host-connections": options.maxHostConnections = try reader.integer(in: Range.hostConnections)
                case "--max-redirects": options.maxRedirects = try reader.integer(in: Range.redirects)
                case "--memory-cache-bytes": options.memoryCacheBytes = try reader.integer(in: Range.memoryCacheBytes)
                case "--disk-cache-bytes": options.diskCacheBytes = try reader.integer(in: Range.diskCacheBytes)
                case "--cache-max-age": options.cacheMaxAge = try reader.integer(in: Range.cacheMaxAge)
                case "--framing":
                    let text = try reader.text(expected: "one of: auto, newline, content-length")
                    guard text == "auto" || Framing(rawValue: text) != nil else {
                        throw UsageError(message: "--framing takes one of: auto, newline, content-length, got '\(text)'")
                    }
                    options.framing = Framing(rawValue: text)
                case "--trace": options.traceFile = try reader.text(expected: "a file")
                case "--store": options.storePath = try reader.text(expected: "a file or none")
                case "--store-max-mb": options.storeMaxMegabytes = try reader.integer(in: Range.storeMegabytes)
                case "--stdio": break  // editors pass it to LSP-style servers; stdio is the only transport
                default: throw UsageError(message: "unknown argument '\(flag)'")
                }
                // A replay of the trace needs the flags that change answers, not where files and logs go.
                if !["--trace", "--cache-dir", "--log-level", "--framing", "--stdio", "--store", "--store-max-mb"].contains(flag) {
                    options.replayArguments += reader.currentArguments
                }
            }
        } catch {
            return .reject(error.message)
        }
        return .serve(options)
    }
}
