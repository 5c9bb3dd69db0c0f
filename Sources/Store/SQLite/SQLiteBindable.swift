import CSQLite

/// A Swift value that binds to a statement parameter as its SQLite type.
public protocol SQLiteBindable {
    /// Binds the value to parameter `index` (1-based) of `statement`; returns SQLite's code.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension Int64: SQLiteBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { csqlite_bind_int64(statement, index, self) }
}

extension Int: SQLiteBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { csqlite_bind_int64(statement, index, Int64(self)) }
}

extension Bool: SQLiteBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { csqlite_bind_int64(statement, index, self ? 1 : 0) }
}

extension Double: SQLiteBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { csqlite_bind_double(statement, index, self) }
}

extension String: SQLiteBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var text = self
        return text.withUTF8 { bytes in
            csqlite_bind_text(statement, index, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(bytes.count))
        }
    }
}

extension [UInt8]: SQLiteBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes { csqlite_bind_blob(statement, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, Int32($0.count)) }
    }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .some(let value): return value.bind(to: statement, at: index)
        case .none: return csqlite_bind_null(statement, index)
        }
    }
}
