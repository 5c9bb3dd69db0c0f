import Hashing
import JSON

/// Which feed a stored list belongs to: its source, category and configuration, and the
/// credentials it was fetched with, which the store never holds in any readable form.
///
/// Two sessions share a stored list exactly when their keys are equal: the same source,
/// category and configuration (a custom source's whole description, the base URL, the page
/// size: anything that changes which items a page holds) and the same secrets. Lists fetched
/// with different credentials (two users of one API) are therefore kept apart.
///
/// The store names a feed only by `digest(under:)`, an HMAC-SHA256 of all of this under the
/// per-user key (`StoreKeyFile`), and keeps the secrets out of the stored text (`SecretMask`).
public struct FeedKey: Sendable, Hashable {
    /// The source's name, e.g. `stub` or `custom`.
    public var source: String
    /// The category.
    public var category: String
    /// Everything else that decides which items a page holds (secrets may be inside).
    public var configuration: JSON
    /// The credentials the list is fetched with: access keys, header values, tokens.
    public var secrets: [String]

    /// A key for the feed `source`/`category` with `configuration`, fetched with `secrets`.
    public init(source: String, category: String, configuration: JSON = .object(JSONObject()), secrets: [String] = []) {
        self.source = source
        self.category = category
        self.configuration = configuration
        self.secrets = secrets
    }

    /// The feed's name in the store: 64 hex digits that say nothing about the feed to whoever
    /// lacks `key`. Member order in the configuration and the order of the secrets do not matter.
    public func digest(under key: [UInt8]) -> String {
        let description: JSON = [
            "source": .string(source), "category": .string(category), "configuration": Self.canonical(configuration),
            "secrets": .array(Set(secrets).sorted().map(JSON.string)),
        ]
        return HMAC.sha256(key: key, message: Self.canonical(description).serialized()).map { byte in
            String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }.joined()
    }

    /// The mask that keeps this feed's secrets out of its stored text.
    public var mask: SecretMask { SecretMask(secrets: secrets) }

    /// `value` with every object's members sorted by name, so equal values serialize alike.
    private static func canonical(_ value: JSON) -> JSON {
        switch value {
        case .object(let object):
            return .object(JSONObject(object.sorted { $0.key < $1.key }.map { ($0.key, canonical($0.value)) }))
        case .array(let elements):
            return .array(elements.map(canonical))
        default:
            return value
        }
    }
}
