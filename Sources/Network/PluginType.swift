import Foundation

/// Observes and adjusts every request of a provider (Moya's `PluginType`).
///
/// For each request a provider calls, in order: `prepare` (may change the request),
/// `willSend`, then — after the network or the stub answered — `didReceive` and `process`
/// (may change the result). Every hook has a default that does nothing.
public protocol PluginType: Sendable {
    /// The request to send instead of `request`.
    func prepare(_ request: HTTPRequest, target: any TargetType) -> HTTPRequest
    /// Called just before `request` is sent or stubbed.
    func willSend(_ request: HTTPRequest, target: any TargetType)
    /// Called when the answer (or failure) arrived, before `process`.
    func didReceive(_ result: Result<Response, NetworkError>, target: any TargetType)
    /// The result to hand on instead of `result`.
    func process(_ result: Result<Response, NetworkError>, target: any TargetType) -> Result<Response, NetworkError>
}

extension PluginType {
    public func prepare(_ request: HTTPRequest, target: any TargetType) -> HTTPRequest { request }
    public func willSend(_ request: HTTPRequest, target: any TargetType) {}
    public func didReceive(_ result: Result<Response, NetworkError>, target: any TargetType) {}
    public func process(_ result: Result<Response, NetworkError>, target: any TargetType) -> Result<Response, NetworkError> { result }
}
