import JSON
import RPC

/// Reads a method's named params and turns every mistake into a -32602 that names the field.
struct ParamsReader {
    private let members: JSONObject

    /// Reads `params`, which must be an object (or absent, meaning `{}`).
    init(_ params: JSON?) throws(RPCError) {
        switch params {
        case nil: members = JSONObject()
        case .object(let object)?: members = object
        default: throw .invalidParams("must be an object", field: "params")
        }
    }

    /// The raw member `name`, if present and not null.
    func value(_ name: String) -> JSON? {
        guard let value = members[name], !value.isNull else { return nil }
        return value
    }

    /// A required string.
    func requiredString(_ name: String) throws(RPCError) -> String {
        guard let value = value(name) else { throw .invalidParams("is required", field: name) }
        guard let string = value.stringValue else { throw .invalidParams("must be a string", field: name) }
        return string
    }

    /// A required boolean.
    func requiredBool(_ name: String) throws(RPCError) -> Bool {
        guard let value = value(name) else { throw .invalidParams("is required", field: name) }
        guard let bool = value.boolValue else { throw .invalidParams("must be a boolean", field: name) }
        return bool
    }

    /// An optional boolean with a default.
    func bool(_ name: String, default fallback: Bool) throws(RPCError) -> Bool {
        guard let value = value(name) else { return fallback }
        guard let bool = value.boolValue else { throw .invalidParams("must be a boolean", field: name) }
        return bool
    }

    /// A required non-negative integer (JSON integers only: `1.5` and `"1"` are refused).
    func requiredIndex(_ name: String) throws(RPCError) -> Int {
        guard let value = value(name) else { throw .invalidParams("is required", field: name) }
        guard let integer = value.intValue ?? value.doubleValue.flatMap(Self.exactInteger) else {
            throw .invalidParams("must be an integer", field: name)
        }
        guard integer >= 0, integer <= Int64(Int32.max) else { throw .invalidParams("must be an index >= 0, got \(integer)", field: name) }
        return Int(integer)
    }

    /// A required object.
    func requiredObject(_ name: String) throws(RPCError) -> JSON {
        guard let value = value(name) else { throw .invalidParams("is required", field: name) }
        guard value.objectValue != nil else { throw .invalidParams("must be an object", field: name) }
        return value
    }

    /// `2.0` is an integer in JSON's number model; `2.5` is not.
    private static func exactInteger(_ double: Double) -> Int64? {
        guard double.isFinite, double >= -9.0e18, double <= 9.0e18 else { return nil }
        let integer = Int64(double)
        return Double(integer) == double ? integer : nil
    }
}
