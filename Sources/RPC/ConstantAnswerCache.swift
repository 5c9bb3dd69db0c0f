#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reader's memory of the last method a bare request named (`RequestScanner.BareRequest`):
/// its name, and the encoded tail of its answer when it is a constant method (`ping`).
///
/// Both are kept in memory this cache owns, so answering a repeated constant method costs a
/// `memcmp` and two copies: no `String`, no hash lookup, no retain of an array or of the
/// registration table. Reader thread only.
struct ConstantAnswerCache: ~Copyable {
    private var name: UnsafeMutableRawPointer
    private var nameCount = 0
    /// `,"result":<result>}`, or `nil` when `name` is not a constant method.
    private var tail: UnsafeMutableRawBufferPointer?
    /// `name` and `tail` were read from the current registration table.
    private var isCurrent = false

    init() {
        name = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
    }

    deinit {
        name.deallocate()
        tail?.deallocate()
    }

    /// Whether the answer for `method` is known (constant or not) without a lookup.
    @inline(__always)
    func remembers(_ method: UnsafeRawBufferPointer) -> Bool {
        isCurrent && method.count == nameCount && memcmp(name, method.baseAddress!, nameCount) == 0
    }

    /// Looks `method` up in `table` and remembers it (slow path: the method changed, or the
    /// table). Bytes that are not a plain name (`RequestScanner.isPlainName`) are not a method
    /// this path may answer: they are remembered as no constant, and the general path reads the line.
    mutating func remember(_ method: UnsafeRawBufferPointer, in table: [String: RPCServer.Registration]) {
        name.deallocate()
        name = UnsafeMutableRawPointer.allocate(byteCount: max(method.count, 1), alignment: 1)
        name.copyMemory(from: method.baseAddress!, byteCount: method.count)
        nameCount = method.count
        tail?.deallocate()
        tail = nil
        if RequestScanner.isPlainName(method),
           case .constant(_, let encodedTail)? = table[String(decoding: method, as: UTF8.self)] {
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: encodedTail.count, alignment: 1)
            copy.copyBytes(from: encodedTail)
            tail = copy
        }
        isCurrent = true
    }

    /// Queues the answer to `request`, whose method `remembers` said is known, and returns
    /// `true`; `false`, queuing nothing, when that method is not a constant one. The answer is
    /// the request's `answerHead` followed by the method's tail.
    @inline(__always)
    func appendAnswer(to request: RequestScanner.BareRequest, to output: inout ReaderOutput) -> Bool {
        guard let tail else { return false }
        output.append(head: request.answerHead, tail: UnsafeRawBufferPointer(tail))
        return true
    }

    /// Forgets the remembered method (the registration table was refreshed).
    mutating func forget() {
        isCurrent = false
    }
}
