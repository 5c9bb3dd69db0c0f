import FeedModel
import Hashing

extension FeedKey {
    /// The feed's name in the store: an HMAC-SHA256 of the whole key (`canonicalBytes`) under
    /// the per-user `key`, 64 hex digits that say nothing about the feed, its configuration or
    /// its credentials to whoever lacks `key` (see `StoreKeyFile`).
    public func digest(under key: [UInt8]) -> String {
        HMAC.sha256(key: key, message: canonicalBytes).map { byte in String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16) }.joined()
    }

    /// The mask that keeps this feed's secrets out of its stored text.
    public var mask: SecretMask { SecretMask(secrets: secrets) }
}
