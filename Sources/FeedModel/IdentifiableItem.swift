/// Something with a stable identity across snapshots, as RxDataSources' `IdentifiableType`.
///
/// Two values with the same identity are "the same item"; if they differ otherwise the item
/// was updated.
public protocol IdentifiableItem: Equatable, Sendable {
    /// The type of the identity.
    associatedtype Identity: Hashable & Sendable
    /// The identity that survives edits.
    var identity: Identity { get }
}
