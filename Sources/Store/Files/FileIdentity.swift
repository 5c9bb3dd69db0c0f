#if canImport(Glibc)
import Glibc
#endif

/// Which file a path named when it was looked at (device and inode), so a process can tell
/// whether another one replaced it since.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path`, `nil` when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
