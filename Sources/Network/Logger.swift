import Foundation

/// A small leveled logger writing one line per message to a sink (stderr by default, since
/// stdout carries the protocol).
public struct Logger: Sendable {
    /// How important a message is.
    public enum Level: Int, Comparable, Sendable, CustomStringConvertible {
        case debug, info, warning, error

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .debug: return "debug"
            case .info: return "info"
            case .warning: return "warning"
            case .error: return "error"
            }
        }
    }

    /// Receives each formatted line, without a trailing newline.
    public typealias Sink = @Sendable (String) -> Void

    /// Writes each line to the standard error stream.
    public static let standardError: Sink = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The component name shown on every line, e.g. `"network"`.
    public let label: String
    /// Messages below this level are dropped without being built.
    public let minimumLevel: Level
    private let sink: Sink

    /// A logger for `label` that writes lines at `minimumLevel` and above to `sink`.
    public init(label: String, minimumLevel: Level = .info, sink: @escaping Sink = Logger.standardError) {
        self.label = label
        self.minimumLevel = minimumLevel
        self.sink = sink
    }

    /// Writes `message` at `level` as `"<level> [<label>] <message>"`.
    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level >= minimumLevel else { return }
        sink("\(level) [\(label)] \(message())")
    }

    /// Writes `message` at `.debug`.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    /// Writes `message` at `.info`.
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// Writes `message` at `.warning`.
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    /// Writes `message` at `.error`.
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
