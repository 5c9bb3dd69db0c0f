import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file's extended attribute, where the disk cache keeps what HTTP said about an image
/// (`fgetxattr`/`fsetxattr`/`lsetxattr`, looked up in libc at first use: Swift's Glibc module
/// does not declare them). On a file system without user attributes every call fails, and the
/// cache keeps no HTTP metadata there.
enum ExtendedAttributes {
    private typealias Get = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias Set = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    private typealias SetByPath = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    /// C function pointers, which capture nothing: sendable as they are.
    private struct Functions: Sendable {
        let get: Get?
        let set: Set?
        let setByPath: SetByPath?
    }

    private static let functions: Functions = {
        let process = UnsafeMutableRawPointer(bitPattern: 0)
        return Functions(
            get: dlsym(process, "fgetxattr").map { unsafeBitCast($0, to: Get.self) },
            set: dlsym(process, "fsetxattr").map { unsafeBitCast($0, to: Set.self) },
            setByPath: dlsym(process, "lsetxattr").map { unsafeBitCast($0, to: SetByPath.self) })
    }()

    /// The attribute's name: in the `user` namespace, which any file's owner may write.
    static let name = "user.feedvm.cache"

    /// The attribute of the open file `descriptor`, or `nil` (none, too long, unsupported).
    static func value(of descriptor: Int32, maxBytes: Int = 4096) -> Data? {
        guard let get = functions.get else { return nil }
        var buffer = Data(count: maxBytes)
        let count = buffer.withUnsafeMutableBytes { get(descriptor, name, $0.baseAddress, maxBytes) }
        guard count >= 0 else { return nil }
        return buffer.prefix(count)
    }

    /// Sets the attribute of the open file `descriptor`; `false` when the file system refuses.
    @discardableResult
    static func set(_ value: Data, on descriptor: Int32) -> Bool {
        guard let set = functions.set else { return false }
        return value.withUnsafeBytes { set(descriptor, name, $0.baseAddress, $0.count, 0) } == 0
    }

    /// Sets the attribute of the file at `path`, not following a link; `false` when refused.
    @discardableResult
    static func set(_ value: Data, atPath path: String) -> Bool {
        guard let set = functions.setByPath else { return false }
        return value.withUnsafeBytes { set(path, name, $0.baseAddress, $0.count, 0) } == 0
    }
}
