import Foundation
import JSON

extension HTTPRequest {
    /// Writes `task`'s parameters or body into this request.
    mutating func encode(_ task: RequestTask, method: HTTPMethod) throws(NetworkError) {
        switch task {
        case .requestPlain:
            break
        case .requestData(let data):
            body = data
        case .requestJSONEncodable(let value):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            do {
                body = try encoder.encode(value)
            } catch {
                throw .parameterEncoding(error)
            }
            setDefaultContentType("application/json")
        case .requestParameters(let parameters, let encoding):
            encode(parameters, with: encoding, method: method)
        case .requestCompositeParameters(let bodyParameters, let bodyEncoding, let urlParameters):
            encode(bodyParameters, with: bodyEncoding == .url ? .httpBody : bodyEncoding, method: method)
            encode(urlParameters, with: .queryString, method: method)
        }
    }

    private mutating func encode(_ parameters: [String: JSON], with encoding: ParameterEncoding, method: HTTPMethod) {
        switch encoding {
        case .url where method.encodesParametersInURL, .queryString:
            appendQuery(URLQueryEncoder.query(parameters))
        case .url, .httpBody:
            body = Data(URLQueryEncoder.query(parameters).utf8)
            setDefaultContentType("application/x-www-form-urlencoded; charset=utf-8")
        case .json:
            let sorted = JSONObject(parameters.keys.sorted().map { ($0, parameters[$0]!) })
            body = Data(JSON.object(sorted).serialized())
            setDefaultContentType("application/json")
        }
    }

    private mutating func appendQuery(_ query: String) {
        guard !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return }
        let existing = components.percentEncodedQuery.map { $0.isEmpty ? "" : $0 + "&" } ?? ""
        components.percentEncodedQuery = existing + query
        if let joined = components.url { url = joined }
    }

    private mutating func setDefaultContentType(_ contentType: String) {
        if value(forHTTPHeaderField: "Content-Type") == nil {
            setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
    }
}
