import Foundation
import Network
import Reactive

/// Moya's `TestingPlugin`: `prepare` adds `prepared: yes`, `willSend` notes whether it was
/// prepared first, `didReceive` keeps the result, `process` turns a success's status into -1.
final class TestingPlugin: PluginType {
    private let state = Locked<(request: HTTPRequest?, result: Result<Response, NetworkError>?, didPrepare: Bool)>((nil, nil, false))

    var request: HTTPRequest? { state.current.request }
    var result: Result<Response, NetworkError>? { state.current.result }
    var didPrepare: Bool { state.current.didPrepare }

    func prepare(_ request: HTTPRequest, target: any TargetType) -> HTTPRequest {
        var prepared = request
        prepared.setValue("yes", forHTTPHeaderField: "prepared")
        return prepared
    }

    func willSend(_ request: HTTPRequest, target: any TargetType) {
        state.withLock { $0.request = request; $0.didPrepare = request.value(forHTTPHeaderField: "prepared") == "yes" }
    }

    func didReceive(_ result: Result<Response, NetworkError>, target: any TargetType) {
        state.withLock { $0.result = result }
    }

    func process(_ result: Result<Response, NetworkError>, target: any TargetType) -> Result<Response, NetworkError> {
        result.map { Response(statusCode: -1, data: $0.data, request: $0.request, headers: $0.headers) }
    }
}
