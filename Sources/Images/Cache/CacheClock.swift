import Foundation

/// The caches' notion of now: the system clock, or one a test sets.
public struct CacheClock: Sendable {
    /// Now.
    public let now: @Sendable () -> Date
    /// Whether this is the system clock (files then get their times from the kernel).
    public let isSystem: Bool

    /// A clock that reads `now`.
    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
        isSystem = false
    }

    private init() {
        now = { Date() }
        isSystem = true
    }

    /// The system clock.
    public static let system = CacheClock()

    /// The system clock, unless the environment names a file holding the time: then that file's
    /// number (seconds since 1970), read at every call, so a test moves time by rewriting it
    /// (`FEEDVM_CLOCK_FILE`, for end-to-end tests of expiry; a file that cannot be read is the
    /// system clock).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> CacheClock {
        guard let path = environment["FEEDVM_CLOCK_FILE"], !path.isEmpty else { return .system }
        return CacheClock {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                let seconds = TimeInterval(text.trimmingCharacters(in: .whitespacesAndNewlines))
            else { return Date() }
            return Date(timeIntervalSince1970: seconds)
        }
    }
}
