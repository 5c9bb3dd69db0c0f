import JSON

/// What the user changed in a feed locally: items hidden and fields patched. Kept apart from
/// the list, so they apply to every later page and reload.
public struct LocalEdits: Sendable, Equatable {
    /// Ids of hidden items.
    public var hidden: Set<String>
    /// Fields set on items, by item id (later patches merged over earlier ones).
    public var patches: [String: JSONObject]

    /// Edits; none by default.
    public init(hidden: Set<String> = [], patches: [String: JSONObject] = [:]) {
        self.hidden = hidden
        self.patches = patches
    }

    /// Whether there is nothing to apply.
    public var isEmpty: Bool { hidden.isEmpty && patches.isEmpty }
}
