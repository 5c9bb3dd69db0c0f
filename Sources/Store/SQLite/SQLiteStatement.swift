import CSQLite

/// A prepared statement of a `SQLiteConnection`, which owns and caches it.
public final class SQLiteStatement {
    private var handle: OpaquePointer?
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    /// Binds `values` to the parameters `?1`, `?2`, ... in order.
    public func bind(_ values: [any SQLiteBindable]) throws(SQLiteError) {
        let expected = Int(csqlite_bind_parameter_count(handle))
        guard values.count == expected else {
            throw SQLiteError(code: CSQLITE_ERROR, message: "the statement takes \(expected) values, got \(values.count)")
        }
        for (offset, value) in values.enumerated() {
            try connection.check(value.bind(to: handle!, at: Int32(offset + 1)))
        }
    }

    /// Steps once: `true` when a row is available, `false` when the statement is done.
    public func step() throws(SQLiteError) -> Bool {
        let code = csqlite_step(handle)
        if code == CSQLITE_ROW { return true }
        if code == CSQLITE_DONE { return false }
        // The connection's message is read before the reset that readies the statement again.
        defer { reset() }
        try connection.check(code)
        return false
    }

    /// Readies the statement for another run and drops its bindings.
    public func reset() {
        _ = csqlite_reset(handle)
        _ = csqlite_clear_bindings(handle)
    }

    /// The raw statement, for column reads.
    var rawHandle: OpaquePointer { handle! }

    func finalize() {
        if let handle { _ = csqlite_finalize(handle) }
        handle = nil
    }
}
