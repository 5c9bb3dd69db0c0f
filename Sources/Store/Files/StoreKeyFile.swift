#if canImport(Glibc)
import Glibc
#endif

/// The per-user secret that feed keys are computed under (see `FeedKey`), kept in a file of its
/// own, readable by its owner only (0600), outside the store file.
///
/// The store file names the feeds it holds by an HMAC-SHA256 under this key, so whoever reads
/// the store file alone (a copied cache folder, a bug report) can neither read the credentials
/// a list was fetched with nor test a guess of them; a guess can only be checked by someone who
/// also holds this file, that is, who already has the user's files. Losing the key file only
/// makes the stored feeds unreachable (a new key is made; old feeds age out of the store).
public enum StoreKeyFile {
    /// The key's length in bytes (SHA-256's block-sized HMAC key needs no more).
    public static let keyLength = 32

    /// The key in the file at `path`, made (from the system's secure random source) when the
    /// file is missing or damaged. Safe for several processes at once: a new key is written to
    /// a file of its own and linked into place, so every process reads the same complete key.
    public static func loadOrCreate(at path: String) throws(StoreFileError) -> [UInt8] {
        try FileSystem.makeDirectories(FileSystem.directoryName(of: path))
        for _ in 0..<3 {
            if let key = try FileSystem.read(path, limit: keyLength), key.count == keyLength {
                try restrictPermissions(of: path)
                return key
            }
            let replacing = FileSystem.exists(path)
            var generator = SystemRandomNumberGenerator()
            let key = (0..<keyLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let temporary = "\(path).\(getpid()).\(UInt32.random(in: .min ... .max, using: &generator))"
            try FileSystem.create(temporary, bytes: key, mode: 0o600)
            defer { unlink(temporary) }
            // A damaged key is replaced; a missing one is only ever created once (link fails
            // with EEXIST when another process got there first, and its key is read instead).
            if replacing {
                guard rename(temporary, path) == 0 else { throw StoreFileError(operation: "replace the key file", path: path, code: errno) }
                return key
            }
            if link(temporary, path) == 0 { return key }
            guard errno == EEXIST else { throw StoreFileError(operation: "create the key file", path: path, code: errno) }
        }
        throw StoreFileError(operation: "read the key file", path: path, code: 0, detail: "it keeps changing")
    }

    /// Makes the file readable by its owner only, should its mode have been widened.
    private static func restrictPermissions(of path: String) throws(StoreFileError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw StoreFileError(operation: "read", path: path, code: errno) }
        if info.st_mode & 0o077 != 0 && chmod(path, 0o600) != 0 {
            throw StoreFileError(operation: "restrict the permissions of", path: path, code: errno)
        }
    }
}
