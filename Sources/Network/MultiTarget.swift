import Foundation

/// Any target behind one type, so a single provider can send the targets of several APIs
/// (Moya's `MultiTarget`, as seed 004's provider uses it).
public struct MultiTarget: TargetType {
    /// The wrapped target.
    public let target: any TargetType

    /// Wraps `target`.
    public init(_ target: any TargetType) {
        self.target = target
    }

    public var baseURL: URL { target.baseURL }
    public var path: String { target.path }
    public var method: HTTPMethod { target.method }
    public var task: RequestTask { target.task }
    public var headers: [String: String]? { target.headers }
    public var sampleData: Data { target.sampleData }
    public var validationType: ValidationType { target.validationType }
}
