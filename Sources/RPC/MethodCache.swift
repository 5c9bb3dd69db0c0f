#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Remembers the last method name read and its registration: clients repeat methods, and this
/// spares the reader a `String` and a hash lookup per message. Reader thread only.
struct MethodCache {
    private var bytes: [UInt8] = []
    private var name = ""
    private var registeredName: String?
    private var registration: RPCServer.Registration?

    /// Whether `raw` spells the remembered name.
    private func holds(_ raw: UnsafeRawBufferPointer) -> Bool {
        raw.count == bytes.count && raw.count > 0
            && bytes.withUnsafeBytes { memcmp($0.baseAddress!, raw.baseAddress!, raw.count) } == 0
    }

    /// The method name spelled by `raw`, reusing the previous `String` when it is the same.
    mutating func name(for raw: UnsafeRawBufferPointer) -> String {
        if holds(raw) { return name }
        bytes = Array(raw)
        name = String(decoding: raw, as: UTF8.self)
        return name
    }

    /// The registration of `method` in `table`, remembered until `forgetRegistration()`.
    mutating func registration(for method: String, in table: [String: RPCServer.Registration]) -> RPCServer.Registration? {
        if method == registeredName { return registration }
        registeredName = method
        registration = table[method]
        return registration
    }

    /// Drops the remembered registration (the table was refreshed).
    mutating func forgetRegistration() {
        registeredName = nil
        registration = nil
    }
}
