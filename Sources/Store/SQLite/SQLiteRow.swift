import CSQLite

/// The current row of a stepping statement; valid until the next step.
public struct SQLiteRow {
    let statement: SQLiteStatement

    /// Whether column `column` (0-based) is NULL.
    public func isNull(_ column: Int32) -> Bool { csqlite_column_type(statement.rawHandle, column) == CSQLITE_NULL }

    /// The column as an integer (0 for NULL).
    public func int64(_ column: Int32) -> Int64 { csqlite_column_int64(statement.rawHandle, column) }

    /// The column as an `Int` (0 for NULL).
    public func int(_ column: Int32) -> Int { Int(int64(column)) }

    /// The column as an integer, `nil` for NULL.
    public func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

    /// The column as a double (0 for NULL).
    public func double(_ column: Int32) -> Double { csqlite_column_double(statement.rawHandle, column) }

    /// The column as text, `nil` for NULL.
    public func text(_ column: Int32) -> String? {
        guard let bytes = csqlite_column_text(statement.rawHandle, column) else { return nil }
        let count = Int(csqlite_column_bytes(statement.rawHandle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's bytes, `nil` for NULL.
    public func blob(_ column: Int32) -> [UInt8]? {
        guard !isNull(column) else { return nil }
        let count = Int(csqlite_column_bytes(statement.rawHandle, column))
        guard count > 0, let bytes = csqlite_column_blob(statement.rawHandle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
