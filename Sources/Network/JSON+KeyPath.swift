import JSON

extension JSON {
    /// The value at a dot-separated key path such as `"data.list"`; numeric parts index arrays.
    ///
    /// Temporary: replaced by the JSON target's own `subscript(keyPath:)` once it lands.
    subscript(keyPath keyPath: String) -> JSON? {
        var current: JSON? = self
        for part in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            if let index = Int(part), case .array = current { current = current?[index] } else { current = current?[String(part)] }
        }
        return current
    }
}
