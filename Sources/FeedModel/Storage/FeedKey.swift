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
/// A store must never hold the secrets nor anything they can be read from: FeedVM's names a
/// feed by an HMAC of the whole key under a per-user key kept outside the store file, and masks
/// the secrets in the text it stores.
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

    /// The whole key as bytes that two equal keys share, however their members were ordered:
    /// what a store derives the feed's name from (never to be stored as it is: secrets are in it).
    public var canonicalBytes: [UInt8] {
        let description: JSON = [
            "source": .string(source), "category": .string(category), "configuration": Self.canonical(configuration),
            "secrets": .array(Set(secrets).sorted().map(JSON.string)),
        ]
        return Self.canonical(description).serialized()
    }

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
