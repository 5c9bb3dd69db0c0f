import Foundation

/// What a stubbed endpoint answers.
public enum EndpointSampleResponse: Sendable {
    /// A response with a status code and a body.
    case networkResponse(Int, Data)
    /// A response with a status code, headers and a body.
    case response(statusCode: Int, headers: [String: String], data: Data)
    /// A failure, as if the network had failed.
    case networkError(NetworkError)
}
