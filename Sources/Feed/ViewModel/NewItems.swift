/// A background reload found items at the top of the list (the "3 new posts" pill): the list
/// does not move until the front end asks to see them (`showNew`).
public struct NewItems: Sendable, Equatable {
    /// How many items are new.
    public var count: Int
    /// Their ids, in list order.
    public var ids: [String]

    /// An announcement of `ids`.
    public init(ids: [String]) {
        count = ids.count
        self.ids = ids
    }
}
