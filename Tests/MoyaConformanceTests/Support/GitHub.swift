import Foundation
import Network

// The fixtures of Moya's `Tests/MoyaTests/TestHelpers.swift`, in our API.

/// Moya's `GitHub` test API.
enum GitHub: TargetType, Equatable {
    case zen
    case userProfile(String)

    var baseURL: URL { URL(string: "https://api.github.com")! }

    var path: String {
        switch self {
        case .zen: return "/zen"
        case .userProfile(let name): return "/users/\(name)"
        }
    }

    var sampleData: Data {
        switch self {
        case .zen: return Data("Half measures are as bad as nothing at all.".utf8)
        case .userProfile(let name): return Data("{\"login\": \"\(name)\", \"id\": 100}".utf8)
        }
    }

    var validationType: ValidationType { .successAndRedirectCodes }
}

/// Moya's `url(_:)`: the target's path under its base URL.
func url(_ target: any TargetType) -> String {
    Endpoint.url(for: target.path, relativeTo: target.baseURL)
}

/// Moya's `failureEndpointClosure`: every stub answers with the Houston error.
@Sendable
func failureEndpointClosure(_ target: GitHub) -> Endpoint {
    let error = NSError(domain: "com.moya.moyaerror", code: 0, userInfo: [NSLocalizedDescriptionKey: "Houston, we have a problem"])
    return Endpoint(
        url: url(target), sampleResponseClosure: { .networkError(.underlying(error, request: nil, response: nil)) },
        method: target.method, task: target.task, httpHeaderFields: target.headers)
}

/// Moya's fixture for `Decodable` mapping.
struct Issue: Codable, Sendable {
    let title: String
    let createdAt: Date
    let rating: Float?
}

/// Moya's fixture for mapping with optional properties.
struct OptionalIssue: Codable, Sendable {
    let title: String?
    let createdAt: Date?
}
