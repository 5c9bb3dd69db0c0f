import JSON

/// What the user changed in a feed locally: items hidden and fields set. Kept apart from the
/// list, so they apply to every later page and reload (SWR's `mutate`, kept).
public struct LocalEdits: Sendable, Equatable {
    /// Ids of hidden items.
    public var hidden: Set<String>
    /// Fields set on items, by item id (later fields merged over earlier ones; `null` clears).
    public var patches: [String: JSONObject]

    /// Edits; none by default.
    public init(hidden: Set<String> = [], patches: [String: JSONObject] = [:]) {
        self.hidden = hidden
        self.patches = patches
    }

    /// Whether there is nothing to apply.
    public var isEmpty: Bool { hidden.isEmpty && patches.isEmpty }

    /// `items` as the user sees them: hidden ones left out, patched ones patched.
    public func applied<Items: Sequence<FeedItem>>(to items: Items) -> [FeedItem] {
        guard !isEmpty else { return Array(items) }
        return items.compactMap { item in
            hidden.contains(item.id) ? nil : patches[item.id].map(item.patched(with:)) ?? item
        }
    }

    /// Records `fields` for item `id`, merged over the fields set before.
    public mutating func patch(_ id: String, with fields: JSONObject) {
        var merged = patches[id] ?? JSONObject()
        for (name, value) in fields { merged[name] = value }
        patches[id] = merged
    }
}
