extension JSON {
    /// The value at a dotted key path such as `"urls.regular"`, `"data.list"` or `"items.0.id"`.
    ///
    /// Each component is an object key; on an array, a component made of decimal digits is an
    /// index instead. An empty path is this value. A key that itself contains a dot cannot be
    /// addressed this way; use `self["a.b"]`.
    ///
    /// Setting creates the missing intermediate objects and replaces intermediate values that are
    /// neither objects nor (for a numeric component) arrays holding that index; assigning `nil`
    /// removes the addressed object member (an array element is left in place).
    public subscript(keyPath path: String) -> JSON? {
        get {
            if path.isEmpty { return self }
            var node = self
            for component in path.split(separator: ".", omittingEmptySubsequences: false) {
                guard let child = node.child(component) else { return nil }
                node = child
            }
            return node
        }
        set {
            if path.isEmpty {
                self = newValue ?? .null
                return
            }
            let components = path.split(separator: ".", omittingEmptySubsequences: false)
            setValue(newValue, at: components[...])
        }
    }

    /// The value at a key path already split at its dots (`["urls", "regular"]`), for reading
    /// one path from many values without splitting it each time: `self[keyPath: "a.b"]` is
    /// `self[keyPathComponents: ["a", "b"]]`.
    public subscript(keyPathComponents components: [String]) -> JSON? {
        var node = self
        for component in components {
            guard let child = node.child(component) else { return nil }
            node = child
        }
        return node
    }

    private func child<Component: StringProtocol>(_ component: Component) -> JSON? {
        switch self {
        case .object(let object): return object[String(component)]
        case .array(let elements):
            guard let index = Self.arrayIndex(component), index < elements.count else { return nil }
            return elements[index]
        default: return nil
        }
    }

    /// The index a key-path component names, when it is all decimal digits.
    private static func arrayIndex<Component: StringProtocol>(_ component: Component) -> Int? {
        guard !component.isEmpty, component.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        return Int(component)
    }

    private mutating func setValue(_ newValue: JSON?, at components: ArraySlice<Substring>) {
        let component = components.first!
        let rest = components.dropFirst()
        if case .array(var elements) = self, let index = Self.arrayIndex(component), index < elements.count {
            if rest.isEmpty {
                guard let newValue else { return }
                elements[index] = newValue
            } else {
                elements[index].setValue(newValue, at: rest)
            }
            self = .array(elements)
            return
        }
        var object = objectValue ?? JSONObject()
        let key = String(component)
        if rest.isEmpty {
            object[key] = newValue
        } else {
            if newValue == nil && object[key] == nil { return }
            var child = object[key] ?? .object(JSONObject())
            child.setValue(newValue, at: rest)
            object[key] = child
        }
        self = .object(object)
    }
}
