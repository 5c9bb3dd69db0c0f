#if canImport(Glibc)
import Glibc
#endif
import Locking

/// The feed store: one SQLite file that keeps, per feed (`FeedKey`), the items of its loaded
/// pages, where the list goes on, when it was fetched, and the user's local edits.
///
/// - Every write is one transaction in WAL mode, so a process killed at any moment leaves the
///   last committed state; a list only ever grows by whole pages of the reload it began with.
/// - Several processes share one file: SQLite's locks order their writes, each waiting up to
///   `busyTimeoutMs` for another's.
/// - The file stays under `maxBytes`: feeds are evicted least recently used first.
/// - A damaged or unreadable file is reported once (`StoreReport`), renamed aside and replaced
///   by a new store; no operation ever crashes the process, they fail with `StoreError`.
/// - Feeds are named by an HMAC under the per-user key (`StoreKeyFile`) and their secrets are
///   masked in every stored text (`SecretMask`): the file holds no credentials.
///
/// Thread-safe: operations run one at a time under a lock.
public final class FeedDatabase: @unchecked Sendable {
    // Safety: `connection`, `openedFile` and `reportedUnavailable` are only touched while
    // holding `lock`; everything else is immutable.

    /// Where the store lives and how it behaves.
    public struct Configuration: Sendable {
        /// The database file (created with its folder when missing).
        public var path: String
        /// The per-user key file (`StoreKeyFile`), outside the store file.
        public var keyPath: String
        /// The bound on the file's size in bytes; `nil` for none.
        public var maxBytes: Int64?
        /// How long a write waits for another process's lock.
        public var busyTimeoutMs: Int32
        /// The time in milliseconds since 1970 (a parameter so tests control it).
        public var now: @Sendable () -> Int64

        /// A configuration.
        public init(
            path: String, keyPath: String, maxBytes: Int64? = nil, busyTimeoutMs: Int32 = 5000,
            now: @escaping @Sendable () -> Int64 = FeedDatabase.systemMilliseconds
        ) {
            self.path = path
            self.keyPath = keyPath
            self.maxBytes = maxBytes
            self.busyTimeoutMs = busyTimeoutMs
            self.now = now
        }
    }

    /// The configuration it was made with.
    public let configuration: Configuration
    let report: @Sendable (StoreReport) -> Void
    /// Held while an operation runs: guards the connection, the key and the report flag.
    let lock = Locked(())
    var secretKey: [UInt8]?
    var connection: SQLiteConnection?
    var openedFile: FileIdentity?
    var reportedUnavailable = false

    /// A store at `configuration.path`, opened by its first operation (which loads SQLite,
    /// reads or makes the key file, creates the file and its folder when missing, and sets a
    /// damaged file aside): making one costs nothing, so a process that stores nothing never
    /// loads SQLite. What goes wrong is told to `report`.
    public init(configuration: Configuration, report: @escaping @Sendable (StoreReport) -> Void = { _ in }) {
        self.configuration = configuration
        self.report = report
    }

    deinit { connection?.close() }

    /// The file's path.
    public var path: String { configuration.path }

    /// Runs `body` on the open connection with the per-user key. A damaged file found on the
    /// way is set aside and `body` runs once more on the new store, so an operation behaves as
    /// on an empty store.
    func perform<Result>(_ body: (SQLiteConnection, _ key: [UInt8]) throws -> Result) throws(StoreError) -> Result {
        let outcome: Swift.Result<Result, StoreError> = lock.withLock { _ in
            do throws(StoreError) { return .success(try performLocked(body)) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    /// `perform`'s work, with `lock` held.
    private func performLocked<Result>(_ body: (SQLiteConnection, _ key: [UInt8]) throws -> Result) throws(StoreError) -> Result {
        for attempt in 0..<2 {
            do {
                let key = try secretKey ?? loadKey()
                let connection = try self.connection ?? open()
                let result = try body(connection, key)
                reportedUnavailable = false
                return result
            } catch let error as SQLiteError where error.isCorruption && attempt == 0 {
                try setAside(because: error.message)
            } catch let error as SQLiteError {
                if error.isCorruption || error.isUnreadable { reportUnavailable(error.description) }
                throw .sqlite(error)
            } catch let error as StoreFileError {
                reportUnavailable(error.description)
                throw .file(error)
            } catch let error as StoreError {
                if case .unavailable(let reason) = error { reportUnavailable(reason) }
                throw error
            } catch {
                throw .unavailable(reason: "\(error)")
            }
        }
        throw .unavailable(reason: "the store keeps failing")
    }

    /// Loads SQLite and the per-user key (made when missing).
    private func loadKey() throws -> [UInt8] {
        try SQLiteLibrary.load()
        let key = try StoreKeyFile.loadOrCreate(at: configuration.keyPath)
        secretKey = key
        return key
    }

    private func reportUnavailable(_ reason: String) {
        guard !reportedUnavailable else { return }
        reportedUnavailable = true
        report(.unavailable(path: path, reason: reason))
    }

    /// The time now, in milliseconds since 1970, from the system clock.
    @Sendable public static func systemMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
