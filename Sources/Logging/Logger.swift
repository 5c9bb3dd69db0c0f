#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny levelled logger writing whole lines to stderr, which is never the protocol stream.
///
/// Every layer that logs (the RPC server, the network logger plugin, the feed service) shares
/// one `Logger` value, so `feedvm --log-level` governs them all, and its `redactor` removes the
/// registered secrets from every line, at every level.
public struct Logger: Sendable {
    /// How much to say, from least to most.
    public enum Level: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        case off, error, warning, info, debug, trace

        /// The level named `name` (`off`, `error`, `warning`, `info`, `debug`, `trace`).
        public init?(name: String) {
            guard let level = Level.allCases.first(where: { $0.description == name.lowercased() }) else { return nil }
            self = level
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .off: return "off"
            case .error: return "error"
            case .warning: return "warning"
            case .info: return "info"
            case .debug: return "debug"
            case .trace: return "trace"
            }
        }
    }

    /// Receives each formatted line, without its newline.
    public typealias Sink = @Sendable (String) -> Void

    /// Messages above this level are dropped without being built.
    public let level: Level
    /// The prefix of every line, e.g. the program name.
    public let label: String
    /// Removes secrets from every line before it is written; `nil` writes lines as they are.
    public let redactor: SecretRedactor?
    private let sink: Sink

    /// A logger that hands lines at `level` or below to `sink` (stderr by default), with the
    /// secrets `redactor` knows replaced.
    public init(level: Level = .warning, label: String = "feedvm", redactor: SecretRedactor? = nil, sink: @escaping Sink = Logger.standardError) {
        self.level = level
        self.label = label
        self.redactor = redactor
        self.sink = sink
    }

    /// A logger that writes lines at `level` or below to `fileDescriptor`.
    public init(level: Level = .warning, label: String = "feedvm", redactor: SecretRedactor? = nil, fileDescriptor: Int32) {
        self.init(level: level, label: label, redactor: redactor, sink: Logger.writing(to: fileDescriptor))
    }

    /// The same logger under another label, e.g. `network` for the HTTP layer.
    public func labelled(_ label: String) -> Logger { Logger(level: level, label: label, redactor: redactor, sink: sink) }

    /// The same logger with its lines redacted by `redactor`.
    public func redacting(with redactor: SecretRedactor) -> Logger { Logger(level: level, label: label, redactor: redactor, sink: sink) }

    /// `true` when a message at `level` would be written; use it to skip building costly messages.
    @inline(__always)
    public func isEnabled(_ level: Level) -> Bool { level != .off && level <= self.level }

    /// Writes `message` as one line when `level` is enabled.
    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard isEnabled(level) else { return }
        let line = "\(label) [\(level)] \(message())"
        sink(redactor?.redact(line) ?? line)
    }

    /// Writes `message` at `.error`.
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    /// Writes `message` at `.warning`.
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    /// Writes `message` at `.info`.
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// Writes `message` at `.debug`.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

    /// Writes each line to stderr with one `write(2)`, so lines from threads never interleave.
    public static let standardError: Sink = writing(to: 2)

    /// A sink writing each line, newline-terminated, to `fileDescriptor`.
    public static func writing(to fileDescriptor: Int32) -> Sink {
        { message in
            var line = Array(message.utf8)
            line.append(0x0A)
            line.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    if written <= 0 { return }
                    offset += written
                }
            }
        }
    }
}
