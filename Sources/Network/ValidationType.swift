/// Which status codes count as success; others fail the request with `NetworkError.statusCode`.
public enum ValidationType: Sendable, Equatable {
    /// Every status code is accepted.
    case none
    /// 2xx.
    case successCodes
    /// 2xx and 3xx.
    case successAndRedirectCodes
    /// Exactly the codes given.
    case customCodes([Int])

    /// The accepted status codes.
    public var statusCodes: [Int] {
        switch self {
        case .none: return []
        case .successCodes: return Array(200..<300)
        case .successAndRedirectCodes: return Array(200..<400)
        case .customCodes(let codes): return codes
        }
    }

    /// `true` when `statusCode` passes this validation.
    public func accepts(_ statusCode: Int) -> Bool {
        switch self {
        case .none: return true
        case .successCodes: return (200..<300).contains(statusCode)
        case .successAndRedirectCodes: return (200..<400).contains(statusCode)
        case .customCodes(let codes): return codes.contains(statusCode)
        }
    }
}
