import Foundation
import JSON

/// What a request carries besides its URL and headers (Moya's `Task`, renamed so it does not
/// clash with Swift's `Task`).
public enum RequestTask: Sendable {
    /// No parameters and no body.
    case requestPlain
    /// Raw bytes as the body.
    case requestData(Data)
    /// An `Encodable` value encoded as a JSON body.
    case requestJSONEncodable(any Encodable & Sendable)
    /// Parameters written with `encoding`.
    case requestParameters(parameters: [String: JSON], encoding: ParameterEncoding)
    /// Body parameters with `bodyEncoding` plus parameters always written into the query.
    case requestCompositeParameters(bodyParameters: [String: JSON], bodyEncoding: ParameterEncoding, urlParameters: [String: JSON])
}
