#if canImport(Glibc)
import Glibc
#endif

extension FeedDatabase {
    /// Opens and configures the connection and brings the schema up to date. A file that is
    /// not a database or cannot be read is set aside once and a new one created in its place.
    func open() throws -> SQLiteConnection {
        if FileSystem.isDirectory(path) { throw StoreError.unavailable(reason: "it is a folder, not a file") }
        do {
            try FileSystem.makeDirectories(FileSystem.directoryName(of: path))
        } catch {
            throw StoreError.file(error)
        }
        for attempt in 0..<2 {
            let opened: SQLiteConnection
            do {
                openedFile = FileIdentity(path: path)
                opened = try SQLiteConnection(path: path)
                openedFile = openedFile ?? FileIdentity(path: path)
                opened.setBusyTimeout(milliseconds: configuration.busyTimeoutMs)
                try opened.execute("PRAGMA foreign_keys = ON")
                try enableWriteAheadLog(on: opened)
                try opened.execute("PRAGMA synchronous = NORMAL")
                // A page cache of 512 KiB, not SQLite's 2 MiB: lists are written once and read
                // whole at open, so a larger cache holds pages nobody reads again.
                try opened.execute("PRAGMA cache_size = -512")
                if let maxBytes = configuration.maxBytes {
                    _ = try opened.query("PRAGMA journal_size_limit = \(min(maxBytes / 4, 8 << 20))") { $0.int(0) }
                }
                if case .newer(let version) = try StoreSchema.migrate(opened) {
                    opened.close()
                    throw StoreError.unavailable(reason: "it was written by a newer FeedVM (schema \(version), this one reads \(StoreSchema.currentVersion))")
                }
            } catch let error as SQLiteError where attempt == 0 && (error.isCorruption || (error.isUnreadable && FileSystem.exists(path))) {
                try setAside(because: error.message)
                continue
            }
            connection = opened
            return opened
        }
        throw StoreError.unavailable(reason: "a new store could not be created")
    }

    /// Closes the connection and renames the file (with its WAL) aside, unless another process
    /// already replaced it, then reports it. The next `open` starts a new store.
    func setAside(because reason: String) throws(StoreError) {
        connection?.close()
        connection = nil
        guard let current = FileIdentity(path: path), current == openedFile || openedFile == nil else { return }
        let target = "\(path).corrupt-\(Self.timestamp(milliseconds: configuration.now()))"
        guard rename(path, target) == 0 else {
            if errno == ENOENT { return }
            let failure = StoreFileError(operation: "move aside", path: path, code: errno)
            throw .unavailable(reason: "\(reason); \(failure)")
        }
        _ = rename(path + "-wal", target + "-wal")
        _ = unlink(path + "-shm")
        openedFile = nil
        report(.setAside(path: path, movedTo: target, reason: reason))
    }

    /// `20250131T103200.123Z`: a UTC time for names.
    static func timestamp(milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = Int(milliseconds % 1000)
        let fraction = String(repeating: "0", count: 3 - String(millis).count) + String(millis)
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec)).\(fraction)Z"
    }

    /// Switches the file to write-ahead logging. Connections opening a new file at once each
    /// hold the read lock the switch must upgrade from, and SQLite fails one of them at once
    /// rather than let them wait on each other (no busy handler runs), so the switch is tried
    /// again, a few milliseconds apart, for as long as the busy timeout.
    private func enableWriteAheadLog(on connection: SQLiteConnection) throws {
        var waited: UInt32 = 0
        while true {
            do {
                _ = try connection.query("PRAGMA journal_mode = WAL") { $0.text(0) }
                return
            } catch let error as SQLiteError where error.isBusy && waited < UInt32(max(0, configuration.busyTimeoutMs)) {
                let pause = UInt32.random(in: 1...10)
                usleep(pause * 1000)
                waited += pause
            }
        }
    }
}
