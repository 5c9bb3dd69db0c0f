#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny levelled logger writing whole lines to stderr, which is never the protocol stream.
public struct Logger: Sendable {
    /// How much to say, from least to most.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case off, error, warning, info, debug, trace

        /// The level named `name` (`off`, `error`, `warning`, `info`, `debug`, `trace`).
        public init?(name: String) {
            guard let level = Level.allCases.first(where: { "\($0)" == name.lowercased() }) else { return nil }
            self = level
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Messages above this level are dropped.
    public let level: Level
    /// The prefix of every line, e.g. the program name.
    public let label: String
    private let fileDescriptor: Int32

    /// A logger that writes messages at `level` or below to `fileDescriptor` (stderr by default).
    public init(level: Level = .warning, label: String = "feedvm", fileDescriptor: Int32 = 2) {
        self.level = level
        self.label = label
        self.fileDescriptor = fileDescriptor
    }

    /// `true` when a message at `level` would be written; use it to skip building costly messages.
    @inline(__always)
    public func isEnabled(_ level: Level) -> Bool { level != .off && level <= self.level }

    /// Writes `message` as one line when `level` is enabled.
    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard isEnabled(level) else { return }
        var line = Array("\(label) [\(level)] ".utf8)
        line.append(contentsOf: message().utf8)
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
