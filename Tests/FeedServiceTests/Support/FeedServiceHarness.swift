import FeedService
import FeedVMTestSupport
import Foundation
import JSON
import RPC
import XCTest
import Logging

/// A FeedService on an in-process RPC server, spoken to line by line as a front end would.
///
/// `call` sends one request and collects every message up to its response, so a test can
/// assert the exact causal sequence a command produced.
final class FeedServiceHarness {
    /// What one request caused: the notifications written before its response, and the response.
    struct Exchange {
        var notifications: [JSON]
        var response: JSON

        /// The notifications' `method`s, with a refresh status's `status` after a colon.
        var trace: [String] {
            notifications.map { message in
                let method = message["method"]?.stringValue ?? "?"
                if method == "refreshStatus", let status = message[keyPath: "params.status"]?.stringValue {
                    return "refreshStatus:\(status)"
                }
                return method
            }
        }

        var result: JSON? { response["result"] }
        var errorCode: Int64? { response[keyPath: "error.code"]?.intValue }
        var errorReason: String? { response[keyPath: "error.data.reason"]?.stringValue }
    }

    let server: InProcessServer
    /// The service behind the server, for tests that reach into a session.
    let service: FeedService
    let cacheDirectory: URL
    private var nextID = 1
    /// Messages read while waiting for another response, kept for `drain`.
    private var pending: [JSON] = []

    init(maxSessions: Int = 1_000, stubDelay: Double = 0, inputChecking: DispatchQueue? = nil) {
        cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("feedvm-tests-\(UUID().uuidString)")
        var configuration = FeedServiceConfiguration()
        configuration.cacheDirectory = cacheDirectory.path
        configuration.maxSessions = maxSessions
        configuration.defaultStubDelay = stubDelay
        if let inputChecking { configuration.inputChecking = inputChecking }
        var rpc = InProcessServer.quietConfiguration()
        rpc.capabilities = FeedService.capabilities
        rpc.requiresNamedParams = true
        let service = FeedService(configuration: configuration, logger: Logger(level: .off))
        self.service = service
        server = InProcessServer(configuration: rpc) { server in service.register(on: server) }
    }

    deinit {
        try? FileManager.default.removeItem(at: cacheDirectory)
    }

    /// Sends a request without waiting; its id.
    @discardableResult
    func send(_ method: String, _ params: JSON) -> Int {
        let id = nextID
        nextID += 1
        let request: JSON = ["jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string(method), "params": params]
        server.client.send(request.jsonString)
        return id
    }

    /// Reads until the response to `id`; the notifications before it (other responses are kept).
    func exchange(until id: Int, file: StaticString = #filePath, line: UInt = #line) -> Exchange {
        var notifications: [JSON] = []
        var kept: [JSON] = []
        defer { pending = kept + pending }
        while true {
            let message = nextMessage(file: file, line: line)
            if message == .null { return Exchange(notifications: notifications, response: .null) }
            if message["id"] == .int(Int64(id)) { return Exchange(notifications: notifications, response: message) }
            if message["id"] != nil { kept.append(message) } else { notifications.append(message) }
        }
    }

    /// Sends a request and reads until its response.
    func call(_ method: String, _ params: JSON, file: StaticString = #filePath, line: UInt = #line) -> Exchange {
        exchange(until: send(method, params), file: file, line: line)
    }

    /// A response read earlier while waiting for another, or the next one from the server.
    func response(to id: Int, file: StaticString = #filePath, line: UInt = #line) -> JSON {
        if let index = pending.firstIndex(where: { $0["id"] == .int(Int64(id)) }) { return pending.remove(at: index) }
        return exchange(until: id, file: file, line: line).response
    }

    /// Every message, in arrival order, until all of `ids` were answered.
    func collect(untilAnswered ids: [Int], file: StaticString = #filePath, line: UInt = #line) -> [JSON] {
        var unanswered = Set(ids.map { JSON.int(Int64($0)) })
        var messages: [JSON] = []
        while !unanswered.isEmpty {
            let message = pending.isEmpty ? server.client.receive(file: file, line: line) : pending.removeFirst()
            if message == .null { break }
            if let id = message["id"] { unanswered.remove(id) }
            messages.append(message)
        }
        return messages
    }

    /// Notifications, in arrival order, up to and including the first that `isLast` accepts.
    func notifications(until isLast: (JSON) -> Bool, file: StaticString = #filePath, line: UInt = #line) -> [JSON] {
        var notifications: [JSON] = []
        while true {
            let message = nextMessage(file: file, line: line)
            if message == .null { return notifications }
            if message["id"] != nil {
                pending.append(message)
                continue
            }
            notifications.append(message)
            if isLast(message) { return notifications }
        }
    }

    /// Proves nothing more is queued: everything before the answer to a `ping`.
    func drain(file: StaticString = #filePath, line: UInt = #line) -> [JSON] {
        let leftovers = pending.filter { $0["id"] == nil }
        pending.removeAll { $0["id"] == nil }
        return leftovers + exchange(until: send("ping", [:]), file: file, line: line).notifications
    }

    /// `transform` with `input`; the new session's id.
    func makeSession(_ input: JSON = ["source": "stub", "total": 25], file: StaticString = #filePath, line: UInt = #line) -> String {
        let session = call("transform", ["input": input], file: file, line: line).result?["session"]?.stringValue
        XCTAssertNotNil(session, "transform failed", file: file, line: line)
        return session ?? ""
    }

    private func nextMessage(file: StaticString, line: UInt) -> JSON {
        if let index = pending.firstIndex(where: { $0["id"] == nil }) { return pending.remove(at: index) }
        return server.client.receive(file: file, line: line)
    }
}
