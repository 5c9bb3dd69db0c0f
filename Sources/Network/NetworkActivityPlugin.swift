import Foundation

/// Whether a request started or ended.
public enum NetworkActivityChangeType: Sendable, Equatable {
    /// The request is about to be sent (or stubbed).
    case began
    /// The request ended: answered, failed or cancelled.
    case ended
}

/// Reports when each request begins and ends (for a HUD or a spinner); a cancelled request
/// ends too.
public struct NetworkActivityPlugin: PluginType {
    /// Receives each change with the target it concerns.
    public typealias NetworkActivityClosure = @Sendable (NetworkActivityChangeType, any TargetType) -> Void

    private let networkActivityClosure: NetworkActivityClosure

    /// A plugin reporting to `networkActivityClosure`.
    public init(networkActivityClosure: @escaping NetworkActivityClosure) {
        self.networkActivityClosure = networkActivityClosure
    }

    public func willSend(_ request: HTTPRequest, target: any TargetType) {
        networkActivityClosure(.began, target)
    }

    public func didReceive(_ result: Result<Response, NetworkError>, target: any TargetType) {
        networkActivityClosure(.ended, target)
    }
}
