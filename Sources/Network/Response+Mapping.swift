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

    /// The body (or the value at the dot-separated `keyPath`, e.g. `"data.list"`) decoded as `D`
    /// by `decoder` (the JSON target's decoder: snake_case and lenient reads are its options).
    ///
    /// Fails with `.objectMapping` naming the key path and the decoder's reason.
    public func map<D: Decodable>(
        _ type: D.Type,
        atKeyPath keyPath: String? = nil,
        using decoder: JSONValueDecoder = JSONValueDecoder(),
        failsOnEmptyData: Bool = true
    ) throws(NetworkError) -> D {
        let json = try mapJSON(failsOnEmptyData: failsOnEmptyData)
        if let keyPath, json[keyPath: keyPath] == nil {
            throw .objectMapping(keyPath: keyPath, reason: "no value at this key path", response: self)
        }
        do {
            return try decoder.decode(D.self, from: json, atKeyPath: keyPath ?? "")
        } catch {
            throw .objectMapping(keyPath: keyPath, reason: Response.describe(error), response: self)
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            return context.debugDescription
        @unknown default:
            return String(describing: error)
        }
    }
}
