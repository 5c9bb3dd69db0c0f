import Foundation
import JSON

extension Response {
    /// The body as a JSON value; an empty body is `.null` unless `failsOnEmptyData`.
    public func mapJSON(failsOnEmptyData: Bool = true) throws(NetworkError) -> JSON {
        if data.isEmpty && !failsOnEmptyData { return .null }
        do {
            return try JSON.parse([UInt8](data))
        } catch {
            throw .jsonMapping(self)
        }
    }

    /// The body as UTF-8 text, or the string at `keyPath` (dot-separated, e.g. `"data.msg"`).
    public func mapString(atKeyPath keyPath: String? = nil) throws(NetworkError) -> String {
        if let keyPath {
            guard let text = try mapJSON()[keyPath: keyPath]?.stringValue else { throw .stringMapping(self) }
            return text
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw .stringMapping(self) }
        return text
    }

    /// The body, or the value at the dot-separated `keyPath` (`"data.list"`; a number indexes an
    /// array), decoded as `D` by `decoder`, as Moya's `map(_:atKeyPath:using:failsOnEmptyData:)`
    /// does: the decoder's strategies (dates, keys, data) apply, and `URL`, `Int`, `String`...
    /// decode from a value at a key path too. With `failsOnEmptyData: false` an empty body
    /// decodes from `{}`, else from `[{}]`, as in Moya.
    ///
    /// Fails with `.objectMapping` carrying the decoder's error; a key path with nothing at it
    /// is `.objectMapping` too (a `DecodingError.valueNotFound` naming it).
    public func map<D: Decodable>(
        _ type: D.Type,
        atKeyPath keyPath: String? = nil,
        using decoder: JSONDecoder = JSONDecoder(),
        failsOnEmptyData: Bool = true
    ) throws(NetworkError) -> D {
        let body = try body(atKeyPath: keyPath, of: D.self, failsOnEmptyData: failsOnEmptyData)
        if body.isEmpty && !failsOnEmptyData, let empty = Response.decodeEmpty(D.self, with: decoder) {
            return empty
        }
        do {
            return try decoder.decode(D.self, from: body)
        } catch {
            throw .objectMapping(error, keyPath: keyPath, response: self)
        }
    }

    /// The bytes to decode: the body, or the value at `keyPath` serialized again.
    private func body<D>(atKeyPath keyPath: String?, of type: D.Type, failsOnEmptyData: Bool) throws(NetworkError) -> Data {
        guard let keyPath else { return data }
        if data.isEmpty && !failsOnEmptyData { return data }
        guard let value = try mapJSON()[keyPath: keyPath] else {
            let context = DecodingError.Context(codingPath: [], debugDescription: "no value at this key path")
            throw .objectMapping(DecodingError.valueNotFound(D.self, context), keyPath: keyPath, response: self)
        }
        return Data(value.serialized())
    }

    /// What an empty body decodes to: a model from `{}` (all its properties optional), else an
    /// array of one from `[{}]`.
    private static func decodeEmpty<D: Decodable>(_ type: D.Type, with decoder: JSONDecoder) -> D? {
        if let object = try? decoder.decode(D.self, from: Data("{}".utf8)) { return object }
        return try? decoder.decode(D.self, from: Data("[{}]".utf8))
    }
}
