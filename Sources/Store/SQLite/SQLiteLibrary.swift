import CSQLite

/// libsqlite3, loaded with `dlopen` when the first store is opened (see `CSQLite.h`).
///
/// FeedVM links no SQLite library: start-up and `--store none` never pay for it, and a static
/// build needs no SQLite development package.
public enum SQLiteLibrary {
    /// Loads libsqlite3 once; a failure names the library and the package to install.
    public static func load() throws(SQLiteError) {
        guard csqlite_load() != 0 else { return }
        let reason = csqlite_load_error().map { String(cString: $0) } ?? "libsqlite3 could not be loaded"
        throw SQLiteError(code: -1, message: reason)
    }

    /// The loaded library's version, e.g. `3.40.1`.
    public static var version: String? {
        guard csqlite_load() == 0, let text = csqlite_libversion() else { return nil }
        return String(cString: text)
    }
}
