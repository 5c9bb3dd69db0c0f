import Foundation
import Reactive
@testable import Network

/// Records every hook call in order, like Moya's own `TestPlugin`; `prepare` adds a header and
/// `process` can replace the result, so tests can see that changes flow through.
final class RecordingPlugin: PluginType {
    private let log = Locked<[String]>([])
    private let processOverride: Result<Response, NetworkError>?
    let name: String

    init(name: String = "plugin", processOverride: Result<Response, NetworkError>? = nil) {
        self.name = name
        self.processOverride = processOverride
    }

    var calls: [String] { log.current }

    func prepare(_ request: HTTPRequest, target: any TargetType) -> HTTPRequest {
        log.withLock { $0.append("\(name).prepare") }
        var prepared = request
        let earlier = request.value(forHTTPHeaderField: "X-Prepared-By").map { [$0] } ?? []
        prepared.setValue((earlier + [name]).joined(separator: ","), forHTTPHeaderField: "X-Prepared-By")
        return prepared
    }

    func willSend(_ request: HTTPRequest, target: any TargetType) {
        let preparedBy = request.value(forHTTPHeaderField: "X-Prepared-By") ?? "-"
        log.withLock { $0.append("\(name).willSend(preparedBy: \(preparedBy))") }
    }

    func didReceive(_ result: Result<Response, NetworkError>, target: any TargetType) {
        log.withLock { $0.append("\(name).didReceive(\(RecordingPlugin.describe(result)))") }
    }

    func process(_ result: Result<Response, NetworkError>, target: any TargetType) -> Result<Response, NetworkError> {
        log.withLock { $0.append("\(name).process") }
        return processOverride ?? result
    }

    static func describe(_ result: Result<Response, NetworkError>) -> String {
        switch result {
        case .success(let response): return "\(response.statusCode)"
        case .failure(let error): return error.message
        }
    }
}

/// Collects what the code under test reports from other threads.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.current }
}
