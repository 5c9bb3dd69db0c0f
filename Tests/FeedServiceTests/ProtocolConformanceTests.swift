import FeedService
import FeedVMTestSupport
import Foundation
import JSON
import XCTest

/// Holds the binary to `protocol/`: every method the OpenRPC document lists is dispatched, an
/// undocumented one is not, and every transcript replays (rules in protocol/transcripts/README.md,
/// checked by clients/python's `feedvm.transcript`, so that they are written once).
///
/// Runs against the binary `FeedVMProcess` finds (the one `swift build` puts beside the tests,
/// else `<package root>/.build/debug/feedvm`; `$FEEDVM_BIN` overrides). Build it first:
/// `swift build && swift test --filter ProtocolConformanceTests`.
final class ProtocolConformanceTests: XCTestCase {
    /// `<package root>/protocol`, three levels above this file.
    private static let protocolDirectory = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("protocol")

    func testEveryDocumentedMethodIsDispatchedAndAnUndocumentedOneIsNot() throws {
        try skipUnlessTheBinaryHasTheFeedMethods()
        let methods = try documentedClientMethods()
        XCTAssertFalse(methods.isEmpty)
        let server = try FeedVMProcess()
        // `shutdown` and `exit` change the server's state, so they go last, in that order.
        let ordered = methods.filter { $0 != "shutdown" && $0 != "exit" } + ["__undocumented__", "shutdown", "exit"]
        for (offset, method) in ordered.enumerated() {
            let id = JSON.int(Int64(offset + 1))
            let request: JSON = ["jsonrpc": "2.0", "id": id, "method": .string(method), "params": [:]]
            server.client.send(request.jsonString)
            let response = try XCTUnwrap(response(to: id, from: server.client), "\(method) was not answered")
            let code = response["error"]?["code"]?.intValue
            if method == "__undocumented__" {
                XCTAssertEqual(code, -32601, "an undocumented method must be -32601: \(response.jsonString)")
            } else {
                XCTAssertNotEqual(code, -32601, "documented method \(method) is not dispatched: \(response.jsonString)")
            }
        }
        server.client.closeInput()
        _ = server.client.receiveUntilEnd()
    }

    func testTheDispatchTableAndTheDocumentAgreeBothWays() throws {
        let dispatched = Set(FeedServiceHarness().server.server.methods)
        let documented = Set(try documentedClientMethods())
        XCTAssertEqual(dispatched.subtracting(documented), [], "dispatched but not in protocol/feedvm.openrpc.json")
        XCTAssertEqual(documented.subtracting(dispatched), [], "documented but not dispatched")
    }

    func testTheDocumentListsEveryNotificationAsServerToClient() throws {
        let document = try openRPCDocument()
        let notifications = document["methods"]?.arrayValue?
            .filter { $0["x-direction"]?.stringValue == "serverToClient" }.compactMap { $0["name"]?.stringValue }
        XCTAssertEqual(Set(notifications ?? []), ["sections", "refreshStatus", "imageDownloaded", "hud", "tokenRefreshed", "newItems"])
    }

    func testRpcDiscoverAnswersTheDocumentAsItIsInProtocol() throws {
        let harness = FeedServiceHarness()
        let answer = try XCTUnwrap(harness.call("rpc.discover", [:]).result)
        // Compiled in from protocol/ (a symbolic link, embedded by the build): never stale.
        XCTAssertTrue(answer == (try openRPCDocument()), "rebuild: the binary's document differs from protocol/feedvm.openrpc.json")
        XCTAssertEqual(answer["x-protocolVersion"]?.stringValue, ProtocolDocument.version)
        let link = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/FeedService/Resources/feedvm.openrpc.json")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "../../../protocol/feedvm.openrpc.json",
                       "the embedded document is protocol/'s own file, not a copy that could drift")
    }

    func testThereAreAtLeastEightTranscripts() throws {
        XCTAssertGreaterThanOrEqual(try transcriptFiles().count, 8)
    }

    /// The rules of protocol/transcripts/README.md are implemented once, by the Python client's
    /// checker (`feedvm.transcript`, standard library only): this runs it on the binary under test.
    func testEveryTranscriptReplaysAgainstTheBinary() throws {
        try skipUnlessTheBinaryHasTheFeedMethods()
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("python3 is needed: the transcript checker is clients/python's feedvm.transcript")
        }
        let files = try transcriptFiles()
        let checker = Process()
        checker.executableURL = URL(fileURLWithPath: python)
        checker.arguments = ["-m", "feedvm.transcript", "check", "--bin", try FeedVMProcess.binaryURL().get().path] + files.map(\.path)
        var environment = ProcessInfo.processInfo.environment
        let client = Self.protocolDirectory.deletingLastPathComponent().appendingPathComponent("clients/python").path
        environment["PYTHONPATH"] = ([client] + (environment["PYTHONPATH"].map { [$0] } ?? [])).joined(separator: ":")
        checker.environment = environment
        let output = Pipe()
        checker.standardOutput = output
        checker.standardError = output
        try checker.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        checker.waitUntilExit()
        XCTAssertEqual(checker.terminationStatus, 0, report)
        XCTAssertEqual(report.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count, files.count, report)
    }

    // MARK: - Helpers

    private func openRPCDocument() throws -> JSON {
        let bytes = try Data(contentsOf: Self.protocolDirectory.appendingPathComponent("feedvm.openrpc.json"))
        return try JSON.parse(Array(bytes))
    }

    private func documentedClientMethods() throws -> [String] {
        try XCTUnwrap(openRPCDocument()["methods"]?.arrayValue)
            .filter { $0["x-direction"]?.stringValue != "serverToClient" }
            .compactMap { $0["name"]?.stringValue }
    }

    private func transcriptFiles() throws -> [URL] {
        let directory = Self.protocolDirectory.appendingPathComponent("transcripts")
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jsonl" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The response with `id`, skipping notifications; `nil` at the end of output.
    private func response(to id: JSON, from client: LineConnection) -> JSON? {
        while let bytes = client.readLine() {
            guard let message = try? JSON.parse(bytes) else { continue }
            if message["id"] == id && message["method"] == nil { return message }
        }
        return nil
    }

    /// Skips (with the reason) unless the binary exists and answers `transform` with something
    /// other than -32601; the service lands in steps, and this suite must not fail before it does.
    private func skipUnlessTheBinaryHasTheFeedMethods() throws {
        let path: String
        switch FeedVMProcess.binaryURL() {
        case .success(let url): path = url.path
        case .failure(let error): throw XCTSkip("\(error.localizedDescription)")
        }
        let server = try FeedVMProcess()
        server.client.send(#"{"jsonrpc":"2.0","id":1,"method":"transform","params":{"input":{}}}"#)
        server.client.closeInput()
        let answer = server.client.receiveUntilEnd().first { $0["id"] == 1 }
        guard let answer else { throw XCTSkip("\(path) is not the JSON-RPC service yet (no answer to transform)") }
        if answer["error"]?["code"]?.intValue == -32601 {
            throw XCTSkip("\(path) does not have the feed methods yet (transform is -32601)")
        }
    }
}
