import Foundation
import JSON
import FeedVMTestSupport
import XCTest

/// The `feedvm` executable over real stdio: transport, lifecycle and the command line.
final class FeedVMProcessTests: XCTestCase {
    func testAnswersPingOverStdioAndExitsZeroAtEndOfInput() throws {
        let feedvm = try FeedVMProcess()
        feedvm.client.send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        XCTAssertEqual(feedvm.client.receive(), ["jsonrpc": "2.0", "id": 1, "result": [:]])
        feedvm.client.closeInput()
        XCTAssertEqual(feedvm.client.receiveUntilEnd(), [])
        XCTAssertEqual(feedvm.waitForExit(), 0)
    }

    func testATenThousandRequestPipelinedClientGetsEveryAnswer() throws {
        let feedvm = try FeedVMProcess()
        var text = ""
        for index in 0..<10_000 { text += #"{"jsonrpc":"2.0","id":\#(index),"method":"ping"}"# + "\n" }
        feedvm.client.sendRaw(Array(text.utf8))  // everything before reading anything
        feedvm.client.closeInput()
        let ids = feedvm.client.receiveUntilEnd().compactMap { $0["id"]?.intValue }
        XCTAssertEqual(Set(ids), Set(0..<10_000))
        XCTAssertEqual(ids.count, 10_000)
        XCTAssertEqual(feedvm.waitForExit(), 0)
    }

    func testAnOversizedLineIsAnsweredAndTheNextLineWorks() throws {
        let feedvm = try FeedVMProcess(arguments: ["--max-message-bytes", "4096"])
        let huge = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""# + String(repeating: "y", count: 1 << 20) + #""}}"#
        feedvm.client.sendInBackground(huge + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n")
        let rejection = feedvm.client.receive()
        XCTAssertEqual(rejection["error"]?["code"], .int(-32700))
        XCTAssertEqual(rejection["error"]?["data"]?["reason"], "message exceeds 4096 bytes")
        XCTAssertEqual(rejection["id"], .null)
        XCTAssertEqual(feedvm.client.receive()["id"], 2)
    }

    func testInvalidUTF8IsAParseErrorAndTheConnectionLivesOn() throws {
        let feedvm = try FeedVMProcess()
        feedvm.client.sendRaw([0x7B, 0xC3, 0x28, 0x7D, 0x0A])
        XCTAssertEqual(feedvm.client.receive()["error"]?["code"], .int(-32700))
        feedvm.client.send(#"{"jsonrpc":"2.0","id":"next","method":"ping"}"#)
        XCTAssertEqual(feedvm.client.receive()["id"], "next")
    }

    func testSIGTERMExitsZero() throws {
        let feedvm = try FeedVMProcess()
        _ = feedvm.client.exchange(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)  // it is up
        feedvm.process.terminate()  // SIGTERM
        XCTAssertEqual(feedvm.waitForExit(), 0)
    }

    func testTheExitNotificationExitsZero() throws {
        let feedvm = try FeedVMProcess()
        feedvm.client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        XCTAssertEqual(feedvm.waitForExit(), 0)
    }

    func testAClientThatStopsReadingStdoutMakesTheServerExit() throws {
        let feedvm = try FeedVMProcess()
        feedvm.closeOutputReadEnd()
        feedvm.client.send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)  // its answer meets EPIPE
        XCTAssertEqual(feedvm.waitForExit(), 0)
    }

    func testDebugLoggingNeverReachesStdout() throws {
        let feedvm = try FeedVMProcess(arguments: ["--log-level", "trace"])
        feedvm.client.send(#"{"jsonrpc":"2.0","method":"no/such/method"}"#)
        feedvm.client.send("{oops")
        feedvm.client.send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        feedvm.client.closeInput()
        let messages = feedvm.client.receiveUntilEnd()  // fails on any line that is not JSON
        XCTAssertEqual(messages.count, 2)
    }

    func testArrayParamsAreInvalidParamsBecauseMethodsTakeNamedParams() throws {
        let feedvm = try FeedVMProcess()
        feedvm.client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":[]}"#)
        XCTAssertEqual(feedvm.client.receive()["error"]?["code"], .int(-32602))
    }

    func testHelpDocumentsEveryFlagAndTheExitCodes() throws {
        let (status, output) = try runToCompletion(["--help"])
        XCTAssertEqual(status, 0)
        let flags = ["--log-level", "--cache-dir", "--max-message-bytes", "--stub-delay-ms", "--max-sessions", "--max-body-bytes",
                     "--max-image-bytes", "--request-timeout-ms", "--max-host-connections", "--max-redirects", "--framing",
                     "--stdio", "--trace", "--store", "--store-max-mb", "--help", "--version", "Exit status", "Content-Length"]
        for flag in flags {
            XCTAssertTrue(output.contains(flag), "--help mentions \(flag)")
        }
    }

    func testHelpShowsTheDefaultOfEveryFlagTakingAValue() throws {
        let output = try runToCompletion(["--help"]).output
        let options = output.components(separatedBy: "\n  --").dropFirst()  // one entry per flag
        let takingValues = options.filter { $0.split(separator: " ").count > 1 && $0.split(separator: " ")[1].allSatisfy(\.isUppercase) }
        XCTAssertGreaterThanOrEqual(takingValues.count, 5)
        for option in takingValues {
            XCTAssertTrue(option.contains("default"), "--\(option.prefix(while: { $0 != " " })) shows its default")
        }
        for shown in ["default warning", "default 16777216", "default 0", "default 1000"] {
            XCTAssertTrue(output.contains(shown), "--help shows \(shown)")
        }
    }

    func testVersionAndBadArguments() throws {
        XCTAssertEqual(try runToCompletion(["--version"]).output, "feedvm 0.1.0\n")
        XCTAssertEqual(try runToCompletion(["--frobnicate"]).status, 2)
        XCTAssertEqual(try runToCompletion(["--max-message-bytes", "lots"]).status, 2)
        // A number outside its documented range is refused up front, never trapped on later.
        XCTAssertEqual(try runToCompletion(["--stub-delay-ms", "10000000000000"]).status, 2)
        XCTAssertEqual(try runToCompletion(["--stub-delay-ms=60001"]).status, 2)
        XCTAssertEqual(try runToCompletion(["--max-sessions", "0"]).status, 2)
        XCTAssertEqual(try runToCompletion(["--max-message-bytes", "1e6"]).status, 2)
        XCTAssertEqual(try runToCompletion(["--log-level=chatty"]).status, 2)
        XCTAssertEqual(try runToCompletion(["--framing", "lsp"]).status, 2)
        XCTAssertEqual(try runToCompletion(["--trace", "/no/such/directory/trace.jsonl"]).status, 2)
    }

    func testEditorsSpawnItWithStdioAndFramedMessages() throws {
        let feedvm = try FeedVMProcess(arguments: ["--stdio"])
        feedvm.client.framing = .contentLength
        feedvm.client.send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        XCTAssertEqual(feedvm.client.receive(), ["jsonrpc": "2.0", "id": 1, "result": [:]])
        feedvm.client.closeInput()
        XCTAssertEqual(feedvm.waitForExit(), 0)
    }

    func testAForcedFramingIsUsedFromTheFirstByte() throws {
        let feedvm = try FeedVMProcess(arguments: ["--framing=content-length"])
        feedvm.client.sendRaw(Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8) + [0x0A])
        feedvm.client.closeInput()
        feedvm.client.framing = .contentLength
        let answers = feedvm.client.receiveUntilEnd()
        XCTAssertEqual(answers.map { $0["error"]?["code"] }, [.int(-32700)], "a line is no header: answered framed")
        XCTAssertEqual(feedvm.waitForExit(), 0)
    }

    func testHTTPLimitFlagsAreRangeChecked() throws {
        for arguments in [["--request-timeout-ms", "99"], ["--request-timeout-ms", "10000000000000"], ["--max-body-bytes", "0"],
                          ["--max-image-bytes=2147483648"], ["--max-host-connections", "0"], ["--max-redirects", "-1"], ["--max-redirects", "x"]] {
            XCTAssertEqual(try runToCompletion(arguments).status, 2, "\(arguments) is refused")
        }
    }

    private func runToCompletion(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try FeedVMProcess.binaryURL().get()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testTheJSONRPCRulesHoldOverStdio() throws {
        let feedvm = try FeedVMProcess()
        let client = feedvm.client
        // (request line, expected answers before the probe: error code or "result", id)
        let cases: [(String, [(code: Int64?, id: JSON)])] = [
            (#"{"jsonrpc":"2.0","method":"nope"}"#, []),
            (#"{"jsonrpc":"2.0","method":1}"#, [(-32600, .null)]),
            (#"{"jsonrpc":"1.0","id":"x","method":"ping"}"#, [(-32600, "x")]),
            (#"{"jsonrpc":"2.0","id":{},"method":"ping"}"#, [(-32600, .null)]),
            (#"{"jsonrpc":"2.0","id":"1","method":"nope"}"#, [(-32601, "1")]),
            (#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":3}}"#, [(-32602, 2)]),
            ("{", [(-32700, .null)]),
            ("[]", [(-32600, .null)]),
            (#"[{"jsonrpc":"2.0","method":"ping"}]"#, []),
            (#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":12345}}"#, []),
            (#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, [(nil, 1.5)]),
        ]
        for (line, expected) in cases {
            let answers = client.exchange(line)
            XCTAssertEqual(answers.map { $0["error"]?["code"]?.intValue }, expected.map(\.code), line)
            XCTAssertEqual(answers.map { $0["id"] }, expected.map { Optional($0.id) }, line)
        }
        client.send(#"[1,{"jsonrpc":"2.0","id":"a","method":"ping"},{"jsonrpc":"2.0","method":"ping"}]"#)
        let batch = client.receive().arrayValue ?? []
        XCTAssertEqual(Set(batch.compactMap { $0["id"] }), [.null, "a"])
        XCTAssertEqual(batch.count, 2)
    }
}
