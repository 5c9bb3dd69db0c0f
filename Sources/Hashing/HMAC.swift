/// HMAC-SHA256 (RFC 2104): a digest of a message under a secret key, which no one without the
/// key can compute or check a guess against.
public enum HMAC {
    private static let blockSize = 64

    /// The 32-byte authentication code of `message` under `key`.
    public static func sha256<Key: Collection, Message: Collection>(key: Key, message: Message) -> [UInt8]
    where Key.Element == UInt8, Message.Element == UInt8 {
        var block = key.count > blockSize ? SHA256.digest(key) : Array(key)
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = SHA256.digest(block.map { $0 ^ 0x36 } + Array(message))
        return SHA256.digest(block.map { $0 ^ 0x5C } + inner)
    }
}
