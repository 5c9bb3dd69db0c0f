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
    /// The encoded answer tail when the method spelled by `bytes` is a constant one.
    private var constantTail: [UInt8]?
    /// Whether `constantTail` was looked up for `bytes` since the table was last refreshed.
    private var constantTailIsCurrent = false

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
        constantTailIsCurrent = false
        return name
    }

    /// Queues the answer to a constant method's request (the method spelled by `methodBytes`,
    /// the id's bytes echoed) and returns `true`; `false`, queuing nothing, for other methods.
    /// A repeated method costs a `memcmp`: no `String`, no lookup, no copy of the registration.
    mutating func appendConstantAnswer(
        methodBytes: UnsafeRawBufferPointer, idBytes: UnsafeRawBufferPointer,
        in table: [String: RPCServer.Registration], to output: inout ReaderOutput
    ) -> Bool {
        if !(constantTailIsCurrent && holds(methodBytes)) {
            if case .constant(_, let tail)? = table[name(for: methodBytes)] { constantTail = tail } else { constantTail = nil }
            constantTailIsCurrent = true
        }
        guard let tail = constantTail else { return false }
        output.append { MessageEncoder.appendConstantAnswer(idBytes: idBytes, tail: tail, to: &$0) }
        return true
    }

    /// The registration of `method` in `table`, remembered until `forgetRegistration()`.
    mutating func registration(for method: String, in table: [String: RPCServer.Registration]) -> RPCServer.Registration? {
        if method == registeredName { return registration }
        registeredName = method
        registration = table[method]
        return registration
    }

    /// Drops the remembered registrations (the table was refreshed).
    mutating func forgetRegistration() {
        registeredName = nil
        registration = nil
        constantTailIsCurrent = false
    }
}
