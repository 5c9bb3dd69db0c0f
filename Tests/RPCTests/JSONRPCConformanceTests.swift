import JSON
import FeedVMTestSupport
import XCTest
@testable import RPC

/// The JSON-RPC 2.0 rules of protocol/ section 2, against an in-process server.
final class JSONRPCConformanceTests: XCTestCase {
    private var harness: InProcessServer!

    override func setUp() {
        harness = InProcessServer { server in
            server.register("fail") { params, context in
                let code = params?["code"]?.intValue ?? Int64(RPCError.Code.internalError)
                context.fail(RPCError(code: Int(code), message: "failed on purpose", data: ["why": "test"]))
            }
        }
    }

    override func tearDown() { harness = nil }

    private func ask(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> JSON {
        let answers = harness.client.exchange(line, file: file, line: number)
        XCTAssertEqual(answers.count, 1, "answers to \(line): \(answers)", file: file, line: number)
        return answers.first ?? .null
    }

    func testPingAnswersAnEmptyObject() {
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#), ["jsonrpc": "2.0", "id": 1, "result": [:]])
    }

    func testIdsAreEchoedExactly() {
        let ids = [#""1""#, "1", "-7", "null", "1.5", #""h\u00e9llo \"quoted\"""#, #""naïve""#,
                   "9223372036854775807", #"" spaced ""#]
        for id in ids {
            let answer = ask(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
            XCTAssertEqual(answer["id"], try JSON.parse(id), "id \(id)")
            XCTAssertEqual(answer["result"], [:])
        }
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":"1","method":"ping"}"#)["id"], .string("1"), "a string id stays a string")
    }

    func testASynchronousMethodAnswersWithTheIdAsWrittenWhateverTheShape() {
        let harness = InProcessServer { server in server.registerSynchronous("version") { _ in ["major": 1, "tags": ["a"]] } }
        let lines = [
            #"{"jsonrpc":"2.0","id":"v-1","method":"version"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"version","params":{}}"#,
            #"{"id":3.5,"method":"version","jsonrpc":"2.0"}"#,
        ]
        let expectedIDs: [JSON] = ["v-1", 2, 3.5]
        for (line, id) in zip(lines, expectedIDs) {
            XCTAssertEqual(harness.client.exchange(line), [["jsonrpc": "2.0", "id": id, "result": ["major": 1, "tags": ["a"]]]], line)
        }
        let batch = harness.client.exchange(#"[{"jsonrpc":"2.0","id":4,"method":"version"}]"#)
        XCTAssertEqual(batch.first?[0]?["result"]?["major"], 1)
        harness.client.send(#"{"jsonrpc":"2.0","id":5,"method":"shutdown"}"#)
        XCTAssertEqual(harness.client.receive()["id"], 5)
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":6,"method":"ping"}"#, harness)["result"], [:], "ping works after shutdown")
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":7,"method":"version"}"#, harness)["error"]?["code"], .int(-32006))
    }

    func testALineThatOnlyLooksLikeAPingIsReadWhole() {
        // Each starts and ends like `{"jsonrpc":"2.0","id":1,"method":"ping"}`.
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}"#)["error"]?["code"], .int(-32600))
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":2,"method":"p\u0069ng"}"#)["result"], [:], "an escaped name is still ping")
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":3,"method":"ping","x":"}"#)["error"]?["code"], .int(-32700))
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":4,"method":"ping\"}"#)["error"]?["code"], .int(-32700))
        // A method is looked up by its parsed name: these bytes spell another message.
        let oddName = InProcessServer { server in server.registerSynchronous(#"x","y":"z"#) { _ in "constant" } }
        let answer = ask(#"{"jsonrpc":"2.0","id":5,"method":"x","y":"z"}"#, oddName)
        XCTAssertNil(answer["result"], "\(answer)")
    }

    private func ask(_ line: String, _ other: InProcessServer) -> JSON {
        other.client.exchange(line).first ?? .null
    }

    func testMembersMayComeInAnyOrderWithWhitespace() {
        let answer = ask(#"  { "method" : "ping" , "params" : { } , "id" : 3 , "jsonrpc" : "2.0" }  "#)
        XCTAssertEqual(answer, ["jsonrpc": "2.0", "id": 3, "result": [:]])
    }

    func testNotificationsAreNeverAnsweredEvenWhenUnknownOrWrong() {
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","method":"ping"}"#), [])
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","method":"no/such/method"}"#), [])
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","method":"initialize","params":{"capabilities":1}}"#), [])
        XCTAssertEqual(harness.client.exchange(#"{"jsonrpc":"2.0","method":"fail"}"#), [])
    }

    func testAnObjectWithoutIdThatIsNotWellFormedIsAnsweredWithNullId() {
        let answer = ask(#"{"jsonrpc":"2.0","method":1}"#)
        XCTAssertEqual(answer["id"], .null)
        XCTAssertEqual(answer["error"]?["code"], .int(-32600))
        XCTAssertNotNil(answer["error"]?["data"]?["reason"]?.stringValue)
    }

    func testAnInvalidRequestWithAReadableIdGetsThatIdBack() {
        XCTAssertEqual(ask(#"{"jsonrpc":"1.0","id":"x","method":"ping"}"#)["id"], "x")
        XCTAssertEqual(ask(#"{"id":7,"method":"ping"}"#)["id"], 7)
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":8}"#)["error"]?["code"], .int(-32600))
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":9,"method":"ping","params":1}"#)["error"]?["code"], .int(-32600))
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":9,"method":"ping","params":1}"#)["id"], 9)
    }

    func testAnUnreadableIdBecomesNull() {
        for id in ["{}", "[1]", "true"] {
            let answer = ask(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
            XCTAssertEqual(answer["id"], .null, "id \(id)")
            XCTAssertEqual(answer["error"]?["code"], .int(-32600), "id \(id)")
        }
    }

    func testATopLevelValueThatIsNotAnObjectIsAnInvalidRequest() {
        for line in ["1", #""ping""#, "null"] {
            XCTAssertEqual(ask(line)["error"]?["code"], .int(-32600), line)
        }
    }

    func testAnUnknownMethodIsMethodNotFoundNamingIt() {
        let error = ask(#"{"jsonrpc":"2.0","id":2,"method":"frobnicate"}"#)["error"]
        XCTAssertEqual(error?["code"], .int(-32601))
        XCTAssertEqual(error?["data"]?["method"], "frobnicate")
    }

    func testBadParamsAreInvalidParamsNamingTheField() {
        let error = ask(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":true}}"#)["error"]
        XCTAssertEqual(error?["code"], .int(-32602))
        XCTAssertEqual(error?["data"]?["field"], "capabilities")
        XCTAssertTrue(error?["message"]?.stringValue?.contains("capabilities") == true)
    }

    func testHandlerErrorsKeepTheirCodeAndData() {
        let internalError = ask(#"{"jsonrpc":"2.0","id":1,"method":"fail"}"#)["error"]
        XCTAssertEqual(internalError?["code"], .int(-32603))
        let application = ask(#"{"jsonrpc":"2.0","id":2,"method":"fail","params":{"code":-32042}}"#)["error"]
        XCTAssertEqual(application, ["code": -32042, "message": "failed on purpose", "data": ["why": "test"]])
    }

    func testInvalidJSONIsAParseErrorWithNullIdAndTheConnectionLivesOn() {
        let answer = ask(#"{"jsonrpc":"2.0","id":1,"method":"ping""#)
        XCTAssertEqual(answer["id"], .null)
        XCTAssertEqual(answer["error"]?["code"], .int(-32700))
        XCTAssertNotNil(answer["error"]?["data"]?["reason"]?.stringValue)
        XCTAssertEqual(ask(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)["result"], [:])
    }

    func testInvalidUTF8IsAParseError() {
        harness.client.sendRaw(Array(#"{"jsonrpc":"2.0","id":1,"method":"p"#.utf8) + [0xFF, 0xFE] + Array(#"ng"}"#.utf8) + [0x0A])
        let answer = harness.client.receive()
        XCTAssertEqual(answer["error"]?["code"], .int(-32700))
        XCTAssertEqual(answer["id"], .null)
    }

    func testNestingDeeperThanTheLimitIsAParseError() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        XCTAssertEqual(ask(deep)["error"]?["code"], .int(-32700))
    }

    func testInitializeAnswersServerInfoAndRecordsTheClient() {
        let result = ask(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"t"},"capabilities":{"images":{"inline":true}}}}"#)["result"]
        XCTAssertEqual(result?["protocolVersion"], "1.2")
        XCTAssertEqual(result?["serverInfo"]?["name"], "feedvm")
        XCTAssertEqual(harness.server.clientInitializeParameters?["capabilities"]?["images"]?["inline"], true)
    }

    func testInitializeAcceptsEveryMinorVersionOfItsMajorAndNamesTheSupportedOneOtherwise() {
        for version in ["1.0", "1.1", "1.9", "1.42"] {
            let answer = ask(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(version)"}}"#)
            XCTAssertEqual(answer["result"]?["protocolVersion"], "1.2", version)
        }
        for version in [#""2.0""#, #""0.9""#, #""10.0""#] {
            let error = ask(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":\#(version)}}"#)["error"]
            XCTAssertEqual(error?["code"], .int(-32602), version)
            XCTAssertEqual(error?["data"]?["field"], "protocolVersion")
            XCTAssertEqual(error?["data"]?["supported"], "1.2")
            XCTAssertTrue(error?["message"]?.stringValue?.contains("1.2") == true, "names the supported version: \(String(describing: error))")
        }
        for malformed in [#""1""#, #""one.two""#, "1.1", #""1.1.0""#, #""1.""#] {
            let error = ask(#"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":\#(malformed)}}"#)["error"]
            XCTAssertEqual(error?["code"], .int(-32602), malformed)
            XCTAssertEqual(error?["data"]?["field"], "protocolVersion", malformed)
        }
    }

    func testMethodsListsTheDispatchTable() {
        XCTAssertEqual(harness.server.methods, ["$/cancelRequest", "exit", "fail", "initialize", "ping", "shutdown"])
    }
}
