import Foundation
import JSON
@testable import Network

/// A Moya-style API used across the tests.
enum TestAPI: TargetType {
    case zen
    case user(String)
    case search(query: String, page: Int)
    case createPost(title: String)
    case category(String, pageSize: Int, page: Int)
    case login(password: String)
    case onlySuccess

    var baseURL: URL { URL(string: "https://api.example.com/v1")! }

    var path: String {
        switch self {
        case .zen: return "zen"
        case .user(let name): return "/users/\(name)"
        case .search: return "search"
        case .createPost: return "posts"
        case .category(let name, let pageSize, let page): return "\(name)/\(pageSize)/\(page)"
        case .login: return "login"
        case .onlySuccess: return "strict"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .createPost, .login: return .post
        default: return .get
        }
    }

    var task: RequestTask {
        switch self {
        case .search(let query, let page):
            return .requestParameters(parameters: ["q": .string(query), "page": .int(Int64(page))], encoding: .url)
        case .createPost(let title):
            return .requestParameters(parameters: ["title": .string(title), "draft": false], encoding: .json)
        case .login(let password):
            return .requestParameters(parameters: ["user": "ada", "password": .string(password)], encoding: .json)
        default:
            return .requestPlain
        }
    }

    var headers: [String: String]? { ["Accept": "application/json"] }

    var sampleData: Data {
        switch self {
        case .zen: return Data("Half measures are as bad as nothing at all.".utf8)
        case .user(let name): return Data(#"{"data":{"login":"\#(name)","id":7}}"#.utf8)
        default: return Data("{}".utf8)
        }
    }

    var validationType: ValidationType {
        if case .onlySuccess = self { return .successCodes }
        return .none
    }
}

/// A target on an arbitrary URL, for transport-level tests against the loopback server.
struct URLTarget: TargetType {
    let baseURL: URL
    var path: String = ""
    var method: HTTPMethod = .get
    var task: RequestTask = .requestPlain
    var headers: [String: String]? = nil
}
