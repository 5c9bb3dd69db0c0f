import CSQLite

/// One SQLite connection with its prepared statements cached by SQL text.
///
/// Not thread-safe: its owner confines it (the store uses it only under its lock). SQLite's own
/// locks (WAL mode, the busy timeout) coordinate it with other connections and processes.
public final class SQLiteConnection {
    private var handle: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]
    /// The file it was opened on.
    public let path: String

    /// Opens (creating when `create`) the database at `path`.
    public init(path: String, create: Bool = true) throws(SQLiteError) {
        try SQLiteLibrary.load()
        self.path = path
        var db: OpaquePointer?
        let flags = CSQLITE_OPEN_READWRITE | (create ? CSQLITE_OPEN_CREATE : 0) | CSQLITE_OPEN_NOMUTEX
        let code = csqlite_open(path, &db, Int32(flags))
        handle = db
        guard code == CSQLITE_OK else {
            let error = SQLiteError(code: code, message: db.map { String(cString: csqlite_errmsg($0)) } ?? String(cString: csqlite_errstr(code)))
            close()
            throw error
        }
        _ = csqlite_extended_result_codes(db, 1)
    }

    deinit { close() }

    /// Finalizes the cached statements and closes the connection (idempotent).
    public func close() {
        for statement in statements.values { statement.finalize() }
        statements = [:]
        if let handle { _ = csqlite_close(handle) }
        handle = nil
    }

    /// Waits up to `milliseconds` for another connection's lock before failing with busy.
    public func setBusyTimeout(milliseconds: Int32) {
        _ = csqlite_busy_timeout(handle, milliseconds)
    }

    /// Runs statements that return no rows (schema changes, pragmas without results).
    public func execute(_ sql: String) throws(SQLiteError) {
        try check(csqlite_exec(handle, sql))
    }

    /// The statement for `sql`, compiled once and reset for each use.
    public func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var compiled: OpaquePointer?
        let code = sql.withCString { csqlite_prepare(handle, $0, -1, &compiled) }
        try check(code)
        let statement = SQLiteStatement(handle: compiled!, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs `sql` with `values` bound and returns its rows, each read by `row`.
    public func query<Row>(_ sql: String, _ values: [any SQLiteBindable] = [], row: (SQLiteRow) throws -> Row) throws -> [Row] {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        var rows: [Row] = []
        while try statement.step() { rows.append(try row(SQLiteRow(statement: statement))) }
        return rows
    }

    /// Runs `sql` with `values` bound; returns the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [any SQLiteBindable] = []) throws(SQLiteError) -> Int {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
        return Int(csqlite_changes(handle))
    }

    /// The rowid of the latest insert.
    public var lastInsertRowID: Int64 { csqlite_last_insert_rowid(handle) }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// `immediate` takes the write lock at the start (waiting up to the busy timeout), so a
    /// read-then-write never fails half-way on another writer.
    public func transaction<Result>(immediate: Bool = true, _ body: () throws -> Result) throws -> Result {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Throws the connection's latest error unless `code` is OK, ROW or DONE.
    func check(_ code: Int32) throws(SQLiteError) {
        guard code != CSQLITE_OK && code != CSQLITE_ROW && code != CSQLITE_DONE else { return }
        throw SQLiteError(code: csqlite_extended_errcode(handle), message: handle.map { String(cString: csqlite_errmsg($0)) } ?? String(cString: csqlite_errstr(code)))
    }
}
